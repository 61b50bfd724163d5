import { LRUCache } from 'lru-cache';
import type { FacetResult } from '../../../shared/search';
import { CatalogueScopes } from './catalogue-scopes';
import { facetPanel, type FacetPanel, type FacetPanelInput } from './facet-view';

/** Characters of facet panels kept as JSON, keys included: about 500 panels of 30,000 characters. */
export const RENDERED_FACETS_SIZE = 16 * 1024 * 1024;

/** Which facet results are kept for more listings than one (FacetMemo.holds). */
export interface KeptFacets {
  holds(results: readonly FacetResult[]): boolean;
}

/**
 * Listing facets as JSON (most of a listing's answer), kept by the facet results they were made from and by what
 * else makes them: the catalogue object (replaced when its configuration is), the language, the applied values
 * (each value's `selected`) and the swatch images. Only results kept for more listings are rendered to keep: those
 * FacetMemo hands every sort and page of one context while the engine serves the same index, so a panel is as
 * fresh as the listing. Bounded in characters, least recently used out.
 */
export class RenderedFacets {
  private readonly panels: LRUCache<string, FacetPanel>;
  private readonly scopes = new CatalogueScopes();
  /** Each kept results array's short name in the panels' keys. */
  private readonly names = new WeakMap<readonly FacetResult[], string>();
  private named = 0;

  constructor(
    private readonly kept: KeptFacets,
    maxSize = RENDERED_FACETS_SIZE,
  ) {
    this.panels = new LRUCache({ maxSize, sizeCalculation: (panel, key) => panelSize(panel) + key.length });
  }

  /** Characters kept, keys included. */
  get size(): number {
    return this.panels.calculatedSize;
  }

  /** The facets of a listing, rendered or kept. */
  panel(input: FacetPanelInput): FacetPanel {
    if (!this.kept.holds(input.results)) return facetPanel(input);
    const key = this.keyOf(input);
    let panel = this.panels.get(key);
    if (panel === undefined) {
      panel = facetPanel(input);
      this.panels.set(key, panel);
    }
    return panel;
  }

  private keyOf(input: FacetPanelInput): string {
    let name = this.names.get(input.results);
    if (name === undefined) {
      name = (this.named++).toString(36);
      this.names.set(input.results, name);
    }
    // JSON: no applied value or swatch source can make two different sets read alike.
    const applied = JSON.stringify(input.applied.map((a) => [a.facet, a.value]));
    const swatches = input.swatchImages.size === 0 ? '' : JSON.stringify([...input.swatchImages]);
    return `${this.scopes.of(input.catalogue, input.language)}${name}/${applied}/${swatches}`;
  }
}

// A text with non-ASCII characters may come to hold its escaped form too (JsonText.escaped): counted as twice.
function panelSize(panel: FacetPanel): number {
  let size = panel.json.text.length * (panel.json.extraBytes === 0 ? 1 : 2);
  for (const [key, label] of panel.labels) size += key.length + label.length;
  return size;
}
