import knex from 'knex';
import { whereStatus } from '../../../../../services/business-api/statuses/status-filter';

const db = knex({ client: 'pg' });
const sqlOf = (selection: Parameters<typeof whereStatus>[2]) => {
  const query = db('orders as o').select('o.id');
  whereStatus(query, 's', selection, 'sales');
  return query.toString();
};

describe('whereStatus', () => {
  it('applies the natural flag by default', () => {
    expect(sqlOf({})).toContain('"s"."is_sales" = true');
  });

  it('pins a status and drops the natural flag', () => {
    const sql = sqlOf({ statusId: 6 });
    expect(sql).toContain('"s"."id" = 6');
    expect(sql).not.toContain('is_sales');
  });

  it('selects by the kind asked for, together with a pinned status', () => {
    expect(sqlOf({ statusKind: 'intake' })).toContain('"s"."is_order_intake" = true');
    expect(sqlOf({ statusKind: 'purchase', statusId: 3 })).toMatch(/"s"."id" = 3 and "s"."is_purchase" = true/);
  });

  it('drops every flag for all', () => {
    expect(sqlOf({ statusKind: 'all' })).not.toMatch(/is_(sales|order_intake|purchase)/);
  });
});
