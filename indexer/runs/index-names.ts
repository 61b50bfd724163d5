/** The names a site's indices and aliases take; the site id keeps tenants' equal codes apart. */
export interface SiteIndexNames {
  /** Live alias: what the storefront reads. */
  alias: string;
  previewAlias: string;
  /** Every index of the site, whatever its code, starts with this (a code change leaves old ones to drop). */
  sitePrefix: string;
  /** Full-run indices of the site under its current code. */
  fullPrefix: string;
  previewPrefix: string;
}

export function siteIndexNames(siteId: number, code: string): SiteIndexNames {
  const alias = `sf${siteId}-${code}`;
  return {
    alias,
    previewAlias: `${alias}.preview`,
    sitePrefix: `sf${siteId}-`,
    fullPrefix: `${alias}.full.`,
    previewPrefix: `${alias}.preview.`,
  };
}

/** A new index name under `prefix`, ordered by creation time (UTC, to the millisecond). */
export function newIndexName(prefix: string, now: Date): string {
  return `${prefix}${now.toISOString().replace(/[-:TZ.]/g, '')}`;
}
