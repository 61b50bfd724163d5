import { runInNewContext } from 'node:vm';
import { BatchedLoads } from '../../../../services/storefront-api/freshness/batched-loads';

/** A read that answers each key doubled, records the batches it was given, and ends only when released. */
function gatedRead() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const read = async (keys: readonly number[]) => {
    batches.push([...keys]);
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise<void>((resolve) => releases.push(resolve));
    running--;
    return new Map(keys.filter((k) => k >= 0).map((k) => [k, k * 2]));
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      for (const release of releases.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { read, batches, releaseAll, mostAtOnce: () => mostAtOnce };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedLoads', () => {
  it('reads the keys of callers in the same turn together, each caller getting its own', async () => {
    const loads = new BatchedLoads<number, number>({ maxBatch: 100, concurrency: 1 });
    const gate = gatedRead();
    const a = loads.load('g', [1, 2], gate.read);
    const b = loads.load('g', [3, -1], gate.read);
    await tick();
    await gate.releaseAll();
    expect(await a).toEqual(
      new Map([
        [1, 2],
        [2, 4],
      ]),
    );
    // A key the read does not find is left out.
    expect(await b).toEqual(new Map([[3, 6]]));
    expect(gate.batches).toEqual([[1, 2, 3, -1]]);
  });

  it('gathers the keys asked for while the group reads, and reads them together next', async () => {
    const loads = new BatchedLoads<number, number>({ maxBatch: 100, concurrency: 1 });
    const gate = gatedRead();
    const first = loads.load('g', [1], gate.read);
    await tick();
    expect(gate.batches).toEqual([[1]]);
    const later = [loads.load('g', [2], gate.read), loads.load('g', [3], gate.read)];
    await tick();
    await tick();
    // Still one read: the others wait for it.
    expect(gate.batches).toEqual([[1]]);
    await gate.releaseAll();
    await first;
    expect(await Promise.all(later)).toEqual([new Map([[2, 4]]), new Map([[3, 6]])]);
    expect(gate.batches).toEqual([[1], [2, 3]]);
  });

  it('reads groups apart, and at most `concurrency` reads of a group at once', async () => {
    const loads = new BatchedLoads<number, number>({ maxBatch: 2, concurrency: 2 });
    const gate = gatedRead();
    const other = gatedRead();
    const all = [loads.load('g', [1, 2, 3, 4, 5, 6], gate.read), loads.load('h', [7], other.read)];
    await tick();
    expect(gate.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(other.batches).toEqual([[7]]);
    await gate.releaseAll();
    await other.releaseAll();
    await Promise.all(all);
    expect(gate.batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(gate.mostAtOnce()).toBe(2);
  });

  it('fails every caller of a failed read, and reads again for the next caller', async () => {
    const loads = new BatchedLoads<number, number>({ maxBatch: 100, concurrency: 1 });
    let fail = true;
    const read = async (keys: readonly number[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k]));
    };
    const failed = [loads.load('g', [1], read), loads.load('g', [2], read)];
    for (const call of failed) await expect(call).rejects.toThrow('database down');
    fail = false;
    expect(await loads.load('g', [1], read)).toEqual(new Map([[1, 1]]));
  });

  it('fails the callers with an error made in another realm too (a socket error seen from a test context)', async () => {
    const loads = new BatchedLoads<number, number>({ maxBatch: 100, concurrency: 1 });
    const foreign = runInNewContext('new Error("connect ECONNREFUSED")') as unknown;
    expect(foreign instanceof Error).toBe(false);
    const read = async (): Promise<Map<number, number>> => {
      throw foreign;
    };
    await expect(loads.load('g', [1, 2], read)).rejects.toBe(foreign);
  });
});
