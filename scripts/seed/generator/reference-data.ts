import type { Row, RowBatch } from './types';

// Fixed reference data of a seeded tenant. Ids are constants so the rest of the generator can refer to them.

export const STATUS = {
  soPreview: 1,
  soBooked: 2,
  soPicking: 3,
  soPartlyDelivered: 4,
  soCancelled: 5,
  invDraft: 6,
  invInvoiced: 7,
  invPaid: 8,
  invVoid: 9,
  crDraft: 10,
  crCredited: 11,
  poOpen: 12,
  poPartlyReceived: 13,
  poReceived: 14,
  poClosed: 15,
  poCancelled: 16,
} as const;

// [id, type, name, intake, sales, purchase]
const STATUSES: ReadonlyArray<readonly [number, string, string, boolean, boolean, boolean]> = [
  [STATUS.soPreview, 'SALESORDER', 'Preview', false, false, false],
  [STATUS.soBooked, 'SALESORDER', 'Booked', true, true, false],
  [STATUS.soPicking, 'SALESORDER', 'Picking', true, true, false],
  [STATUS.soPartlyDelivered, 'SALESORDER', 'Partly delivered', true, true, false],
  [STATUS.soCancelled, 'SALESORDER', 'Cancelled', false, false, false],
  [STATUS.invDraft, 'SALESINVOICE', 'Draft invoice', true, false, false],
  [STATUS.invInvoiced, 'SALESINVOICE', 'Invoiced', true, true, false],
  [STATUS.invPaid, 'SALESINVOICE', 'Paid', true, true, false],
  [STATUS.invVoid, 'SALESINVOICE', 'Void', false, false, false],
  [STATUS.crDraft, 'SALESCREDIT', 'Credit draft', false, false, false],
  [STATUS.crCredited, 'SALESCREDIT', 'Credited', false, true, false],
  [STATUS.poOpen, 'PURCHASEORDER', 'Open', false, false, true],
  [STATUS.poPartlyReceived, 'PURCHASEORDER', 'Partly received', false, false, true],
  [STATUS.poReceived, 'PURCHASEORDER', 'Received', false, false, true],
  [STATUS.poClosed, 'PURCHASEORDER', 'Closed', false, false, false],
  [STATUS.poCancelled, 'PURCHASEORDER', 'Cancelled', false, false, false],
];

export const PRICE_LIST = { SEK: 1, EUR: 2 } as const;
export const MARKET_VAT = { SEK: { standard: 25, reduced: 6 }, EUR: { standard: 19, reduced: 7 } } as const;
export type MarketCurrency = keyof typeof PRICE_LIST;

// [id, code, name, days]
export const PAYMENT_TERMS: ReadonlyArray<readonly [number, string, string, number]> = [
  [1, 'PRE', 'Prepaid', 0],
  [2, 'N10', '10 days net', 10],
  [3, 'N30', '30 days net', 30],
  [4, 'N60', '60 days net', 60],
];
export const IMPORTER = { shopify: 1, woocommerce: 2, klarna: 3, stripe: 4 } as const;

// [id, code, name, country, location count]
export const WAREHOUSES: ReadonlyArray<readonly [number, string, string, string, number]> = [
  [1, 'STO', 'Stockholm DC', 'SE', 24],
  [2, 'GBG', 'Göteborg store', 'SE', 8],
  [3, 'HAM', 'Hamburg hub', 'DE', 12],
];

/** The id of the first location of a warehouse; locations are numbered through all warehouses. */
export function firstLocationId(warehouseId: number): number {
  let id = 1;
  for (const [wid, , , , count] of WAREHOUSES) {
    if (wid === warehouseId) return id;
    id += count;
  }
  throw new Error(`unknown warehouse ${warehouseId}`);
}

export const PERSON_COUNT = 12;

const batch = (table: string, columns: readonly string[], rows: Row[]): RowBatch => ({ table, columns, rows });

function locationRows(): Row[] {
  return WAREHOUSES.flatMap(([wid, code, , , count]) =>
    Array.from({ length: count }, (_, i): Row => {
      const shelf = `${String.fromCharCode(65 + (i % 6))}${String(Math.floor(i / 6) + 1).padStart(2, '0')}`;
      return [firstLocationId(wid) + i, wid, `${code}-${shelf}`, `Shelf ${shelf}`];
    }),
  );
}

/** Lookups, warehouses and settings of a tenant, in foreign-key order. */
export function referenceBatches(): RowBatch[] {
  const persons = Array.from({ length: PERSON_COUNT }, (_, i): Row => {
    const name = `${['Anna', 'Erik', 'Sara', 'Johan', 'Lina', 'Nils'][i % 6]} ${['Berg', 'Holm', 'Lind'][i % 3]}`;
    return [i + 1, name, `${name.toLowerCase().replace(' ', '.')}${i + 1}@example.com`, i !== PERSON_COUNT - 1];
  });
  return [
    batch(
      'currencies',
      ['id', 'code', 'name', 'decimals'],
      [
        [1, 'SEK', 'Swedish krona', 2],
        [2, 'EUR', 'Euro', 2],
        [3, 'NOK', 'Norwegian krone', 2],
        [4, 'USD', 'US dollar', 2],
      ],
    ),
    batch(
      'statuses',
      ['id', 'type', 'name', 'is_order_intake', 'is_sales', 'is_purchase', 'position'],
      STATUSES.map(([id, type, name, intake, sales, purchase]) => [id, type, name, intake, sales, purchase, id]),
    ),
    batch(
      'payment_terms',
      ['id', 'code', 'name', 'days', 'prepaid'],
      PAYMENT_TERMS.map(([id, code, name, days]) => [id, code, name, days, days === 0]),
    ),
    batch(
      'delivery_terms',
      ['id', 'code', 'name'],
      [
        [1, 'DAP', 'Delivered at place'],
        [2, 'FCA', 'Free carrier'],
        [3, 'EXW', 'Ex works'],
      ],
    ),
    batch(
      'vat_types',
      ['id', 'code', 'name', 'reverse_charge', 'export'],
      [
        [1, 'SE', 'Domestic', false, false],
        [2, 'EU', 'EU, reverse charge', true, false],
        [3, 'EXP', 'Export outside the EU', false, true],
      ],
    ),
    batch(
      'price_lists',
      ['id', 'code', 'name', 'currency_code', 'prices_include_vat'],
      [
        [PRICE_LIST.SEK, 'RETAIL-SEK', 'Retail Sweden', 'SEK', true],
        [PRICE_LIST.EUR, 'RETAIL-EUR', 'Retail Europe', 'EUR', true],
      ],
    ),
    batch(
      'importers',
      ['id', 'code', 'name', 'kind'],
      [
        [IMPORTER.shopify, 'shopify', 'Shopify', 'webshop'],
        [IMPORTER.woocommerce, 'woocommerce', 'WooCommerce', 'webshop'],
        [IMPORTER.klarna, 'klarna', 'Klarna', 'payment'],
        [IMPORTER.stripe, 'stripe', 'Stripe', 'payment'],
      ],
    ),
    batch(
      'warehouses',
      ['id', 'code', 'name', 'country_code'],
      WAREHOUSES.map(([id, code, name, country]) => [id, code, name, country]),
    ),
    batch('locations', ['id', 'warehouse_id', 'code', 'name'], locationRows()),
    batch('persons', ['id', 'name', 'email', 'active'], persons),
    ...settingsBatches(),
  ];
}

function settingsBatches(): RowBatch[] {
  return [
    batch(
      'company_profiles',
      [
        'name',
        'legal_name',
        'orgno',
        'vat_number',
        'street',
        'postal_code',
        'city',
        'country_code',
        'email',
        'phone',
        'website',
        'bank_name',
        'iban',
        'bic',
        'bankgiro',
        'default_language',
        'default_currency_code',
      ],
      [
        [
          'Nordhem',
          'Nordhem Handel AB',
          '556677-8899',
          'SE556677889901',
          'Sveavägen 12',
          '111 57',
          'Stockholm',
          'SE',
          'hello@nordhem.example.com',
          '+46 8 123 456 78',
          'https://nordhem.example.com',
          'Nordbanken',
          'SE4550000000058398257466',
          'NDEASESS',
          '123-4567',
          'sv',
          'SEK',
        ],
      ],
    ),
    batch(
      'vat_codes',
      ['id', 'code', 'name', 'rate', 'kind', 'country_code', 'sales_account', 'is_default'],
      [
        [1, 'SE25', 'Sweden standard', '25.000', 'standard', 'SE', '2611', true],
        [2, 'SE12', 'Sweden reduced (food, hotels)', '12.000', 'reduced', 'SE', '2621', false],
        [3, 'SE6', 'Sweden reduced (books, transport)', '6.000', 'reduced', 'SE', '2631', false],
        [4, 'SE0', 'Sweden exempt', '0.000', 'exempt', 'SE', null, false],
        [5, 'EURC', 'EU reverse charge', '0.000', 'reverse_charge', 'SE', '3108', false],
        [6, 'DE19', 'Germany standard', '19.000', 'standard', 'DE', '2614', true],
        [7, 'DE7', 'Germany reduced', '7.000', 'reduced', 'DE', '2624', false],
        [8, 'EXP0', 'Export, zero rated', '0.000', 'zero', 'SE', '3105', false],
      ],
    ),
    batch(
      'vat_settings',
      ['registered', 'prices_include_vat', 'reporting_period', 'default_vat_code'],
      [[true, true, 'quarterly', 'SE25']],
    ),
    batch(
      'match_tolerances',
      ['qty_percent', 'price_percent', 'date_window_days', 'auto_eligible_score'],
      [['0.0500', '0.0200', 30, 80]],
    ),
  ];
}
