import pg from 'pg';
import type { SearchDocument } from '../../../../shared/search';
import type { BenchPeer, PeerBuildReport, QueryName } from '../bench-types';
import { MIX, PRICE_KEY } from '../queries';
import { mixLabels, mixText } from './mix-document';
import {
  CREATE,
  INDEXES,
  INSERT_LABELS,
  INSERT_ROWS,
  LABELS,
  q1,
  q1f,
  q2,
  q3,
  q4,
  TABLE,
  type Statement,
} from './postgres-sql';

const BATCH = 2000;

/**
 * PostgreSQL full-text search as SQL-based shop search does it: tsvector + GIN, GROUP BY facet counts with one
 * statement per disjunctive facet, statements of one request run in parallel on a small pool.
 */
export class PostgresPeer implements BenchPeer {
  readonly name = 'postgres';
  private readonly pool: pg.Pool;
  private readonly statements: Record<QueryName, Statement[]> = { Q1: q1(), Q1f: q1f(), Q2: q2(), Q3: q3(), Q4: q4() };

  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  }

  async build(docs: readonly SearchDocument[]): Promise<PeerBuildReport> {
    const started = performance.now();
    for (const sql of CREATE) await this.pool.query(sql);
    for (let i = 0; i < docs.length; i += BATCH) {
      await this.pool.query(INSERT_ROWS, [JSON.stringify(docs.slice(i, i + BATCH).map(toRow))]);
    }
    await this.pool.query(INSERT_LABELS, [JSON.stringify(mixLabels(docs))]);
    for (const sql of INDEXES) await this.pool.query(sql);
    const buildMs = performance.now() - started;
    const size = await this.pool.query<{ bytes: string }>(
      `SELECT (pg_total_relation_size('${TABLE}') + pg_total_relation_size('${LABELS}'))::text AS bytes`,
    );
    return {
      buildMs,
      memoryBytes: Number(size.rows[0]?.bytes ?? 0),
      memoryNote: 'table + indexes on disk (shared buffers cache them)',
    };
  }

  async run(query: QueryName): Promise<number> {
    const results = await Promise.all(this.statements[query].map((s) => this.pool.query(s.text, s.values)));
    if (query === 'Q4') return results.reduce((sum, r) => sum + (r.rowCount ?? 0), 0);
    return Number((results[1]?.rows[0] as { count?: string } | undefined)?.count ?? 0);
  }

  async close(): Promise<void> {
    await this.pool.query(`DROP TABLE IF EXISTS ${TABLE}, ${LABELS}`).catch(() => undefined);
    await this.pool.end();
  }
}

function toRow(doc: SearchDocument) {
  const en = mixText(doc);
  return {
    id: doc.id,
    name: en.name,
    brand_text: en.brand,
    description: en.description,
    brand: doc.facets.brand?.[0] ?? '',
    colours: doc.facets.colour ?? [],
    sizes: doc.facets.size ?? [],
    materials: doc.facets.material ?? [],
    categories: doc.facets.category ?? [],
    price: doc.numbers[PRICE_KEY] ?? null,
    on_market: doc.markets.includes(MIX.market),
    popularity: doc.popularity ?? 0,
  };
}
