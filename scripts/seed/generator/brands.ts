import type { SeedMediaLibrary } from '../media/library';
import { STREAM, rngFor } from './random';
import type { Row, RowBatch } from './types';
import { EURO_PLACES, PLACES, STREETS } from './party-words';
import { BRAND_HEADS, BRAND_TAILS } from './words';

export const IMPORTER_PARTIES = 4;
export const EU_REP_PARTIES = 3;

/** The name of brand `index` (0-based): distinct for the first 500. */
export function brandName(index: number): string {
  const head = BRAND_HEADS[index % BRAND_HEADS.length] as string;
  const tail = BRAND_TAILS[Math.floor(index / BRAND_HEADS.length) % BRAND_TAILS.length] as string;
  return head + tail;
}

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Party ids: one manufacturer per brand (1..brands), then importers, then EU responsible persons. */
export const partyIds = (brands: number) => ({
  importers: Array.from({ length: IMPORTER_PARTIES }, (_, i) => brands + 1 + i),
  euReps: Array.from({ length: EU_REP_PARTIES }, (_, i) => brands + IMPORTER_PARTIES + 1 + i),
});

function partyRow(seed: number, id: number, name: string, legalSuffix: string, european: boolean): Row {
  const rng = rngFor(seed, STREAM.brand, 100_000 + id);
  const [city, postalCode, country] = rng.pick(european ? EURO_PLACES : PLACES);
  const slug = slugify(name);
  return [
    id,
    name,
    `${name} ${legalSuffix}`,
    `${rng.pick(STREETS)} ${rng.int(1, 120)}`,
    postalCode,
    city,
    null,
    country,
    `compliance@${slug}.example.com`,
    `https://${slug}.example.com`,
    `+46 ${rng.int(10, 99)} ${rng.int(100000, 999999)}`,
  ];
}

/** Responsible parties, then brands (each brand names its manufacturer; brand `i` has logo `i` of the library, if any). */
export function brandBatches(seed: number, brands: number, logos: SeedMediaLibrary['logos']): RowBatch[] {
  const parties: Row[] = [];
  const brandRows: Row[] = [];
  for (let i = 0; i < brands; i++) {
    const name = brandName(i);
    const rng = rngFor(seed, STREAM.brand, i);
    parties.push(partyRow(seed, i + 1, name, rng.chance(0.7) ? 'AB' : 'GmbH', rng.chance(0.3)));
    const logo = logos[i];
    brandRows.push([
      i + 1,
      name,
      slugify(name),
      `${name} makes things for everyday life since ${rng.int(1950, 2020)}.`,
      i + 1,
      !rng.chance(0.02),
      logo?.hash ?? null,
      logo?.source ?? null,
    ]);
  }
  const { importers, euReps } = partyIds(brands);
  importers.forEach((id, i) => {
    parties.push(partyRow(seed, id, `Import ${['Nord', 'Syd', 'Väst', 'Öst'][i]}`, 'AB', false));
  });
  euReps.forEach((id, i) => {
    parties.push(partyRow(seed, id, `EU Rep ${['Alpha', 'Beta', 'Gamma'][i]}`, 'GmbH', true));
  });
  return [
    {
      table: 'responsible_parties',
      columns: [
        'id',
        'name',
        'legal_name',
        'street',
        'postal_code',
        'city',
        'region',
        'country_code',
        'email',
        'url',
        'phone',
      ],
      rows: parties,
    },
    {
      table: 'brands',
      columns: ['id', 'name', 'slug', 'description', 'manufacturer_party_id', 'active', 'logo_hash', 'logo_source'],
      rows: brandRows,
    },
  ];
}
