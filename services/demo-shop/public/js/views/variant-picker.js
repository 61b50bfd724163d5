// @ts-check
import { h, replace } from '../dom.js';
import { t } from '../i18n.js';

/** @typedef {import('../app.js').App} App */
/** @typedef {import('../types.js').Product} Product */
/** @typedef {import('../types.js').Variant} Variant */
/** @typedef {import('../types.js').VariantsPage} VariantsPage */

const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/**
 * Values in the order a shopper expects (the API keeps no order): clothing sizes by size, numbers by value.
 * @param {string} a
 * @param {string} b
 */
function byNatural(a, b) {
  const [i, j] = [SIZE_ORDER.indexOf(a), SIZE_ORDER.indexOf(b)];
  if (i !== -1 && j !== -1) return i - j;
  const [x, y] = [Number(a), Number(b)];
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a.localeCompare(b);
}

/**
 * The option picker: one row of values per axis. After each choice the variants endpoint says which values still
 * make an in-stock variant with the other choices (`available`); the others are greyed out and cannot be chosen.
 * Calls `onChange` with the variant every axis names (null until then, or when that combination is not sold).
 * @param {App} app
 * @param {Product} product
 * @param {(variant: Variant | null, chosen: Record<string, string>) => void} onChange
 * @param {(axis: string) => string} axisLabel the axis as the shopper reads it
 */
export function variantPicker(app, product, onChange, axisLabel) {
  /** @type {Record<string, string>} */
  const chosen = {};
  for (const option of product.options)
    if (option.values.length === 1 && option.values[0] !== undefined) chosen[option.name] = option.values[0];
  const root = h('div', { class: 'picker' });
  /** @type {AbortController | null} */
  let pending = null;

  const refresh = async () => {
    pending?.abort();
    pending = new AbortController();
    const params = new URLSearchParams({ 'filter[in-stock]': 'true', pageSize: '100' });
    for (const [axis, value] of Object.entries(chosen)) params.set(`filter[${axis}]`, value);
    let page;
    try {
      page = await app.api.variants(product.id, params, pending.signal);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      throw err;
    }
    // The rows are drawn again; the value that had the focus keeps it (a keyboard shopper stays in place).
    const focused = /** @type {HTMLElement | null} */ (root.querySelector('button:focus'));
    replace(
      root,
      ...product.options.map((option) =>
        axisRow(
          option.name,
          axisLabel(option.name),
          page,
          chosen,
          (value) => {
            if (chosen[option.name] === value) return;
            chosen[option.name] = value;
            void refresh();
          },
          app.swatches,
        ),
      ),
    );
    if (focused)
      /** @type {HTMLElement | null} */ (
        root.querySelector(
          `[data-axis="${CSS.escape(focused.closest('fieldset')?.dataset.axis ?? '')}"] [data-value="` +
            `${CSS.escape(focused.dataset.value ?? '')}"]`,
        )
      )?.focus();
    const complete = product.options.every((o) => chosen[o.name] !== undefined);
    onChange(complete ? pickVariant(product, page, chosen) : null, { ...chosen });
  };
  void refresh();
  return root;
}

/**
 * The variant the choices name: from the detail when it lists the variants, else from the in-stock page; a
 * combination that exists but is out of stock is still the shopper's variant (shown as out of stock).
 * @param {Product} product
 * @param {VariantsPage} page
 * @param {Record<string, string>} chosen
 */
function pickVariant(product, page, chosen) {
  const fits = (/** @type {Variant} */ v) =>
    Object.entries(chosen).every(([axis, value]) => v.selectedOptions[axis] === value);
  return (product.variants ?? []).find(fits) ?? page.items.find(fits) ?? null;
}

/**
 * @param {string} axis
 * @param {string} label
 * @param {VariantsPage} page
 * @param {Record<string, string>} chosen
 * @param {(value: string) => void} choose
 * @param {Map<string, string>} swatches colours the listing's swatch facets named, by value label
 */
function axisRow(axis, label, page, chosen, choose, swatches) {
  const values = [...(page.options.find((o) => o.name === axis)?.values ?? [])].sort((a, b) =>
    byNatural(a.value, b.value),
  );
  const current = chosen[axis];
  return h(
    'fieldset',
    { class: 'axis', dataset: { axis } },
    h(
      'legend',
      null,
      h('span', { class: 'axis-name' }, label),
      current
        ? h('span', { class: 'axis-value' }, current)
        : h('span', { class: 'axis-hint' }, t('choose', { axis: label.toLowerCase() })),
    ),
    h(
      'div',
      { class: 'axis-values' },
      values.map(({ value, available }) => {
        const colour = swatches.get(value);
        const button = h(
          'button',
          {
            type: 'button',
            class: `option${colour ? ' option-swatch' : ''}`,
            'aria-pressed': String(current === value),
            disabled: !available && current !== value,
            title: value,
            onclick: () => choose(value),
            dataset: { value, available: String(available) },
          },
          colour ? h('span', { class: 'swatch-dot' }) : null,
          h('span', null, value),
        );
        if (colour) /** @type {HTMLElement} */ (button.firstChild).style.setProperty('--swatch', colour);
        return button;
      }),
    ),
  );
}
