import { parseSeedArgs } from '../../../../scripts/seed/cli-args';

describe('seed command arguments', () => {
  it('reads the documented flags, in both --flag value and --flag=value form', () => {
    expect(
      parseSeedArgs([
        '--tenant',
        'demo',
        '--products',
        '100000',
        '--seed=42',
        '--orders',
        '5',
        '--as-of',
        '2025-01-31',
      ]),
    ).toEqual({
      tenant: 'demo',
      name: undefined,
      products: 100000,
      orders: 5,
      seed: 42,
      asOf: new Date('2025-01-31T00:00:00Z'),
    });
  });

  it('defaults to a small demo tenant', () => {
    expect(parseSeedArgs([])).toEqual({
      tenant: 'demo',
      name: undefined,
      products: 2000,
      orders: undefined,
      seed: 42,
      asOf: undefined,
    });
  });

  it.each([
    [['--products', '0']],
    [['--products', '1e5']],
    [['--tenant', 'Bad Name']],
    [['--as-of', '2025-13-45']],
    [['--unknown', 'x']],
    [['--seed']],
  ])('refuses %j', (argv) => {
    expect(() => parseSeedArgs(argv)).toThrow();
  });
});
