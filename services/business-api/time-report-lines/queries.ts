import type { Db } from '../../../shared/db/knex';
import { TIME_REPORT_CAP, type TimeReportLineDto, type TimeReportLinesQuery } from './schemas';

type LineRow = {
  id: number;
  day: string;
  person_id: number;
  person_name: string;
  order_id: number | null;
  order_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  hours: string;
  description: string | null;
  billable: boolean;
  invoiced: boolean;
};

/** The UTC day of a moment, as the `date` column compares. */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The tenant's time report lines, newest day first, at most TIME_REPORT_CAP of them. */
export async function listTimeReportLines(
  db: Db,
  tenantId: number,
  f: TimeReportLinesQuery,
): Promise<TimeReportLineDto[]> {
  const query = db('time_report_lines as t')
    .join('persons as p', (j) => j.on('p.tenant_id', 't.tenant_id').andOn('p.id', 't.person_id'))
    .leftJoin('orders as o', (j) => j.on('o.tenant_id', 't.tenant_id').andOn('o.id', 't.order_id'))
    .leftJoin('customers as c', (j) => j.on('c.tenant_id', 't.tenant_id').andOn('c.id', 't.customer_id'))
    .where('t.tenant_id', tenantId)
    .select(
      't.id',
      db.raw("to_char(t.date, 'YYYY-MM-DD') as day"),
      't.person_id',
      'p.name as person_name',
      't.order_id',
      'o.name as order_name',
      't.customer_id',
      'c.name as customer_name',
      't.hours',
      't.description',
      't.billable',
      't.invoiced',
    )
    .orderBy([
      { column: 't.date', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ])
    .limit(TIME_REPORT_CAP);
  if (f.orderId !== undefined) query.where('t.order_id', f.orderId);
  if (f.customerId !== undefined) query.where('t.customer_id', f.customerId);
  if (f.personId !== undefined) query.where('t.person_id', f.personId);
  if (f.from !== undefined) query.where('t.date', '>=', utcDay(f.from.at));
  if (f.to !== undefined) query.where('t.date', '<=', utcDay(f.to.at));
  if (f.billableOnly === true) query.where('t.billable', true);
  if (f.openOnly === true) query.where({ 't.billable': true, 't.invoiced': false });
  const rows: LineRow[] = await query;
  return rows.map((r) => ({
    id: r.id,
    date: r.day,
    personId: r.person_id,
    personName: r.person_name,
    orderId: r.order_id,
    orderName: r.order_name,
    customerId: r.customer_id,
    customerName: r.customer_name,
    hours: Number(r.hours),
    description: r.description,
    billable: r.billable,
    invoiced: r.invoiced,
    isOpen: r.billable && !r.invoiced,
  }));
}
