import type { SiteCatalogue } from '../catalogue/site-catalogue';

/**
 * Short prefixes for the keys of kept texts, one per catalogue object and what else the texts depend on (a market
 * and language, say): a key is hashed on every look-up, and a listing looks up many. A replaced catalogue (its
 * configuration changed) gets new prefixes, so texts made from the old one are never found again.
 */
export class CatalogueScopes {
  private readonly scopes = new WeakMap<SiteCatalogue, Map<string, string>>();
  private count = 0;

  /** The prefix of (catalogue, part), ending in `/`. */
  of(catalogue: SiteCatalogue, part: string): string {
    let scopes = this.scopes.get(catalogue);
    if (scopes === undefined) {
      scopes = new Map();
      this.scopes.set(catalogue, scopes);
    }
    let scope = scopes.get(part);
    if (scope === undefined) {
      scope = `${(this.count++).toString(36)}/`;
      scopes.set(part, scope);
    }
    return scope;
  }
}
