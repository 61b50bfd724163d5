import type { Knex } from 'knex';
import type { Db } from '../../../../shared/db/knex';
import { badRequest, notFound } from '../../../../shared/errors';
import type { AuthContext } from '../../auth/auth-context';
import { lockedReason, requireSalesDocument, type SalesDocument } from '../lookup';
import { permissionsForLineChange, requirePermissions } from './line-permissions';
import type { SalesOrderLineAddDto, SalesOrderLinePatchDto } from './line-schemas';
import { recomputeLineSums, recomputeOrderTotals } from './line-totals';
import { requireWarehouse, resolveNewLine } from './new-line';

type Caller = Pick<AuthContext, 'tenantId' | 'permissions'>;
type LineState = { id: number; qty_delivered: string };

/**
 * The checks every line change makes after finding the order (404) and line (404), inside its transaction
 * with the order row locked: 403 without the permission the change needs, then 400 `bad_request` when the
 * order is invoiced or credited (rule 3).
 */
function checkChange(caller: Caller, doc: SalesDocument, needed: ReturnType<typeof permissionsForLineChange>): void {
  requirePermissions(caller.permissions, needed);
  const reason = lockedReason(doc);
  if (reason) throw badRequest('bad_request', reason);
}

async function requireLine(db: Db, tenantId: number, orderId: number, lineId: number): Promise<LineState> {
  const line = (await db('order_lines')
    .where({ tenant_id: tenantId, order_id: orderId, id: lineId })
    .first('id', 'qty_delivered')) as LineState | undefined;
  if (!line) throw notFound('not_found', `Sales order ${orderId} has no line ${lineId}.`);
  return line;
}

/** Adds a line at the end and updates the order totals; returns the new line's id. */
export async function addLine(db: Knex, caller: Caller, orderId: number, body: SalesOrderLineAddDto): Promise<number> {
  return db.transaction(async (trx) => {
    const doc = await requireSalesDocument(trx, caller.tenantId, orderId, true);
    checkChange(caller, doc, permissionsForLineChange('add', body));
    const lineId = await insertLine(trx, caller.tenantId, doc, body);
    await recomputeOrderTotals(trx, caller.tenantId, doc.id);
    return lineId;
  });
}

/**
 * Inserts a line, with its sums, on a locked, changeable order (also used by order create). The caller then
 * brings the order totals in step, once for all the lines it inserts.
 */
export async function insertLine(
  trx: Knex.Transaction,
  tenantId: number,
  doc: SalesDocument,
  body: SalesOrderLineAddDto,
): Promise<number> {
  const values = await resolveNewLine(trx, tenantId, doc, body);
  const [row] = (await trx('order_lines')
    .insert({
      tenant_id: tenantId,
      order_id: doc.id,
      ...values,
      sum_ex_vat: 0,
      sum_vat: 0,
      sum_inc_vat: 0,
      position: trx.raw(
        '(select coalesce(max(position), 0) + 1 from order_lines where tenant_id = ? and order_id = ?)',
        [tenantId, doc.id],
      ),
    })
    .returning('id')) as Array<{ id: number }>;
  if (!row) throw new Error('line insert returned no row');
  await recomputeLineSums(trx, tenantId, row.id);
  return row.id;
}

/** Changes the fields sent; a quantity below what is already delivered is refused. */
export async function patchLine(
  db: Knex,
  caller: Caller,
  orderId: number,
  lineId: number,
  body: SalesOrderLinePatchDto,
): Promise<void> {
  await db.transaction(async (trx) => {
    const doc = await requireSalesDocument(trx, caller.tenantId, orderId, true);
    const line = await requireLine(trx, caller.tenantId, orderId, lineId);
    checkChange(caller, doc, permissionsForLineChange('patch', body));
    if (body.quantity !== undefined && body.quantity < Number(line.qty_delivered)) {
      throw badRequest(
        'bad_request',
        `Line ${lineId} has ${Number(line.qty_delivered)} delivered; the quantity cannot go below that.`,
      );
    }
    if (body.warehouseId != null) await requireWarehouse(trx, caller.tenantId, body.warehouseId);
    const changes = {
      product_number: body.productNumber,
      description: body.description,
      quantity: body.quantity,
      price: body.price,
      discount_percent: body.discountPercent,
      vat_rate: body.vatRate,
      warehouse_id: body.warehouseId,
      date_delivery: body.dateDelivery,
    };
    const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (!Object.keys(sent).length) return;
    await trx('order_lines')
      .where({ tenant_id: caller.tenantId, id: lineId })
      .update({ ...sent, updated_at: trx.fn.now() });
    await recomputeLineSums(trx, caller.tenantId, lineId);
    await recomputeOrderTotals(trx, caller.tenantId, orderId);
  });
}

/** Deletes a line that has nothing delivered, and updates the order totals. */
export async function deleteLine(db: Knex, caller: Caller, orderId: number, lineId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const doc = await requireSalesDocument(trx, caller.tenantId, orderId, true);
    const line = await requireLine(trx, caller.tenantId, orderId, lineId);
    checkChange(caller, doc, permissionsForLineChange('delete'));
    if (Number(line.qty_delivered) !== 0)
      throw badRequest('bad_request', `Line ${lineId} has deliveries; it cannot be deleted.`);
    await trx('order_lines').where({ tenant_id: caller.tenantId, id: lineId }).del();
    await recomputeOrderTotals(trx, caller.tenantId, orderId);
  });
}
