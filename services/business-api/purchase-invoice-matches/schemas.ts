import { z } from 'zod';
import { int32Param, int32Value } from '../http/path-ids';

export const invoiceIdParams = z.object({ invoiceId: int32Param });

/** Pairs per confirm call: far above any real invoice, low enough to keep one transaction short. */
export const MAX_CONFIRM_PAIRS = 1000;

export const confirmBody = z
  .object({
    matches: z
      .array(
        z
          .object({ invoiceLineIndex: int32Value, orderItemId: int32Value, invTransactionId: int32Value })
          .meta({ id: 'PurchaseInvoiceMatchPairDto' }),
      )
      .min(1, 'At least one match is required.')
      .max(MAX_CONFIRM_PAIRS, `At most ${MAX_CONFIRM_PAIRS} matches per call.`),
  })
  .meta({ id: 'PurchaseInvoiceMatchConfirmDto' });

export const wholeOrderBody = z.object({ orderId: int32Value }).meta({ id: 'PurchaseInvoiceMatchWholeOrderDto' });

export const invoiceIdResult = z.object({ invoiceId: z.number().int() }).meta({ id: 'PurchaseInvoiceMatchResultDto' });

const candidateDto = z
  .object({
    orderId: z.number().int(),
    orderItemId: z.number().int(),
    // Not in the spec's table; added (v1 allows new optional fields) because confirm needs the receipt's id.
    invTransactionId: z.number().int(),
    score: z.number().int(),
    reasons: z.array(z.string()),
    isAutoEligible: z.boolean(),
  })
  .meta({ id: 'PurchaseInvoiceMatchCandidateDto' });

export const matchResponse = z
  .object({
    invoiceId: z.number().int(),
    tolerances: z.object({
      qtyPercent: z.number(),
      pricePercent: z.number(),
      dateWindowDays: z.number().int(),
      autoEligibleScore: z.number().int(),
    }),
    suggestions: z.array(
      z.object({
        invoiceLineIndex: z.number().int(),
        productNumber: z.string(),
        quantity: z.number(),
        candidates: z.array(candidateDto),
      }),
    ),
  })
  .meta({ id: 'PurchaseInvoiceMatchResponse' });

export type MatchResponse = z.infer<typeof matchResponse>;
export type ConfirmBody = z.infer<typeof confirmBody>;
