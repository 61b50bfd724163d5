import { siteIndexFields, type BulkOperation, type SearchDocument, type SearchEngine } from '../../../../shared/search';
import { elasticsearchDecision } from '../../../support/elasticsearch';
import { createElasticsearchTestEngine, type TestEngine } from '../../../support/test-engines';

// A large bulk call on a real node: ~5,000 changed products of ~21 KB each is over the node's
// http.max_content_length (100 MB by default), which one request answers with 413
// (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/modules-network.html#http-settings); the
// adapter sends it in requests of at most 5 MB.

const decision = elasticsearchDecision(process.env);
const onElasticsearch = decision.kind === 'url' ? describe : describe.skip;
if (decision.kind === 'skip') console.warn(`bulk chunks on Elasticsearch skipped: ${decision.reason}`);

const PRODUCTS = 5_000;
/** The opaque card is stored but never indexed, so it weighs on the request and hardly on the node. */
const CARD_TEXT = 'x'.repeat(21_000);
/** A keyword term over Lucene's 32766-byte limit ("immense term") fails its document on the node, not before sending. */
const IMMENSE = 'y'.repeat(40_000);
const REFUSED_AT = 4_321;

function product(i: number): SearchDocument {
  return {
    id: `p${i}`,
    markets: ['se'],
    text: { en: { name: `Product ${i}`, brand: '', description: '' } },
    skus: [`SKU-${i}`],
    facets: { brand: [i === REFUSED_AT ? IMMENSE : `brand${i % 7}`] },
    numbers: { 'price.se': i },
    flags: { 'inStock.se': true },
    sortKeys: { name: { en: `product ${i}` }, createdAt: i },
    card: { id: `p${i}`, blob: CARD_TEXT },
  };
}

onElasticsearch('Elasticsearch bulk requests are split (live node)', () => {
  let e: TestEngine;
  let engine: SearchEngine;

  beforeAll(() => {
    e = createElasticsearchTestEngine();
    engine = e.engine;
  });
  afterAll(async () => {
    await e.cleanup();
  });

  it('a call over http.max_content_length lands in several requests; a failure in a late one keeps its position', async () => {
    await engine.createIndex('big', {
      languages: ['en'],
      fields: siteIndexFields({ markets: ['se'], facets: ['brand'] }),
    });
    const operations: BulkOperation[] = Array.from({ length: PRODUCTS }, (_, i) => ({
      action: 'index',
      document: product(i),
    }));
    const bytes = operations.reduce(
      (sum, op) => sum + (op.action === 'index' ? JSON.stringify(op.document).length : 0),
      0,
    );
    expect(bytes).toBeGreaterThan(100 * 1024 * 1024);
    const result = await engine.bulk('big', operations);
    expect(result.succeeded).toBe(PRODUCTS - 1);
    expect(result.failures).toEqual([
      {
        position: REFUSED_AT,
        id: `p${REFUSED_AT}`,
        reason: expect.stringMatching(/^document_parsing_exception: .*failed to parse field \[facets\.brand\]/),
      },
    ]);
    await engine.refresh('big');
    expect(await engine.count('big')).toBe(PRODUCTS - 1);
    const last = await engine.search('big', {
      language: 'en',
      market: 'se',
      filters: [{ kind: 'terms', key: 'brand', values: ['brand3'], match: 'any' }],
      pageSize: 1,
      sort: 'price_desc',
    });
    expect(last.hits.map((hit) => hit.id)).toEqual([`p${4_999 - ((4_999 - 3) % 7)}`]);
  }, 120_000);
});
