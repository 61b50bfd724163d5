// @ts-check
// The part of a rule's form saying which searches it is for: the words, how they match, the markets, the dates.
import { h } from '../../dom.js';
import { field } from '../../forms.js';
import { group, uid } from './controls.js';
import { languageName } from './languages.js';
import { MATCH_LABELS } from './rule-words.js';
import { instantOf, localValue, timeZone } from './time.js';

/** @typedef {Pick<import('./types.js').QueryRule, 'query' | 'match' | 'markets' | 'activeFrom' | 'activeUntil'>} RuleScope */

/** @param {HTMLElement} wrap */
const controlIn = (wrap) => /** @type {HTMLInputElement | HTMLSelectElement} */ (wrap.querySelector('.control'));

/**
 * @param {RuleScope} rule
 * @param {import('./types.js').Market[]} markets
 * @returns {{ element: HTMLElement, value: () => RuleScope, focus: () => void }}
 */
export function ruleScope(rule, markets) {
  const query = field({
    path: '$.query',
    label: 'Search words',
    value: rule.query,
    required: true,
    hint: 'What shoppers type, such as trainers. Capitals, accents and extra spaces do not matter.',
    attrs: { maxlength: 200, autocomplete: 'off' },
  });
  const match = field({
    path: '$.match',
    label: 'Applies to',
    value: rule.match,
    options: Object.entries(MATCH_LABELS).map(([value, label]) => ({ value, label })),
    hint:
      'Containing: the words appear in the search as whole words, so jacket matches “red jacket” but not ' +
      '“jackets”.',
  });
  const boxes = markets.map((m) => {
    const id = uid('market');
    const box = h('input', { id, type: 'checkbox', value: m.code, checked: rule.markets.includes(m.code) });
    return {
      box,
      element: h(
        'div',
        { class: 'field-check' },
        box,
        h(
          'label',
          { for: id },
          h('code', null, m.code),
          ` ${languageName(m.language)}, ${m.currency}${m.active ? '' : ' (switched off)'}`,
        ),
      ),
    };
  });
  const marketGroup = group(
    { legend: 'Markets', hint: 'Tick none for every market.', path: '$.markets', class: 'market-group' },
    h(
      'div',
      { class: 'checks' },
      boxes.map((b) => b.element),
    ),
  );
  const from = field({
    path: '$.activeFrom',
    label: 'Starts',
    type: 'datetime-local',
    value: localValue(rule.activeFrom),
    hint: 'Empty: from now on.',
  });
  const until = field({
    path: '$.activeUntil',
    label: 'Ends',
    type: 'datetime-local',
    value: localValue(rule.activeUntil),
    hint: 'Empty: never ends.',
  });
  const dates = group(
    {
      legend: 'When',
      hint: `The rule applies from the start until the end, in your time zone (${timeZone()}).`,
      class: 'date-group',
    },
    h('div', { class: 'pair' }, from, until),
  );
  const element = group({ legend: 'Which searches it changes', class: 'rule-part' }, query, match, marketGroup, dates);
  const value = () => ({
    query: controlIn(query).value,
    match: /** @type {'exact' | 'contains'} */ (controlIn(match).value),
    markets: boxes.filter((b) => b.box.checked).map((b) => b.box.value),
    activeFrom: instantOf(controlIn(from).value),
    activeUntil: instantOf(controlIn(until).value),
  });
  return { element, value, focus: () => controlIn(query).focus() };
}
