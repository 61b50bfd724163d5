// @ts-check
// Finding a product by name, product number or barcode, to pin or hide it: a search box (Enter finds, and does not
// send the rule's form) and the products found, each with a button that adds it.
import { h, replace } from '../../dom.js';
import { labelledInput } from './controls.js';
import { findProducts } from './product-names.js';

/**
 * @param {{
 *   api: import('../../api.js').AdminApi, siteId: number, signal: AbortSignal, label: string, verb: string,
 *   taken: (id: string) => boolean, add: (product: import('./product-names.js').MerchProduct) => void,
 * }} o `verb` names the button of each product found ("Pin"); `taken` marks the products already in the list
 */
export function productFinder(o) {
  const box = labelledInput({
    label: o.label,
    type: 'search',
    hint: 'A name, product number or barcode.',
    class: 'finder-input',
  });
  const found = h('ul', { class: 'found-products' });
  const said = h('p', { class: 'muted finder-status', role: 'status' });
  const run = async () => {
    const q = box.input.value.trim();
    if (q === '') return replace(said, 'Type a name, product number or barcode first.');
    replace(said, 'Finding…');
    try {
      const products = await findProducts(o.api, o.siteId, q, o.signal);
      replace(
        said,
        products.length === 0
          ? `No product matches “${q}”.`
          : `${products.length} ${products.length === 1 ? 'product' : 'products'} found.`,
      );
      replace(
        found,
        products.map((p) => productItem(p)),
      );
    } catch (err) {
      replace(said, `Products could not be found: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  /** @param {import('./product-names.js').MerchProduct} p */
  const productItem = (p) => {
    const id = p.productId;
    const taken = o.taken(id);
    // The accessible name starts with the visible text and names the product.
    const add = h(
      'button',
      {
        type: 'button',
        class: 'button secondary small',
        disabled: taken,
        'aria-label': `${taken ? 'Added' : o.verb} ${p.name}`,
      },
      taken ? 'Added' : o.verb,
    );
    add.addEventListener('click', () => {
      o.add(p);
      add.disabled = true;
      add.setAttribute('aria-label', `Added ${p.name}`);
      replace(add, 'Added');
    });
    return h(
      'li',
      null,
      h(
        'span',
        { class: 'found-name' },
        p.name,
        ' ',
        h('span', { class: 'muted' }, `${p.productNumber} · id ${id}${p.active ? '' : ' · inactive'}`),
      ),
      add,
    );
  };
  box.input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void run();
  });
  const button = h('button', { type: 'button', class: 'button secondary small', onclick: () => void run() }, 'Find');
  return h('div', { class: 'product-finder' }, h('div', { class: 'finder-row' }, box.wrap, button), said, found);
}
