import { compareStrings } from '../../compare';
import type { SearchDocument } from '../../document';
import { pathDepth } from '../../hierarchy-path';
import { setList, wordCount } from '../bitset';
import type { FacetColumn } from '../index-data';
import { GrowableU32 } from './growable';
import { groupByRow, rowsFromSequence } from './rows';

/** Values on more than this share of documents get a bitset besides their posting list. */
const DENSE_SHARE = 1 / 32;

/** One column per facet key found in any document. */
export function buildFacets(docs: readonly SearchDocument[], languages: readonly string[]): Map<string, FacetColumn> {
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
  docs: readonly SearchDocument[],
  languages: readonly string[],
): FacetColumn {
  const valueIds = new Map(values.map((value, id) => [value, id]));
  const rowEnds = new GrowableU32();
  const items = new GrowableU32();
  const docOf = new GrowableU32();
  docs.forEach((doc, ordinal) => {
    const ids = [...new Set((doc.facets[key] ?? []).map((v) => valueIds.get(v) as number))].sort((a, b) => a - b);
    for (const id of ids) {
      items.push(id);
      docOf.push(ordinal);
    }
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
  docs: readonly SearchDocument[],
  languages: readonly string[],
): Map<string, (string | null)[]> {
  const labels = new Map(languages.map((lang) => [lang, new Array<string | null>(values.length).fill(null)]));
  for (const doc of docs) {
    const byValue = doc.labels?.[key];
    if (byValue === undefined) continue;
    for (const [value, byLanguage] of Object.entries(byValue)) {
      const id = valueIds.get(value);
      if (id === undefined) continue;
      for (const [lang, label] of Object.entries(byLanguage)) {
        const list = labels.get(lang);
        if (list !== undefined && list[id] === null) list[id] = label;
      }
    }
  }
  return labels;
}
