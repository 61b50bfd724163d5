import { numericColumn } from '../build/build-columns';
import type { FacetColumn, IndexData, LanguageText, Rows, TextField } from '../index-data';
import type { CardStore } from '../card-store';
import { SortedStrings } from '../sorted-strings';
import type { CountingMemory } from '../wasm/counting-memory';
import { ArrayUnpacker } from './array-pack';
import { SNAPSHOT_FORMAT, type FieldLengths, type SnapshotMeta } from './snapshot-meta';

/** Rows of the arrays; with `counting`, whose data the arrays are, counted there. */
const rows = (u: ArrayUnpacker, name: string, counting: CountingMemory | null = null): Rows => ({
  offsets: u.u32(`${name}.offsets`),
  items: u.u32(`${name}.items`),
  counting: counting ?? undefined,
});

function field(u: ArrayUnpacker, name: string, lengths: FieldLengths): TextField {
  return {
    postings: rows(u, name),
    freqs: u.u8(`${name}.freqs`),
    lengths: u.u16(`${name}.lengths`),
    totalLength: lengths.total,
    avgLength: lengths.avg,
  };
}

const ids = (strings: string[]): Map<string, number> => new Map(strings.map((s, i) => [s, i]));

/** Rebuilds a query-ready index from snapshot metadata and the packed arrays (views, not copies; pure). */
export function decodeIndex(
  meta: SnapshotMeta,
  buffer: ArrayBuffer,
  base: number,
  cards: (offsets: Float64Array) => CardStore,
  /** The memory whose data `buffer` is, if it is one (see CountingMemory). */
  counting: CountingMemory | null = null,
): IndexData {
  if (meta.format !== SNAPSHOT_FORMAT) throw new Error(`unsupported snapshot format ${meta.format}`);
  const u = new ArrayUnpacker(buffer, base, meta.arrays);
  return {
    docCount: meta.docCount,
    languages: meta.languages,
    boosts: meta.boosts,
    ids: meta.ids,
    cards: cards(u.f64('cards.offsets')),
    markets: new Map(meta.markets.map((name, i) => [name, u.u32(`market.${i}`)])),
    flags: new Map(meta.flags.map((name, i) => [name, u.u32(`flag.${i}`)])),
    facets: new Map(meta.facets.map((facet, i) => [facet.key, facetColumn(u, i, facet, counting)])),
    numbers: new Map(
      meta.numbers.map((key, i) => [
        key,
        numericColumn(
          key,
          u.f64(`number.${i}.values`),
          u.u32(`number.${i}.ascending`),
          u.u32(`number.${i}.descending`),
        ),
      ]),
    ),
    text: new Map(meta.text.map((text, i) => [text.language, languageText(u, i, text)])),
    sku: {
      terms: new SortedStrings(u.u8('sku.terms.bytes'), u.f64('sku.terms.offsets')),
      field: field(u, 'sku', meta.sku.lengths),
    },
    nameOrder: new Map(meta.nameOrders.map((lang, i) => [lang, u.u32(`nameOrder.${i}`)])),
    newestOrder: u.u32('newestOrder'),
    popularOrder: u.u32('popularOrder'),
    createdAt: u.f64('createdAt'),
    popularity: u.f64('popularity'),
    sortNames: new Map(
      meta.sortNames.map((lang, i) => [
        lang,
        {
          bytes: u.u8(`sortName.${i}.bytes`),
          offsets: u.u32(`sortName.${i}.offsets`),
          present: u.u32(`sortName.${i}.present`),
        },
      ]),
    ),
  };
}

function facetColumn(
  u: ArrayUnpacker,
  i: number,
  facet: SnapshotMeta['facets'][number],
  counting: CountingMemory | null,
): FacetColumn {
  return {
    key: facet.key,
    values: facet.values,
    valueIds: ids(facet.values),
    docValues: rows(u, `facet.${i}.docValues`, counting),
    valueDocs: rows(u, `facet.${i}.valueDocs`),
    denseSlot: u.i32(`facet.${i}.denseSlot`),
    denseBits: u.u32(`facet.${i}.denseBits`),
    depth: u.u16(`facet.${i}.depth`),
    labels: new Map(Object.entries(facet.labels)),
  };
}

function languageText(u: ArrayUnpacker, i: number, text: SnapshotMeta['text'][number]): LanguageText {
  return {
    language: text.language,
    terms: text.terms,
    termIds: ids(text.terms),
    surfaces: text.surfaces,
    surfaceIds: ids(text.surfaces),
    surfaceTerm: u.u32(`text.${i}.surfaceTerm`),
    surfaceDocs: u.u32(`text.${i}.surfaceDocs`),
    alphabet: text.alphabet,
    name: field(u, `text.${i}.name`, text.lengths.name),
    brand: field(u, `text.${i}.brand`, text.lengths.brand),
    description: field(u, `text.${i}.description`, text.lengths.description),
    nameWords: text.nameWords,
    nameWordDocs: rows(u, `text.${i}.nameWordDocs`),
  };
}
