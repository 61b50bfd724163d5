import { DEFAULT_TOLERANCES } from '../../../../../services/business-api/purchase-invoice-matches/scoring/tolerances';
import type {
  InvoiceDraft,
  InvoiceLine,
  OpenReceipt,
  Tolerances,
} from '../../../../../services/business-api/purchase-invoice-matches/scoring/types';

export const DAY = 86_400_000;
export const INVOICE_DATE = Date.UTC(2026, 5, 15);
export const TOL: Tolerances = { ...DEFAULT_TOLERANCES };

export const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  index: 0,
  productNumber: 'P-100',
  vendorSku: 'ACME-100',
  description: 'Blue widget',
  quantity: 10,
  price: 5,
  ...over,
});

export const receipt = (over: Partial<OpenReceipt> = {}): OpenReceipt => ({
  id: 1,
  orderId: 1,
  orderItemId: 11,
  purchaseNumber: 5001,
  productNumber: 'P-100',
  vendorSkus: ['ACME-100'],
  description: 'Blue widget',
  openQuantity: 10,
  unitPrice: 5,
  receivedAtMs: INVOICE_DATE - 3 * DAY,
  ...over,
});

export const draft = (lines: InvoiceLine[], over: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  invoiceDateMs: INVOICE_DATE,
  poNumber: null,
  lines,
  ...over,
});

/** A small seeded PRNG (mulberry32): the property tests draw the same cases on every run. */
export function prng(seed: number): { next: () => number; int: (lo: number, hi: number) => number } {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)) };
}
