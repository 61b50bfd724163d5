import { MIX } from '../queries';

/** A parameterised statement. */
export interface Statement {
  text: string;
  values: unknown[];
}

export const TABLE = 'aisle_bench_products';
export const LABELS = 'aisle_bench_labels';

export const CREATE = [
  `DROP TABLE IF EXISTS ${TABLE}, ${LABELS}`,
  `CREATE UNLOGGED TABLE ${TABLE} (
    id text PRIMARY KEY, name text NOT NULL, brand_text text NOT NULL, description text NOT NULL, brand text NOT NULL,
    colours text[] NOT NULL, sizes text[] NOT NULL, materials text[] NOT NULL, categories text[] NOT NULL,
    price double precision, on_market boolean NOT NULL, popularity integer NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', brand_text), 'B')
      || setweight(to_tsvector('english', description), 'C')) STORED,
    name_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED)`,
  `CREATE UNLOGGED TABLE ${LABELS} (key text NOT NULL, value text NOT NULL, label text NOT NULL)`,
];

export const INSERT_ROWS = `INSERT INTO ${TABLE} (id, name, brand_text, description, brand, colours, sizes, materials, categories, price, on_market, popularity)
  SELECT id, name, brand_text, description, brand, colours, sizes, materials, categories, price, on_market, popularity
  FROM json_populate_recordset(null::${TABLE}, $1)`;

export const INSERT_LABELS = `INSERT INTO ${LABELS} SELECT * FROM json_populate_recordset(null::${LABELS}, $1)`;

export const INDEXES = [
  `CREATE INDEX ON ${TABLE} USING gin (tsv)`,
  `CREATE INDEX ON ${TABLE} USING gin (name_tsv)`,
  `CREATE INDEX ON ${TABLE} USING gin (colours)`,
  `CREATE INDEX ON ${TABLE} USING gin (sizes)`,
  `CREATE INDEX ON ${TABLE} USING gin (materials)`,
  `CREATE INDEX ON ${TABLE} USING gin (categories)`,
  `CREATE INDEX ON ${TABLE} (brand)`,
  `CREATE INDEX ON ${TABLE} (price, id) WHERE on_market`,
  `CREATE INDEX ON ${TABLE} (popularity DESC, id) WHERE on_market`,
  `CREATE INDEX ON ${LABELS} (lower(label) text_pattern_ops)`,
  `ANALYZE ${TABLE}`,
  `ANALYZE ${LABELS}`,
];

/** Conditions of one query, each a SQL fragment with its own parameters appended on use. */
type Condition = { sql: (p: (value: unknown) => string) => string; key?: string };

function statement(build: (p: (value: unknown) => string) => string): Statement {
  const values: unknown[] = [];
  const text = build((value) => {
    values.push(value);
    return `$${values.length}`;
  });
  return { text, values };
}

const where = (conditions: Condition[], p: (value: unknown) => string): string =>
  conditions.map((c) => c.sql(p)).join(' AND ');

/** The statements of one faceted listing: page, total with price stats, one GROUP BY per facet (disjunctive). */
function listing(conditions: Condition[], order: (p: (value: unknown) => string) => string): Statement[] {
  const without = (key: string) => conditions.filter((c) => c.key !== key);
  const arrayFacet = (column: string, key: string, limit: number) =>
    statement(
      (p) =>
        `SELECT v, count(*) c FROM ${TABLE}, unnest(${column}) v WHERE ${where(without(key), p)} GROUP BY v ORDER BY c DESC, v LIMIT ${limit}`,
    );
  return [
    statement(
      (p) => `SELECT id FROM ${TABLE} WHERE ${where(conditions, p)} ORDER BY ${order(p)}, id LIMIT ${MIX.pageSize}`,
    ),
    statement((p) => `SELECT count(*) FROM ${TABLE} WHERE ${where(conditions, p)}`),
    statement((p) => `SELECT min(price), max(price) FROM ${TABLE} WHERE ${where(without('price'), p)}`),
    statement(
      (p) =>
        `SELECT brand v, count(*) c FROM ${TABLE} WHERE ${where(without('brand'), p)} GROUP BY brand ORDER BY c DESC, v LIMIT 20`,
    ),
    arrayFacet('colours', 'colour', 20),
    arrayFacet('sizes', 'size', 20),
    arrayFacet('materials', 'material', 20),
    arrayFacet('categories', 'category', 500),
  ];
}

const ON_MARKET: Condition = { sql: () => 'on_market' };
const text = (words: string): Condition => ({ sql: (p) => `tsv @@ plainto_tsquery('english', ${p(words)})` });
const rank = (words: string) => (p: (value: unknown) => string) =>
  `ts_rank(tsv, plainto_tsquery('english', ${p(words)})) DESC`;

export function q1(): Statement[] {
  return listing([ON_MARKET], () => 'price');
}

/** Q1 with one category selected; category paths carry their ancestors, so containment selects a subtree. */
export function q1f(): Statement[] {
  return listing(
    [ON_MARKET, { key: 'category', sql: (p) => `categories @> ${p([MIX.q1fCategory])}::text[]` }],
    () => 'price',
  );
}

export function q2(): Statement[] {
  return listing([ON_MARKET, text(MIX.q2Text)], rank(MIX.q2Text));
}

export function q3(): Statement[] {
  return listing(
    [
      ON_MARKET,
      text(MIX.q3Text),
      { key: 'brand', sql: (p) => `brand = ANY(${p([...MIX.q3Brands])})` },
      { key: 'colour', sql: (p) => `colours && ${p([...MIX.q3Colours])}::text[]` },
      { key: 'size', sql: (p) => `sizes && ${p([...MIX.q3Sizes])}::text[]` },
      { key: 'price', sql: (p) => `price BETWEEN ${p(MIX.q3Price.min)} AND ${p(MIX.q3Price.max)}` },
    ],
    rank(MIX.q3Text),
  );
}

export function q4(): Statement[] {
  return [
    statement(
      (p) =>
        `SELECT id FROM ${TABLE} WHERE on_market AND name_tsv @@ to_tsquery('simple', ${p(`${MIX.q4Text}:*`)}) ORDER BY popularity DESC, id LIMIT 5`,
    ),
    statement(
      (p) =>
        `SELECT key, value, label FROM ${LABELS} WHERE lower(label) LIKE ${p(`${MIX.q4Text}%`)} ORDER BY label LIMIT 10`,
    ),
  ];
}
