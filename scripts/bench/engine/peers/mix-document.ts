import type { LocalizedText, SearchDocument } from '../../../../shared/search';
import { MIX, PORT_QUERIES } from '../queries';

/** A facet value with its label in the mix's language (the value key where it has none). */
export interface MixLabel {
  key: string;
  value: string;
  label: string;
}

const NO_TEXT: LocalizedText = { name: '', brand: '', description: '' };

/** The document's text in the mix's language (empty where it has none): the only language these peers index. */
export function mixText(doc: SearchDocument): LocalizedText {
  return doc.text[MIX.language] ?? NO_TEXT;
}

/** One label per value of the facets the mix suggests from, for peers that keep labels in a table of their own. */
export function mixLabels(docs: readonly SearchDocument[]): MixLabel[] {
  const seen = new Map<string, MixLabel>();
  for (const doc of docs) {
    for (const key of PORT_QUERIES.Q4.facetKeys) {
      for (const [value, byLang] of Object.entries(doc.labels?.[key] ?? {})) {
        seen.set(`${key}:${value}`, { key, value, label: byLang[MIX.language] ?? value });
      }
    }
  }
  return [...seen.values()];
}
