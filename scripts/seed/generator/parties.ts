import { brandName } from './brands';
import { cents } from './money';
import { PAYMENT_TERMS, PRICE_LIST, type MarketCurrency } from './reference-data';
import { type Rng, STREAM, rngFor } from './random';
import { DAY_MS, iso } from './time';
import type { Row, RowBatch } from './types';
import { COMPANY_WORDS, EURO_PLACES, FIRST_NAMES, LAST_NAMES, PLACES, STREETS } from './party-words';

export type Address = { street: string; postalCode: string; city: string; country: string };

export type CustomerPlan = Address & {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  isCompany: boolean;
  orgno: string;
  email: string;
  phone: string;
  currency: MarketCurrency;
  paymentTermId: number;
  termDays: number;
  creditLimitCents: number;
  creditStop: boolean;
  inactive: boolean;
  createdMs: number;
};

export type VendorPlan = {
  id: number;
  code: string;
  name: string;
  orgno: string;
  currency: 'SEK' | 'EUR' | 'USD';
  country: string;
};

const orgno = (rng: Rng) => `556${rng.int(100, 999)}-${rng.int(1000, 9999)}`;
const phone = (rng: Rng) => `+46 7${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`;

function termFor(rng: Rng, isCompany: boolean): number {
  return isCompany
    ? rng.weighted([
        [2, 2],
        [3, 6],
        [4, 2],
      ])
    : rng.weighted([
        [1, 5],
        [3, 5],
      ]);
}

/** Customer `index` (0-based): about 40% companies, 15% buying in euro from Germany or Finland. */
export function customerPlan(seed: number, index: number, asOfMs: number): CustomerPlan {
  const rng = rngFor(seed, STREAM.customer, index);
  const id = index + 1;
  const isCompany = rng.chance(0.4);
  const currency: MarketCurrency = rng.chance(0.15) ? 'EUR' : 'SEK';
  const [city, postalCode, country] = rng.pick(currency === 'EUR' ? EURO_PLACES : PLACES);
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const name = isCompany
    ? `${lastName} ${rng.pick(COMPANY_WORDS)} ${country === 'SE' ? 'AB' : 'GmbH'}`
    : `${firstName} ${lastName}`;
  const paymentTermId = termFor(rng, isCompany);
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  return {
    id,
    name,
    firstName,
    lastName,
    isCompany,
    currency,
    city,
    postalCode,
    country,
    street: `${rng.pick(STREETS)} ${rng.int(1, 140)}`,
    orgno: isCompany ? orgno(rng) : '',
    email: `${local}.${id}@${rng.pick(['example.com', 'example.se', 'example.net'])}`,
    phone: phone(rng),
    paymentTermId,
    termDays: PAYMENT_TERMS[paymentTermId - 1][3],
    creditLimitCents: isCompany ? rng.int(5, 50) * 10_000_00 : 0,
    creditStop: rng.chance(0.02),
    inactive: rng.chance(0.04),
    createdMs: asOfMs - rng.int(30, 900) * DAY_MS,
  };
}

export function vendorPlan(seed: number, index: number): VendorPlan {
  const rng = rngFor(seed, STREAM.vendor, index);
  const currency = rng.weighted<VendorPlan['currency']>([
    ['SEK', 6],
    ['EUR', 3],
    ['USD', 1],
  ]);
  const country = currency === 'SEK' ? 'SE' : currency === 'EUR' ? 'DE' : 'US';
  const name = `${brandName(index * 7 + 3)} ${rng.pick(['Supply', 'Trading', 'Wholesale', 'Distribution'])}`;
  return { id: index + 1, code: `V${String(index + 1).padStart(3, '0')}`, name, orgno: orgno(rng), currency, country };
}

const CUSTOMER_COLUMNS = [
  'id',
  'contact_number',
  'name',
  'orgno',
  'email',
  'phone',
  'country_code',
  'currency_code',
  'inactive',
  'payment_term_id',
  'credit_limit',
  'credit_stop',
  'delivery_term_id',
  'price_list_id',
  'vat_type_id',
  'created_at',
  'updated_at',
] as const;

function customerRow(c: CustomerPlan): Row {
  const vatType = c.country === 'SE' ? 1 : c.isCompany ? 2 : 1;
  return [
    c.id,
    10_000 + c.id,
    c.name,
    c.orgno,
    c.email,
    c.phone,
    c.country,
    c.currency,
    c.inactive,
    c.paymentTermId,
    cents(c.creditLimitCents),
    c.creditStop,
    c.isCompany ? 1 : null,
    PRICE_LIST[c.currency],
    vatType,
    iso(c.createdMs),
    iso(c.createdMs),
  ];
}

export function partyBatches(customers: readonly CustomerPlan[], vendors: readonly VendorPlan[]): RowBatch[] {
  const vendorRows = vendors.map(
    (v): Row => [
      v.id,
      50_000 + v.id,
      v.name,
      v.orgno,
      `orders@${v.code.toLowerCase()}.example.com`,
      null,
      v.country,
      v.currency,
      false,
      3,
    ],
  );
  return [
    { table: 'customers', columns: CUSTOMER_COLUMNS, rows: customers.map(customerRow) },
    {
      table: 'vendors',
      columns: [
        'id',
        'contact_number',
        'name',
        'orgno',
        'email',
        'phone',
        'country_code',
        'currency_code',
        'inactive',
        'payment_term_id',
      ],
      rows: vendorRows,
    },
  ];
}
