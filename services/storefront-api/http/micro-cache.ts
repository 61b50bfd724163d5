import { createHash } from 'node:crypto';
import type { RecordedSearch, SearchRecorder } from '../../../shared/search-analytics/search-fact';
import { answerJson } from './json-text';

/**
 * A body ready to send: its JSON, encoded once (a cached answer is sent many times), and strong ETag; for an
 * answer to a search, the search it records each time it is sent.
 */
export interface PreparedBody {
  json: Buffer;
  etag: string;
  search?: RecordedSearch;
}

export function prepareBody(body: unknown, search?: RecordedSearch): PreparedBody {
  const json = Buffer.from(answerJson(body));
  const prepared: PreparedBody = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
  if (search !== undefined) prepared.search = search;
  return prepared;
}

type Entry = {
  at: number;
  token: string | null;
  value: Promise<PreparedBody>;
  /** The body and its route once computed: what a synchronous reader (`peek`) can send, and observe under. */
  read: CachedRead | null;
  bytes: number;
  /** Read since it was last passed over for eviction (the clock's second chance). */
  used: boolean;
};

/** A ready answer and the route pattern that made it (for the request metrics of answers sent without routing). */
export type CachedRead = { body: PreparedBody; route: string };

/** How much the cache may hold: entries, and bytes of JSON (the larger share of its memory). */
export type MicroCacheBounds = { maxEntries: number; maxBytes: number };

const DEFAULT_BOUNDS: MicroCacheBounds = { maxEntries: 10_000, maxBytes: 256 * 1024 * 1024 };

/**
 * Answers to identical reads, computed once and shared by identical requests arriving together. A read whose
 * source names a serving token (the engine's generation of the index it reads) is kept until that token changes,
 * so a change shows on the first read after the engine serves it; any other read is kept for `ttlMs`, as
 * Elasticsearch's refresh interval bounds what a search sees. A zero `ttlMs` turns the cache off. Bounded by
 * entries and bytes; eviction is a clock (an entry read since it was last passed over gets a second chance), so
 * a hit costs one lookup and no reordering.
 */
export class MicroCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly bounds: MicroCacheBounds = DEFAULT_BOUNDS,
    private readonly recordSearch: SearchRecorder = () => undefined,
  ) {}

  /**
   * The answer to `key`, computed by `compute` unless a fresh one is held; `route` names the route asking, and
   * `describe` says what search a computed answer is (kept with it, recorded by `sent`).
   */
  get<T>(
    key: string,
    compute: () => Promise<T>,
    token: string | null = null,
    route = '',
    describe?: (answer: T) => RecordedSearch | undefined,
  ): Promise<PreparedBody> {
    const prepare = (answer: T) => prepareBody(answer, describe?.(answer));
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      if (token !== null ? hit.token === token : hit.token === null && now - hit.at < this.ttlMs) {
        hit.used = true;
        return hit.value;
      }
      this.remove(key, hit);
    }
    if (this.ttlMs === 0) return compute().then(prepare);
    const entry: Entry = { at: now, token, value: compute().then(prepare), read: null, bytes: 0, used: false };
    this.entries.set(key, entry);
    entry.value.then(
      (body) => {
        if (this.entries.get(key) !== entry) return;
        entry.read = { body, route };
        entry.bytes = body.json.length;
        this.bytes += entry.bytes;
        this.evict();
      },
      // A failure is not kept: the next request computes again (and answers the error itself).
      () => this.entries.get(key) === entry && this.remove(key, entry),
    );
    this.evict();
    return entry.value;
  }

  /**
   * The computed answer to `key` when it is fresh for a reader of `token` (the serving token its route would pass
   * now): one kept under a token while that token is current, one kept without a token within the interval.
   */
  peek(key: string, token: string | null): CachedRead | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined || hit.read === null) return undefined;
    if (hit.token !== null ? hit.token !== token : Date.now() - hit.at >= this.ttlMs) return undefined;
    hit.used = true;
    return hit.read;
  }

  /** Records the search an answer is, if it is one: call once for every request the answer is sent to. */
  sent(body: PreparedBody): void {
    if (body.search !== undefined) this.recordSearch(body.search);
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.bounds.maxEntries && this.bytes <= this.bounds.maxBytes) return;
      this.remove(key, entry);
      if (entry.used) {
        // Back of the queue; passed over again without a read, it goes.
        entry.used = false;
        this.entries.set(key, entry);
        this.bytes += entry.bytes;
      }
    }
  }
}
