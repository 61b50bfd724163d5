import type { SearchDocument, SearchRequest, SearchResponse } from '../../../shared/search';
import type { MerchQuery, MerchStats } from './merchandising/merch-bench';

export type QueryName = 'Q1' | 'Q1f' | 'Q2' | 'Q3' | 'Q4';
export const QUERY_NAMES: readonly QueryName[] = ['Q1', 'Q1f', 'Q2', 'Q3', 'Q4'];

/** One engine under benchmark: builds from the shared documents, then answers the fixed query mix. */
export interface BenchPeer {
  readonly name: string;
  /** Builds the index; returns notes for the report (memory, snapshot timings...). */
  build(docs: readonly SearchDocument[]): Promise<PeerBuildReport>;
  /** Runs one query of the mix; returns its total, printed once as a sanity check. */
  run(query: QueryName): Promise<number>;
  /** Any port request on the built index (peers behind Aisle's own search port: the merchandising row). */
  search?(request: SearchRequest): Promise<SearchResponse>;
  close(): Promise<void>;
}

export interface PeerBuildReport {
  buildMs: number;
  /** Bytes the index holds in memory (or on disk for PostgreSQL), if measurable. */
  memoryBytes: number | null;
  memoryNote: string;
  snapshotLoadMs?: number;
}

export interface QueryStats {
  medianMs: number;
  p99Ms: number;
  runs: number;
  total: number;
}

export interface PeerResult {
  peer: string;
  build: PeerBuildReport;
  queries: Record<QueryName, QueryStats>;
  /** The listing mix with and without 1,000 synonym groups and 1,000 rules, at the merchandising size. */
  merchandising?: Record<MerchQuery, MerchStats>;
}
