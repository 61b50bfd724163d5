import type { Client } from '@elastic/elasticsearch';

/** A ready client, or how to make one (connectClient detects the server version first). */
export type ClientSource = Client | (() => Promise<Client>);

/**
 * Hands out one client, created on first use: a failed connection is not remembered, so the next call tries
 * again (a cluster that was down at boot is picked up once it answers).
 */
export class ClientHolder {
  private pending: Promise<Client> | null;

  constructor(private readonly source: ClientSource) {
    this.pending = typeof source === 'function' ? null : Promise.resolve(source);
  }

  get(): Promise<Client> {
    if (this.pending !== null) return this.pending;
    const factory = this.source as () => Promise<Client>;
    const created = factory();
    this.pending = created;
    created.catch(() => {
      if (this.pending === created) this.pending = null;
    });
    return created;
  }

  /** Closes the client if one was made. */
  async close(): Promise<void> {
    const pending = this.pending;
    this.pending = null;
    if (pending === null) return;
    const client = await pending.catch(() => null);
    await client?.close();
  }
}
