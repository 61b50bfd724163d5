import type { AnyApiRoute } from './openapi/api-route';
import { customerRoutes } from './customers/routes';
import { openOrderLineRoutes } from './open-order-lines/routes';
import { productRoutes } from './products/routes';
import { purchaseInvoiceMatchRoutes } from './purchase-invoice-matches/routes';
import { purchaseOrderRoutes } from './purchase-orders/routes';
import type { ResourceDeps } from './resource-deps';
import { salesInvoiceLineRoutes } from './sales-invoice-lines/routes';
import { salesInvoiceRoutes } from './sales-invoices/routes';
import { salesOrderRoutes } from './sales-orders/routes';
import { storefrontAdminRoutes } from './storefront-admin/routes';
import { storefrontSearchAnalyticsRoutes } from './storefront-search-analytics/routes';
import { tenantSettingsRoutes } from './tenant-settings/routes';
import { timeReportLineRoutes } from './time-report-lines/routes';
import { vendorPriceRoutes } from './vendor-prices/routes';
import { warehouseStockRoutes } from './warehouse-stock/routes';

/** Every /api/v1 route; the same list feeds the router and the OpenAPI document. */
export function apiRoutes(deps: ResourceDeps): AnyApiRoute[] {
  return [
    ...productRoutes(deps),
    ...warehouseStockRoutes(deps),
    ...vendorPriceRoutes(deps),
    ...customerRoutes(deps),
    ...salesInvoiceRoutes(deps),
    ...salesInvoiceLineRoutes(deps),
    ...openOrderLineRoutes(deps),
    ...purchaseOrderRoutes(deps),
    ...timeReportLineRoutes(deps),
    ...tenantSettingsRoutes(deps),
    ...salesOrderRoutes(deps),
    ...purchaseInvoiceMatchRoutes(deps),
    ...storefrontAdminRoutes(deps),
    ...storefrontSearchAnalyticsRoutes(deps),
  ];
}
