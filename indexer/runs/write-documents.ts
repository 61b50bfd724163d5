import type { Db } from '../../shared/db/knex';
import type { BulkOperation, SearchEngine } from '../../shared/search';
import type { CatalogueProduct } from '../documents/catalogue-product';
import { buildBatch } from './build-batch';
import type { StatsCollector } from './gate';
import type { RunSite } from './run-context';
import type { RunWarning } from './sync-runs';
import type { MediaPipeline } from '../../shared/media/pipeline';
import type { RunBrandLogos } from './brand-logos';

// A full run of 100k products leaves many out for ordinary reasons; the row keeps a sample and the counts.
const WARNING_SAMPLE = 500;

/** Collects a run's warnings, keeping every count but only a sample of the products named. */
export class RunWarnings {
  private readonly sample: RunWarning[] = [];
  private readonly counts = new Map<string, number>();

  add(warning: RunWarning): void {
    this.counts.set(warning.code, (this.counts.get(warning.code) ?? 0) + 1);
    if (this.sample.length < WARNING_SAMPLE) this.sample.push(warning);
  }

  list(): RunWarning[] {
    const cut = [...this.counts].filter(([code, n]) => n > this.sample.filter((w) => w.code === code).length);
    return [...this.sample, ...cut.map(([code, n]) => ({ code: 'SUMMARY', detail: `${n} products ${code}` }))];
  }
}

/** What writeDocuments did: the operations sent, and how many of them only an index built afresh can take. */
export interface WriteOutcome {
  written: number;
  needsRebuild: number;
}

/**
 * Builds the documents of `products` and writes them to `index`: sellable ones indexed, the others (and
 * `removedIds`, products gone from the catalogue) deleted with a warning each; their brands' logos rendered.
 * Every refused operation is a REJECTED warning with the engine's reason.
 */
export async function writeDocuments(
  db: Db,
  engine: SearchEngine,
  target: {
    site: RunSite;
    index: string;
    stats?: StatsCollector;
    warnings: RunWarnings;
    media?: MediaPipeline;
    logos?: RunBrandLogos;
  },
  products: readonly CatalogueProduct[],
  removedIds: readonly number[] = [],
): Promise<WriteOutcome> {
  const { site, index, stats, warnings } = target;
  await target.logos?.render(products);
  const { documents, skipped, mediaWarnings } = await buildBatch(db, site, products, site.index, target.media);
  for (const w of mediaWarnings) warnings.add(w);
  const operations: BulkOperation[] = [
    ...documents.map(({ document, source }) => ({ action: 'index' as const, document, detail: source })),
    ...skipped.map((s) => ({ action: 'delete' as const, id: s.productId })),
    ...removedIds.map((id) => ({ action: 'delete' as const, id: String(id) })),
  ];
  for (const s of skipped) warnings.add({ code: s.skip, productId: s.productId });
  for (const id of removedIds) warnings.add({ code: 'DELETED', productId: String(id) });
  for (const { document } of documents) stats?.add(document);
  if (operations.length === 0) return { written: 0, needsRebuild: 0 };
  const result = await engine.bulk(index, operations);
  for (const failure of result.failures)
    warnings.add({ code: 'REJECTED', productId: failure.id ?? undefined, detail: failure.reason });
  return {
    written: operations.length,
    needsRebuild: result.failures.filter((failure) => failure.needsRebuild === true).length,
  };
}
