import { placeholderLibrary, type SeedMediaLibrary } from '../media/library';
import { buildCategoryTree, type CategoryTree } from './category-tree';
import { planCatalogue, type CataloguePlan } from './catalogue-plan';
import { customerPlan, vendorPlan, type CustomerPlan, type VendorPlan } from './parties';
import { Zipf } from './random';
import { startOfDayUtc } from './time';
import type { GeneratorOptions } from './types';
import { volumesFor, type Volumes } from './volumes';

/** Running ids of rows that other rows do not need to predict: assigned in generation order. */
export type IdCounters = Record<
  | 'media'
  | 'vendorPrice'
  | 'orderLine'
  | 'email'
  | 'phone'
  | 'address'
  | 'payment'
  | 'warehouseOrder'
  | 'parcel'
  | 'receipt'
  | 'draft'
  | 'match'
  | 'invoiceNumber'
  | 'purchaseNumber',
  number
>;

export type SeedContext = {
  seed: number;
  asOfMs: number;
  volumes: Volumes;
  tree: CategoryTree;
  catalogue: CataloguePlan;
  customers: CustomerPlan[];
  vendors: VendorPlan[];
  /** SKUs per primary vendor (CSR: vendor v's SKUs are list[start[v]] .. list[start[v + 1] - 1]). */
  vendorSkus: { start: Int32Array; list: Int32Array };
  /** A few customers and vendors get most of the orders. */
  customerPick: Zipf;
  vendorPick: Zipf;
  ids: IdCounters;
  media: SeedMediaLibrary;
};

function indexVendorSkus(catalogue: CataloguePlan, vendors: number): SeedContext['vendorSkus'] {
  const start = new Int32Array(vendors + 1);
  for (let s = 0; s < catalogue.skus; s++) start[catalogue.vendor[catalogue.skuRoot[s]] + 1]++;
  for (let v = 0; v < vendors; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vendors);
  const list = new Int32Array(catalogue.skus);
  for (let s = 0; s < catalogue.skus; s++) list[fill[catalogue.vendor[catalogue.skuRoot[s]]]++] = s;
  return { start, list };
}

const counters = (): IdCounters => ({
  media: 0,
  vendorPrice: 0,
  orderLine: 0,
  email: 0,
  phone: 0,
  address: 0,
  payment: 0,
  warehouseOrder: 0,
  parcel: 0,
  receipt: 0,
  draft: 0,
  match: 0,
  invoiceNumber: 100_000,
  purchaseNumber: 5_000,
});

/** Everything a seed run shares: sizes, the catalogue plan, customers and vendors, and the id counters. */
export function createContext(options: GeneratorOptions): SeedContext {
  const volumes = volumesFor(options);
  const asOfMs = startOfDayUtc(options.asOf);
  const tree = buildCategoryTree(options.seed);
  const catalogue = planCatalogue(volumes.products, {
    seed: options.seed,
    tree,
    brands: new Zipf(volumes.brands, 1.07),
    vendors: volumes.vendors,
    asOfMs,
  });
  return {
    seed: options.seed,
    asOfMs,
    volumes,
    tree,
    catalogue,
    customers: Array.from({ length: volumes.customers }, (_, i) => customerPlan(options.seed, i, asOfMs)),
    vendors: Array.from({ length: volumes.vendors }, (_, i) => vendorPlan(options.seed, i)),
    vendorSkus: indexVendorSkus(catalogue, volumes.vendors),
    customerPick: new Zipf(volumes.customers, 0.6),
    vendorPick: new Zipf(volumes.vendors, 0.8),
    ids: counters(),
    media: options.media ?? placeholderLibrary(),
  };
}
