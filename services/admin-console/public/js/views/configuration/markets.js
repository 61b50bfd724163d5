// @ts-check
// The draft's markets: where the shop sells (language, currency, country, price list, shop address).
import { h } from '../../dom.js';
import { field } from '../../forms.js';
import { checkedAt, valueAt } from './context.js';
import { numberOrText, Problems, textOrNull } from './text-values.js';

/**
 * @typedef {{
 *   code: string, language: string, currency: string, country: string, urlTemplate: string, priceListId: number,
 *   isDefault: boolean, brandUrlPattern: string | null, active: boolean,
 * }} Market
 */

/** @param {Market} m */
const marketCell = (m) => [
  h('code', null, m.code),
  m.isDefault ? ' ' : null,
  m.isDefault ? h('span', { class: 'badge cfg-badge-default' }, 'Default') : null,
];

/** @param {Market} m */
const statusCell = (m) => (m.active ? 'Selling' : h('span', { class: 'badge badge-off' }, 'Switched off'));

/**
 * @param {Market | null} m
 * @param {import('./context.js').ConfigContext} cc
 * @returns {import('./entity-section.js').Editor}
 */
function marketEditor(m, cc) {
  const fields = [
    h(
      'div',
      { class: 'cfg-row' },
      field({
        path: 'code',
        label: 'Market code',
        value: m?.code,
        required: true,
        hint: m
          ? 'Fixed: to use another code, add a market and remove this one.'
          : 'Such as se or eu-north; fixed once saved.',
        attrs: { readonly: m !== null, autocomplete: 'off', spellcheck: 'false' },
      }),
      field({
        path: '$.language',
        label: 'Language',
        value: m?.language,
        required: true,
        hint: 'BCP-47, such as sv or de-AT.',
        attrs: { autocomplete: 'off', spellcheck: 'false' },
      }),
      field({
        path: '$.currency',
        label: 'Currency',
        value: m?.currency,
        required: true,
        hint: 'ISO 4217, such as SEK.',
        attrs: { autocomplete: 'off', spellcheck: 'false' },
      }),
      field({
        path: '$.country',
        label: 'Country',
        value: m?.country,
        required: true,
        hint: 'ISO 3166-1, such as SE.',
        attrs: { autocomplete: 'off', spellcheck: 'false' },
      }),
    ),
    field({
      path: '$.urlTemplate',
      label: 'Shop address',
      type: 'url',
      value: m?.urlTemplate,
      required: true,
      hint: 'Where a page of this market lives, with {path} for the page, such as https://shop.example/se/{path}.',
      attrs: { spellcheck: 'false' },
    }),
    h(
      'div',
      { class: 'cfg-row' },
      field({
        path: '$.priceListId',
        label: 'Price list id',
        type: 'number',
        value: m?.priceListId,
        required: true,
        hint: "The business system's price list, in the market's currency.",
        attrs: { min: 1, step: 1 },
      }),
      field({
        path: '$.brandUrlPattern',
        label: 'Brand page pattern (optional)',
        value: m?.brandUrlPattern,
        hint: 'A path with {slug}, such as /brand/{slug}; empty: brands get no page.',
        attrs: { spellcheck: 'false' },
      }),
    ),
    field({
      path: '$.isDefault',
      label: 'Default market',
      type: 'checkbox',
      value: m?.isDefault ?? false,
      hint:
        'Used when a request names no market. Making this market the default takes it from the other; the ' +
        'first market is always the default.',
    }),
    field({
      path: '$.active',
      label: 'Selling in this market',
      type: 'checkbox',
      value: m?.active ?? true,
      hint: 'A switched-off market answers as closed; the default market stays on while others are on.',
    }),
  ];
  return {
    title: m ? `Edit the market ${m.code}` : 'Add a market',
    fields,
    save: async (form) => {
      const code = valueAt(form, 'code').trim();
      const problems = new Problems();
      if (code === '') problems.add('code', "Enter the market's code.");
      problems.check();
      const body = {
        language: valueAt(form, '$.language').trim(),
        currency: valueAt(form, '$.currency').trim(),
        country: valueAt(form, '$.country').trim(),
        priceListId: numberOrText(valueAt(form, '$.priceListId')),
        urlTemplate: valueAt(form, '$.urlTemplate').trim(),
        brandUrlPattern: textOrNull(valueAt(form, '$.brandUrlPattern')),
        isDefault: checkedAt(form, '$.isDefault'),
        active: checkedAt(form, '$.active'),
      };
      await cc.api.request('PUT', `${cc.base}/markets/${encodeURIComponent(code)}`, body, cc.signal);
      return code;
    },
  };
}

/**
 * @returns {import('./entity-section.js').EntitySpec<Market>}
 */
export function marketsSpec() {
  return {
    id: 'markets',
    title: 'Markets',
    intro: 'Where the shop sells: each market has its language, currency, country, price list and shop address.',
    noun: 'market',
    caption: "The draft's markets",
    empty: 'The draft has no market yet. A site needs one before shoppers can search it.',
    items: (draft) => /** @type {Market[]} */ (/** @type {unknown} */ (draft.markets)),
    name: (m) => m.code,
    columns: [
      { label: 'Market', cell: marketCell },
      { label: 'Language', cell: (m) => m.language },
      { label: 'Currency', cell: (m) => m.currency },
      { label: 'Country', cell: (m) => m.country },
      { label: 'Price list', cell: (m) => String(m.priceListId) },
      { label: 'Shop address', cell: (m) => h('span', { class: 'cfg-url' }, m.urlTemplate) },
      { label: 'Status', cell: statusCell },
    ],
    editor: marketEditor,
    removePath: (m) => `/markets/${encodeURIComponent(m.code)}`,
    removeNote:
      'It leaves the draft; the live site keeps selling in it until the draft is published. Query rules ' +
      'limited to it must be changed first.',
  };
}
