import { cardOf } from '../listing/listing-response';
import type { SiteContext } from '../keys/site-context';
import { labelIn } from '../catalogue/facet-specs';
import { decimalString } from '../../../indexer/documents/format';
import type { IndexedCard } from '../../../indexer/documents/card';
import type { BundleRow, RelationRow } from './product-rows';
import type { ProductSources } from './page-reads';

export const RELATED_PER_GROUP = 24;

const GROUP_LABELS: Record<string, Record<string, string>> = {
  similar: { en: 'Similar products', sv: 'Liknande produkter', de: 'Ähnliche Produkte' },
  accessories: { en: 'Accessories', sv: 'Tillbehör', de: 'Zubehör' },
};

type Card = NonNullable<ReturnType<typeof cardOf>>;
type CardFor = (id: number) => Card | null;

/**
 * Groups in key order, cards in the order linked; unsold products left out, at most 24 each, empty groups omitted
 * (pure).
 */
export function relatedGroups(rows: readonly RelationRow[], cardFor: CardFor, language: string) {
  const groups = new Map<string, Card[]>();
  for (const row of rows) {
    const cards = groups.get(row.group_key) ?? [];
    const card = cardFor(row.related_product_id);
    if (card !== null && cards.length < RELATED_PER_GROUP && !cards.some((c) => c.id === card.id)) cards.push(card);
    groups.set(row.group_key, cards);
  }
  return [...groups]
    .filter(([, cards]) => cards.length > 0)
    .map(([key, products]) => ({ key, label: labelIn(GROUP_LABELS[key] ?? {}, language, key), products }));
}

/** The bundle's components sold on the market, or null when the product is no bundle (pure). */
export function bundleOf(rows: readonly BundleRow[], cardFor: CardFor) {
  if (rows.length === 0) return null;
  const components = rows.flatMap((row) => {
    const card = cardFor(row.component_product_id);
    return card === null ? [] : [{ product: card, quantity: decimalString(row.quantity) }];
  });
  return { components };
}

/** How a page cards the products it links to, the products it read them from, and the serving token, if any. */
type LinkedCards = { cardFor: CardFor; products: readonly number[]; token: string | null };

/**
 * The cards of linked products: the listing's own, as the engine serves them (so as fresh as the listing, and kept
 * under its serving token); where the engine cannot read cards by id, or for a preview key's draft, the held
 * products' cards (as fresh as the product itself, kept until the change log names one of them).
 */
async function linkedCards(
  { held, engine }: ProductSources,
  ctx: SiteContext,
  ids: readonly number[],
): Promise<LinkedCards> {
  const served = ctx.preview ? null : (engine.servedCards?.(ctx.alias, ids.map(String)) ?? null);
  if (served !== null) {
    const cardFor = (id: number) => {
      const card = served.cards.get(String(id));
      return card === undefined ? null : cardOf(card as IndexedCard, ctx.catalogue, ctx.market, ctx.language);
    };
    return { cardFor, products: [], token: served.token };
  }
  const sold = await held.sold(ctx, ids);
  const cardFor = (id: number) => {
    const found = sold.get(id);
    const card = found === undefined ? null : cardOf(found.sold.card, ctx.catalogue, ctx.market, ctx.language);
    return card === null ? null : { ...card, image: found?.media.get(id)?.image ?? null };
  };
  return { cardFor, products: ids, token: null };
}

/**
 * Related groups and bundle components, carded with this market's price, stock and display image (see linkedCards);
 * `products` names every product carded from the held products (a change to one changes the answer), `token` the
 * serving token of cards the engine served (a new generation changes the answer).
 */
export async function relatedAndBundle(sources: ProductSources, ctx: SiteContext, productId: number) {
  const page = await sources.pages.page(ctx, productId);
  const { relations, bundle } = page;
  const linked = [...relations.map((r) => r.related_product_id), ...bundle.map((b) => b.component_product_id)];
  const { cardFor, products, token } =
    linked.length === 0 ? { cardFor: () => null, products: [], token: null } : await linkedCards(sources, ctx, linked);
  return {
    related: relatedGroups(relations, cardFor, ctx.language),
    bundle: bundleOf(bundle, cardFor),
    products,
    token,
    /** The page rows read for them, which the page's own parts reuse. */
    page,
  };
}
