import { assembleProducts } from '../../../indexer/documents/assemble-products';
import type { Knex } from '../../../shared/db/knex';
import { cannotBeStored } from '../../../shared/db/storable-text';
import { BatchedLoads } from '../freshness/batched-loads';
import { jsonLength } from '../freshness/json-length';
import type { FeedCache, Computed } from '../freshness/feed-cache';
import type { SiteContext } from '../keys/site-context';
import type { CategoryTrees } from './category-trees';
import type { DescribedMedia } from './product-media';
import { heldRows } from './held-rows';
import { type IndexedProducts, NOTHING_INDEXED } from './indexed-products';
import { type SoldProduct, soldAmong } from './sold-products';
import type { MediaRow } from '../../../shared/media/manifest';

/** A product as one market sells it, with the media of the product and of each of its variants, keyed by row id. */
export interface HeldProduct {
  sold: SoldProduct;
  media: ReadonlyMap<number, DescribedMedia>;
}

/** The storefront product (root) a SKU names, and the row (the root itself or a variant) that carries it. */
export interface SkuRoot {
  rootId: number;
  variantId: number;
}

export type HeldCaches = { products: FeedCache<HeldProduct | null>; skus: FeedCache<SkuRoot> };

/** A held product's size: about its JSON (media included), which is what its strings and numbers are made of. */
const sizeOf = (held: HeldProduct | null): number => (held === null ? 16 : jsonLength([held.sold, held.media]));

/**
 * Products and SKUs as the serving process holds them between changes (see ChangeFollower for how fresh): product
 * detail, related cards and cart lines read them here instead of running the catalogue reader per answer. A product
 * not held is taken from the source the served index keeps of it where that is current (IndexedProducts), else read
 * from PostgreSQL. A preview key's draft config reads PostgreSQL each time.
 */
export class HeldProducts {
  /** Misses of concurrent requests read together (one catalogue read for many products). */
  private readonly batches = new BatchedLoads<number, HeldProduct>();

  constructor(
    private readonly db: Knex,
    private readonly trees: CategoryTrees,
    private readonly caches: HeldCaches,
    /** Products the served index keeps sources of; the others are read from PostgreSQL. */
    private readonly indexed: IndexedProducts | null = null,
  ) {}

  /** The products among `ids` the request's market sells, keyed by id. */
  async sold(ctx: SiteContext, ids: readonly number[]): Promise<Map<number, HeldProduct>> {
    const unique = [...new Set(ids)];
    const out = new Map<number, HeldProduct>();
    if (unique.length === 0) return out;
    // A preview key's draft config is its own: read alone.
    if (ctx.preview) return this.load(ctx, unique);
    const prefix = [ctx.key.siteId, ctx.configVersion, ctx.market.code, ''].join('\u0000');
    const load = async (wanted: readonly number[]) => {
      const found = await this.batches.load(prefix, wanted, (ids) => this.load(ctx, ids));
      return new Map(wanted.map((id) => [id, found.get(id) ?? null]));
    };
    const kept = await this.caches.products.getMany(
      ctx.key.tenantId,
      unique.map((id) => prefix + id),
      async (keys) => {
        const loaded = await load(keys.map((key) => Number(key.slice(prefix.length))));
        return new Map(
          [...loaded].map(([id, held]): [string, Computed<HeldProduct | null>] => [
            prefix + id,
            { value: held, products: [id], bytes: sizeOf(held) },
          ]),
        );
      },
    );
    for (const [key, held] of kept) if (held !== null) out.set(Number(key.slice(prefix.length)), held);
    return out;
  }

  /** The root and row of each SKU the tenant's catalogue has. */
  async skus(tenantId: number, skus: readonly string[]): Promise<Map<string, SkuRoot>> {
    const prefix = `${tenantId}\u0000`;
    const kept = await this.caches.skus.getMany(
      tenantId,
      skus.filter((sku) => !cannotBeStored(sku)).map((sku) => prefix + sku),
      async (keys) => {
        const found = await rootsOf(
          this.db,
          tenantId,
          keys.map((key) => key.slice(prefix.length)),
        );
        return new Map(
          [...found].map(([sku, root]): [string, Computed<SkuRoot>] => [
            prefix + sku,
            { value: root, products: [root.rootId, root.variantId], bytes: sku.length + 16 },
          ]),
        );
      },
    );
    return new Map([...kept].map(([key, root]) => [key.slice(prefix.length), root]));
  }

  private async load(ctx: SiteContext, ids: readonly number[]): Promise<Map<number, HeldProduct>> {
    const indexed = (await this.indexed?.sold(ctx, ids)) ?? NOTHING_INDEXED;
    const rest = ids.filter((id) => !indexed.answered.has(id));
    const read = rest.length === 0 ? { sold: new Map<number, SoldProduct>(), media: [] } : await this.read(ctx, rest);
    return withMedia(ctx, new Map([...indexed.sold, ...read.sold]), [...indexed.media, ...read.media]);
  }

  /** The products among `ids` the market sells, from the catalogue as it is now, and their media rows. */
  private async read(
    ctx: SiteContext,
    ids: readonly number[],
  ): Promise<{ sold: Map<number, SoldProduct>; media: MediaRow[] }> {
    const scope = { tenantId: ctx.key.tenantId, siteId: ctx.key.siteId };
    const [tree, rows] = await Promise.all([this.trees.get(scope.tenantId), heldRows(this.db, scope, ids)]);
    return { sold: soldAmong(assembleProducts(rows.batch, tree), ctx, rows.slugs), media: rows.media };
  }
}

/** Held products of the sold ones, each with the media of the product and of its variants among `rows`. */
async function withMedia(
  ctx: SiteContext,
  sold: ReadonlyMap<number, SoldProduct>,
  rows: readonly MediaRow[],
): Promise<Map<number, HeldProduct>> {
  const variantIds = [...sold.values()].flatMap((s) => s.product.variants.map((v) => v.id));
  const media = await ctx.media.products(rows, [...new Set([...sold.keys(), ...variantIds])]);
  const out = new Map<number, HeldProduct>();
  for (const [id, product] of sold) {
    const own = [id, ...product.product.variants.map((v) => v.id)].flatMap((row): [number, DescribedMedia][] => {
      const found = media.get(row);
      return found === undefined ? [] : [[row, found]];
    });
    out.set(id, { sold: product, media: new Map(own) });
  }
  return out;
}

/** The root and row each SKU names, in one query. */
async function rootsOf(db: Knex, tenantId: number, skus: readonly string[]): Promise<Map<string, SkuRoot>> {
  if (skus.length === 0) return new Map();
  const found = (
    await db
      .raw<{ rows: { id: number; parent_id: number | null; sku: string }[] }>(
        'select id, parent_id, product_number as sku from products where tenant_id = ? and product_number = ' +
          'any(?::text[])',
        [tenantId, [...skus]],
      )
      .options({ name: 'storefront-sku-roots' })
  ).rows;
  return new Map(found.map((r) => [r.sku, { rootId: r.parent_id ?? r.id, variantId: r.id }]));
}
