import type { Db } from '../../../shared/db/knex';
import type { Logger } from '../../../shared/logger';
import type { ResourceDeps } from '../resource-deps';
import type { SalesOrderOptions } from './options';
import { createPaymentReader, type PaymentReader } from './payment/read-payments';

/** What the sales-order routes run on, defaults filled in. */
export type SalesOrderContext = { db: Db; logger: Logger; now: () => Date; payments: PaymentReader };

export function salesOrderContext(deps: ResourceDeps, options: SalesOrderOptions = {}): SalesOrderContext {
  const now = options.now ?? (() => new Date());
  return { db: deps.db, logger: deps.logger, now, payments: createPaymentReader(deps.db, options, now) };
}
