import { type Rng, STREAM, rngFor } from './random';
import type { Row, RowBatch } from './types';
import { ROOT_CATEGORIES, SEGMENTS, SHELVES, STYLES, type Pair } from './words';

export type CategoryTree = {
  rows: Row[];
  /** Leaf category ids per root category (index into ROOT_CATEGORIES). */
  leavesByRoot: number[][];
  /** Every leaf, for products that get a second category anywhere in the tree. */
  leaves: number[];
  /** Leaf id to the index of its root category. */
  rootOfLeaf: Map<number, number>;
};

export const CATEGORY_COLUMNS = ['id', 'parent_id', 'name', 'names', 'position', 'active'] as const;

type Builder = { rows: Row[]; rng: Rng; nextId: number };

function add(b: Builder, parentId: number | null, name: Pair, position: number, active = true): number {
  const id = b.nextId++;
  b.rows.push([id, parentId, name[0], JSON.stringify({ en: name[0], sv: name[1] }), position, active]);
  return id;
}

/** `count` distinct entries of `items`, in a seeded order. */
function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

function addStyle(b: Builder, segmentId: number, style: Pair, position: number, forceShelves: boolean): number[] {
  const styleId = add(b, segmentId, style, position, !b.rng.chance(0.03));
  if (!forceShelves && !b.rng.chance(0.35)) return [styleId];
  return sample(b.rng, SHELVES, b.rng.int(2, 3)).map((shelf, i) => add(b, styleId, shelf, i, !b.rng.chance(0.03)));
}

/**
 * A category tree 3 to 4 levels deep: root (Clothing) > segment (Women) > style (Everyday), and under about
 * a third of the styles a fourth level (New in, Sale). Products link to leaves.
 */
export function buildCategoryTree(seed: number): CategoryTree {
  const b: Builder = { rows: [], rng: rngFor(seed, STREAM.category, 0), nextId: 1 };
  const leavesByRoot = ROOT_CATEGORIES.map((root, r) => {
    const rootId = add(b, null, root.name, r);
    const leaves: number[] = [];
    sample(b.rng, SEGMENTS, b.rng.int(3, 5)).forEach((segment, s) => {
      const segmentId = add(b, rootId, segment, s);
      sample(b.rng, STYLES, b.rng.int(3, 4)).forEach((style, i) => {
        leaves.push(...addStyle(b, segmentId, style, i, r === 0 && s === 0 && i === 0));
      });
    });
    return leaves;
  });
  const rootOfLeaf = new Map(leavesByRoot.flatMap((leaves, r) => leaves.map((leaf) => [leaf, r] as const)));
  return { rows: b.rows, leavesByRoot, leaves: leavesByRoot.flat(), rootOfLeaf };
}

export const categoryBatch = (tree: CategoryTree): RowBatch => ({
  table: 'categories',
  columns: CATEGORY_COLUMNS,
  rows: tree.rows,
});
