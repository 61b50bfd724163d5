import type { AliasSyncFailure } from '../../../../shared/search/embedded/lifecycle/embedded-engine';

type Syncable = { syncAliases(): Promise<AliasSyncFailure[]> };

/**
 * The serving process's reaction to announcements, as watchAliases does it: syncs never overlap, and
 * announcements during a sync cause exactly one more. Times each sync and counts the completed ones.
 */
export class Reloader {
  readonly durations: number[] = [];
  completed = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly failures: string[] = [];

  constructor(private readonly engine: Syncable) {}

  announce(): void {
    void this.sync();
  }

  /** Syncs now (or once more after the running sync); resolves when no sync is left to run. */
  sync(): Promise<void> {
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const started = performance.now();
        const failed = await this.engine.syncAliases().catch((error: unknown) => [{ alias: '', index: '', error }]);
        this.durations.push(performance.now() - started);
        this.completed++;
        for (const f of failed) this.failures.push(`${f.alias} -> ${f.index}: ${String(f.error)}`);
      } while (this.again);
      this.running = null;
    })();
    return this.running;
  }

  /** Resolves when no sync is running or due. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** A bench whose serving engine failed to reload measured nothing it claims to. */
  throwIfFailed(): void {
    if (this.failures.length > 0)
      throw new Error(`the serving engine failed to reload: ${this.failures.slice(0, 3).join('; ')}`);
  }
}
