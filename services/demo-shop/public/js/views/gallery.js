// @ts-check
import { h, replace } from '../dom.js';
import { picture } from '../media.js';

/** @typedef {import('../types.js').Media} Media */

/**
 * The product's photos: one large, the others as thumbnails that swap in. `show` replaces the set (a chosen
 * colour's own photos).
 * @param {Media[]} initial
 * @param {string} name
 * @param {string} language
 */
export function gallery(initial, name, language) {
  const main = h('div', { class: 'gallery-main' });
  const thumbs = h('div', { class: 'gallery-thumbs' });
  let shown = '';
  /** @param {Media[]} images */
  const show = (images) => {
    const photos = images.filter((m) => m.kind !== 'file');
    const key = photos.map((m) => m.id).join();
    if (key === shown) return;
    shown = key;
    const select = (/** @type {number} */ i) => {
      const photo = photos[i] ?? null;
      replace(main, picture(photo, { sizes: '(min-width: 900px) 50vw, 100vw', alt: name, language, eager: true }));
      thumbs.querySelectorAll('button').forEach((b, n) => {
        b.setAttribute('aria-pressed', String(n === i));
      });
    };
    replace(
      thumbs,
      ...(photos.length > 1
        ? photos.map((m, i) =>
            h(
              'button',
              { type: 'button', class: 'thumb', 'aria-pressed': String(i === 0), onclick: () => select(i) },
              picture(m, { sizes: '80px', alt: name, language }),
            ),
          )
        : []),
    );
    select(0);
  };
  show(initial);
  return { element: h('div', { class: 'gallery' }, main, thumbs), show };
}
