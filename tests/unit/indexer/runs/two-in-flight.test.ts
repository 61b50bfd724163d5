import { twoInFlight } from '../../../../indexer/runs/two-in-flight';

async function* itemsOf<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

/** A promise and its resolve and reject, to finish work in the order a test chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('twoInFlight', () => {
  it('starts the next item while the previous one waits, never a third, and hands results on in order', async () => {
    const gates = [0, 1, 2, 3].map(() => deferred<void>());
    const started: number[] = [];
    const results: number[] = [];
    const run = twoInFlight(
      itemsOf([0, 1, 2, 3]),
      async (i) => {
        started.push(i);
        await gates[i]?.promise;
        return i * 10;
      },
      (result) => void results.push(result),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    // The second finishes first: its result still waits for the first's, and no third starts until the first ends.
    gates[1]?.resolve();
    await tick();
    expect([started, results]).toEqual([[0, 1], []]);
    // The first ends: both results go on, and with the second done too, the third and fourth start.
    gates[0]?.resolve();
    await tick();
    expect([started, results]).toEqual([
      [0, 1, 2, 3],
      [0, 10],
    ]);
    gates[2]?.resolve();
    gates[3]?.resolve();
    await run;
    expect([started, results]).toEqual([
      [0, 1, 2, 3],
      [0, 10, 20, 30],
    ]);
  });

  it('throws a failure after the work still running has settled, and starts nothing more', async () => {
    const second = deferred<number>();
    const started: number[] = [];
    let secondSettled = false;
    const run = twoInFlight(
      itemsOf([0, 1, 2]),
      async (i) => {
        started.push(i);
        if (i === 0) throw new Error('batch 0 failed');
        return second.promise.finally(() => {
          secondSettled = true;
        });
      },
      () => undefined,
    );
    let thrown: unknown = null;
    const caught = run.catch((error: unknown) => {
      thrown = error;
    });
    await tick();
    expect(thrown).toBeNull();
    second.resolve(1);
    await caught;
    expect([(thrown as Error | null)?.message, secondSettled, started]).toEqual(['batch 0 failed', true, [0, 1]]);
  });

  it('reports a failure of the later item, waiting its turn, without an unhandled rejection', async () => {
    const first = deferred<number>();
    const run = twoInFlight(
      itemsOf([0, 1]),
      async (i) => (i === 0 ? first.promise : Promise.reject(new Error('batch 1 failed'))),
      () => undefined,
    );
    await tick();
    first.resolve(0);
    await expect(run).rejects.toThrow('batch 1 failed');
  });
});
