import { cardOf } from '../listing/listing-response';
import type { SiteContext } from '../keys/site-context';
import { labelIn } from '../catalogue/facet-specs';
import { decimalString } from '../../../indexer/documents/format';
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

/**
 * Related groups and bundle components, carded with this market's price, stock and display image as the serving
 * process holds them (see HeldProducts); `products` names every product carded (a change to one changes the answer).
 */
export async function relatedAndBundle({ held, pages }: ProductSources, ctx: SiteContext, productId: number) {
  const page = await pages.page(ctx, productId);
  const { relations, bundle } = page;
  const products = [...relations.map((r) => r.related_product_id), ...bundle.map((b) => b.component_product_id)];
  const sold = await held.sold(ctx, products);
  const cardFor = (id: number) => {
    const found = sold.get(id);
    const card = found === undefined ? null : cardOf(found.sold.card, ctx.catalogue, ctx.market, ctx.language);
    return card === null ? null : { ...card, image: found?.media.get(id)?.image ?? null };
  };
  return {
    related: relatedGroups(relations, cardFor, ctx.language),
    bundle: bundleOf(bundle, cardFor),
    products,
    /** The page rows read for them, which the page's own parts reuse. */
    page,
  };
}
