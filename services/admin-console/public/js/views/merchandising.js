// @ts-check
import { replace } from '../dom.js';
import { notice } from './layout.js';

/**
 * @param {HTMLElement} region
 * @param {import('./site-page.js').SitePageContext} _ctx
 */
export async function showMerchandising(region, _ctx) {
  replace(region, notice('This page is being built.'));
}
