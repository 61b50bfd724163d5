import type { Knex } from 'knex';
import type { Db } from '../../../../shared/db/knex';
import { badRequest } from '../../../../shared/errors';
import { lockedReason, requireSalesDocument } from '../lookup';
import { requireCurrency, requireSalesOrderStatus, requireVatType } from './references';
import type { SalesOrderPatchDto, SalesOrderPatchResultDto } from './write-schemas';

const COLUMN_OF: Record<keyof SalesOrderPatchDto, string> = {
  name: 'name',
  statusId: 'status_id',
  dateDelivery: 'date_delivery',
  yourReference: 'your_reference',
  ourReference: 'our_reference',
  currencyIsoCode: 'currency_code',
  vatTypeId: 'vat_type_id',
};

const refuse = (message: string) => badRequest('invalid_request', message);

/** Stored and sent values compared as the API shows them (dates as instants). */
const same = (stored: unknown, sent: unknown): boolean =>
  stored instanceof Date && typeof sent === 'string' ? stored.getTime() === new Date(sent).getTime() : stored === sent;

/** Splits the fields sent into those that change and those already so. Pure. */
export function diffPatch(
  current: Record<string, unknown>,
  sent: Record<string, unknown>,
): { changed: string[]; unchanged: string[] } {
  const fields = Object.keys(sent).filter((f) => sent[f] !== undefined);
  return {
    changed: fields.filter((f) => !same(current[f], sent[f])),
    unchanged: fields.filter((f) => same(current[f], sent[f])),
  };
}

/**
 * PATCH /sales-orders/{id}: 404 when no sales document has the id; 400 `invalid_request` with the reason
 * when the change is refused (rule 5): invoiced or credited, a status that is not a sales order status,
 * an unknown currency or VAT type, a currency change on an order with lines, delivery before the order date.
 */
export async function patchSalesOrder(
  db: Knex,
  tenantId: number,
  id: number,
  body: SalesOrderPatchDto,
): Promise<SalesOrderPatchResultDto> {
  return db.transaction(async (trx) => {
    const doc = await requireSalesDocument(trx, tenantId, id, true);
    const reason = lockedReason(doc);
    if (reason) throw refuse(reason);
    const sent: Record<string, unknown> = { ...body };
    if (body.currencyIsoCode !== undefined)
      sent.currencyIsoCode = await requireCurrency(trx, tenantId, body.currencyIsoCode);
    await checkReferences(trx, tenantId, body);
    if (body.dateDelivery !== undefined && new Date(body.dateDelivery) < doc.date_order)
      throw refuse('dateDelivery cannot be before the order date.');
    const current = await currentValues(trx, tenantId, id);
    const diff = diffPatch(current, sent);
    if (diff.changed.includes('currencyIsoCode') && (await hasLines(trx, tenantId, id))) {
      throw refuse('The currency cannot change while the order has lines: their prices are in the current currency.');
    }
    if (diff.changed.length) {
      const update = Object.fromEntries(diff.changed.map((f) => [COLUMN_OF[f as keyof SalesOrderPatchDto], sent[f]]));
      await trx('orders')
        .where({ tenant_id: tenantId, id })
        .update({ ...update, updated_at: trx.fn.now() });
    }
    return { id, ...diff };
  });
}

async function checkReferences(db: Db, tenantId: number, body: SalesOrderPatchDto): Promise<void> {
  if (body.statusId !== undefined) await requireSalesOrderStatus(db, tenantId, body.statusId);
  if (body.vatTypeId != null) await requireVatType(db, tenantId, body.vatTypeId);
}

async function currentValues(db: Db, tenantId: number, id: number): Promise<Record<string, unknown>> {
  const row = (await db('orders').where({ tenant_id: tenantId, id }).first(Object.values(COLUMN_OF))) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(Object.entries(COLUMN_OF).map(([field, column]) => [field, row[column]]));
}

async function hasLines(db: Db, tenantId: number, id: number): Promise<boolean> {
  return (await db('order_lines').where({ tenant_id: tenantId, order_id: id }).first('id')) !== undefined;
}
