import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchEngine } from '../../../../../shared/search';
import { clientOptions, createSearchEngine } from '../../../../../shared/search/create-engine';
import { ElasticsearchEngine } from '../../../../../shared/search/elasticsearch';
import { PrefixedEngine } from '../../../../../shared/search/prefixed-engine';
import { elasticsearchConnection, searchConfigSchema } from '../../../../../shared/search/search-config';

describe('createSearchEngine', () => {
  const embedded = { close: async () => undefined } as unknown as SearchEngine;

  it('picks the embedded engine without an Elasticsearch connection', () => {
    expect(createSearchEngine({ embedded: () => embedded })).toBe(embedded);
  });

  it('picks Elasticsearch when a connection is configured, under the index prefix when one is set', async () => {
    const plain = createSearchEngine({
      elasticsearch: { url: 'http://127.0.0.1:9', indexPrefix: '' },
      embedded: () => embedded,
    });
    expect(plain).toBeInstanceOf(ElasticsearchEngine);
    const prefixed = createSearchEngine({
      elasticsearch: { url: 'http://127.0.0.1:9', indexPrefix: 'staging-' },
      embedded: () => embedded,
    });
    expect(prefixed).toBeInstanceOf(PrefixedEngine);
    await Promise.all([plain.close(), prefixed.close()]);
  });

  it('gives the client the node, the API key and the CA', () => {
    expect(clientOptions({ url: 'https://es.example:9243', indexPrefix: '' })).toEqual({
      node: 'https://es.example:9243',
    });
    expect(clientOptions({ url: 'https://es.example:9243', apiKey: 'aWQ6a2V5', ca: 'PEM', indexPrefix: 'p-' })).toEqual(
      {
        node: 'https://es.example:9243',
        auth: { apiKey: 'aWQ6a2V5' },
        tls: { ca: 'PEM' },
      },
    );
  });
});

describe('search configuration', () => {
  const parse = (env: Record<string, string>) => searchConfigSchema.safeParse(env);

  it('is the embedded engine without ELASTICSEARCH_URL', () => {
    expect(elasticsearchConnection(searchConfigSchema.parse({}))).toBeUndefined();
  });

  it('reads the CA file at boot and names it when it cannot', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'aisle-ca-'));
    try {
      await writeFile(path.join(dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\n');
      const config = searchConfigSchema.parse({
        ELASTICSEARCH_URL: 'https://es:9200',
        ELASTICSEARCH_API_KEY: ' key ',
        ELASTICSEARCH_CA_FILE: path.join(dir, 'ca.pem'),
      });
      expect(elasticsearchConnection(config)).toEqual({
        url: 'https://es:9200',
        apiKey: 'key',
        ca: '-----BEGIN CERTIFICATE-----\n',
        indexPrefix: '',
      });
      const missing = searchConfigSchema.parse({
        ELASTICSEARCH_URL: 'https://es:9200',
        ELASTICSEARCH_CA_FILE: path.join(dir, 'nope.pem'),
      });
      expect(() => elasticsearchConnection(missing)).toThrow(
        `ELASTICSEARCH_CA_FILE: cannot read ${path.join(dir, 'nope.pem')} (ENOENT)`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a URL that is not http(s) and a prefix that cannot start an index name', () => {
    expect(parse({ ELASTICSEARCH_URL: 'ftp://es:9200' }).success).toBe(false);
    expect(parse({ ELASTICSEARCH_URL: 'http://es:9200', ELASTICSEARCH_INDEX_PREFIX: 'Prod-' }).success).toBe(false);
    expect(parse({ ELASTICSEARCH_URL: 'http://es:9200', ELASTICSEARCH_INDEX_PREFIX: 'prod-' }).success).toBe(true);
  });
});
