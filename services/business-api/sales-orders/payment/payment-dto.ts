import { z } from 'zod';
import { dateTimeOut } from '../sales-order-dto';
import type { ProviderPayment } from './provider';

const paymentDto = z
  .object({
    provider: z.string(),
    providerReference: z.string(),
    method: z.string().nullable(),
    status: z
      .string()
      .describe(
        'As the provider reports it: pending, authorized, captured, partially_refunded, refunded, failed, cancelled',
      ),
    amount: z.number(),
    capturedAmount: z.number(),
    refundedAmount: z.number(),
    currencyIsoCode: z.string(),
    authorizedAt: dateTimeOut.nullable(),
    capturedAt: dateTimeOut.nullable(),
  })
  .meta({ id: 'SalesOrderPaymentDto' });

/** The order's payments as the payment providers report them (rule 10). */
export const salesOrderPaymentsDto = z
  .object({
    orderId: z.number().int(),
    payments: z.array(paymentDto),
    capturedTotal: z.number().describe('Captured minus refunded, over payments in the order currency'),
    currencyIsoCode: z.string().describe('The order currency'),
    readAt: dateTimeOut.describe('When the providers were read; answers are cached up to 60 seconds'),
  })
  .meta({ id: 'SalesOrderPaymentsDto' });

export type SalesOrderPaymentsDto = z.infer<typeof salesOrderPaymentsDto>;

/** Captured minus refunded in the order currency, summed in ten-thousandths so decimals add exactly. */
export function capturedTotal(payments: readonly ProviderPayment[], currency: string): number {
  const units = payments
    .filter((p) => p.currencyIsoCode === currency)
    .reduce((sum, p) => sum + Math.round(p.capturedAmount * 10_000) - Math.round(p.refundedAmount * 10_000), 0);
  return units / 10_000;
}
