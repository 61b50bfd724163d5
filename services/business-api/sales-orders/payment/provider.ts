import type { Db } from '../../../../shared/db/knex';
import { isoOrNull } from '../sales-order-dto';

/** One payment as a payment provider reports it. Amounts are in `currencyIsoCode`. */
export type ProviderPayment = {
  provider: string;
  providerReference: string;
  method: string | null;
  status: string;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  currencyIsoCode: string;
  authorizedAt: string | null;
  capturedAt: string | null;
};

export type PaymentLookup = { tenantId: number; orderId: number; signal: AbortSignal };

/**
 * The payment-provider adapter (rule 10): where an order's payments come from. The default reads the
 * payments recorded against the order; an adapter for a live provider API implements the same method and
 * should stop work when `signal` aborts (the request's time limit has passed).
 */
export interface PaymentProvider {
  readPayments(lookup: PaymentLookup): Promise<ProviderPayment[]>;
}

type PaymentRow = {
  provider: string;
  provider_reference: string;
  method: string | null;
  status: string;
  amount: string;
  captured_amount: string;
  refunded_amount: string;
  currency_code: string;
  authorized_at: Date | null;
  captured_at: Date | null;
};

/** The default provider: the payments the importers recorded for the order (table order_payments), oldest first. */
export function recordedPaymentsProvider(db: Db): PaymentProvider {
  return {
    async readPayments({ tenantId, orderId }) {
      const rows: PaymentRow[] = await db('order_payments')
        .select(
          'provider',
          'provider_reference',
          'method',
          'status',
          'amount',
          'captured_amount',
          'refunded_amount',
          'currency_code',
          'authorized_at',
          'captured_at',
        )
        .where({ tenant_id: tenantId, order_id: orderId })
        .orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return rows.map((r) => ({
        provider: r.provider,
        providerReference: r.provider_reference,
        method: r.method,
        status: r.status,
        amount: Number(r.amount),
        capturedAmount: Number(r.captured_amount),
        refundedAmount: Number(r.refunded_amount),
        currencyIsoCode: r.currency_code,
        authorizedAt: isoOrNull(r.authorized_at),
        capturedAt: isoOrNull(r.captured_at),
      }));
    },
  };
}
