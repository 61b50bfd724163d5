// @ts-check
// What the reports cover: the period (a preset or a custom range of days) and the market. Shown on "Show", so
// moving through the options by keyboard does not load a report at each step.
import { h } from '../../dom.js';
import { clearErrors, field } from '../../forms.js';
import { PRESETS, rangeOf, rangeProblem } from './period.js';

/** @typedef {import('./period.js').ReportChoice} ReportChoice */
/** @typedef {{ code: string, language: string, isDefault?: boolean }} MarketOption */

/**
 * Shows a problem beside the field it concerns (as forms.js shows the API's), focusing that field.
 * @param {HTMLElement} form
 * @param {{ path: string, message: string }} problem
 */
function showProblem(form, problem) {
  const control = /** @type {HTMLElement | null} */ (form.querySelector(`[data-path="${problem.path}"]`));
  const error = control && document.getElementById(`${control.id}-error`);
  if (!control || !error) return;
  control.setAttribute('aria-invalid', 'true');
  error.hidden = false;
  error.replaceChildren(h('span', null, problem.message));
  control.focus();
}

/**
 * @param {{ initial: ReportChoice, markets: MarketOption[], onShow: (choice: ReportChoice) => void }} options
 * @returns {{ form: HTMLFormElement, setBusy: (busy: boolean) => void }}
 */
export function reportControls({ initial, markets, onShow }) {
  const range = rangeOf(initial.period);
  const periodValue = initial.period.kind === 'preset' ? String(initial.period.days) : 'custom';
  const periodOptions = [
    ...PRESETS.map((d) => ({ value: String(d), label: `Last ${d} days` })),
    { value: 'custom', label: 'Custom range' },
  ];
  const period = field({ path: '$.period', label: 'Period', value: periodValue, options: periodOptions });
  const from = field({ path: '$.from', label: 'From', type: 'date', value: range.from, attrs: { max: range.to } });
  // Days are UTC days (the lead paragraph says so); a range over MAX_DAYS is refused beside "To".
  const to = field({
    path: '$.to',
    label: 'To',
    type: 'date',
    value: range.to,
    attrs: { max: rangeOf({ kind: 'preset', days: 1 }).to },
  });
  const custom = h('div', { class: 'an-custom-range', hidden: periodValue !== 'custom' }, from, to);
  const marketOptions = [
    { value: '', label: 'All markets' },
    ...markets.map((m) => ({ value: m.code, label: `${m.code} (${m.language})` })),
  ];
  const market = field({ path: '$.market', label: 'Market', value: initial.market, options: marketOptions });
  const submit = h('button', { type: 'submit', class: 'button primary' }, 'Show');
  const form = h(
    'form',
    { class: 'an-controls panel', 'aria-label': 'Report period and market', novalidate: true },
    period,
    custom,
    market,
    h('div', { class: 'an-controls-actions' }, submit),
  );

  const periodSelect = /** @type {HTMLSelectElement} */ (period.querySelector('select'));
  const fromInput = /** @type {HTMLInputElement} */ (from.querySelector('input'));
  const toInput = /** @type {HTMLInputElement} */ (to.querySelector('input'));
  const marketSelect = /** @type {HTMLSelectElement} */ (market.querySelector('select'));
  periodSelect.addEventListener('change', () => {
    custom.hidden = periodSelect.value !== 'custom';
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearErrors(form);
    if (periodSelect.value !== 'custom')
      return onShow({ period: { kind: 'preset', days: Number(periodSelect.value) }, market: marketSelect.value });
    const problem = rangeProblem(fromInput.value, toInput.value);
    if (problem) return showProblem(form, problem);
    onShow({ period: { kind: 'custom', from: fromInput.value, to: toInput.value }, market: marketSelect.value });
  });
  return {
    form,
    setBusy: (busy) => {
      submit.toggleAttribute('disabled', busy);
      form.setAttribute('aria-busy', String(busy));
    },
  };
}
