import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../../../shared/db/knex';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { MIX, PORT_QUERIES } from '../queries';
import { distinctChanged, interleavedWindows, marker, sampleStats, type Window } from './freshness-plan';
import { Reloader } from './reloader';
import { WriterProcess } from './writer-process';

// Names of the bench's own; the alias row is removed again at the end.
const INDEX = 'bench-freshness-1';
const ALIAS = 'bench-freshness';
/** Q1 runs before the merged-base window: the serving process has just loaded a whole new base. */
const WARM_UP_QUERIES = 1000;

export interface FreshnessOptions {
  changed: number;
  /** Rounds timed to visible. */
  rounds: number;
  /** A round lands every intervalMs in a streaming window. */
  intervalMs: number;
  cycles: number;
  streamingMs: number;
  idleMs: number;
  /** Q1 on the merged base (one segment, no delta), before the windows. */
  mergedMs: number;
}

export const FRESHNESS_DEFAULTS: FreshnessOptions = {
  changed: 100,
  rounds: 20,
  intervalMs: 1000,
  cycles: 5,
  streamingMs: 3000,
  idleMs: 2000,
  mergedMs: 5000,
};

interface Latency {
  p99: number;
  median: number;
  runs: number;
}

/** What the freshness run measured (milliseconds). */
export interface FreshnessResult {
  documents: number;
  changed: number;
  rounds: number;
  visibleMs: { median: number; p95: number; max: number };
  refreshMs: { median: number; max: number };
  reloadMs: { median: number; max: number };
  /** The serving engine's reload of the base the merge wrote (null when no merge ran). */
  mergedReloadMs: number | null;
  windows: { cycles: number; streamingMs: number; idleMs: number };
  merged: Latency;
  idle: Latency;
  streaming: Latency & { updates: number };
  /** The first Q1 after each reload in the streaming windows. */
  firstAfterReload: { median: number; max: number; runs: number };
}

/**
 * Freshness of the embedded engine as two processes run it. An indexer process (freshness-writer.ts) builds and
 * snapshots the documents of `documentsPath` and moves the alias (PostgreSQL alias store in `databaseUrl`);
 * this process is the serving one: it shares the alias store and snapshot directory and reloads on each
 * announcement. Each round the indexer applies `changed` documents (bulk + refresh: a delta generation), and
 * the round ends when a search here finds every changed document. After the merge those rounds trigger, Q1's
 * latency on the merged base; then Q1 in interleaved windows, idle or with a round landing every `intervalMs`.
 */
export async function measureFreshness(
  documentsPath: string,
  languages: readonly string[],
  databaseUrl: string,
  options = FRESHNESS_DEFAULTS,
): Promise<FreshnessResult> {
  const dir = await mkdtemp(join(tmpdir(), 'aisle-freshness-'));
  const db = createDb(databaseUrl, { pool: { min: 0, max: 2 } });
  await db('search_aliases').where({ alias: ALIAS }).delete();
  const server = new EmbeddedSearchEngine({ aliasStore: new PgAliasStore(db), snapshots: new SnapshotStore(dir) });
  const reloader = new Reloader(server);
  const writer = new WriterProcess(() => reloader.announce());
  try {
    const documents = await writer.start({
      kind: 'start',
      documentsPath,
      languages: [...languages],
      snapshots: dir,
      databaseUrl,
      alias: ALIAS,
      index: INDEX,
    });
    await reloader.sync();
    reloader.durations.length = 0;
    const { visible, refreshes } = await timeToVisible(server, writer, reloader, documents, options);
    let round = options.rounds;
    const deltaReloads = reloader.durations.splice(0);
    // Lets a merge the rounds triggered finish (and the serving engine load its base), so the windows see no merge.
    await writer.settle();
    await reloader.idle();
    const mergedReloadMs = reloader.durations.splice(0).at(-1) ?? null;
    for (let i = 0; i < WARM_UP_QUERIES; i++) await server.search(ALIAS, PORT_QUERIES.Q1);
    const merged = await listingLatency(server, reloader, options.mergedMs, null);
    const applyRound = async (): Promise<void> => {
      await writer.apply(round++, options.changed);
      await reloader.idle();
    };
    const windows = await interleaved(
      server,
      reloader,
      interleavedWindows(options.cycles, options.streamingMs, options.idleMs),
      { every: options.intervalMs, apply: applyRound },
    );
    reloader.throwIfFailed();
    const v = sampleStats(visible);
    const f = sampleStats(refreshes);
    const l = sampleStats([...deltaReloads, ...reloader.durations]);
    const first = sampleStats(windows.firstAfterReload);
    return {
      documents,
      changed: options.changed,
      rounds: options.rounds,
      visibleMs: { median: v.median, p95: v.p95, max: v.max },
      refreshMs: { median: f.median, max: f.max },
      reloadMs: { median: l.median, max: l.max },
      mergedReloadMs,
      windows: { cycles: options.cycles, streamingMs: options.streamingMs, idleMs: options.idleMs },
      merged: latencyOf(merged.samples),
      idle: latencyOf(windows.idle),
      streaming: { ...latencyOf(windows.streaming), updates: windows.updates },
      firstAfterReload: { median: first.median, max: first.max, runs: windows.firstAfterReload.length },
    };
  } finally {
    await writer.close();
    await server.close();
    await db('search_aliases').where({ alias: ALIAS }).delete();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Rounds 0 .. rounds-1, each timed from the indexer's command until a search here finds all its changed documents. */
async function timeToVisible(
  server: EmbeddedSearchEngine,
  writer: WriterProcess,
  reloader: Reloader,
  documents: number,
  options: FreshnessOptions,
) {
  const visible: number[] = [];
  const refreshes: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const started = performance.now();
    const applied = writer.apply(round, options.changed);
    const expected = distinctChanged(round, options.changed, documents);
    while (
      (await server.search(ALIAS, { text: marker(round), language: MIX.language, market: MIX.market, pageSize: 1 }))
        .total < expected
    ) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    visible.push(performance.now() - started);
    refreshes.push(await applied);
    await reloader.idle();
  }
  return { visible, refreshes };
}

function latencyOf(samples: readonly number[]): Latency {
  const s = sampleStats(samples);
  return { p99: s.p99, median: s.median, runs: samples.length };
}

/** Runs the windows in order, pooling the samples of each kind. */
async function interleaved(
  server: EmbeddedSearchEngine,
  reloader: Reloader,
  windows: readonly Window[],
  updates: Updates,
) {
  const pooled = { idle: [] as number[], streaming: [] as number[], firstAfterReload: [] as number[], updates: 0 };
  for (const window of windows) {
    const result = await listingLatency(server, reloader, window.ms, window.kind === 'streaming' ? updates : null);
    for (const sample of result.samples) pooled[window.kind].push(sample);
    for (const sample of result.firstAfterReload) pooled.firstAfterReload.push(sample);
    pooled.updates += result.updates;
  }
  return pooled;
}

interface Updates {
  every: number;
  apply: () => Promise<void>;
}

/**
 * Q1 latencies on the serving engine for `ms`, optionally while a round lands at the window's start and every
 * `every` ms after (one at a time). A streaming window ends once its last round is applied and reloaded, so
 * no update work spills into the next window.
 */
async function listingLatency(server: EmbeddedSearchEngine, reloader: Reloader, ms: number, updates: Updates | null) {
  const samples: number[] = [];
  const firstAfterReload: number[] = [];
  let applied = 0;
  let busy: Promise<unknown> = Promise.resolve();
  const timers: NodeJS.Timeout[] = [];
  for (let at = 0; updates !== null && at < ms; at += updates.every) {
    timers.push(setTimeout(() => (busy = busy.then(() => updates.apply()).then(() => applied++)), at));
  }
  let reloads = reloader.completed;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const afterReload = reloader.completed !== reloads;
    reloads = reloader.completed;
    const started = performance.now();
    await server.search(ALIAS, PORT_QUERIES.Q1);
    const took = performance.now() - started;
    samples.push(took);
    if (afterReload) firstAfterReload.push(took);
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const timer of timers) clearTimeout(timer);
  await busy;
  return { samples, firstAfterReload, updates: applied };
}
