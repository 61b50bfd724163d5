// @ts-check
// A gated run beside the live index: why the gate held it back, its figures against the live ones, and the
// confirmation that puts it live anyway.
import { h, replace } from '../../dom.js';
import { count } from '../../format.js';
import { change, facetFigure, gateReason, percent, trippedFigure } from './run-format.js';

/** @typedef {import('./run-types.js').Run} Run */
/** @typedef {import('./run-types.js').SiteIndex} SiteIndex */

/**
 * The figures the gate compares, one row each: documents, the share in stock, the distinct values of each facet.
 * @param {Run} run
 * @param {SiteIndex | null} live
 * @returns {{ label: string, gated: number, live: number | null, format: (n: number) => string }[]}
 */
function figures(run, live) {
  const rows = [
    {
      label: 'Documents',
      gated: run.stats?.count ?? run.documentCount,
      live: live?.documentCount ?? null,
      format: count,
    },
  ];
  if (run.stats !== null) {
    rows.push({
      label: 'Share in stock',
      gated: run.stats.inStockShare,
      live: live?.stats?.inStockShare ?? null,
      format: percent,
    });
    const facets = [
      ...new Set([...Object.keys(live?.stats?.facetValues ?? {}), ...Object.keys(run.stats.facetValues)]),
    ].sort();
    for (const facet of facets) {
      rows.push({
        label: facetFigure(facet),
        gated: run.stats.facetValues[facet] ?? 0,
        live: live?.stats?.facetValues[facet] ?? null,
        format: count,
      });
    }
  }
  return rows;
}

/**
 * @param {Run} run
 * @param {SiteIndex | null} live
 */
function comparison(run, live) {
  const tripped = trippedFigure(run.gate);
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'data-table compare-table' },
      h('caption', null, `Run #${run.id} beside the live index`),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'Figure'),
          h('th', { scope: 'col' }, `Gated run #${run.id}`),
          h('th', { scope: 'col' }, 'Live index'),
          h('th', { scope: 'col' }, 'Change'),
        ),
      ),
      h(
        'tbody',
        null,
        figures(run, live).map((f) =>
          h(
            'tr',
            { dataset: { figure: f.label }, class: f.label === tripped ? 'tripped' : null },
            h(
              'th',
              { scope: 'row' },
              f.label,
              f.label === tripped ? h('span', { class: 'tripped-note' }, 'Held the run back') : null,
            ),
            h('td', { class: 'num', dataset: { side: 'gated' } }, f.format(f.gated)),
            h('td', { class: 'num', dataset: { side: 'live' } }, f.live === null ? '—' : f.format(f.live)),
            h('td', { class: 'num' }, f.live === null ? '—' : change(f.live, f.gated)),
          ),
        ),
      ),
    ),
  );
}

/**
 * @param {{ canWrite: boolean, onConfirm: (run: Run, button: HTMLButtonElement) => void }} o
 */
export function gatedPanel(o) {
  /** @type {Run | null} */
  let shown = null;
  const title = h('h2', { id: 'gated-title' });
  const body = h('div', { class: 'gated-body' });
  const confirm = h('button', {
    type: 'button',
    class: 'button primary',
    'aria-describedby': 'gated-hint',
    onclick: () => shown && o.onConfirm(shown, confirm),
  });
  const hint = h(
    'p',
    { id: 'gated-hint', class: 'field-hint' },
    'Confirm to put it live anyway (a rollback undoes it), or correct the catalogue and reindex: the next ' +
      'run is judged again.',
  );
  const actions = o.canWrite
    ? h('div', { class: 'gated-actions' }, confirm, hint)
    : h('p', { class: 'muted' }, 'Confirming a gated run needs read-write access.');
  const element = h(
    'section',
    { class: 'panel gated-panel', 'aria-labelledby': 'gated-title', hidden: true },
    title,
    body,
    actions,
  );
  return {
    element,
    /**
     * @param {Run | null} run the newest full run when it awaits confirmation
     * @param {SiteIndex | null} live
     */
    update(run, live) {
      shown = run;
      element.hidden = run === null;
      if (run === null) return;
      replace(title, `Run #${run.id} was held back: the shop still searches the live index`);
      replace(confirm, `Put run #${run.id} live…`);
      const reason = run.gate === null ? 'The gate held it back.' : gateReason(run.gate);
      replace(body, h('p', { class: 'gate-reason' }, h('strong', null, 'Why: '), reason), comparison(run, live));
    },
  };
}
