/**
 * What a sales document's amounts say about its payment; `openAmount` comes exact from SQL (total - paid).
 * `issued` is whether its status counts as revenue (IsSales): drafts and void documents are never late.
 */
export type PaymentInput = { totalIncVat: number; openAmount: number; dateDue: Date | null; issued: boolean };
export type PaymentState = { isFullyPaid: boolean; isLate: boolean };

/**
 * Fully paid when nothing is left to pay: for a credit (a negative total) nothing is left to refund. Late when
 * issued, not fully paid, and the due date has passed at `now`.
 */
export function paymentState({ totalIncVat, openAmount, dateDue, issued }: PaymentInput, now: Date): PaymentState {
  const isFullyPaid = totalIncVat >= 0 ? openAmount <= 0 : openAmount >= 0;
  const isLate = issued && !isFullyPaid && dateDue !== null && dateDue.getTime() < now.getTime();
  return { isFullyPaid, isLate };
}
