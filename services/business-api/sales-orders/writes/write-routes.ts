import { z } from 'zod';
import { authOf } from '../../auth/auth-context';
import { int32Param } from '../../http/path-ids';
import { anyRoute, defineRoute, type AnyApiRoute } from '../../openapi/api-route';
import { errorEnvelopeSchema } from '../../openapi/common-schemas';
import type { SalesOrderContext } from '../context';
import { createSalesOrder } from './create-order';
import { patchSalesOrder } from './patch-order';
import {
  salesOrderCreatedDto,
  salesOrderCreateDto,
  salesOrderPatchDto,
  salesOrderPatchResultDto,
} from './write-schemas';

const TAG = 'Sales orders';
const envelope = (description: string) => ({ description, schema: errorEnvelopeSchema });

export const writeRoutes = ({ db, now }: SalesOrderContext): AnyApiRoute[] => [
  anyRoute(
    defineRoute({
      method: 'post',
      path: '/sales-orders',
      operationId: 'createSalesOrder',
      summary: 'Create a sales order, optionally with lines',
      tag: TAG,
      body: salesOrderCreateDto,
      responses: {
        200: { description: 'The new order', schema: salesOrderCreatedDto },
        400: envelope('invalid_request: unknown company, currency, VAT type or status; bad_request: a line is refused'),
      },
      handler: async (req, res) => {
        res.json(await createSalesOrder(db, authOf(req), req.body, now()));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'patch',
      path: '/sales-orders/{id}',
      operationId: 'patchSalesOrder',
      summary: 'Change a sales order; only the fields sent change',
      tag: TAG,
      params: z.object({ id: int32Param }),
      body: salesOrderPatchDto,
      responses: {
        200: { description: 'Which fields changed', schema: salesOrderPatchResultDto },
        400: envelope('invalid_request: the change is refused; the message says why'),
        404: envelope('No sales order has this id in the tenant'),
      },
      handler: async (req, res) => {
        res.json(await patchSalesOrder(db, authOf(req).tenantId, req.params.id, req.body));
      },
    }),
  ),
];
