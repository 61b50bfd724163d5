import type { Knex } from '../../shared/db/knex';
import type { Logger } from '../../shared/logger';
import type { Redis } from '../../shared/redis';
import type { SalesOrderOptions } from './sales-orders/options';
import type { StorefrontServices } from './storefront-admin/admin-deps';

/** What resource routes may use; every query they run is scoped by the caller's tenant (`authOf(req).tenantId`). */
export type ResourceDeps = {
  db: Knex;
  redis: Redis;
  logger: Logger;
  /** Sales-order adapters and limits (payment provider, time limit, cache); defaults when left out. */
  salesOrders?: SalesOrderOptions;
  /** The storefront admin routes' queue and engine; left out, the routes that need them answer 503. */
  storefront?: StorefrontServices;
};
