import DataLoader from 'dataloader';

/** How large a batch may grow and how many of one group's batches may be read at once. */
export type BatchOptions = { maxBatch: number; concurrency: number };

export const DEFAULT_BATCHES: BatchOptions = { maxBatch: 200, concurrency: 2 };

type Group<K, V> = { loader: DataLoader<K, V | undefined>; users: number };

/**
 * Reads keys in batches per group: keys asked for while the group's reads are busy wait, and go together in the next
 * read. N concurrent misses then cost one read of N keys rather than N reads: a miss's price is its queries (a
 * socket write and a round trip each), not its rows. A group is the set of callers one read can serve (one site,
 * config version and market, say); it is dropped when nobody waits on it.
 */
export class BatchedLoads<K, V> {
  private readonly groups = new Map<string, Group<K, V>>();

  constructor(private readonly options: BatchOptions = DEFAULT_BATCHES) {}

  /** The value of each key `read` finds; `read` is the group's reader (any caller's: they read the same). */
  async load(
    group: string,
    keys: readonly K[],
    read: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  ): Promise<Map<K, V>> {
    const entry = this.groups.get(group) ?? this.open(group, read);
    entry.users++;
    try {
      // Not loadMany: it hands errors back as values, told apart by `instanceof Error`, which an error from another
      // realm (a socket error seen from a jest context) fails.
      const values = await Promise.all(keys.map((key) => entry.loader.load(key)));
      const out = new Map<K, V>();
      values.forEach((value, i) => {
        if (value !== undefined) out.set(keys[i] as K, value);
      });
      return out;
    } finally {
      entry.users--;
      if (entry.users === 0 && this.groups.get(group) === entry) this.groups.delete(group);
    }
  }

  private open(group: string, read: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>): Group<K, V> {
    let running = 0;
    const waiting: (() => void)[] = [];
    const next = () => {
      if (running >= this.options.concurrency) return;
      const dispatch = waiting.shift();
      if (dispatch === undefined) return;
      running++;
      dispatch();
    };
    const loader = new DataLoader<K, V | undefined>(
      async (keys) => {
        try {
          const found = await read(keys);
          return keys.map((key) => found.get(key));
        } finally {
          running--;
          next();
        }
      },
      {
        cache: false,
        maxBatchSize: this.options.maxBatch,
        // A batch is read after the current I/O callbacks (the requests that arrived with it join it), or, while the
        // group's reads are busy, when one of them ends: until then it keeps gathering keys.
        batchScheduleFn: (dispatch) => {
          waiting.push(dispatch);
          if (running < this.options.concurrency) setImmediate(next);
        },
      },
    );
    const entry = { loader, users: 0 };
    this.groups.set(group, entry);
    return entry;
  }
}
