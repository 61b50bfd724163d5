import { parseArgs } from 'node:util';
import { errorMessage } from '../../shared/errors';

export type SeedArgs = { tenant: string; name?: string; products: number; orders?: number; seed: number; asOf?: Date };

export const SEED_USAGE = `usage: npm run seed -- [--tenant demo] [--products 2000] [--orders N] [--seed 42] [--as-of YYYY-MM-DD] [--name "Demo shop"]
  --tenant    tenant code; its data is replaced, other tenants are never touched (default demo)
  --products  storefront products (variants come on top; default 2000)
  --orders    orders over the year before --as-of (default: twice the products)
  --seed      random seed: the same seed, sizes and --as-of give the same data (default 42)
  --as-of     the day the data is "as of" (default today)`;

const FLAGS = ['tenant', 'name', 'products', 'orders', 'seed', 'as-of'] as const;

function readFlags(argv: readonly string[]): Partial<Record<(typeof FLAGS)[number], string>> {
  const options = Object.fromEntries(FLAGS.map((flag) => [flag, { type: 'string' as const }]));
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new Error(`${errorMessage(err)}\n${SEED_USAGE}`);
  }
}

function wholeNumber(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min)
    throw new Error(`--${name} must be a whole number >= ${min}, got ${value}`);
  return n;
}

/** The seed command's arguments, validated; throws with the usage on anything it does not understand. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const flags = readFlags(argv);
  const tenant = flags.tenant ?? 'demo';
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(tenant))
    throw new Error(`--tenant must be lowercase letters, digits and hyphens, got ${tenant}`);
  const asOfText = flags['as-of'];
  const asOf = asOfText === undefined ? undefined : new Date(`${asOfText}T00:00:00Z`);
  if (asOf && (!/^\d{4}-\d{2}-\d{2}$/.test(asOfText ?? '') || Number.isNaN(asOf.getTime())))
    throw new Error(`--as-of must be YYYY-MM-DD, got ${asOfText}`);
  return {
    tenant,
    name: flags.name,
    products: wholeNumber('products', flags.products, 1) ?? 2000,
    orders: wholeNumber('orders', flags.orders, 0),
    seed: wholeNumber('seed', flags.seed, 0) ?? 42,
    asOf,
  };
}
