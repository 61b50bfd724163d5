import { KIND } from './catalogue-plan';
import type { SeedContext } from './context';
import { type Rng, STREAM, rngFor } from './random';
import type { Row } from './types';

export const RELATION_COLUMNS = ['product_id', 'group_key', 'position', 'related_product_id'] as const;
export const BUNDLE_COLUMNS = ['product_id', 'component_product_id', 'quantity', 'position'] as const;

/** Up to `count` distinct roots other than `self` (and, with `simpleOnly`, only simple products). */
function otherRoots(ctx: SeedContext, rng: Rng, self: number, count: number, simpleOnly: boolean): number[] {
  const picked = new Set<number>();
  for (let attempt = 0; picked.size < count && attempt < count * 10; attempt++) {
    const root = rng.int(0, ctx.volumes.products - 1);
    if (root !== self && (!simpleOnly || ctx.catalogue.kind[root] === KIND.simple)) picked.add(root);
  }
  return [...picked];
}

/** Related-product groups ("similar", "accessories") of roots [from, to). */
export function* relationRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) {
    const rng = rngFor(ctx.seed, STREAM.links, i);
    const groups: Array<[string, number]> = [];
    if (rng.chance(0.15)) groups.push(['similar', rng.int(3, 6)]);
    if (rng.chance(0.06)) groups.push(['accessories', rng.int(2, 4)]);
    for (const [key, count] of groups) {
      const related = otherRoots(ctx, rng, i, count, false);
      for (let p = 0; p < related.length; p++) yield [i + 1, key, p, related[p] + 1];
    }
  }
}

/** About one simple product in two hundred is a bundle of two or three other simple products. */
export function* bundleRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) {
    if (ctx.catalogue.kind[i] !== KIND.simple) continue;
    const rng = rngFor(ctx.seed, STREAM.bundle, i);
    if (!rng.chance(0.005)) continue;
    const components = otherRoots(ctx, rng, i, rng.int(2, 3), true);
    for (let p = 0; p < components.length; p++) yield [i + 1, components[p] + 1, rng.pick([1, 1, 2]), p];
  }
}
