import type { Knex } from '../db/knex';
import type { Logger } from '../logger';
import type { Redis } from '../redis';
import { watchChannel, type ChannelWatcher } from '../watch-channel';
import type { PublishedEvent } from './publish';
import { allPublished, publishedVersions, type PublishedConfig } from './site-store';

/** Redis pub/sub channel on which publishes are announced. */
export const CONFIG_CHANNEL = 'aisle:storefront-config';

/** Default poll interval: a process misses no publish for longer than this while pub/sub is down. */
export const CONFIG_POLL_MS = 60_000;

/** Announces a publish to every serving process (an OnPublished hook). */
export const announcePublish =
  (redis: Redis, channel = CONFIG_CHANNEL) =>
  async (event: PublishedEvent): Promise<void> => {
    await redis.publish(channel, JSON.stringify({ siteId: event.siteId, version: event.version }));
  };

/** Announces a key revocation, so serving processes drop their cached key lookups now. */
export const announceRevocation = async (redis: Redis, siteId: number, channel = CONFIG_CHANNEL): Promise<void> => {
  await redis.publish(channel, JSON.stringify({ siteId, revoked: true }));
};

/**
 * The published configuration of every site, as a serving process holds it. `refresh` polls the version of
 * every site (one small query) and reloads all when any differs; `start` keeps it current over pub/sub with
 * polling as the fallback.
 */
export class ConfigRegistry {
  private bySite = new Map<number, PublishedConfig>();
  private loaded = false;
  private watcher: ChannelWatcher | null = null;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly db: Knex) {}

  /** False until the first load finished (the storefront answers SITE_REGISTRY_WARMING until then). */
  get ready(): boolean {
    return this.loaded;
  }

  get(siteId: number): PublishedConfig | undefined {
    return this.bySite.get(siteId);
  }

  all(): PublishedConfig[] {
    return [...this.bySite.values()];
  }

  /** Calls `listener` after every refresh (every announcement and poll), e.g. to drop caches of keys. */
  onRefresh(listener: () => void): void {
    this.listeners.push(listener);
  }

  async refresh(): Promise<void> {
    const versions = await publishedVersions(this.db);
    const same =
      this.loaded &&
      versions.size === this.bySite.size &&
      [...versions].every(([id, v]) => this.bySite.get(id)?.version === v);
    if (!same) this.bySite = new Map((await allPublished(this.db)).map((c) => [c.siteId, c]));
    this.loaded = true;
    for (const listener of this.listeners) listener();
  }

  async start(options: { subscriber: Redis; logger: Logger; pollMs?: number; channel?: string }): Promise<void> {
    await this.refresh();
    this.watcher = await watchChannel({
      subscriber: options.subscriber,
      channel: options.channel ?? CONFIG_CHANNEL,
      sync: () => this.refresh(),
      logger: options.logger,
      pollMs: options.pollMs ?? CONFIG_POLL_MS,
    });
  }

  async stop(): Promise<void> {
    await this.watcher?.stop();
    this.watcher = null;
  }
}
