import type { CategoryTree } from './category-tree';
import { retailPrice } from './money';
import { type Rng, STREAM, type Zipf, rngFor } from './random';
import { DAY_MS } from './time';
import { ADJECTIVES, APPAREL_SIZES, COLOURS, MATERIALS, ROOT_CATEGORIES, SHOE_SIZES } from './words';

export const KIND = { simple: 0, parent: 1, huge: 2 } as const;

/** Every this-many products one is a "huge" parent: 12 colours x 10 sizes = 120 variants. */
export const HUGE_EVERY = 1000;
const HUGE_OFFSET = 7;
const SHOES = 1;

/**
 * The shape of the whole catalogue in typed arrays (a few MB at 100,000 products), so rows of any table
 * can be produced for any product without regenerating the others. Roots are the storefront products
 * (simple products and variant parents), with ids 1..roots; variants follow with ids roots+1.. in order.
 * SKUs are the sellable products: a simple root is its own SKU, a parent's SKUs are its variants.
 */
export type CataloguePlan = {
  roots: number;
  kind: Uint8Array;
  top: Uint8Array;
  category: Int32Array;
  brand: Int32Array;
  adjective: Uint8Array;
  material: Uint8Array;
  noun: Uint8Array;
  colourStart: Uint8Array;
  colourCount: Uint8Array;
  sizeStart: Uint8Array;
  sizeCount: Uint8Array;
  noEur: Uint8Array;
  active: Uint8Array;
  createdMs: Float64Array;
  vendor: Int32Array;
  vendor2: Int32Array;
  /** SKUs of root i are firstSku[i] .. firstSku[i + 1] - 1. */
  firstSku: Int32Array;
  skuProduct: Int32Array;
  skuRoot: Int32Array;
  /** SEK, VAT included, in cents. */
  skuPriceSek: Int32Array;
  skus: number;
};

export type CatalogueLookups = { seed: number; tree: CategoryTree; brands: Zipf; vendors: number; asOfMs: number };

export const sizesOf = (plan: CataloguePlan, root: number): readonly string[] =>
  ROOT_CATEGORIES[plan.top[root]].axes === 'shoes' ? SHOE_SIZES : APPAREL_SIZES;

export const variantCount = (plan: CataloguePlan, root: number) => plan.firstSku[root + 1] - plan.firstSku[root];

export const isReducedVat = (plan: CataloguePlan, root: number) => ROOT_CATEGORIES[plan.top[root]].reducedVat;

function allocate(roots: number): Omit<CataloguePlan, 'skuProduct' | 'skuRoot' | 'skuPriceSek' | 'skus'> {
  const u8 = () => new Uint8Array(roots);
  return {
    roots,
    kind: u8(),
    top: u8(),
    category: new Int32Array(roots),
    brand: new Int32Array(roots),
    adjective: u8(),
    material: u8(),
    noun: u8(),
    colourStart: u8(),
    colourCount: u8(),
    sizeStart: u8(),
    sizeCount: u8(),
    noEur: u8(),
    active: u8(),
    createdMs: new Float64Array(roots),
    vendor: new Int32Array(roots),
    vendor2: new Int32Array(roots),
    firstSku: new Int32Array(roots + 1),
  };
}

function chooseCategory(plan: ReturnType<typeof allocate>, i: number, rng: Rng, tree: CategoryTree): void {
  const huge = i % HUGE_EVERY === HUGE_OFFSET;
  const leaf = huge ? rng.pick(tree.leavesByRoot[SHOES]) : rng.pick(tree.leaves);
  const top = huge ? SHOES : (tree.rootOfLeaf.get(leaf) ?? 0);
  plan.top[i] = top;
  plan.category[i] = leaf;
  const axes = ROOT_CATEGORIES[top].axes;
  plan.kind[i] = huge ? KIND.huge : axes !== 'none' && rng.chance(0.85) ? KIND.parent : KIND.simple;
}

function chooseAxes(plan: ReturnType<typeof allocate>, i: number, rng: Rng): number {
  if (plan.kind[i] === KIND.simple) return 1;
  if (plan.kind[i] === KIND.huge) {
    [plan.colourStart[i], plan.colourCount[i], plan.sizeStart[i], plan.sizeCount[i]] = [0, 12, 0, 10];
    return 120;
  }
  const sizes = ROOT_CATEGORIES[plan.top[i]].axes === 'shoes' ? SHOE_SIZES.length : APPAREL_SIZES.length;
  const sizeCount = rng.int(2, Math.min(5, sizes));
  plan.colourStart[i] = rng.int(0, COLOURS.length - 1);
  plan.colourCount[i] = rng.int(1, 4);
  plan.sizeStart[i] = rng.int(0, sizes - sizeCount);
  plan.sizeCount[i] = sizeCount;
  return plan.colourCount[i] * sizeCount;
}

function planRoot(plan: ReturnType<typeof allocate>, i: number, lookups: CatalogueLookups): number {
  const rng = rngFor(lookups.seed, STREAM.catalogue, i);
  chooseCategory(plan, i, rng, lookups.tree);
  plan.brand[i] = lookups.brands.sample(rng) + 1;
  plan.adjective[i] = rng.int(0, ADJECTIVES.length - 1);
  plan.material[i] = rng.int(0, MATERIALS.length - 1);
  plan.noun[i] = rng.int(0, ROOT_CATEGORIES[plan.top[i]].nouns.length - 1);
  plan.noEur[i] = rng.chance(0.04) ? 1 : 0;
  plan.active[i] = rng.chance(0.97) ? 1 : 0;
  plan.createdMs[i] = lookups.asOfMs - rng.int(1, 3 * 365) * DAY_MS - rng.int(0, DAY_MS - 1);
  plan.vendor[i] = (plan.brand[i] - 1) % lookups.vendors;
  plan.vendor2[i] = rng.chance(0.1) ? (plan.vendor[i] + rng.int(1, lookups.vendors - 1)) % lookups.vendors : -1;
  return chooseAxes(plan, i, rng);
}

/** SEK prices per SKU: a log-uniform base per root; about a third of parents charge 10% more for large sizes. */
function priceSkus(plan: CataloguePlan, seed: number): void {
  for (let i = 0; i < plan.roots; i++) {
    const rng = rngFor(seed, STREAM.commerce, i);
    const [low, high] = isReducedVat(plan, i) ? [99, 399] : [79, 2999];
    const base = retailPrice(Math.exp(Math.log(low) + rng.float() * Math.log(high / low)) * 100, 'SEK');
    const surcharge = plan.kind[i] !== KIND.simple && rng.chance(0.33);
    for (let s = plan.firstSku[i], k = 0; s < plan.firstSku[i + 1]; s++, k++) {
      const large = surcharge && k % plan.sizeCount[i] >= plan.sizeCount[i] / 2;
      plan.skuPriceSek[s] = large ? retailPrice(base * 1.1, 'SEK') : base;
    }
  }
}

/** The catalogue of a seed: categories, brands and sizes per root, and SKU ids and prices. */
export function planCatalogue(roots: number, lookups: CatalogueLookups): CataloguePlan {
  const partial = allocate(roots);
  for (let i = 0; i < roots; i++) partial.firstSku[i + 1] = partial.firstSku[i] + planRoot(partial, i, lookups);
  const skus = partial.firstSku[roots];
  const plan: CataloguePlan = {
    ...partial,
    skuProduct: new Int32Array(skus),
    skuRoot: new Int32Array(skus),
    skuPriceSek: new Int32Array(skus),
    skus,
  };
  let nextVariantId = roots + 1;
  for (let i = 0; i < roots; i++) {
    for (let s = plan.firstSku[i]; s < plan.firstSku[i + 1]; s++) {
      plan.skuRoot[s] = i;
      plan.skuProduct[s] = plan.kind[i] === KIND.simple ? i + 1 : nextVariantId++;
    }
  }
  priceSkus(plan, lookups.seed);
  return plan;
}
