import path from 'node:path';

/** A source fetched over the network: an http(s) URL. */
export const isUrlSource = (source: string): boolean => /^https?:\/\//i.test(source);

/**
 * A source read from disk must be a relative path that stays inside the media source root: no absolute path, no `..`
 * segment, no NUL and no other URL scheme, so business data or configuration can never publish a file from
 * elsewhere on the machine.
 */
export function isRelativeSource(source: string): boolean {
  const parts = source.split(/[/\\]/);
  return (
    source !== '' &&
    !source.includes('\0') &&
    !path.isAbsolute(source) &&
    !/^[a-z][a-z0-9+.-]*:/i.test(source) &&
    !parts.some((p) => p === '..')
  );
}

/** Whether `source` is something the media pipeline may read: an http(s) URL or a relative path inside the root. */
export const isMediaSource = (source: string): boolean =>
  isUrlSource(source) ? URL.canParse(source) : isRelativeSource(source);
