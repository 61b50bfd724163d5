import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Knex } from '../../../shared/db/knex';
import type { SearchDocument } from '../../../shared/search';
import { readCatalogue } from '../../../indexer/documents/catalogue-reader';
import { defaultSiteIndexConfig, type SiteIndexConfig } from '../../../indexer/documents/site-config';
import { isSkipped, toSearchDocument, type SkipReason } from '../../../indexer/documents/to-search-document';

/**
 * The bench's site: the tenant's zero-config markets, languages and list facets, with one category hierarchy
 * over the whole tree in place of one facet per root, so the mix's five facets are brand, colour, size,
 * material and category.
 */
export async function benchSiteConfig(db: Knex, tenantId: number): Promise<SiteIndexConfig> {
  const config = await defaultSiteIndexConfig(db, tenantId);
  const lists = config.facets.filter((f) => f.kind !== 'category');
  return { ...config, facets: [...lists, { kind: 'category', key: 'category', rootId: null }] };
}

/** What reading a tenant's catalogue into documents produced. */
export interface DocumentsFile {
  path: string;
  documents: number;
  skipped: Partial<Record<SkipReason, number>>;
  /** Reading from PostgreSQL plus toSearchDocument, the indexer's half of a full run. */
  readMs: number;
}

/**
 * Reads the tenant through the catalogue reader and toSearchDocument into an NDJSON file, so every peer
 * builds from the same documents while only one peer at a time holds them in memory.
 */
export async function writeDocuments(
  db: Knex,
  tenantId: number,
  config: SiteIndexConfig,
  path: string,
): Promise<DocumentsFile> {
  const started = performance.now();
  const out = createWriteStream(path);
  const skipped: DocumentsFile['skipped'] = {};
  let documents = 0;
  for await (const batch of readCatalogue(db, tenantId)) {
    const lines: string[] = [];
    for (const product of batch) {
      const result = toSearchDocument(product, config);
      if (isSkipped(result)) skipped[result.skip] = (skipped[result.skip] ?? 0) + 1;
      else lines.push(JSON.stringify(result));
    }
    documents += lines.length;
    if (lines.length > 0 && !out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { path, documents, skipped, readMs: performance.now() - started };
}

/** The documents of a file written by writeDocuments (line by line: the whole file may exceed a string's limit). */
export async function readDocuments(path: string): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (line !== '') documents.push(JSON.parse(line) as SearchDocument);
  }
  return documents;
}
