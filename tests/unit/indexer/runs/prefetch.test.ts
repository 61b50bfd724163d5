import { prefetched } from '../../../../indexer/runs/prefetch';

describe('prefetched', () => {
  it('yields every item in order, asking for the next one before the current one is consumed', async () => {
    const log: string[] = [];
    async function* source() {
      for (let i = 1; i <= 3; i++) {
        log.push(`produce ${i}`);
        yield i;
      }
    }
    const seen: number[] = [];
    for await (const item of prefetched(source())) {
      log.push(`consume ${item}`);
      seen.push(item);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(log).toEqual(['produce 1', 'produce 2', 'consume 1', 'produce 3', 'consume 2', 'consume 3']);
  });

  it('passes a failure of the source on to the consumer', async () => {
    async function* failing() {
      yield 1;
      throw new Error('read failed');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of prefetched(failing())) seen.push(item);
      })(),
    ).rejects.toThrow('read failed');
    expect(seen).toEqual([1]);
  });
});
