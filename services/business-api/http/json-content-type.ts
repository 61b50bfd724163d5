/**
 * Whether a Content-Type header names one of the JSON types the spec accepts: `application/json`,
 * `text/json` or `application/*+json` (any parameters, such as charset, are ignored here).
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const mediaType = header.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (
    mediaType === 'application/json' ||
    mediaType === 'text/json' ||
    /^application\/[!#$&^_.+\w-]+\+json$/.test(mediaType)
  );
}
