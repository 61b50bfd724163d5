// @ts-check
// uPlot (npm `uplot`, MIT), served by the console itself from node_modules (app.ts): no CDN, and only when the
// analytics page draws its chart. Its stylesheet (the layers of the chart are positioned by it) is linked then too.

/** The module's address on the console; kept in a variable, as tsc cannot resolve a served path. */
const UPLOT_URL = '/vendor/uplot/uPlot.esm.js';
const UPLOT_CSS = '/vendor/uplot/uPlot.min.css';

/**
 * Links uPlot's stylesheet once (a <link>, which `style-src 'self'` allows) and waits until it applies.
 * @returns {Promise<void>}
 */
function linkStylesheet() {
  const present = document.querySelector(`link[href="${UPLOT_CSS}"]`);
  if (present instanceof HTMLLinkElement && present.sheet) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link =
      present instanceof HTMLLinkElement
        ? present
        : Object.assign(document.createElement('link'), { rel: 'stylesheet', href: UPLOT_CSS });
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        link.remove();
        reject(new Error("uPlot's stylesheet could not be loaded"));
      },
      { once: true },
    );
    if (!link.isConnected) document.head.append(link);
  });
}

/** @typedef {typeof import('uplot')} UPlot */

/** @type {Promise<UPlot> | null} */
let loading = null;

/**
 * The uPlot class, loaded once; a failed load is tried again next time.
 * @returns {Promise<UPlot>}
 */
export function loadUPlot() {
  loading ??= Promise.all([import(UPLOT_URL), linkStylesheet()]).then(
    ([module]) => /** @type {UPlot} */ (module.default),
    (err) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}
