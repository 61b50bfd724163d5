import { create, insertMultiple, search, type Orama } from '@orama/orama';
import type { SearchDocument } from '../../../../shared/search';
import type { BenchPeer, PeerBuildReport, QueryName } from '../bench-types';
import { canMeasureMemory, settledMemory } from '../memory';
import { MIX, PRICE_KEY } from '../queries';
import { mixLabels, mixText } from './mix-document';

const SCHEMA = {
  name: 'string',
  brandText: 'string',
  description: 'string',
  brand: 'enum',
  colour: 'enum[]',
  size: 'enum[]',
  material: 'enum[]',
  category: 'enum[]',
  price: 'number',
  onMarket: 'boolean',
} as const;

const LABEL_SCHEMA = { key: 'string', label: 'string' } as const;
const PROPERTIES: ('name' | 'brandText' | 'description')[] = ['name', 'brandText', 'description'];
const BOOST = { name: 4, brandText: 2 };
const FACETS = {
  brand: { limit: 20 },
  colour: { limit: 20 },
  size: { limit: 20 },
  material: { limit: 20 },
  category: { limit: 500 },
};

type ProductDb = Orama<typeof SCHEMA>;
type LabelDb = Orama<typeof LABEL_SCHEMA>;

/**
 * @orama/orama as a shop would use it: one search per listing, plus one extra search per disjunctive facet
 * (Orama counts facets only over its own result). It has no min/max aggregation, so price stats are left
 * out of its timings, in its favour.
 */
export class OramaPeer implements BenchPeer {
  readonly name = 'orama';
  readonly inProcess = true;
  private db: ProductDb | null = null;
  private labels: LabelDb | null = null;

  async build(docs: readonly SearchDocument[]): Promise<PeerBuildReport> {
    const before = settledMemory();
    const started = performance.now();
    const db = create({ schema: SCHEMA });
    await insertMultiple(db, docs.map(toOramaDocument), 1000);
    const labels = create({ schema: LABEL_SCHEMA });
    await insertMultiple(labels, labelDocuments(docs), 1000);
    const buildMs = performance.now() - started;
    this.db = db;
    this.labels = labels;
    const memoryBytes = canMeasureMemory() ? settledMemory() - before : null;
    return { buildMs, memoryBytes, memoryNote: 'heap growth while building' };
  }

  async run(query: QueryName): Promise<number> {
    const db = this.db;
    const labels = this.labels;
    if (db === null || labels === null) throw new Error('not built');
    const onMarket = { onMarket: true };
    const byPrice = { property: 'price', order: 'ASC' } as const;
    switch (query) {
      case 'Q1':
        return (await search(db, { term: '', where: onMarket, facets: FACETS, sortBy: byPrice, limit: MIX.pageSize }))
          .count;
      case 'Q1f': {
        const category = { category: { containsAny: [MIX.q1fCategory] } };
        const main = await search(db, {
          term: '',
          where: { ...onMarket, ...category },
          facets: FACETS,
          sortBy: byPrice,
          limit: MIX.pageSize,
        });
        // The category facet's own counts ignore its selection (disjunctive).
        await search(db, { term: '', where: onMarket, facets: { category: FACETS.category }, limit: 1 });
        return main.count;
      }
      case 'Q2':
        return (
          await search(db, {
            term: MIX.q2Text,
            properties: PROPERTIES,
            boost: BOOST,
            where: onMarket,
            facets: FACETS,
            limit: MIX.pageSize,
          })
        ).count;
      case 'Q3':
        return this.q3(db);
      case 'Q4': {
        const hits = await search(db, { term: MIX.q4Text, properties: ['name'], where: onMarket, limit: 5 });
        const values = await search(labels, { term: MIX.q4Text, properties: ['label'], limit: 10 });
        return hits.hits.length + values.hits.length;
      }
    }
  }

  private async q3(db: ProductDb): Promise<number> {
    const filters = {
      brand: { in: [...MIX.q3Brands] },
      colour: { containsAny: [...MIX.q3Colours] },
      size: { containsAny: [...MIX.q3Sizes] },
    };
    const price = { price: { between: [MIX.q3Price.min, MIX.q3Price.max] as [number, number] } };
    const text = { term: MIX.q3Text, properties: PROPERTIES, boost: BOOST, threshold: 0 };
    const main = await search(db, {
      ...text,
      where: { onMarket: true, ...filters, ...price },
      facets: FACETS,
      limit: MIX.pageSize,
    });
    for (const relaxed of ['brand', 'colour', 'size'] as const) {
      const where = { onMarket: true, ...price, ...filters, [relaxed]: undefined };
      delete where[relaxed];
      await search(db, { ...text, where, facets: { [relaxed]: FACETS[relaxed] }, limit: 1 });
    }
    return main.count;
  }

  async close(): Promise<void> {
    this.db = null;
    this.labels = null;
  }
}

function toOramaDocument(doc: SearchDocument) {
  const en = mixText(doc);
  return {
    id: doc.id,
    name: en.name,
    brandText: en.brand,
    description: en.description,
    brand: doc.facets.brand?.[0] ?? '',
    colour: doc.facets.colour ?? [],
    size: doc.facets.size ?? [],
    material: doc.facets.material ?? [],
    category: doc.facets.category ?? [],
    price: doc.numbers[PRICE_KEY] ?? -1,
    onMarket: doc.markets.includes(MIX.market),
  };
}

/** Brand and category labels, one document per value, for the facet half of suggest. */
function labelDocuments(docs: readonly SearchDocument[]): { key: string; label: string }[] {
  return mixLabels(docs).map(({ key, value, label }) => ({ key: `${key}:${value}`, label }));
}
