import type { Db } from '../../../../shared/db/knex';
import { DEFAULT_TOLERANCES } from '../scoring/tolerances';
import type { Tolerances } from '../scoring/types';

type Row = { qty_percent: string; price_percent: string; date_window_days: number; auto_eligible_score: number };

/** The tenant's matching tolerances, or the defaults when it has set none. */
export async function loadTolerances(db: Db, tenantId: number): Promise<Tolerances> {
  const row: Row | undefined = await db('match_tolerances')
    .select('qty_percent', 'price_percent', 'date_window_days', 'auto_eligible_score')
    .where({ tenant_id: tenantId })
    .first();
  if (!row) return { ...DEFAULT_TOLERANCES };
  return {
    qtyPercent: Number(row.qty_percent),
    pricePercent: Number(row.price_percent),
    dateWindowDays: row.date_window_days,
    autoEligibleScore: row.auto_eligible_score,
  };
}
