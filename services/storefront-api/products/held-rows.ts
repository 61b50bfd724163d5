import {
  BATCH_JSON_COLUMNS,
  type BatchRows,
  batchJsonBindings,
  batchRowsOf,
  jsonColumn,
  overSellable,
  sellableBindings,
} from '../../../indexer/documents/catalogue-rows';
import type { Knex } from '../../../shared/db/knex';
import { NamedStatement } from '../../../shared/db/named-statement';
import type { MediaRow } from '../../../shared/media/manifest';
import { MEDIA_ROWS, type MediaRowRecord, toMediaRow } from '../../../shared/media/media-rows';
import { CURRENT_SLUGS, type SlugRow, slugsById } from './product-rows';

/** What held products are made of: the indexer's catalogue rows, current slugs, and media rows. */
export interface HeldRows {
  batch: BatchRows;
  slugs: Map<number, Record<string, string>>;
  /** Of the roots and of their variants. */
  media: MediaRow[];
}

// One constant text: the statement is named, and a name must always stand for the same text.
const HELD_ROWS = new NamedStatement<Record<string, unknown>>(
  'storefront-held-rows',
  `select ${[
    BATCH_JSON_COLUMNS,
    jsonColumn(CURRENT_SLUGS, 'slugs'),
    jsonColumn(overSellable(MEDIA_ROWS), 'media'),
  ].join(',\n')}`,
);

/**
 * The rows of the roots among `ids` (see HeldRows) in one named statement. Each read was eleven statements, each
 * planned anew (planning was most of PostgreSQL's cost); named, on a session that keeps generic plans
 * (createDb `genericPlans`), it is planned once per connection.
 */
export async function heldRows(
  db: Knex,
  scope: { tenantId: number; siteId: number },
  ids: readonly number[],
): Promise<HeldRows> {
  const { tenantId, siteId } = scope;
  const bindings = [
    ...batchJsonBindings(tenantId, ids),
    ...[tenantId, siteId, 'product', ids.map(String)],
    ...[tenantId, ...sellableBindings(tenantId, ids)],
  ];
  const rows = await HELD_ROWS.rows(db, bindings);
  // A select without FROM answers one row, and each column is a JSON array (coalesced).
  const row = rows[0];
  if (row === undefined) throw new Error('heldRows: the statement answered no row');
  return {
    batch: batchRowsOf(row),
    slugs: slugsById(row.slugs as SlugRow[]),
    media: (row.media as MediaRowRecord[]).map(toMediaRow),
  };
}
