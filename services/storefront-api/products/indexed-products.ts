import { TextDecoder } from 'node:util';
import type { IndexedCard } from '../../../indexer/documents/card';
import { decodeProductSource } from '../../../indexer/documents/product-source';
import { indexConfigDigest, type SiteIndexConfig } from '../../../indexer/documents/site-config';
import type { MediaRow } from '../../../shared/media/manifest';
import type { SearchEngine } from '../../../shared/search';
import type { ChangeFollower } from '../freshness/change-follower';
import type { SiteContext } from '../keys/site-context';
import type { IndexedSources } from './indexed-sources';
import type { SoldProduct } from './sold-products';

/** Products answered without the catalogue: which ids, those the market sells, and their media rows. */
export interface IndexedSold {
  answered: ReadonlySet<number>;
  sold: ReadonlyMap<number, SoldProduct>;
  media: readonly MediaRow[];
}

export const NOTHING_INDEXED: IndexedSold = { answered: new Set(), sold: new Map(), media: [] };

/**
 * Sold products read from the sources the served index keeps beside its documents (ProductSource, written by the
 * full run that built it), with the index's own card: what the indexer read, for the products the change log has not
 * named since (IndexedSources), while the change log is followed within the freshness bound. So they are as fresh
 * as products read from PostgreSQL. A preview key, an engine that keeps no sources, an index built from another
 * index config than the request's, and every product without a kept source are left to PostgreSQL.
 */
export class IndexedProducts {
  private readonly decoder = new TextDecoder();
  /** Each catalogue's index config digest, computed once per config object. */
  private readonly digests = new WeakMap<SiteIndexConfig, string>();

  constructor(
    private readonly engine: SearchEngine,
    private readonly sources: IndexedSources,
    private readonly follower: ChangeFollower,
  ) {}

  /** Of `ids`, those the served index answers, and of them the products the request's market sells. */
  async sold(ctx: SiteContext, ids: readonly number[]): Promise<IndexedSold> {
    if (ctx.preview) return NOTHING_INDEXED;
    const served = this.engine.servedDocuments?.(ctx.alias, ids.map(String)) ?? null;
    if (served === null) return NOTHING_INDEXED;
    const source = await this.sources.of(ctx.key, served.index);
    if (source === null || source.indexConfig !== this.digestOf(ctx.catalogue.index)) return NOTHING_INDEXED;
    // Fresh: every change committed before the follower's newest read (within the bound) is in `changed` by now.
    if (!this.follower.fresh(ctx.key.tenantId)) return NOTHING_INDEXED;
    const out = { answered: new Set<number>(), sold: new Map<number, SoldProduct>(), media: [] as MediaRow[] };
    for (const id of ids) {
      if (source.changed.has(id)) continue;
      const doc = served.documents.get(String(id));
      // Not indexed and unchanged since the run: the indexer left it out then, and would now.
      if (doc === undefined) {
        out.answered.add(id);
        continue;
      }
      const kept = doc.detail === null ? null : decodeProductSource(doc.detail, this.decoder);
      if (kept === null) continue;
      out.answered.add(id);
      if (!kept.markets.includes(ctx.market.code)) continue;
      out.sold.set(id, { product: kept.product, markets: kept.markets, card: doc.card as IndexedCard });
      out.media.push(...kept.media);
    }
    return out;
  }

  private digestOf(config: SiteIndexConfig): string {
    let digest = this.digests.get(config);
    if (digest === undefined) {
      digest = indexConfigDigest(config);
      this.digests.set(config, digest);
    }
    return digest;
  }
}
