import { createHash } from 'node:crypto';

/** A body ready to send: its JSON, encoded once (a cached answer is sent many times), and strong ETag. */
export interface PreparedBody {
  json: Buffer;
  etag: string;
}

export function prepareBody(body: unknown): PreparedBody {
  const json = Buffer.from(JSON.stringify(body));
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

type Entry = { at: number; token: string | null; value: Promise<PreparedBody>; bytes: number };

/** How much the cache may hold: entries, and bytes of JSON (the larger share of its memory). */
export type MicroCacheBounds = { maxEntries: number; maxBytes: number };

const DEFAULT_BOUNDS: MicroCacheBounds = { maxEntries: 10_000, maxBytes: 256 * 1024 * 1024 };

/**
 * Answers to identical reads, computed once and shared by identical requests arriving together. A read whose
 * source names a serving token (the engine's generation of the index it reads) is kept until that token changes,
 * so a change shows on the first read after the engine serves it; any other read is kept for `ttlMs`, as
 * Elasticsearch's refresh interval bounds what a search sees. A zero `ttlMs` turns the cache off. Bounded by
 * entries and bytes, least recently used out first.
 */
export class MicroCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly ttlMs: number, private readonly bounds: MicroCacheBounds = DEFAULT_BOUNDS) {}

  get(key: string, compute: () => Promise<unknown>, token: string | null = null): Promise<PreparedBody> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.remove(key, hit);
      if (this.fresh(hit, token, now)) {
        this.entries.set(key, hit);
        this.bytes += hit.bytes;
        return hit.value;
      }
    }
    if (this.ttlMs === 0) return compute().then(prepareBody);
    const entry: Entry = { at: now, token, value: compute().then(prepareBody), bytes: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (body) => {
        if (this.entries.get(key) !== entry) return;
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

  private fresh(entry: Entry, token: string | null, now: number): boolean {
    return token !== null ? entry.token === token : entry.token === null && now - entry.at < this.ttlMs;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.bounds.maxEntries && this.bytes <= this.bounds.maxBytes) return;
      this.remove(key, entry);
    }
  }
}
