import type { SearchEngine } from '../../../../../shared/search';
import { createSearchEngine } from '../../../../../shared/search/create-engine';
import { ElasticsearchEngine } from '../../../../../shared/search/elasticsearch';

describe('createSearchEngine', () => {
  const embedded = { close: async () => undefined } as unknown as SearchEngine;

  it('picks the embedded engine without an Elasticsearch URL', () => {
    expect(createSearchEngine({ embedded: () => embedded })).toBe(embedded);
    expect(createSearchEngine({ elasticsearchUrl: '  ', embedded: () => embedded })).toBe(embedded);
  });

  it('picks Elasticsearch when a URL is configured', async () => {
    const engine = createSearchEngine({ elasticsearchUrl: 'http://127.0.0.1:9', embedded: () => embedded });
    expect(engine).toBeInstanceOf(ElasticsearchEngine);
    await engine.close();
  });
});
