import type { Db } from '../../../../shared/db/knex';
import { applyKeyset, toPage, type Page } from '../../paging/keyset';
import { DEFAULT_PAGE_LIMITS, resolvePageSize, type PageLimits } from '../../paging/page-size';
import { loadFulfilment } from '../fulfilment';
import { loadLines } from '../lines/line-dto';
import { loadLineFacts, selectOrderHeads } from '../order-heads';
import { NO_LINES, toSalesOrderDto, type OrderHeadRow } from '../sales-order-dto';
import { resolveStatusKind, SALES_DOCUMENT_TYPES } from '../status-kind';
import { applyListFilters, SALES_ORDER_KEYSET } from './list-query';
import type { SalesOrderListItem, SalesOrderListQuery } from './list-schemas';

/** With `include`, pages are small: every order carries its lines or fulfilment (spec: Limits). */
export const INCLUDE_PAGE_LIMITS: PageLimits = { default: 25, max: 25 };

/** GET /sales-orders: one keyset page of sales documents, newest order date first, with the requested embeds. */
export async function listSalesOrders(
  db: Db,
  tenantId: number,
  query: SalesOrderListQuery,
  now: Date,
): Promise<Page<SalesOrderListItem>> {
  const { include = [], cursor, pageSize, statusKind, ...filters } = query;
  const page = resolvePageSize(pageSize, include.length ? INCLUDE_PAGE_LIMITS : DEFAULT_PAGE_LIMITS);
  const kind = resolveStatusKind({ statusKind, ...filters });
  const base = applyListFilters(selectOrderHeads(db, tenantId, SALES_DOCUMENT_TYPES), tenantId, kind, filters);
  const rows: OrderHeadRow[] = await applyKeyset(base, SALES_ORDER_KEYSET, { cursor, size: page.size });
  const pageRows = rows.slice(0, page.size);
  const ids = pageRows.map((r) => r.id);
  const [facts, lines, fulfilment] = await Promise.all([
    loadLineFacts(db, tenantId, ids),
    include.includes('lines') ? loadLines(db, tenantId, ids) : undefined,
    include.includes('fulfilment') ? loadFulfilment(db, tenantId, ids) : undefined,
  ]);
  return toPage(rows, SALES_ORDER_KEYSET, page, (row) => {
    const item: SalesOrderListItem = toSalesOrderDto(row, facts.get(row.id) ?? NO_LINES, now);
    if (lines) item.lines = lines.get(row.id) ?? [];
    if (fulfilment) item.fulfilment = fulfilment.get(row.id);
    return item;
  });
}
