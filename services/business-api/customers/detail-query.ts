import type { Db } from '../../../shared/db/knex';
import type { CustomerDetailDto } from './schemas';

type DetailRow = {
  id: number;
  contact_number: number;
  name: string;
  orgno: string;
  inactive: boolean;
  credit_limit: string;
  credit_stop: boolean;
  payment_term_name: string | null;
  delivery_term_name: string | null;
  price_list_name: string | null;
  vat_type_name: string | null;
  order_count: string;
  overdue_sum: string;
};

// Overdue: IsSales invoices (not credits) past their due date with an amount left to pay, as of the database clock.
const DETAIL_SQL = `
  select c.id, c.contact_number, c.name, c.orgno, c.inactive, c.credit_limit, c.credit_stop,
    pt.name as payment_term_name, dt.name as delivery_term_name, pl.name as price_list_name, vt.name as vat_type_name,
    (select count(*) from orders o join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
      where o.tenant_id = c.tenant_id and o.customer_id = c.id and s.is_order_intake) as order_count,
    (select coalesce(sum(o.total_inc_vat - o.paid_amount), 0) from orders o
      join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
      where o.tenant_id = c.tenant_id and o.customer_id = c.id and s.type = 'SALESINVOICE' and s.is_sales
        and o.date_due < now() and o.total_inc_vat - o.paid_amount > 0) as overdue_sum
  from customers c
  left join payment_terms pt on pt.tenant_id = c.tenant_id and pt.id = c.payment_term_id
  left join delivery_terms dt on dt.tenant_id = c.tenant_id and dt.id = c.delivery_term_id
  left join price_lists pl on pl.tenant_id = c.tenant_id and pl.id = c.price_list_id
  left join vat_types vt on vt.tenant_id = c.tenant_id and vt.id = c.vat_type_id
  where c.tenant_id = ? and c.id = ?`;

/** The customer with its terms and order figures, or undefined when the tenant has no such customer. */
export async function getCustomerDetail(
  db: Db,
  tenantId: number,
  customerId: number,
): Promise<CustomerDetailDto | undefined> {
  const { rows } = (await db.raw(DETAIL_SQL, [tenantId, customerId])) as { rows: DetailRow[] };
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    contactNumber: r.contact_number,
    name: r.name,
    orgno: r.orgno,
    inactive: r.inactive,
    creditLimit: Number(r.credit_limit),
    overdueOrderSum: Number(r.overdue_sum),
    creditStop: r.credit_stop,
    paymentTermName: r.payment_term_name ?? '',
    deliveryTermName: r.delivery_term_name ?? '',
    priceListName: r.price_list_name ?? '',
    vatTypeName: r.vat_type_name ?? '',
    orderCount: Number(r.order_count),
  };
}
