import { badRequest } from '../../../shared/errors';
import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listVendorPrices } from './queries';
import { vendorPricePage, vendorPricesQuery, type VendorPricesQuery } from './schemas';
import type { Db } from '../../../shared/db/knex';

/** GET /vendor-prices and the `get_vendor_prices_for_product` tool: one product's prices, a page at a time. */
export async function vendorPricesAnswer(db: Db, tenantId: number, query: VendorPricesQuery) {
  const { productId } = query;
  // "Required in practice": listing every price of every product is not what this endpoint is for.
  if (productId === undefined) throw badRequest('invalid_request', 'productId is required.');
  return listVendorPrices(db, tenantId, { ...query, productId }, resolvePageSize(query.pageSize, DEFAULT_PAGE_LIMITS));
}

export const vendorPriceRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/vendor-prices',
      operationId: 'listVendorPrices',
      summary: "A product's prices from its suppliers (productId is required)",
      tag: 'Purchasing',
      query: vendorPricesQuery,
      responses: { 200: { description: 'A page of vendor prices, newest first', schema: vendorPricePage } },
      handler: async (req, res) => {
        res.json(await vendorPricesAnswer(db, authOf(req).tenantId, req.query));
      },
    }),
  ),
];
