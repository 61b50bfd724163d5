export type SeedArgs = { tenant: string; name?: string; products: number; orders?: number; seed: number; asOf?: Date };

export const SEED_USAGE = `usage: npm run seed -- [--tenant demo] [--products 2000] [--orders N] [--seed 42] [--as-of YYYY-MM-DD] [--name "Demo shop"]
  --tenant    tenant code; its data is replaced, other tenants are never touched (default demo)
  --products  storefront products (variants come on top; default 2000)
  --orders    orders over the year before --as-of (default: twice the products)
  --seed      random seed: the same seed, sizes and --as-of give the same data (default 42)
  --as-of     the day the data is "as of" (default today)`;

const FLAGS = new Set(['tenant', 'name', 'products', 'orders', 'seed', 'as-of']);

function readPairs(argv: readonly string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match || !FLAGS.has(match[1])) throw new Error(`unknown argument ${argv[i]}\n${SEED_USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value\n${SEED_USAGE}`);
    pairs.set(match[1], value);
  }
  return pairs;
}

function wholeNumber(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be a whole number >= ${min}, got ${value}`);
  return n;
}

/** The seed command's arguments, validated; throws with the usage on anything it does not understand. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const pairs = readPairs(argv);
  const tenant = pairs.get('tenant') ?? 'demo';
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(tenant)) throw new Error(`--tenant must be lowercase letters, digits and hyphens, got ${tenant}`);
  const asOfText = pairs.get('as-of');
  const asOf = asOfText === undefined ? undefined : new Date(`${asOfText}T00:00:00Z`);
  if (asOf && (!/^\d{4}-\d{2}-\d{2}$/.test(asOfText ?? '') || Number.isNaN(asOf.getTime()))) throw new Error(`--as-of must be YYYY-MM-DD, got ${asOfText}`);
  return {
    tenant,
    name: pairs.get('name'),
    products: wholeNumber('products', pairs.get('products'), 1) ?? 2000,
    orders: wholeNumber('orders', pairs.get('orders'), 0),
    seed: wholeNumber('seed', pairs.get('seed'), 0) ?? 42,
    asOf,
  };
}
