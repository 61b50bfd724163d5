import { z } from 'zod';
import { authOf } from '../../auth/auth-context';
import { int32Param } from '../../http/path-ids';
import { anyRoute, defineRoute, type AnyApiRoute } from '../../openapi/api-route';
import { errorEnvelopeSchema } from '../../openapi/common-schemas';
import type { SalesOrderContext } from '../context';
import { requireSalesDocument } from '../lookup';
import { loadLines, salesOrderLineDto } from './line-dto';
import { idResultDto, salesOrderLineAddDto, salesOrderLinePatchDto } from './line-schemas';
import { addLine, deleteLine, patchLine } from './line-writes';

const TAG = 'Sales orders';
const orderId = z.object({ id: int32Param });
const lineId = z.object({ id: int32Param, lineId: int32Param });
const envelope = (description: string) => ({ description, schema: errorEnvelopeSchema });
const refusals = {
  400: envelope(
    'bad_request: the change is refused (the order is invoiced or credited, or a value is not possible); the ' +
      'message says why',
  ),
  403: envelope('Read-only key, or the caller lacks the price or quantity permission the change needs'),
  404: envelope('No sales order (or no such line on it) in the tenant'),
};

export const lineRoutes = ({ db }: SalesOrderContext): AnyApiRoute[] => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/sales-orders/{id}/lines',
      operationId: 'listSalesOrderLines',
      summary: "A sales order's lines",
      tag: TAG,
      params: orderId,
      responses: {
        200: { description: 'The lines, in position order', schema: z.array(salesOrderLineDto) },
        404: envelope('No sales order has this id in the tenant'),
      },
      handler: async (req, res) => {
        const tenantId = authOf(req).tenantId;
        await requireSalesDocument(db, tenantId, req.params.id);
        res.json((await loadLines(db, tenantId, [req.params.id])).get(req.params.id));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'post',
      path: '/sales-orders/{id}/lines',
      operationId: 'addSalesOrderLine',
      summary: 'Add a line (needs quantity; price to set amounts)',
      tag: TAG,
      params: orderId,
      body: salesOrderLineAddDto,
      responses: { 200: { description: 'The new line', schema: idResultDto }, ...refusals },
      handler: async (req, res) => {
        res.json({ id: await addLine(db, authOf(req), req.params.id, req.body) });
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'patch',
      path: '/sales-orders/{id}/lines/{lineId}',
      operationId: 'patchSalesOrderLine',
      summary: 'Change a line (quantity needs quantity; price, discount, VAT need price)',
      tag: TAG,
      params: lineId,
      body: salesOrderLinePatchDto,
      responses: { 204: { description: 'Changed' }, ...refusals },
      handler: async (req, res) => {
        await patchLine(db, authOf(req), req.params.id, req.params.lineId, req.body);
        res.status(204).end();
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'delete',
      path: '/sales-orders/{id}/lines/{lineId}',
      operationId: 'deleteSalesOrderLine',
      summary: 'Delete a line (needs quantity)',
      tag: TAG,
      params: lineId,
      responses: { 204: { description: 'Deleted' }, ...refusals },
      handler: async (req, res) => {
        await deleteLine(db, authOf(req), req.params.id, req.params.lineId);
        res.status(204).end();
      },
    }),
  ),
];
