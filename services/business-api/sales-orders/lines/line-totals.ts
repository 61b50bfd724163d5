import type { Db } from '../../../../shared/db/knex';
import { badRequest } from '../../../../shared/errors';

const NUMERIC_VALUE_OUT_OF_RANGE = '22003';

/** Sums beyond what the amount columns hold (numeric(18,4)) are a refused change (rule 3), not a server error. */
async function storable(work: PromiseLike<unknown>): Promise<void> {
  try {
    await work;
  } catch (err) {
    const outOfRange =
      typeof err === 'object' && err !== null && 'code' in err && err.code === NUMERIC_VALUE_OUT_OF_RANGE;
    throw outOfRange
      ? badRequest('bad_request', 'The amounts are too large to store; lower the quantity or price.')
      : err;
  }
}

/** Recomputes a line's sums from its quantity, price, discount and VAT rate, rounded to cents (as the seed does). */
export async function recomputeLineSums(db: Db, tenantId: number, lineId: number): Promise<void> {
  await storable(
    db.raw(
      `with s as (
       select id, round(quantity * price * (1 - discount_percent / 100), 2) as ex, vat_rate
       from order_lines where tenant_id = ? and id = ?)
     update order_lines l
     set sum_ex_vat = s.ex, sum_vat = round(s.ex * s.vat_rate / 100, 2), sum_inc_vat = s.ex + round(s.ex * s.vat_rate / 100, 2), updated_at = now()
     from s where l.tenant_id = ? and l.id = s.id`,
      [tenantId, lineId, tenantId],
    ),
  );
}

/** Keeps orders.total_* in step with the lines; call in the transaction that changed them. */
export async function recomputeOrderTotals(db: Db, tenantId: number, orderId: number): Promise<void> {
  await storable(
    db.raw(
      `update orders o
     set total_ex_vat = t.ex, total_vat = t.vat, total_inc_vat = t.ex + t.vat, updated_at = now()
     from (select coalesce(sum(sum_ex_vat), 0) as ex, coalesce(sum(sum_vat), 0) as vat
           from order_lines where tenant_id = ? and order_id = ?) t
     where o.tenant_id = ? and o.id = ?`,
      [tenantId, orderId, tenantId, orderId],
    ),
  );
}
