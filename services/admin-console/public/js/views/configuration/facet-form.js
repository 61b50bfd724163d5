// @ts-check
// The form of one facet: its source and the source's own field, its type and the settings that type takes (match,
// range, swatches), its labels and help per language. Settings a type does not take are hidden and sent as their
// defaults, so the API's errors are about what the shop admin chose.
import { h } from '../../dom.js';
import { field } from '../../forms.js';
import { checkedAt, control, valueAt } from './context.js';
import { optionalNumber, Problems, readJson, readPerLanguage, textOrNull, writePerLanguage } from './text-values.js';

/** @typedef {import('./facets.js').Facet} Facet */
/** @typedef {import('./facets.js').FacetDefinition} FacetDefinition */

const SOURCES = [
  { value: 'brand', label: 'Brand' },
  { value: 'option', label: 'Product option (such as size or colour)' },
  { value: 'attribute', label: 'Product attribute' },
  { value: 'category', label: 'Category tree' },
];
const TYPES = [
  { value: 'list', label: 'List of values' },
  { value: 'hierarchy', label: 'Hierarchy (category tree)' },
  { value: 'range', label: 'Range (from–to)' },
  { value: 'toggle', label: 'Toggle (on or off)' },
  { value: 'swatch', label: 'Swatches (colours or images)' },
];
const MATCHES = [
  { value: 'any', label: 'Any of the chosen values' },
  { value: 'all', label: 'All of the chosen values' },
  { value: 'single', label: 'One value at a time' },
];
/**
 * Marks a field (its wrapper) as taken only by these source kinds or types, space-separated.
 * @param {string} values
 * @param {HTMLElement} wrapper
 */
const only = (values, wrapper) => {
  wrapper.dataset.when = values;
  return wrapper;
};

const PER_LANGUAGE = 'One language a line: its code, a colon, the text. Example: en: Colour';

/** @param {Facet['definition'] | undefined} d */
function sourceFields(d) {
  const source = /** @type {Record<string, unknown>} */ (d?.source ?? { kind: 'brand' });
  const rootId = source.rootId === null || source.rootId === undefined ? '' : String(source.rootId);
  return h(
    'fieldset',
    { class: 'cfg-group' },
    h('legend', null, 'Source'),
    field({ path: '$.source.kind', label: 'Values come from', options: SOURCES, value: String(source.kind) }),
    only(
      'option',
      field({
        path: '$.source.option',
        label: 'Option name',
        value: String(source.option ?? ''),
        hint: 'The option axis as the business system names it, such as Size.',
      }),
    ),
    only(
      'attribute',
      field({
        path: '$.source.attribute',
        label: 'Attribute key',
        value: String(source.attribute ?? ''),
        hint: "The product attribute's key, such as material.",
      }),
    ),
    only(
      'category',
      field({
        path: '$.source.rootId',
        label: 'Category root id (optional)',
        type: 'number',
        value: rootId,
        hint: 'Only the categories under this one; empty: the whole tree.',
        attrs: { min: 1, step: 1 },
      }),
    ),
  );
}

/** @param {FacetDefinition | undefined} d */
function displayFields(d) {
  const swatches = d && Object.keys(d.swatches).length > 0 ? JSON.stringify(d.swatches, null, 2) : '';
  return h(
    'fieldset',
    { class: 'cfg-group' },
    h('legend', null, 'Display'),
    field({
      path: '$.type',
      label: 'Type',
      options: TYPES,
      value: d?.type ?? 'list',
      hint:
        'A brand feeds a list; an option a list or swatches; an attribute a list, swatches, a range or a ' +
        'toggle; a category tree a hierarchy or a list.',
    }),
    only(
      'list hierarchy swatch',
      field({ path: '$.match', label: 'Several values chosen match', options: MATCHES, value: d?.match ?? 'any' }),
    ),
    h(
      'div',
      { class: 'cfg-row' },
      field({
        path: '$.size',
        label: 'Values shown',
        type: 'number',
        value: d?.size ?? 20,
        hint: '1 to 1000.',
        attrs: { min: 1, max: 1000, step: 1 },
      }),
      field({
        path: '$.position',
        label: 'Position',
        type: 'number',
        value: d?.position ?? 0,
        hint: 'Lower comes first.',
        attrs: { min: 0, max: 10000, step: 1 },
      }),
    ),
    h(
      'div',
      { class: 'cfg-row', dataset: { when: 'range' } },
      field({
        path: '$.range.unit',
        label: 'Unit (optional)',
        value: d?.range?.unit ?? '',
        hint: 'Shown after the numbers, such as cm.',
      }),
      field({
        path: '$.range.step',
        label: 'Step',
        type: 'number',
        value: d?.range?.step ?? 1,
        hint: "The slider's step, above 0.",
        attrs: { min: 0, step: 'any' },
      }),
    ),
    only(
      'swatch',
      field({
        path: '$.swatches',
        label: 'Swatches (JSON)',
        multiline: true,
        value: swatches,
        attrs: { spellcheck: 'false' },
        hint:
          'Each value key with its colour or image, such as {"red": {"color": "#c62828"}, "oak": {"image": ' +
          '"swatches/oak.png"}}. Empty: none.',
      }),
    ),
    field({ path: '$.collapsed', label: 'Start collapsed', type: 'checkbox', value: d?.collapsed ?? false }),
    only(
      'list swatch',
      field({
        path: '$.searchable',
        label: 'Searchable: a search box over the values',
        type: 'checkbox',
        value: d?.searchable ?? false,
      }),
    ),
  );
}

/** @param {FacetDefinition | undefined} d */
const wordFields = (d) =>
  h(
    'fieldset',
    { class: 'cfg-group' },
    h('legend', null, 'Words'),
    field({
      path: '$.label',
      label: 'Label per language',
      multiline: true,
      value: writePerLanguage(d?.label),
      hint: PER_LANGUAGE,
    }),
    field({
      path: '$.help',
      label: 'Help per language (optional)',
      multiline: true,
      value: writePerLanguage(d?.help),
      hint: PER_LANGUAGE,
    }),
  );

/**
 * Shows the fields the chosen source and type take: a wrapper's `data-when` lists the source kinds or types it is for
 * (hiding the wrapper hides the label and hint too).
 * @param {HTMLFormElement} form
 */
function followChoices(form) {
  const sync = () => {
    const chosen = [valueAt(form, '$.source.kind'), valueAt(form, '$.type')];
    for (const wrapper of /** @type {HTMLElement[]} */ ([...form.querySelectorAll('[data-when]')])) {
      wrapper.hidden = !(wrapper.dataset.when ?? '').split(' ').some((v) => chosen.includes(v));
    }
  };
  control(form, '$.source.kind').addEventListener('change', sync);
  control(form, '$.type').addEventListener('change', sync);
  sync();
}

/**
 * The definition as the form holds it; what the chosen type does not take goes as its default.
 * @param {HTMLFormElement} form
 * @param {Problems} problems
 */
function definitionOf(form, problems) {
  const kind = valueAt(form, '$.source.kind');
  const type = valueAt(form, '$.type');
  /** @type {Record<string, unknown>} */
  const source = { kind };
  if (kind === 'option') source.option = valueAt(form, '$.source.option').trim();
  if (kind === 'attribute') source.attribute = valueAt(form, '$.source.attribute').trim();
  if (kind === 'category') source.rootId = optionalNumber(valueAt(form, '$.source.rootId')) ?? null;
  return {
    source,
    type,
    match: type === 'range' || type === 'toggle' ? 'any' : valueAt(form, '$.match'),
    label: readPerLanguage(valueAt(form, '$.label'), '$.label', problems),
    help: readPerLanguage(valueAt(form, '$.help'), '$.help', problems),
    collapsed: checkedAt(form, '$.collapsed'),
    searchable: (type === 'list' || type === 'swatch') && checkedAt(form, '$.searchable'),
    size: optionalNumber(valueAt(form, '$.size')),
    position: optionalNumber(valueAt(form, '$.position')),
    range:
      type === 'range'
        ? { unit: textOrNull(valueAt(form, '$.range.unit')), step: optionalNumber(valueAt(form, '$.range.step')) }
        : null,
    swatches: type === 'swatch' ? readJson(valueAt(form, '$.swatches'), {}, '$.swatches', problems) : {},
  };
}

/**
 * @param {Facet | null} facet
 * @param {import('./context.js').ConfigContext} cc
 * @returns {import('./entity-section.js').Editor}
 */
export function facetEditor(facet, cc) {
  const d = facet?.definition;
  const keyHint = facet
    ? 'The key names the facet in filters and addresses; to use another, add a facet and remove this one.'
    : 'Lowercase letters, digits, hyphens or underscores, such as colour; it names the filter in addresses. ' +
      'price and in-stock are built in.';
  return {
    title: facet ? `Edit the facet ${facet.key}` : 'Add a facet',
    fields: [
      field({
        path: 'key',
        label: 'Facet key',
        value: facet?.key,
        required: true,
        hint: keyHint,
        attrs: { readonly: facet !== null, autocomplete: 'off', spellcheck: 'false' },
      }),
      sourceFields(d),
      displayFields(d),
      wordFields(d),
    ],
    ready: followChoices,
    save: async (form) => {
      const key = valueAt(form, 'key').trim();
      const problems = new Problems();
      if (key === '') problems.add('key', "Enter the facet's key.");
      const definition = definitionOf(form, problems);
      problems.check();
      await cc.api.request('PUT', `${cc.base}/facets/${encodeURIComponent(key)}`, definition, cc.signal);
      return key;
    },
  };
}
