import { brandBatches } from './brands';
import { categoryBatch } from './category-tree';
import {
  DESCRIPTION_COLUMNS,
  ATTRIBUTE_COLUMNS,
  MEDIA_COLUMNS,
  attributeRows,
  descriptionRows,
  mediaRows,
} from './content-rows';
import {
  PRICE_COLUMNS,
  STOCK_COLUMNS,
  VENDOR_PRICE_COLUMNS,
  priceRows,
  stockRows,
  vendorPriceRows,
} from './commerce-rows';
import { ADDRESS_COLUMNS, EMAIL_COLUMNS, PHONE_COLUMNS, addressRows, emailRows, phoneRows } from './contact-rows';
import { createContext, type SeedContext } from './context';
import { fulfilmentBatches } from './fulfilment-rows';
import { BUNDLE_COLUMNS, RELATION_COLUMNS, bundleRows, relationRows } from './link-rows';
import { ORDER_COLUMNS, ORDER_LINE_COLUMNS, assembleOrders, orderLineRows, orderRows } from './order-rows';
import { partyBatches } from './parties';
import { PAYMENT_COLUMNS, paymentRows } from './payment-rows';
import { PRODUCT_COLUMNS, optionRows, optionValueRows, productCategoryRows, productRows } from './product-rows';
import { purchasingBatches } from './purchasing-rows';
import { referenceBatches } from './reference-data';
import { TIME_REPORT_COLUMNS, timeReportRows } from './time-report-rows';
import type { GeneratorOptions, Row, RowBatch, SeedItem } from './types';

/** Rows per emitted batch: small, so the writer can stream them to the database while the next are built. */
const SLICE = 1000;

function* sliced(table: string, columns: readonly string[], rows: Iterable<Row>): Generator<SeedItem> {
  let slice: Row[] = [];
  for (const row of rows) {
    slice.push(row);
    if (slice.length === SLICE) {
      yield { kind: 'rows', batch: { table, columns, rows: slice } };
      slice = [];
    }
  }
  if (slice.length) yield { kind: 'rows', batch: { table, columns, rows: slice } };
}

function* batches(list: readonly RowBatch[]): Generator<SeedItem> {
  for (const b of list) yield* sliced(b.table, b.columns, b.rows);
}

type ChunkTable = readonly [
  table: string,
  columns: readonly string[],
  rows: (ctx: SeedContext, from: number, to: number) => Iterable<Row>,
];

// Catalogue tables in foreign-key order; each chunk of products emits all of them.
const CATALOGUE: readonly ChunkTable[] = [
  ['products', PRODUCT_COLUMNS, productRows],
  ['product_options', ['product_id', 'position', 'name'], optionRows],
  ['product_option_values', ['product_id', 'parent_id', 'position', 'value'], optionValueRows],
  ['product_categories', ['product_id', 'category_id', 'is_primary'], productCategoryRows],
  ['product_descriptions', DESCRIPTION_COLUMNS, descriptionRows],
  ['product_attributes', ATTRIBUTE_COLUMNS, attributeRows],
  ['product_media', MEDIA_COLUMNS, mediaRows],
  ['prices', PRICE_COLUMNS, priceRows],
  ['stock', STOCK_COLUMNS, stockRows],
  ['vendor_prices', VENDOR_PRICE_COLUMNS, vendorPriceRows],
];

// Links point at other products anywhere in the catalogue, so they follow it.
const LINKS: readonly ChunkTable[] = [
  ['product_relations', RELATION_COLUMNS, relationRows],
  ['product_bundle_components', BUNDLE_COLUMNS, bundleRows],
];

function* chunked(
  ctx: SeedContext,
  tables: readonly ChunkTable[],
  count: number,
  progress: (done: number) => SeedItem | null,
): Generator<SeedItem> {
  for (let from = 0; from < count; from += ctx.volumes.chunkSize) {
    const to = Math.min(count, from + ctx.volumes.chunkSize);
    for (const [table, columns, rows] of tables) yield* sliced(table, columns, rows(ctx, from, to));
    const item = progress(to);
    if (item) yield item;
  }
}

function* orderChunks(ctx: SeedContext, report: (done: number) => SeedItem): Generator<SeedItem> {
  for (let from = 0; from < ctx.volumes.orders; from += ctx.volumes.chunkSize) {
    const plans = assembleOrders(ctx, from, Math.min(ctx.volumes.orders, from + ctx.volumes.chunkSize));
    yield* sliced('orders', ORDER_COLUMNS, orderRows(plans));
    yield* sliced('order_lines', ORDER_LINE_COLUMNS, orderLineRows(plans));
    yield* sliced('order_emails', EMAIL_COLUMNS, emailRows(ctx, plans));
    yield* sliced('order_phones', PHONE_COLUMNS, phoneRows(ctx, plans));
    yield* sliced('order_addresses', ADDRESS_COLUMNS, addressRows(ctx, plans));
    yield* sliced('order_payments', PAYMENT_COLUMNS, paymentRows(ctx, plans));
    yield* batches(fulfilmentBatches(ctx, plans));
    yield* batches(purchasingBatches(ctx, plans));
    yield report(from + plans.length);
  }
}

/**
 * Every row of a seeded tenant, in foreign-key order, as small batches (tenant ids excluded). Pure and
 * deterministic: the same options give the same rows, in the same order.
 */
export function* generateSeed(options: GeneratorOptions): Generator<SeedItem> {
  const ctx = createContext(options);
  const { products, orders } = ctx.volumes;
  const total = products + orders;
  const progress = (phase: string, done: number): SeedItem => ({ kind: 'progress', progress: { phase, done, total } });
  yield* batches(referenceBatches());
  yield* batches([
    categoryBatch(ctx.tree),
    ...brandBatches(ctx.seed, ctx.volumes.brands, ctx.media.logos),
    ...partyBatches(ctx.customers, ctx.vendors),
  ]);
  yield* chunked(ctx, CATALOGUE, products, (done) => progress('catalogue', done));
  yield* chunked(ctx, LINKS, products, () => null);
  yield* orderChunks(ctx, (done) => progress('orders', products + done));
  yield* sliced('time_report_lines', TIME_REPORT_COLUMNS, timeReportRows(ctx));
}
