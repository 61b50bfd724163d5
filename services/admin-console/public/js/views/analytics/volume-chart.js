// @ts-check
// Searches per day as a line chart (uPlot on a canvas), with the same numbers in words and in a table for those
// who cannot see the chart: the chart is one image with a summary for its name, the table lists every day.
import { h } from '../../dom.js';
import { count } from '../../format.js';
import { dayLong, dayShort, dayStart, utcDay } from './period.js';
import { loadUPlot } from './uplot-loader.js';

/** @typedef {{ day: string, requests: number, noHitRequests: number }} DayVolume */

const DAY_S = 86_400;
const COLORS = {
  searches: '#1f3a5f',
  searchesFill: 'rgba(31, 58, 95, 0.08)',
  noHits: '#b45309',
  axis: '#56606d',
  grid: '#e8ecf1',
};
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';

/** @param {number} n @param {string} one @param {string} many */
const plural = (n, one, many) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * The chart in one sentence: the range, the total and the busiest day.
 * @param {DayVolume[]} days
 */
export function chartSummary(days) {
  const total = days.reduce((sum, d) => sum + d.requests, 0);
  const noHits = days.reduce((sum, d) => sum + d.noHitRequests, 0);
  const busiest = days.reduce((best, d) => (d.requests > best.requests ? d : best), days[0]);
  const range = `${dayLong(days[0].day)} to ${dayLong(days[days.length - 1].day)}`;
  return (
    `Line chart of searches per day from ${range}: ${plural(total, 'search', 'searches')} in all, most on ` +
    `${dayLong(busiest.day)} (${count(busiest.requests)}); ${count(noHits)} found nothing. The table below ` +
    `lists every day.`
  );
}

/** @param {DayVolume[]} days */
const volumeTable = (days) =>
  h(
    'div',
    // It scrolls when the period is long: focusable and named, so a keyboard can scroll it too.
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Searches per day, scrollable' },
    h(
      'table',
      { class: 'an-table' },
      h('caption', { class: 'visually-hidden' }, 'Searches per day'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'Day'),
          h('th', { scope: 'col', class: 'num' }, 'Searches'),
          h('th', { scope: 'col', class: 'num' }, 'Found nothing'),
        ),
      ),
      h(
        'tbody',
        null,
        days.map((d) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row' }, dayLong(d.day)),
            h('td', { class: 'num' }, count(d.requests)),
            h('td', { class: 'num' }, count(d.noHitRequests)),
          ),
        ),
      ),
    ),
  );

/** What the key shows for each line: its name, and a sample of its stroke (solid or dashed, not only a colour). */
const chartKey = () =>
  h(
    'ul',
    { class: 'an-key', 'aria-hidden': 'true' },
    h('li', null, h('span', { class: 'an-swatch an-swatch-searches' }), 'Searches'),
    h('li', null, h('span', { class: 'an-swatch an-swatch-nohits' }), 'Found nothing (dashed)'),
  );

/**
 * uPlot's options for the days: UTC days on x, whole numbers from 0 on y, no legend of its own (the key and the
 * readout are the page's), a readout of the day under the pointer.
 * @param {typeof import('uplot')} UPlot
 * @param {number} width
 * @param {DayVolume[]} days
 * @param {(idx: number | null | undefined) => void} onCursor
 * @returns {import('uplot').Options}
 */
function chartOptions(UPlot, width, days, onCursor) {
  const axis = {
    stroke: COLORS.axis,
    font: FONT,
    grid: { stroke: COLORS.grid, width: 1 },
    ticks: { stroke: COLORS.grid, width: 1 },
  };
  return {
    width,
    height: width < 560 ? 220 : 260,
    tzDate: (ts) => UPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 8 } },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
    axes: [
      {
        ...axis,
        space: 70,
        incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 28 * DAY_S, 91 * DAY_S],
        values: (_u, splits) => splits.map((s) => dayShort(utcDay(s * 1000))),
      },
      {
        ...axis,
        size: 56,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6],
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? count(v) : '')),
      },
    ],
    series: [
      {},
      {
        label: 'Searches',
        stroke: COLORS.searches,
        fill: COLORS.searchesFill,
        width: 2,
        points: { show: days.length <= 45 },
      },
      { label: 'Found nothing', stroke: COLORS.noHits, width: 2, dash: [6, 4], points: { show: days.length <= 45 } },
    ],
    hooks: { setCursor: [(u) => onCursor(u.cursor.idx)] },
  };
}

/**
 * Draws the chart into `host` once it has a width, and follows its width after; everything stops with `signal`.
 * @param {HTMLElement} host
 * @param {DayVolume[]} days
 * @param {(idx: number | null | undefined) => void} onCursor
 * @param {AbortSignal} signal
 */
async function drawChart(host, days, onCursor, signal) {
  const UPlot = await loadUPlot();
  if (signal.aborted) return;
  const data = /** @type {import('uplot').AlignedData} */ ([
    days.map((d) => dayStart(d.day) / 1000),
    days.map((d) => d.requests),
    days.map((d) => d.noHitRequests),
  ]);
  /** @type {import('uplot') | null} */
  let plot = null;
  const observer = new ResizeObserver(() => {
    const width = Math.floor(host.clientWidth);
    if (width === 0) return;
    if (plot === null) plot = new UPlot(chartOptions(UPlot, width, days, onCursor), data, host);
    else if (Math.abs(plot.width - width) > 1) plot.setSize({ width, height: width < 560 ? 220 : 260 });
  });
  observer.observe(host);
  signal.addEventListener('abort', () => {
    observer.disconnect();
    plot?.destroy();
  });
}

/**
 * The "searches per day" section: a key, the chart (an image named by its summary), the day under the pointer, and
 * the numbers as a table.
 * @param {DayVolume[]} days oldest first, one per day of the range
 * @param {AbortSignal} signal aborts when the section is replaced or the page left
 */
export function volumeChart(days, signal) {
  const readout = h('p', { class: 'an-readout', 'aria-hidden': 'true' }, 'Point at the chart to read a day.');
  const host = h('div', { class: 'an-chart', role: 'img', 'aria-label': chartSummary(days) });
  const table = h(
    'details',
    { class: 'an-numbers' },
    h('summary', null, 'The numbers per day, as a table'),
    volumeTable(days),
  );
  const onCursor = (/** @type {number | null | undefined} */ idx) => {
    const d = idx === null || idx === undefined ? undefined : days[idx];
    readout.textContent = d
      ? `${dayLong(d.day)}: ${plural(d.requests, 'search', 'searches')}, ${count(d.noHitRequests)} found nothing`
      : 'Point at the chart to read a day.';
  };
  drawChart(host, days, onCursor, signal).catch(() => {
    if (signal.aborted) return;
    host.removeAttribute('role');
    host.removeAttribute('aria-label');
    host.replaceChildren(
      h('p', { class: 'notice notice-info' }, 'The chart could not be drawn; the numbers are in the table below.'),
    );
    table.open = true;
  });
  return h('figure', { class: 'an-figure' }, chartKey(), host, readout, table);
}
