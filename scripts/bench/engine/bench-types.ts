import type { SearchDocument, SearchRequest, SearchResponse } from '../../../shared/search';
import type { MerchQuery, MerchStats } from './merchandising/merch-bench';

export type QueryName = 'Q1' | 'Q1f' | 'Q2' | 'Q3' | 'Q4';
export const QUERY_NAMES: readonly QueryName[] = ['Q1', 'Q1f', 'Q2', 'Q3', 'Q4'];

/** One engine under benchmark: builds from the shared documents, then answers the fixed query mix. */
export interface BenchPeer {
  readonly name: string;
  /** True when a query's work runs in this process (an engine here, not a server): its CPU time is measured too. */
  readonly inProcess?: boolean;
  /** Builds the index; returns notes for the report (memory, snapshot timings...). */
  build(docs: readonly SearchDocument[]): Promise<PeerBuildReport>;
  /** Builds from the documents file, when the peer builds elsewhere than this process (then used over `build`). */
  buildFromFile?(documentsPath: string): Promise<PeerBuildReport>;
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
  /**
   * Median CPU time of one run, where the engine runs in the timing process: this process's (user + system,
   * every thread) for an engine in Node, the querying thread's for Lucene. Unlike wall time it leaves out the
   * moments the run waited for a core, so peers measured one after another on a shared machine compare more fairly.
   */
  cpuMedianMs?: number;
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
