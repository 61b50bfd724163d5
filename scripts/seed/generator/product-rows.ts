import { brandName, partyIds } from './brands';
import { KIND, sizesOf, type CataloguePlan } from './catalogue-plan';
import type { SeedContext } from './context';
import { STREAM, rngFor } from './random';
import { DAY_MS, iso } from './time';
import type { Row } from './types';
import { ADJECTIVES, COLOURS, MATERIALS, ROOT_CATEGORIES } from './words';

const NUMBER_PREFIX = ['CL', 'SH', 'HO', 'KI', 'SP', 'EL', 'BO', 'TO'];
const COLOUR_CODES = ['BLK', 'WHT', 'GRY', 'NVY', 'BLU', 'RED', 'GRN', 'OLV', 'BEI', 'BRN', 'YEL', 'PNK'];

export const PRODUCT_COLUMNS = [
  'id',
  'parent_id',
  'product_number',
  'name',
  'brand_id',
  'barcode',
  'unit',
  'weight_grams',
  'is_active',
  'manufacturer_party_id',
  'importer_party_id',
  'eu_responsible_party_id',
  'created_at',
  'updated_at',
] as const;

export const rootNumber = (plan: CataloguePlan, root: number) =>
  `${NUMBER_PREFIX[plan.top[root]]}${String(root + 1).padStart(6, '0')}`;

/** The storefront name of a root product in English or Swedish. */
export function rootName(plan: CataloguePlan, root: number, language: 'en' | 'sv'): string {
  const adjective = ADJECTIVES[plan.adjective[root]];
  const material = MATERIALS[plan.material[root]];
  const noun = ROOT_CATEGORIES[plan.top[root]].nouns[plan.noun[root]];
  if (language === 'sv') return `${adjective[1]} ${noun[1].toLowerCase()} i ${material[1].toLowerCase()}`;
  return `${adjective[0]} ${material[0]} ${noun[0]}`;
}

/** The colour index and size label of the k-th variant of a root (colours outer, sizes inner). */
export function variantOptions(plan: CataloguePlan, root: number, k: number): { colour: number; size: string } {
  const sizeCount = plan.sizeCount[root];
  return {
    colour: (plan.colourStart[root] + Math.floor(k / sizeCount)) % COLOURS.length,
    size: sizesOf(plan, root)[plan.sizeStart[root] + (k % sizeCount)],
  };
}

/** The product number of SKU `s`: the root's own number, or the parent's with colour and size. */
export function skuNumber(plan: CataloguePlan, s: number): string {
  const root = plan.skuRoot[s];
  if (plan.kind[root] === KIND.simple) return rootNumber(plan, root);
  const { colour, size } = variantOptions(plan, root, s - plan.firstSku[root]);
  return `${rootNumber(plan, root)}-${COLOUR_CODES[colour]}-${size}`;
}

/** The business name of a root: brand and English name. */
export const businessName = (plan: CataloguePlan, root: number) =>
  `${brandName(plan.brand[root] - 1)} ${rootName(plan, root, 'en')}`;

export function skuName(plan: CataloguePlan, s: number): string {
  const root = plan.skuRoot[s];
  const name = businessName(plan, root);
  if (plan.kind[root] === KIND.simple) return name;
  const { colour, size } = variantOptions(plan, root, s - plan.firstSku[root]);
  return `${name}, ${COLOURS[colour][0]}, ${size}`;
}

/** A valid EAN-13 (Swedish 73 prefix) derived from the product id. */
export function ean13(seed: number, productId: number): string {
  const body = `73${String((Math.imul(productId, 7919) + seed) >>> 0)
    .padStart(10, '0')
    .slice(-10)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

/** Product rows of roots [from, to): each root, then its variants. */
export function* productRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  const plan = ctx.catalogue;
  const { importers, euReps } = partyIds(ctx.volumes.brands);
  for (let i = from; i < to; i++) {
    const rng = rngFor(ctx.seed, STREAM.product, i);
    const created = plan.createdMs[i];
    const updated = iso(Math.min(ctx.asOfMs, created + rng.int(0, 400) * DAY_MS));
    const simple = plan.kind[i] === KIND.simple;
    const active = plan.active[i] === 1;
    const weight = rng.int(100, 3000);
    yield [
      i + 1,
      null,
      rootNumber(plan, i),
      businessName(plan, i),
      plan.brand[i],
      simple && !rng.chance(0.08) ? ean13(ctx.seed, i + 1) : null,
      'pcs',
      weight,
      active,
      rng.chance(0.6) ? plan.brand[i] : null,
      rng.chance(0.2) ? rng.pick(importers) : null,
      rng.chance(0.1) ? rng.pick(euReps) : null,
      iso(created),
      updated,
    ];
    if (simple) continue;
    for (let s = plan.firstSku[i]; s < plan.firstSku[i + 1]; s++) {
      const id = plan.skuProduct[s];
      yield [
        id,
        i + 1,
        skuNumber(plan, s),
        skuName(plan, s),
        plan.brand[i],
        rng.chance(0.08) ? null : ean13(ctx.seed, id),
        'pcs',
        weight,
        active && !rng.chance(0.02),
        null,
        null,
        null,
        iso(created),
        updated,
      ];
    }
  }
}

/** Option axes of the parents among roots [from, to). */
export function* optionRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) {
    if (ctx.catalogue.kind[i] === KIND.simple) continue;
    yield [i + 1, 0, 'colour'];
    yield [i + 1, 1, 'size'];
  }
}

/** Each variant's value on each axis of its parent. */
export function* optionValueRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  const plan = ctx.catalogue;
  for (let i = from; i < to; i++) {
    if (plan.kind[i] === KIND.simple) continue;
    for (let s = plan.firstSku[i], k = 0; s < plan.firstSku[i + 1]; s++, k++) {
      const { colour, size } = variantOptions(plan, i, k);
      yield [plan.skuProduct[s], i + 1, 0, COLOURS[colour][0]];
      yield [plan.skuProduct[s], i + 1, 1, size];
    }
  }
}

/** A primary category per root, and a second one for about one in twelve. */
export function* productCategoryRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) {
    const primary = ctx.catalogue.category[i];
    yield [i + 1, primary, true];
    const rng = rngFor(ctx.seed, STREAM.productCategory, i);
    const second = rng.chance(0.08) ? rng.pick(ctx.tree.leaves) : primary;
    if (second !== primary) yield [i + 1, second, false];
  }
}
