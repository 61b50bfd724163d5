import { brandName, slugify } from './brands';
import { KIND, type CataloguePlan } from './catalogue-plan';
import type { SeedContext } from './context';
import { rootName, rootNumber } from './product-rows';
import { type Rng, STREAM, rngFor } from './random';
import type { Row } from './types';
import { COLOURS, MATERIALS, ROOT_CATEGORIES } from './words';

export const DESCRIPTION_COLUMNS = [
  'product_id',
  'language',
  'name',
  'short_description',
  'html',
  'seo_title',
] as const;
export const ATTRIBUTE_COLUMNS = ['product_id', 'position', 'key', 'label', 'type', 'values', 'value_keys'] as const;
export const MEDIA_COLUMNS = [
  'id',
  'product_id',
  'hash',
  'kind',
  'role',
  'view',
  'position',
  'width',
  'height',
  'alt',
  'caption',
  'filename',
  'bytes',
  'pages',
  'source',
  'poster_source',
  'attributes',
  'duration',
] as const;

/** A PostgreSQL array literal of text values. */
export const pgArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

function descriptionRow(plan: CataloguePlan, i: number, language: 'en' | 'sv'): Row {
  const name = rootName(plan, i, language);
  const brand = brandName(plan.brand[i] - 1);
  const material = MATERIALS[plan.material[i]][language === 'en' ? 0 : 1].toLowerCase();
  const short =
    language === 'en'
      ? `${name} by ${brand}, made of ${material}. Built to last and easy to care for.`
      : `${name} från ${brand}, tillverkad i ${material}. Tålig och lättskött.`;
  const html =
    language === 'en'
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

function attributesOf(
  plan: CataloguePlan,
  i: number,
  rng: Rng,
): Array<[string, string, string, string[], string[] | null]> {
  const materials = [MATERIALS[plan.material[i]][0]];
  if (rng.chance(0.2)) materials.push(rng.pick(MATERIALS)[0]);
  const unique = [...new Set(materials)];
  const list: Array<[string, string, string, string[], string[] | null]> = [
    ['material', 'Material', 'list', unique, unique.map(slugify)],
    ['weight', 'Weight (kg)', 'number', [(rng.int(10, 3000) / 100).toFixed(2)], null],
  ];
  if (ROOT_CATEGORIES[plan.top[i]].axes !== 'none' || plan.top[i] === 4)
    list.push(['waterproof', 'Waterproof', 'bool', [String(rng.chance(0.3))], null]);
  if (rng.chance(0.15)) list.push(['care', 'Care', 'html', ['<p>Machine wash at <strong>30 °C</strong>.</p>'], null]);
  if (rng.chance(0.5))
    list.push([
      'origin',
      'Country of origin',
      'text',
      [rng.pick(['Portugal', 'Sweden', 'Vietnam', 'Lithuania', 'Italy'])],
      null,
    ]);
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

type Packshot = SeedContext['media']['packshots'][number];

const mediaRow = (
  ctx: SeedContext,
  productId: number,
  fields: {
    hash: string;
    kind: 'image' | 'video' | 'file';
    role: string;
    view: string | null;
    position: number;
    w: number | null;
    h: number | null;
    alt: string;
    caption?: string;
    filename?: string;
    bytes?: number;
    pages?: number;
    source: string | null;
    poster?: string;
    attributes?: string;
    duration?: number;
  },
): Row => [
  ++ctx.ids.media,
  productId,
  fields.hash,
  fields.kind,
  fields.role,
  fields.view,
  fields.position,
  fields.w,
  fields.h,
  fields.alt,
  fields.caption ?? null,
  fields.filename ?? null,
  fields.bytes ?? null,
  fields.pages ?? null,
  fields.source,
  fields.poster ?? null,
  fields.attributes ?? null,
  fields.duration ?? null,
];

// Blurhash, colour and background are left to the media pipeline, which reads them from the pixels.
function imageRow(
  ctx: SeedContext,
  rng: Rng,
  productId: number,
  shot: Packshot,
  role: string,
  position: number,
  alt: string,
): Row {
  const view = rng.pick(['front', 'back', 'side', 'detail']);
  return mediaRow(ctx, productId, {
    hash: shot.hash,
    kind: 'image',
    role,
    view,
    position,
    w: shot.w,
    h: shot.h,
    alt,
    source: shot.source,
  });
}

/** A packshot of the product's colour first, then any of the library's (a small library: products share sources). */
function packshotFor(ctx: SeedContext, rng: Rng, colour: number, first: boolean): Packshot {
  const shots = ctx.media.packshots;
  const own = shots.filter((s) => s.colour === colour);
  return (first || rng.chance(0.5)) && own.length > 0 ? rng.pick(own) : rng.pick(shots);
}

function* rootMedia(ctx: SeedContext, i: number, rng: Rng): Generator<Row> {
  const plan = ctx.catalogue;
  const alt = JSON.stringify({ en: rootName(plan, i, 'en'), sv: rootName(plan, i, 'sv') });
  const colour = plan.colourStart[i] % COLOURS.length;
  // A few products have no media at all.
  const images = rng.chance(0.03) ? 0 : rng.int(1, 4);
  for (let p = 0; p < images; p++)
    yield imageRow(ctx, rng, i + 1, packshotFor(ctx, rng, colour, p === 0), p === 0 ? 'primary' : 'gallery', p, alt);
  let position = images;
  if (images > 0 && rng.chance(0.05)) {
    const poster = rng.pick(ctx.media.posters);
    yield mediaRow(ctx, i + 1, {
      hash: poster.hash,
      kind: 'video',
      role: 'gallery',
      view: null,
      position: position++,
      w: poster.w,
      h: poster.h,
      alt,
      caption: 'Lookbook film',
      source: null,
      poster: poster.source,
      attributes: JSON.stringify({ channel: 'lookbook' }),
      duration: poster.duration,
    });
  }
  if (rng.chance(0.08)) {
    const manual = rng.pick(ctx.media.manuals);
    const filename = `${rootNumber(plan, i).toLowerCase()}-manual.pdf`;
    yield mediaRow(ctx, i + 1, {
      hash: manual.hash,
      kind: 'file',
      role: 'manual',
      view: null,
      position,
      w: null,
      h: null,
      alt: '{}',
      filename,
      bytes: manual.bytes,
      pages: manual.pages,
      source: manual.source,
    });
  }
  if (plan.kind[i] === KIND.simple || !rng.chance(0.3)) return;
  // Own images on the first variant of each colour, so variants differ from their parent.
  for (let c = 0; c < plan.colourCount[i]; c++) {
    const variantId = plan.skuProduct[plan.firstSku[i] + c * plan.sizeCount[i]];
    const variantColour = (plan.colourStart[i] + c) % COLOURS.length;
    const shot = packshotFor(ctx, rng, variantColour, true);
    yield imageRow(
      ctx,
      rng,
      variantId,
      shot,
      'primary',
      0,
      JSON.stringify({ en: `${rootName(plan, i, 'en')}, ${COLOURS[variantColour][0]}` }),
    );
  }
}

/** Images (primary first, then gallery), the odd video (poster only) and PDF manual, and per-colour images on some variants. */
export function* mediaRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  for (let i = from; i < to; i++) yield* rootMedia(ctx, i, rngFor(ctx.seed, STREAM.media, i));
}
