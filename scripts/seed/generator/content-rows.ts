import { brandName, slugify } from './brands';
import { KIND, type CataloguePlan } from './catalogue-plan';
import type { SeedContext } from './context';
import { rootName, rootNumber } from './product-rows';
import { Rng, STREAM, rngFor } from './random';
import type { Row } from './types';
import { COLOURS, MATERIALS, ROOT_CATEGORIES } from './words';

export const DESCRIPTION_COLUMNS = ['product_id', 'language', 'name', 'short_description', 'html', 'seo_title'] as const;
export const ATTRIBUTE_COLUMNS = ['product_id', 'position', 'key', 'label', 'type', 'values', 'value_keys'] as const;
export const MEDIA_COLUMNS = [
  'id', 'product_id', 'hash', 'kind', 'role', 'view', 'position', 'width', 'height', 'blurhash', 'color', 'bg', 'alt',
  'filename', 'bytes', 'pages',
] as const;

/** A PostgreSQL array literal of text values. */
export const pgArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

function descriptionRow(plan: CataloguePlan, i: number, language: 'en' | 'sv'): Row {
  const name = rootName(plan, i, language);
  const brand = brandName(plan.brand[i] - 1);
  const material = MATERIALS[plan.material[i]][language === 'en' ? 0 : 1].toLowerCase();
  const short = language === 'en'
    ? `${name} by ${brand}, made of ${material}. Built to last and easy to care for.`
    : `${name} från ${brand}, tillverkad i ${material}. Tålig och lättskött.`;
  const html = language === 'en'
    ? `<p>${short}</p><ul><li>Material: ${material}</li><li>Designed in Sweden</li></ul><p><strong>Tip:</strong> pair it with the rest of the ${brand} range.</p>`
    : `<p>${short}</p><ul><li>Material: ${material}</li><li>Designad i Sverige</li></ul><p><strong>Tips:</strong> kombinera med resten av ${brand}s sortiment.</p>`;
  return [i + 1, language, name, short, html, `${name} | ${brand}`];
}

/** English and (for most products) Swedish descriptions of roots [from, to). */
export function* descriptionRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) {
    yield descriptionRow(ctx.catalogue, i, 'en');
    // Content is filled per language; some products are not translated yet.
    if (!rngFor(ctx.seed, STREAM.description, i).chance(0.05)) yield descriptionRow(ctx.catalogue, i, 'sv');
  }
}

function attributesOf(plan: CataloguePlan, i: number, rng: Rng): Array<[string, string, string, string[], string[] | null]> {
  const materials = [MATERIALS[plan.material[i]][0]];
  if (rng.chance(0.2)) materials.push(rng.pick(MATERIALS)[0]);
  const unique = [...new Set(materials)];
  const list: Array<[string, string, string, string[], string[] | null]> = [
    ['material', 'Material', 'list', unique, unique.map(slugify)],
    ['weight', 'Weight (kg)', 'number', [(rng.int(10, 3000) / 100).toFixed(2)], null],
  ];
  if (ROOT_CATEGORIES[plan.top[i]].axes !== 'none' || plan.top[i] === 4) list.push(['waterproof', 'Waterproof', 'bool', [String(rng.chance(0.3))], null]);
  if (rng.chance(0.15)) list.push(['care', 'Care', 'html', ['<p>Machine wash at <strong>30 °C</strong>.</p>'], null]);
  if (rng.chance(0.5)) list.push(['origin', 'Country of origin', 'text', [rng.pick(['Portugal', 'Sweden', 'Vietnam', 'Lithuania', 'Italy'])], null]);
  return list;
}

/** Attributes in the merchant's order: material (a facet), weight, and a few optional ones. */
export function* attributeRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) {
    const rng = rngFor(ctx.seed, STREAM.attribute, i);
    let position = 0;
    for (const [key, label, type, values, keys] of attributesOf(ctx.catalogue, i, rng)) {
      yield [i + 1, position++, key, label, type, pgArray(values), keys ? pgArray(keys) : null];
    }
  }
}

function imageRow(ctx: SeedContext, rng: Rng, productId: number, role: string, position: number, alt: string): Row {
  const portrait = rng.chance(0.5);
  return [
    ++ctx.ids.media, productId, `sha256:${rng.hex(64)}`, 'image', role, rng.pick(['front', 'back', 'side', 'detail']), position,
    portrait ? 1600 : 2000, 2000, rng.chance(0.8) ? `L${rng.hex(27)}` : null, `#${rng.hex(6)}`,
    rng.pick(['white', 'transparent', 'light']), alt, null, null, null,
  ];
}

function* rootMedia(ctx: SeedContext, i: number, rng: Rng): Generator<Row> {
  const plan = ctx.catalogue;
  const alt = JSON.stringify({ en: rootName(plan, i, 'en'), sv: rootName(plan, i, 'sv') });
  // A few products have no media at all.
  const images = rng.chance(0.03) ? 0 : rng.int(1, 4);
  for (let p = 0; p < images; p++) yield imageRow(ctx, rng, i + 1, p === 0 ? 'primary' : 'gallery', p, alt);
  if (rng.chance(0.08)) {
    const filename = `${rootNumber(plan, i).toLowerCase()}-manual.pdf`;
    yield [++ctx.ids.media, i + 1, `sha256:${rng.hex(64)}`, 'file', 'manual', null, images, null, null, null, null, null, '{}', filename, rng.int(80_000, 4_000_000), rng.int(2, 40)];
  }
  if (plan.kind[i] === KIND.simple || !rng.chance(0.3)) return;
  // Own images on the first variant of each colour, so variants differ from their parent.
  for (let c = 0; c < plan.colourCount[i]; c++) {
    const variantId = plan.skuProduct[plan.firstSku[i] + c * plan.sizeCount[i]];
    const colour = COLOURS[(plan.colourStart[i] + c) % COLOURS.length][0];
    yield imageRow(ctx, rng, variantId, 'primary', 0, JSON.stringify({ en: `${rootName(plan, i, 'en')}, ${colour}` }));
  }
}

/** Images (primary first, then gallery), the odd PDF manual, and per-colour images on some variants. */
export function* mediaRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) yield* rootMedia(ctx, i, rngFor(ctx.seed, STREAM.media, i));
}
