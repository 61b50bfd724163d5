import { createHash } from 'node:crypto';

/** A body ready to send: its JSON text and strong ETag. */
export interface PreparedBody {
  json: string;
  etag: string;
}

export function prepareBody(body: unknown): PreparedBody {
  const json = JSON.stringify(body);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * Answers to identical reads, kept for a second or two: popular listings are computed once per interval
 * instead of once per request. An entry never outlives `ttlMs`, so a change (a delta, a publish) shows
 * within that time, as Elasticsearch's refresh interval does; identical requests arriving together share
 * one computation. Bounded by entry count (oldest first out).
 */
export class MicroCache {
  private readonly entries = new Map<string, { at: number; value: Promise<PreparedBody> }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 10_000) {}

  get(key: string, compute: () => Promise<unknown>): Promise<PreparedBody> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit !== undefined && now - hit.at < this.ttlMs) return hit.value;
    if (hit !== undefined) this.entries.delete(key);
    else if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    const value = compute().then(prepareBody);
    // A failure is not kept: the next request computes again (and answers the error itself).
    value.catch(() => this.entries.delete(key));
    this.entries.set(key, { at: now, value });
    return value;
  }
}
