import type { PaymentOptions } from './payment/read-payments';

/** What the sales-order routes may be built with beyond the shared resource deps; every field has a default. */
export type SalesOrderOptions = PaymentOptions & {
  /** The clock for isLate and the payment cache (tests pin it). */
  now?: () => Date;
};
