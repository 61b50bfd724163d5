import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchDocument } from '../../../../shared/search';
import { InMemoryAliasStore } from '../../../../shared/search/embedded/lifecycle/alias-store';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { percentile } from '../../shared/timing';
import { MIX, PORT_QUERIES, PRICE_KEY } from '../queries';

const INDEX = 'fresh';
const ALIAS = 'live';
const BATCH = 5000;

/** What the freshness run measured (milliseconds). */
export interface FreshnessResult {
  documents: number;
  changed: number;
  rounds: number;
  visibleMs: { median: number; p95: number; max: number };
  refreshMs: { median: number; max: number };
  reloadMs: { median: number; max: number };
  idle: { p99: number; median: number; runs: number };
  streaming: { p99: number; median: number; runs: number; updates: number };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
};

/** A marker word only the changed documents of one round carry (letters only, too short for typo matching). */
const marker = (round: number): string => `qx${String.fromCharCode(97 + (round % 26))}${String.fromCharCode(97 + Math.floor(round / 26) % 26)}`;

/** The changed version of a document: its price down 10 % and a marker word in its English name. */
function changed(doc: SearchDocument, round: number): SearchDocument {
  const en = doc.text[MIX.language] ?? { name: '', brand: '', description: '' };
  const price = doc.numbers[PRICE_KEY];
  return {
    ...doc,
    text: { ...doc.text, [MIX.language]: { ...en, name: `${en.name} ${marker(round)}` } },
    numbers: price === undefined ? doc.numbers : { ...doc.numbers, [PRICE_KEY]: Math.round(price * 0.9) },
  };
}

/**
 * Freshness of the embedded engine at the size of `docs`: an indexer engine builds and snapshots the index, a
 * serving engine (sharing the alias store and snapshot directory, as two processes do) loads it. Each round the
 * indexer applies `changed` documents (bulk + refresh: a delta generation), the serving engine is told (what the
 * Redis announcement does between processes) and reloads, and the round ends when a search finds every changed
 * document. Then Q1's latency idle, and while a delta of `changed` documents lands every `intervalMs`.
 */
export async function measureFreshness(docs: readonly SearchDocument[], languages: readonly string[], options = { changed: 100, rounds: 20, intervalMs: 1000, streamMs: 15_000 }): Promise<FreshnessResult> {
  const dir = await mkdtemp(join(tmpdir(), 'aisle-freshness-'));
  const aliasStore = new InMemoryAliasStore();
  const snapshots = new SnapshotStore(dir);
  const server = new EmbeddedSearchEngine({ aliasStore, snapshots });
  const reloads: number[] = [];
  const writer = new EmbeddedSearchEngine({
    aliasStore,
    snapshots,
    onRefresh: async () => {
      const started = performance.now();
      await server.syncAliases();
      reloads.push(performance.now() - started);
    },
  });
  try {
    await writer.createIndex(INDEX, { languages: [...languages] });
    for (let i = 0; i < docs.length; i += BATCH) await writer.bulk(INDEX, docs.slice(i, i + BATCH).map((document) => ({ action: 'index', document })));
    await writer.refresh(INDEX);
    await writer.swapAlias(ALIAS, INDEX);
    await server.syncAliases();
    reloads.length = 0;
    let round = 0;
    const applyRound = async (): Promise<number> => {
      const r = round++;
      const picked = Array.from({ length: options.changed }, (_, k) => docs[(r * 7919 + k * 104_729) % docs.length] as SearchDocument);
      const started = performance.now();
      await writer.bulk(ALIAS, picked.map((doc) => ({ action: 'index', document: changed(doc, r) })));
      await writer.refresh(ALIAS);
      return started;
    };
    const visible: number[] = [];
    const refreshes: number[] = [];
    for (let i = 0; i < options.rounds; i++) {
      const r = round;
      const started = await applyRound();
      refreshes.push(performance.now() - started);
      const unique = new Set(Array.from({ length: options.changed }, (_, k) => (r * 7919 + k * 104_729) % docs.length)).size;
      while ((await server.search(ALIAS, { text: marker(r), language: MIX.language, market: MIX.market, pageSize: 1 })).total < unique) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      visible.push(performance.now() - started);
    }
    await writer.refresh(ALIAS); // lets a merge the rounds triggered finish, so "idle" is idle
    await server.search(ALIAS, PORT_QUERIES.Q1);
    const idle = await listingLatency(server, 10_000, null);
    const streaming = await listingLatency(server, options.streamMs, { every: options.intervalMs, apply: applyRound });
    const v = stats(visible);
    const f = stats(refreshes);
    const l = stats(reloads);
    return {
      documents: docs.length,
      changed: options.changed,
      rounds: options.rounds,
      visibleMs: { median: v.median, p95: v.p95, max: v.max },
      refreshMs: { median: f.median, max: f.max },
      reloadMs: { median: l.median, max: l.max },
      idle,
      streaming,
    };
  } finally {
    await writer.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Q1 latencies on the serving engine for `ms`, optionally while updates land every `every` ms. */
async function listingLatency(
  server: EmbeddedSearchEngine,
  ms: number,
  updates: { every: number; apply: () => Promise<number> } | null,
): Promise<{ p99: number; median: number; runs: number; updates: number }> {
  const samples: number[] = [];
  let applied = 0;
  let busy: Promise<unknown> = Promise.resolve();
  const timer = updates === null ? null : setInterval(() => (busy = busy.then(() => updates.apply()).then(() => applied++)), updates.every);
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    await server.search(ALIAS, PORT_QUERIES.Q1);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (timer !== null) clearInterval(timer);
  await busy;
  const s = stats(samples);
  return { p99: s.p99, median: s.median, runs: samples.length, updates: applied };
}
