import { z } from 'zod';
import { authOf } from '../auth/auth-context';
import { requirePermission } from '../auth/require-permission';
import { int32Param, parseWholeNumberId } from '../http/path-ids';
import { anyRoute, defineRoute, type AnyApiRoute } from '../openapi/api-route';
import { errorEnvelopeSchema } from '../openapi/common-schemas';
import { loadContact, salesOrderContactDto } from './contact';
import type { SalesOrderContext } from './context';
import { salesOrderDetail, salesOrderDetailDto } from './detail';
import { loadFulfilment, salesOrderFulfilmentDto } from './fulfilment';
import { requireSalesOrder } from './lookup';
import { salesOrderPaymentsDto } from './payment/payment-dto';

const TAG = 'Sales orders';
const notFound = {
  description: 'No sales order has this id in the tenant (an invoice, credit or purchase-order id is not one)',
  schema: errorEnvelopeSchema,
};
const intId = z.object({ id: int32Param });
// Contact, fulfilment and payment type the id as a string: a bad one is 400 invalid_request, not a binding problem.
const stringId = z.object({ id: z.string().describe('A whole number: digits only, at most 2147483647') });

export const readRoutes = ({ db, now, payments }: SalesOrderContext): AnyApiRoute[] => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/sales-orders/{id}',
      operationId: 'getSalesOrder',
      summary: 'One sales order with its lines',
      tag: TAG,
      params: intId,
      responses: { 200: { description: 'The sales order', schema: salesOrderDetailDto }, 404: notFound },
      handler: async (req, res) => {
        res.json(await salesOrderDetail(db, authOf(req).tenantId, req.params.id, now()));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/sales-orders/{id}/contact',
      operationId: 'getSalesOrderContact',
      summary: "The order's own e-mails, phones and addresses",
      tag: TAG,
      params: stringId,
      responses: {
        200: { description: 'Active contact details as stored on the order', schema: salesOrderContactDto },
        404: notFound,
      },
      handler: async (req, res) => {
        const [tenantId, id] = [authOf(req).tenantId, parseWholeNumberId(req.params.id)];
        await requireSalesOrder(db, tenantId, id);
        res.json(await loadContact(db, tenantId, id));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/sales-orders/{id}/fulfilment',
      operationId: 'getSalesOrderFulfilment',
      summary: 'Warehouse orders and outbound parcels',
      tag: TAG,
      params: stringId,
      responses: {
        200: {
          description: 'The order at the warehouses and carriers, as last observed',
          schema: salesOrderFulfilmentDto,
        },
        404: notFound,
      },
      handler: async (req, res) => {
        const [tenantId, id] = [authOf(req).tenantId, parseWholeNumberId(req.params.id)];
        await requireSalesOrder(db, tenantId, id);
        res.json((await loadFulfilment(db, tenantId, [id])).get(id));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/sales-orders/{id}/payment',
      operationId: 'getSalesOrderPayment',
      summary: 'Payments as the providers report them (needs payment_manage)',
      tag: TAG,
      params: stringId,
      guards: [requirePermission('payment_manage')],
      responses: {
        200: { description: 'The payments, cached up to 60 seconds', schema: salesOrderPaymentsDto },
        403: { description: 'The caller lacks the permission payment_manage', schema: errorEnvelopeSchema },
        404: notFound,
        503: {
          description: 'The order or its payments could not be read within the 20-second limit; retry later',
          schema: errorEnvelopeSchema,
        },
      },
      handler: async (req, res) => {
        res.json(await payments(authOf(req).tenantId, parseWholeNumberId(req.params.id)));
      },
    }),
  ),
];
