import type { GeneratorOptions } from './types';

export type Volumes = {
  products: number;
  orders: number;
  customers: number;
  vendors: number;
  brands: number;
  timeReportLines: number;
  chunkSize: number;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/** How many of each entity a seed of this size has: everything scales with products and orders. */
export function volumesFor(options: GeneratorOptions): Volumes {
  if (!Number.isInteger(options.products) || options.products < 1)
    throw new Error('products must be a positive integer');
  if (!Number.isInteger(options.orders) || options.orders < 0) throw new Error('orders must be a non-negative integer');
  return {
    products: options.products,
    orders: options.orders,
    customers: Math.max(50, Math.round(options.orders / 6)),
    vendors: clamp(options.products / 800, 8, 300),
    // Brand names are built from 25 x 20 syllables, so at most 500 distinct ones.
    brands: clamp(options.products / 400, 12, 500),
    timeReportLines: Math.max(20, Math.round(options.orders / 5)),
    chunkSize: options.chunkSize ?? 2000,
  };
}
