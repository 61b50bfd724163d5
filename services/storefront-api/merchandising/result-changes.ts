/** A product of a preview's top results. */
export interface ResultItem {
  id: string;
  name: string;
}

/** One query's top results, live and draft, and the difference: entered, left, and moved (1-based positions). */
export interface ResultChange {
  query: string;
  changed: boolean;
  live: ResultItem[];
  draft: ResultItem[];
  entered: (ResultItem & { position: number })[];
  left: (ResultItem & { position: number })[];
  moved: (ResultItem & { from: number; to: number })[];
}

/** Compares two ordered top lists by product id. Pure. */
export function compareResults(query: string, live: readonly ResultItem[], draft: readonly ResultItem[]): ResultChange {
  const liveAt = new Map(live.map((item, i) => [item.id, i + 1]));
  const draftAt = new Map(draft.map((item, i) => [item.id, i + 1]));
  const entered = draft
    .filter((item) => !liveAt.has(item.id))
    .map((item) => ({ ...item, position: draftAt.get(item.id) as number }));
  const left = live
    .filter((item) => !draftAt.has(item.id))
    .map((item) => ({ ...item, position: liveAt.get(item.id) as number }));
  const moved = draft
    .filter((item) => liveAt.has(item.id) && liveAt.get(item.id) !== draftAt.get(item.id))
    .map((item) => ({ ...item, from: liveAt.get(item.id) as number, to: draftAt.get(item.id) as number }));
  return {
    query,
    changed: entered.length + left.length + moved.length > 0,
    live: [...live],
    draft: [...draft],
    entered,
    left,
    moved,
  };
}
