import type { Db } from '../../../shared/db/knex';
import type { ResourceDeps } from '../resource-deps';
import { createPaymentReader, type PaymentReader } from './payment/read-payments';

/** What the sales-order routes run on, defaults filled in. */
export type SalesOrderContext = { db: Db; now: () => Date; payments: PaymentReader };

/** The context of one app's sales-order routes: `deps.salesOrders` with its defaults filled in. */
export function salesOrderContext(deps: ResourceDeps): SalesOrderContext {
  const options = deps.salesOrders ?? {};
  const now = options.now ?? (() => new Date());
  return { db: deps.db, now, payments: createPaymentReader(deps.db, options, now) };
}
