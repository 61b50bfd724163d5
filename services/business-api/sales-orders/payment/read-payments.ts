import type { Db } from '../../../../shared/db/knex';
import { requireSalesOrder } from '../lookup';
import { capturedTotal, type SalesOrderPaymentsDto } from './payment-dto';
import { recordedPaymentsProvider, type PaymentProvider, type ProviderPayment } from './provider';
import { TtlCache } from './ttl-cache';
import { withTimeLimit } from './time-limit';

export type PaymentOptions = {
  /** The payment-provider adapter (default: the payments recorded in the database). */
  paymentProvider?: PaymentProvider;
  /** The request's limit for reading the order and its payments (spec: 20 seconds). */
  paymentTimeoutMs?: number;
  /** How long a provider answer is reused (spec: up to 60 seconds). */
  paymentCacheTtlMs?: number;
};

/** Reads one order's payments for a tenant: 404 when no sales order has the id, 503 past the time limit. */
export type PaymentReader = (tenantId: number, orderId: number) => Promise<SalesOrderPaymentsDto>;

type CachedRead = { payments: ProviderPayment[]; readAt: string };

const DEFAULTS = { timeoutMs: 20_000, ttlMs: 60_000, maxEntries: 10_000 };

/**
 * The payment reader of one app: its cache lives as long as the app (in-process, per tenant and order; see
 * docs/decisions.md), and the order lookup runs inside the time limit too ("the order or its payment links").
 */
export function createPaymentReader(db: Db, options: PaymentOptions, now: () => Date): PaymentReader {
  const provider = options.paymentProvider ?? recordedPaymentsProvider(db);
  const cache = new TtlCache<CachedRead>(options.paymentCacheTtlMs ?? DEFAULTS.ttlMs, DEFAULTS.maxEntries, () =>
    now().getTime(),
  );
  return (tenantId, orderId) =>
    withTimeLimit(options.paymentTimeoutMs ?? DEFAULTS.timeoutMs, async (signal) => {
      const order = await requireSalesOrder(db, tenantId, orderId);
      const read = await cache.get(`${tenantId}:${orderId}`, async () => ({
        payments: await provider.readPayments({ tenantId, orderId, signal }),
        readAt: now().toISOString(),
      }));
      return {
        orderId,
        payments: read.payments,
        capturedTotal: capturedTotal(read.payments, order.currency_code),
        currencyIsoCode: order.currency_code,
        readAt: read.readAt,
      };
    });
}
