import type { Knex } from 'knex';
import { badRequest } from '../../../../shared/errors';
import type { AuthContext } from '../../auth/auth-context';
import { permissionsForLineChange, requirePermissions } from '../lines/line-permissions';
import { insertLine } from '../lines/line-writes';
import { recomputeOrderTotals } from '../lines/line-totals';
import { requireSalesDocument } from '../lookup';
import {
  defaultSalesOrderStatus,
  priceListFor,
  requireCurrency,
  requireCustomer,
  requireSalesOrderStatus,
  requireVatType,
} from './references';
import type { SalesOrderCreateDto } from './write-schemas';

type Caller = Pick<AuthContext, 'tenantId' | 'permissions'>;

/**
 * Creates a sales order (and its lines) in one transaction. 400 `invalid_request` for an unknown company,
 * currency, VAT type or a status that is not a sales order status (rule 4); lines need the permissions of
 * adding them (403) and are priced as POST .../lines prices them.
 */
export async function createSalesOrder(
  db: Knex,
  caller: Caller,
  body: SalesOrderCreateDto,
  now: Date,
): Promise<{ id: number; lineIds: number[] }> {
  const tenantId = caller.tenantId;
  for (const line of body.lines ?? []) requirePermissions(caller.permissions, permissionsForLineChange('add', line));
  return db.transaction(async (trx) => {
    const customer = await requireCustomer(trx, tenantId, body.customerId);
    const currency = await requireCurrency(
      trx,
      tenantId,
      body.currencyIsoCode ?? customer.currency_code ?? (await defaultCurrency(trx, tenantId)),
    );
    if (body.vatTypeId !== undefined) await requireVatType(trx, tenantId, body.vatTypeId);
    if (body.statusId !== undefined) await requireSalesOrderStatus(trx, tenantId, body.statusId);
    const dateOrder = body.dateOrder ?? now.toISOString();
    const [row] = (await trx('orders')
      .insert({
        tenant_id: tenantId,
        customer_id: customer.id,
        status_id: body.statusId ?? (await defaultSalesOrderStatus(trx, tenantId)),
        name: body.name ?? customer.name,
        currency_code: currency,
        price_list_id: await priceListFor(trx, tenantId, customer, currency),
        payment_term_id: customer.payment_term_id,
        delivery_term_id: customer.delivery_term_id,
        vat_type_id: body.vatTypeId ?? customer.vat_type_id,
        your_reference: body.yourReference ?? null,
        our_reference: body.ourReference ?? null,
        date_order: dateOrder,
        date_delivery: body.dateDelivery ?? dateOrder,
      })
      .returning('id')) as Array<{ id: number }>;
    if (!row) throw new Error('order insert returned no row');
    const doc = await requireSalesDocument(trx, tenantId, row.id, true);
    const lineIds: number[] = [];
    for (const line of body.lines ?? []) lineIds.push(await insertLine(trx, tenantId, doc, line));
    if (lineIds.length) await recomputeOrderTotals(trx, tenantId, doc.id);
    return { id: row.id, lineIds };
  });
}

async function defaultCurrency(trx: Knex.Transaction, tenantId: number): Promise<string> {
  const profile = (await trx('company_profiles').where('tenant_id', tenantId).first('default_currency_code')) as
    | { default_currency_code: string | null }
    | undefined;
  if (!profile?.default_currency_code)
    throw badRequest('invalid_request', 'The customer has no currency; send currencyIsoCode.');
  return profile.default_currency_code;
}
