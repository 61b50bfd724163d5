import type { DemoShopStack } from './demo-shop-stack';

// What a browser test needs to know in advance about the demo catalogue, asked of the storefront API the way the
// shop asks it (same key, same markets), so the expectations come from the service, not from the page under test.

type Card = { id: string; slug: string; name: string; inStock: boolean; image: { id: string } | null };
type FacetValue = { value: string; label: string; parent?: string | null };
type Listing = { items: Card[]; total: number; facets: { key: string; values: FacetValue[] }[] };
type Variant = {
  sku: string;
  selectedOptions: Record<string, string>;
  inStock: boolean;
  price: { amount: string } | null;
};
type Detail = {
  id: string;
  slug: string;
  name: string;
  options: { name: string; values: string[] }[];
  variants: Variant[] | null;
  related: { label: string; products: Card[] }[];
};

export type ShopApi = ReturnType<typeof shopApi>;

export function shopApi(stack: DemoShopStack) {
  const get = async (path: string, market: string) => {
    const res = await fetch(`${stack.apiUrl}${path}`, {
      headers: { 'X-Site-Key': stack.secretKey, 'X-Market': market },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const listing = async (params: Record<string, string>, market = 'se') =>
    (await get(`/v1/products?${new URLSearchParams(params)}`, market)) as Listing;
  const detail = async (slugOrId: string, market = 'se') =>
    (await get(`/v1/products/${encodeURIComponent(slugOrId)}`, market)) as Detail;
  /** Every card of a listing on the market, page by page. */
  const allCards = async (params: Record<string, string>, market = 'se') => {
    const cards: Card[] = [];
    for (let page = 1; page <= 50; page++) {
      const { items, total } = await listing({ ...params, pageSize: '100', page: String(page) }, market);
      cards.push(...items);
      if (cards.length >= total || items.length === 0) break;
    }
    return cards;
  };
  return {
    listing,
    detail,
    /** The variant with this SKU on the market (the detail's matched variant). */
    bySku: async (sku: string, market = 'se') => {
      const product = (await get(`/v1/products/by-sku/${encodeURIComponent(sku)}`, market)) as Detail & {
        matchedVariantId: string | null;
      };
      const variant = (product.variants ?? []).find((v) => v.sku === sku);
      if (variant?.price == null) throw new Error(`${sku} has no price on ${market}`);
      return { ...variant, price: variant.price };
    },
    /** The values a facet lists under these parameters. */
    facet: async (key: string, params: Record<string, string> = {}) =>
      (await listing({ ...params, pageSize: '1' })).facets.find((f) => f.key === key)?.values ?? [],
    /** Search-in-facet, as the shop's facet search box asks it. */
    facetSearch: async (key: string, params: Record<string, string>) =>
      ((await get(`/v1/products/facets/${key}?${new URLSearchParams(params)}`, 'se')) as { values: FacetValue[] })
        .values,
    total: async (params: Record<string, string>, market = 'se') =>
      (await listing({ ...params, pageSize: '1' }, market)).total,
    collection: async (slug: string, market = 'se') =>
      (await get(`/v1/collections/${slug}?pageSize=1`, market)) as { listing: Listing; collection: { name: string } },
    /** A simple product in stock on `from` that `to` does not sell (a cart line a market change drops). */
    notSoldIn: async (from: string, to: string): Promise<Detail> => {
      const there = new Set((await allCards({}, to)).map((c) => c.id));
      for (const card of (await allCards({ 'filter[in-stock]': 'true' }, from)).filter((c) => !there.has(c.id))) {
        const product = await detail(card.id, from);
        if (product.options.length === 0 && product.variants?.[0]?.inStock) return product;
      }
      throw new Error(`no simple product sold on ${from} but not on ${to}`);
    },
    /** A product with a colour that has one size out of stock (still sold) and another in stock. */
    withGreyedSize: async () => {
      for (const card of await allCards({ 'filter[in-stock]': 'true' })) {
        const product = await detail(card.id);
        const variants = product.variants ?? [];
        const out = variants.find((v) => !v.inStock && v.price !== null);
        const colour = out?.selectedOptions.colour;
        const open = variants.find((v) => v.inStock && v.selectedOptions.colour === colour);
        if (out && colour && open)
          return { product, colour, greyed: out.selectedOptions.size ?? '', open: open.selectedOptions.size ?? '' };
      }
      throw new Error('no product with an out-of-stock size');
    },
    /** A product whose page shows related products, some with a photo. */
    withRelated: async (candidates: number[]) => {
      for (const id of candidates) {
        const product = await detail(String(id)).catch(() => null);
        if (product?.related.some((g) => g.products.some((c) => c.image !== null))) return product;
      }
      throw new Error('no product with related products on the market');
    },
  };
}
