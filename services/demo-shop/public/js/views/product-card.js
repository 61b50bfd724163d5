// @ts-check
import { h } from '../dom.js';
import { money, t } from '../i18n.js';
import { picture } from '../media.js';

/** @typedef {import('../types.js').Card} Card */
/** @typedef {import('../types.js').Price} Price */

/**
 * A price as the shopper reads it: "from" when variants differ, the original struck through when reduced.
 * @param {Price} price
 * @param {boolean} varies
 */
export function priceTag(price, varies = false) {
  const reduced =
    price.compareAt !== null && price.compareAt !== undefined && Number(price.compareAt) > Number(price.amount);
  return h(
    'span',
    { class: `price${reduced ? ' price-reduced' : ''}` },
    varies && h('span', { class: 'price-from' }, `${t('from')} `),
    h('span', { class: 'price-now' }, money(price.amount, price.currency)),
    reduced && h('s', { class: 'price-was' }, money(String(price.compareAt), price.currency)),
  );
}

/**
 * @param {Card} card
 * @param {string} language
 */
export function productCard(card, language) {
  return h(
    'a',
    { class: 'card', href: `/p/${encodeURIComponent(card.slug)}`, dataset: { product: card.id } },
    h(
      'div',
      { class: 'card-media' },
      picture(card.image, {
        sizes: '(min-width: 1200px) 260px, (min-width: 700px) 30vw, 45vw',
        alt: card.name,
        language,
      }),
      !card.inStock && h('span', { class: 'badge badge-muted' }, t('outOfStock')),
      card.price.compareAt &&
        h(
          'span',
          { class: 'badge badge-sale' },
          `−${Math.round((1 - Number(card.price.amount) / Number(card.price.compareAt)) * 100)}%`,
        ),
    ),
    h(
      'div',
      { class: 'card-body' },
      card.brand && h('span', { class: 'card-brand' }, card.brand.label),
      h('span', { class: 'card-name' }, card.name),
      priceTag(card.price, card.priceVaries),
    ),
  );
}
