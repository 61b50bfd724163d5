import { analyzeSku } from '../../analysis/analyzer';
import type { SearchDocument } from '../../document';
import type { SkuText } from '../index-data';
import { FieldBuilder } from './field-builder';

/** The SKU field: folded SKU words and whole SKUs, exact match only. */
export function buildSku(docs: readonly SearchDocument[]): SkuText {
  const terms: string[] = [];
  const termIds = new Map<string, number>();
  const field = new FieldBuilder(docs.length);
  docs.forEach((doc, ordinal) => {
    const ids: number[] = [];
    for (const sku of doc.skus) {
      for (const token of analyzeSku(sku)) {
        let id = termIds.get(token);
        if (id === undefined) {
          id = terms.length;
          terms.push(token);
          termIds.set(token, id);
        }
        ids.push(id);
      }
    }
    field.add(ordinal, ids);
  });
  return { terms, termIds, field: field.finish(terms.length) };
}
