import { Zipf, rngFor } from '../../../../scripts/seed/generator/random';

describe('seed random sources', () => {
  it('regenerate the same sequence for the same seed, stream and index', () => {
    const draw = (seed: number, stream: number, index: number) =>
      Array.from(
        { length: 5 },
        (
          (r) => () =>
            r.float()
        )(rngFor(seed, stream, index)),
      );
    expect(draw(1, 2, 3)).toEqual(draw(1, 2, 3));
    expect(draw(1, 2, 3)).not.toEqual(draw(1, 2, 4));
    expect(draw(1, 2, 3)).not.toEqual(draw(2, 2, 3));
  });

  it('keeps integers within bounds', () => {
    const rng = rngFor(5, 5, 5);
    const values = Array.from({ length: 2000 }, () => rng.int(3, 7));
    expect(Math.min(...values)).toBe(3);
    expect(Math.max(...values)).toBe(7);
  });

  it('samples Zipf ranks with the first rank far more popular than the tenth', () => {
    const zipf = new Zipf(100, 1.1);
    const rng = rngFor(9, 9, 9);
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 20000; i++) counts[zipf.sample(rng)]++;
    expect(counts[0]).toBeGreaterThan(5 * counts[9]);
    expect(counts[99]).toBeGreaterThan(0);
  });
});
