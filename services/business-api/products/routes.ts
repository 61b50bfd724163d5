import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { findProducts } from './queries';
import { productFindDto, productFindQuery } from './schemas';

export const productRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/products/find',
      operationId: 'findProducts',
      summary: 'Find products by product number, barcode or name',
      tag: 'Products',
      query: productFindQuery,
      responses: { 200: { description: 'Matching products, best first (not a page)', schema: productFindDto.array() } },
      handler: async (req, res) => {
        res.json(await findProducts(db, authOf(req).tenantId, req.query.q, req.query.limit));
      },
    }),
  ),
];
