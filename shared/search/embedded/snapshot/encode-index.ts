import type { IndexData, Rows, TextField } from '../index-data';
import { ArrayPacker } from './array-pack';
import { SNAPSHOT_FORMAT, type SnapshotMeta } from './snapshot-meta';

function addRows(packer: ArrayPacker, name: string, rows: Rows): void {
  packer.add(`${name}.offsets`, rows.offsets);
  packer.add(`${name}.items`, rows.items);
}

function addField(packer: ArrayPacker, name: string, field: TextField): void {
  addRows(packer, name, field.postings);
  packer.add(`${name}.freqs`, field.freqs);
  packer.add(`${name}.lengths`, field.lengths);
}

const fieldMeta = (field: TextField): { avg: number; total: number } => ({
  avg: field.avgLength,
  total: field.totalLength,
});

/**
 * Splits an index into snapshot metadata, the packed arrays (pieces of one file, written in turn) and the card
 * bytes (pure; no I/O).
 */
export function encodeIndex(data: IndexData): { meta: SnapshotMeta; arrays: Uint8Array[]; cards: Uint8Array } {
  const packer = new ArrayPacker();
  const cards = data.cards.all();
  packer.add('cards.offsets', cards.offsets);
  [...data.markets.values()].forEach((bits, i) => {
    packer.add(`market.${i}`, bits);
  });
  [...data.flags.values()].forEach((bits, i) => {
    packer.add(`flag.${i}`, bits);
  });
  [...data.facets.values()].forEach((column, i) => {
    addRows(packer, `facet.${i}.docValues`, column.docValues);
    addRows(packer, `facet.${i}.valueDocs`, column.valueDocs);
    packer.add(`facet.${i}.denseSlot`, column.denseSlot);
    packer.add(`facet.${i}.denseBits`, column.denseBits);
    packer.add(`facet.${i}.depth`, column.depth);
  });
  [...data.numbers.values()].forEach((column, i) => {
    packer.add(`number.${i}.values`, column.values);
    packer.add(`number.${i}.ascending`, column.ascending);
    packer.add(`number.${i}.descending`, column.descending);
  });
  [...data.text.values()].forEach((text, i) => {
    packer.add(`text.${i}.surfaceTerm`, text.surfaceTerm);
    packer.add(`text.${i}.surfaceDocs`, text.surfaceDocs);
    addField(packer, `text.${i}.name`, text.name);
    addField(packer, `text.${i}.brand`, text.brand);
    addField(packer, `text.${i}.description`, text.description);
    addRows(packer, `text.${i}.nameWordDocs`, text.nameWordDocs);
  });
  addField(packer, 'sku', data.sku.field);
  packer.add('sku.terms.bytes', data.sku.terms.bytes);
  packer.add('sku.terms.offsets', data.sku.terms.offsets);
  [...data.nameOrder.values()].forEach((order, i) => {
    packer.add(`nameOrder.${i}`, order);
  });
  packer.add('newestOrder', data.newestOrder);
  packer.add('popularOrder', data.popularOrder);
  packer.add('createdAt', data.createdAt);
  packer.add('popularity', data.popularity);
  [...data.sortNames.values()].forEach((column, i) => {
    packer.add(`sortName.${i}.bytes`, column.bytes);
    packer.add(`sortName.${i}.offsets`, column.offsets);
    packer.add(`sortName.${i}.present`, column.present);
  });
  const { pieces, entries } = packer.finish();
  return { arrays: pieces, meta: metaOf(data, entries), cards: cards.bytes };
}

function metaOf(data: IndexData, arrays: SnapshotMeta['arrays']): SnapshotMeta {
  return {
    format: SNAPSHOT_FORMAT,
    docCount: data.docCount,
    languages: data.languages,
    boosts: data.boosts,
    ids: data.ids,
    markets: [...data.markets.keys()],
    flags: [...data.flags.keys()],
    facets: [...data.facets.values()].map((c) => ({
      key: c.key,
      values: c.values,
      labels: Object.fromEntries(c.labels),
    })),
    numbers: [...data.numbers.keys()],
    text: [...data.text.values()].map((t) => ({
      language: t.language,
      terms: t.terms,
      surfaces: t.surfaces,
      alphabet: t.alphabet,
      nameWords: t.nameWords,
      lengths: { name: fieldMeta(t.name), brand: fieldMeta(t.brand), description: fieldMeta(t.description) },
    })),
    sku: { lengths: fieldMeta(data.sku.field) },
    nameOrders: [...data.nameOrder.keys()],
    sortNames: [...data.sortNames.keys()],
    arrays,
  };
}
