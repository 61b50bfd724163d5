import type { SearchEngine } from '../../shared/search';
import type { RunSite } from './run-context';

/**
 * Drops the site's indices nobody needs, among its live-side indices or its previews: everything but what an
 * alias points to and `keep` (the new index and the previous one, for rollback). Unaliased indices of an
 * earlier site code go too. Returns the names dropped.
 */
export async function dropStaleIndices(
  engine: SearchEngine,
  site: RunSite,
  keep: readonly (string | null)[],
  scope: 'live' | 'preview',
): Promise<string[]> {
  const wanted = new Set(
    [...keep, await engine.resolveAlias(site.names.alias), await engine.resolveAlias(site.names.previewAlias)].filter(
      (n) => n !== null,
    ),
  );
  const isPreview = (name: string) => name.startsWith(site.names.previewPrefix);
  const dropped: string[] = [];
  for (const index of await engine.listIndices(
    scope === 'preview' ? site.names.previewPrefix : site.names.sitePrefix,
  )) {
    if (wanted.has(index.name) || index.aliases.length > 0 || (scope === 'live' && isPreview(index.name))) continue;
    await engine.deleteIndex(index.name);
    dropped.push(index.name);
  }
  return dropped;
}
