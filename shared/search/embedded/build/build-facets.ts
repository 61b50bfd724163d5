import { compareStrings } from '../../compare';
import type { KeptDocument } from '../kept-document';
import { pathDepth } from '../../hierarchy-path';
import { setList, wordCount } from '../bitset';
import type { FacetColumn } from '../index-data';
import { GrowableU32 } from './growable';
import { groupByRow, rowsFromSequence } from './rows';

/** Values on more than this share of documents get a bitset besides their posting list. */
const DENSE_SHARE = 1 / 32;

/** One column per facet key found in any document. */
export function buildFacets(docs: readonly KeptDocument[], languages: readonly string[]): Map<string, FacetColumn> {
  const valuesByKey = new Map<string, Set<string>>();
  for (const doc of docs) {
    for (const [key, values] of Object.entries(doc.facets)) {
      let set = valuesByKey.get(key);
      if (set === undefined) {
        set = new Set();
        valuesByKey.set(key, set);
      }
      for (const value of values) set.add(value);
    }
  }
  const columns = new Map<string, FacetColumn>();
  for (const [key, set] of [...valuesByKey].sort((a, b) => compareStrings(a[0], b[0]))) {
    columns.set(key, buildColumn(key, [...set].sort(compareStrings), docs, languages));
  }
  return columns;
}

function buildColumn(
  key: string,
  values: string[],
  docs: readonly KeptDocument[],
  languages: readonly string[],
): FacetColumn {
  const valueIds = new Map(values.map((value, id) => [value, id]));
  const rowEnds = new GrowableU32();
  const items = new GrowableU32();
  const docOf = new GrowableU32();
  docs.forEach((doc, ordinal) => {
    const docValues = doc.facets[key];
    if (docValues !== undefined) pushValueIds(docValues, valueIds, ordinal, items, docOf);
    rowEnds.push(items.length);
  });
  const valueDocs = groupByRow(values.length, items, docOf).rows;
  const { denseSlot, denseBits } = buildDense(valueDocs.offsets, valueDocs.items, docs.length);
  return {
    key,
    values,
    valueIds,
    docValues: rowsFromSequence(rowEnds, items),
    valueDocs,
    denseSlot,
    denseBits,
    depth: buildDepth(values),
    labels: buildLabels(key, values, valueIds, docs, languages),
  };
}

/**
 * Pushes a document's distinct value ids in ascending order. Most documents hold one or two values of a key: no
 * Set, spread and sort per document and key (those arrays were a fifth of a 100k build's collected garbage).
 */
function pushValueIds(
  docValues: readonly string[],
  valueIds: Map<string, number>,
  ordinal: number,
  items: GrowableU32,
  docOf: GrowableU32,
): void {
  const start = items.length;
  for (const value of docValues) {
    const id = valueIds.get(value) as number;
    // Insertion into the ids pushed so far (sorted), skipping a repeat.
    let at = items.length;
    while (at > start && items.get(at - 1) > id) at--;
    if (at > start && items.get(at - 1) === id) continue;
    items.push(id);
    docOf.push(ordinal);
    for (let k = items.length - 1; k > at; k--) items.set(k, items.get(k - 1));
    items.set(at, id);
  }
}

function buildDense(
  offsets: Uint32Array,
  docs: Uint32Array,
  docCount: number,
): { denseSlot: Int32Array; denseBits: Uint32Array } {
  const valueCount = offsets.length - 1;
  const denseSlot = new Int32Array(valueCount).fill(-1);
  let slots = 0;
  for (let v = 0; v < valueCount; v++) {
    if ((offsets[v + 1] as number) - (offsets[v] as number) > docCount * DENSE_SHARE) denseSlot[v] = slots++;
  }
  const words = wordCount(docCount);
  const denseBits = new Uint32Array(slots * words);
  for (let v = 0; v < valueCount; v++) {
    const slot = denseSlot[v] as number;
    if (slot >= 0)
      setList(
        denseBits.subarray(slot * words, (slot + 1) * words),
        docs,
        offsets[v] as number,
        offsets[v + 1] as number,
      );
  }
  return { denseSlot, denseBits };
}

/** Depth of every value read as a path; plain values are roots of depth 1. */
function buildDepth(values: string[]): Uint16Array {
  return Uint16Array.from(values, pathDepth);
}

/** First label seen per value and language wins: labels are the same on every document of a build. */
function buildLabels(
  key: string,
  values: string[],
  valueIds: Map<string, number>,
  docs: readonly KeptDocument[],
  languages: readonly string[],
): Map<string, (string | null)[]> {
  const labels = new Map(languages.map((lang) => [lang, new Array<string | null>(values.length).fill(null)]));
  // Values labelled in every language: later documents cannot change them, so their labels are not read again.
  const done = new Uint8Array(values.length);
  for (const doc of docs) {
    const byValue = doc.labels?.[key];
    if (byValue === undefined) continue;
    for (const value in byValue) {
      const id = valueIds.get(value);
      if (id === undefined || done[id] === 1) continue;
      const byLanguage = byValue[value] as Record<string, string>;
      for (const [lang, label] of Object.entries(byLanguage)) {
        const list = labels.get(lang);
        if (list !== undefined && list[id] === null) list[id] = label;
      }
      if (languages.every((lang) => labels.get(lang)?.[id] !== null)) done[id] = 1;
    }
  }
  return labels;
}
