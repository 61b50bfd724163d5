// @ts-check
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { icon } from '../icons.js';
import { ListingQuery } from '../listing-query.js';
import { fileUrl, picture } from '../media.js';
import { axisLabeller } from '../option-labels.js';
import { gallery } from './gallery.js';
import { priceTag, productCard } from './product-card.js';
import { variantPicker } from './variant-picker.js';

/** @typedef {import('../app.js').App} App */
/** @typedef {import('../types.js').Product} Product */
/** @typedef {import('../types.js').Variant} Variant */

/**
 * A product page: gallery, name, brand and price, the variant picker, add to cart, description and details,
 * downloads, the bundle's parts and related products.
 * @param {App} app
 * @param {string} slug
 */
export async function productView(app, slug) {
  // A slug is per language: after a market change the page asks by id and shows the new slug.
  const byId = /** @type {{ productId?: string } | null} */ (history.state)?.productId;
  const [product, axisLabel] = await Promise.all([app.api.product(byId ?? slug), axisLabeller(app)]);
  history.replaceState({ productId: product.id }, '', `/p/${encodeURIComponent(product.slug)}`);
  document.title = `${product.name} · Aisle demo`;
  const language = app.site.language;
  const photos = gallery(product.images, product.name, language);
  const buy = buyBox(app, product, photos.show, axisLabel);
  const category = product.categories[0];
  return h(
    'article',
    { class: 'product-page', dataset: { product: product.id } },
    category &&
      h(
        'nav',
        { class: 'breadcrumb', 'aria-label': 'Breadcrumb' },
        h('a', { href: '/' }, t('home')),
        category.pathNames.flatMap((name) => [icon('chevron'), h('span', null, name)]),
      ),
    h(
      'div',
      { class: 'product-main' },
      photos.element,
      h(
        'div',
        { class: 'product-info' },
        product.brand &&
          (product.brand.facet
            ? h(
                'a',
                {
                  class: 'product-brand',
                  href:
                    `/search?` +
                    `${new ListingQuery().withFilter(product.brand.facet.key, [product.brand.facet.valueKey]).toParams()}`,
                },
                product.brand.label,
              )
            : h('span', { class: 'product-brand' }, product.brand.label)),
        h('h1', null, product.name),
        buy,
        product.shortDescription && h('p', { class: 'product-lead' }, product.shortDescription),
        h('p', { class: 'product-sku' }, `${t('sku')}: ${product.sku}`),
      ),
    ),
    details(product),
    bundle(product, language),
    product.related.map((group) =>
      h(
        'section',
        { class: 'related' },
        h('h2', null, group.label),
        h(
          'div',
          { class: 'grid grid-row' },
          group.products.map((c) => productCard(c, language)),
        ),
      ),
    ),
  );
}

/**
 * Price, stock, picker, quantity and the add-to-cart button, kept in step with the chosen variant.
 * @param {App} app
 * @param {Product} product
 * @param {(images: import('../types.js').Media[]) => void} showImages
 * @param {(axis: string) => string} axisLabel
 */
function buyBox(app, product, showImages, axisLabel) {
  const price = h('div', { class: 'product-price' }, priceTag(product.price, product.priceVaries));
  const stock = h('p', { class: 'stock' });
  const quantity = h('input', {
    type: 'number',
    min: '1',
    max: '99',
    value: '1',
    class: 'qty-input',
    'aria-label': t('quantity'),
  });
  const add = h('button', { type: 'submit', class: 'button button-primary add-to-cart' }, t('addToCart'));
  /** @type {Variant | null} */
  let variant = null;
  const show = (/** @type {Variant | null} */ v, /** @type {Record<string, string>} */ chosen) => {
    variant = v;
    const complete = product.options.every((o) => chosen[o.name] !== undefined);
    replace(price, v?.price ? priceTag(v.price) : priceTag(product.price, product.priceVaries));
    stock.className = `stock ${v?.inStock ? 'in-stock' : 'no-stock'}`;
    stock.textContent = complete ? stockText(v) : '';
    add.disabled = !buyable(v);
    // A colour's own photos, when the chosen variant (or any of that colour) has them.
    const own = v?.hasOwnImages
      ? v.images
      : (product.variants ?? []).find(
          (x) => x.hasOwnImages && Object.entries(chosen).every(([a, val]) => x.selectedOptions[a] === val),
        )?.images;
    showImages(own && own.length > 0 ? own : product.images);
  };
  const onSubmit = async (/** @type {Event} */ e) => {
    e.preventDefault();
    if (variant === null) return;
    add.disabled = true;
    add.textContent = t('adding');
    await addToCart(app, variant.sku, Math.max(1, Math.floor(Number(quantity.value) || 1)));
    add.textContent = t('addToCart');
    add.disabled = !buyable(variant);
  };
  const simple = product.options.length === 0;
  // Nothing to add until the picker names a variant.
  add.disabled = !simple;
  const picker = simple ? null : variantPicker(app, product, show, axisLabel);
  if (simple) show((product.variants ?? [])[0] ?? null, {});
  return h(
    'form',
    { class: 'buy', onsubmit: onSubmit },
    price,
    picker,
    stock,
    h('div', { class: 'buy-row' }, quantity, add),
  );
}

/** @param {Variant | null} v */
const buyable = (v) => v?.inStock === true && v.price !== null;

/**
 * What the shopper reads about the chosen variant's availability.
 * @param {Variant | null} v
 */
function stockText(v) {
  if (v === null || v.price === null) return t('unavailable');
  if (!v.inStock) return t('outOfStock');
  const left = Math.floor(Number(v.stock));
  return left <= 5 ? t('lowStock', { n: left }) : t('inStock');
}

/**
 * Adds to the cart and says how it went.
 * @param {App} app
 * @param {string} sku
 * @param {number} quantity
 */
async function addToCart(app, sku, quantity) {
  try {
    await app.cart.add(sku, quantity);
    app.toast(t('added'), { href: '/cart', label: t('viewCart') });
  } catch (err) {
    app.toast(
      err instanceof ApiError && err.code === 'STOCK_INSUFFICIENT'
        ? t('notEnoughStock')
        : err instanceof Error
          ? err.message
          : t('somethingWrong'),
    );
  }
}

/** @param {Product} product */
function details(product) {
  const rows = product.attributes
    .filter((a) => a.type !== 'html')
    .map((a) => h('tr', null, h('th', null, a.label), h('td', null, attributeValue(a))));
  const description = product.description ? h('div', { class: 'description' }) : null;
  // The API sanitizes description HTML to a fixed allow-list (no scripts, styles or images) before it leaves the
  // server.
  if (description && product.description) description.innerHTML = product.description.html;
  const files = product.files.map((f) => ({ f, href: fileUrl(f) })).filter((x) => x.href !== null);
  if (!description && rows.length === 0 && files.length === 0) return null;
  return h(
    'section',
    { class: 'product-details' },
    description && h('div', null, h('h2', null, t('description')), description),
    rows.length > 0 &&
      h('div', null, h('h2', null, t('details')), h('table', { class: 'attributes' }, h('tbody', null, rows))),
    files.length > 0 &&
      h(
        'div',
        null,
        h('h2', null, t('downloads')),
        h(
          'ul',
          { class: 'downloads' },
          files.map(({ f, href }) =>
            h(
              'li',
              null,
              h(
                'a',
                { href, target: '_blank', rel: 'noopener' },
                icon('file'),
                f.filename,
                f.pages && h('small', null, ` · ${f.pages} p.`),
              ),
            ),
          ),
        ),
      ),
  );
}

/**
 * A value as text; flags as yes or no; values that are filters link to the listing filtered by them.
 * @param {import('../types.js').Attribute} a
 */
function attributeValue(a) {
  if (a.type === 'bool')
    return ['true', 'yes', '1', 'ja', 'y'].includes((a.value ?? '').toLowerCase()) ? t('yes') : t('no');
  const values = a.type === 'list' ? (a.values ?? []) : [a.value ?? ''];
  const keys = a.valueKeys;
  if (a.facetKey === null || keys === undefined) return values.join(', ');
  const facetKey = a.facetKey;
  return values.flatMap((value, i) => [
    i > 0 ? ', ' : null,
    h('a', { href: `/search?${new ListingQuery().withFilter(facetKey, [keys[i] ?? value]).toParams()}` }, value),
  ]);
}

/**
 * @param {Product} product
 * @param {string} language
 */
function bundle(product, language) {
  if (!product.bundle || product.bundle.components.length === 0) return null;
  return h(
    'section',
    { class: 'bundle' },
    h('h2', null, t('bundle')),
    h(
      'ul',
      null,
      product.bundle.components.map((c) =>
        h(
          'li',
          null,
          h(
            'a',
            { href: `/p/${encodeURIComponent(c.product.slug)}` },
            picture(c.product.image, { sizes: '64px', alt: c.product.name, language, className: 'bundle-thumb' }),
            h('span', null, `${Number(c.quantity)} × ${c.product.name}`),
          ),
        ),
      ),
    ),
  );
}
