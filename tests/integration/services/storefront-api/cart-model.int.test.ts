import fc from 'fast-check';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { CartStore, newCartToken, type MutationResult } from '../../../../services/storefront-api/cart/cart-store';
import type { Cart, CartChange, LinePrice } from '../../../../services/storefront-api/cart/cart-types';

// A model test of the cart's one Lua script against real Redis: random sequences of add, change quantity,
// remove and market change, each with no, a fresh or a stale If-Match (a stale one stands for another client's
// write in between) and sometimes an Idempotency-Key. After every step Redis must equal the model.

const SITE = 7;
const LIMIT = 3;
/** Whole units in stock per market and SKU; absent: the market does not sell the SKU. */
const CATALOGUE: Record<string, Record<string, { stock: number; price: string; currency: string }>> = {
  m1: {
    a: { stock: 9, price: '10.00', currency: 'EUR' },
    b: { stock: 6, price: '0.10', currency: 'EUR' },
    c: { stock: 9, price: '3.33', currency: 'EUR' },
    d: { stock: 3, price: '7.00', currency: 'EUR' },
    e: { stock: 4, price: '1.00', currency: 'EUR' },
  },
  m2: {
    a: { stock: 3, price: '110.00', currency: 'SEK' },
    c: { stock: 9, price: '36.50', currency: 'SEK' },
    e: { stock: 1, price: '11.00', currency: 'SEK' },
  },
};
const SKUS = ['a', 'b', 'c', 'd', 'e'];

type IfMatch = { kind: 'none' } | { kind: 'fresh' } | { kind: 'stale'; delta: number };
type Command =
  | { op: 'add'; sku: string; q: number; ifMatch: IfMatch; idem: string | null }
  | { op: 'set'; line: number; q: number; ifMatch: IfMatch }
  | { op: 'del'; line: number; ifMatch: IfMatch }
  | { op: 'market'; market: string; ifMatch: IfMatch };

type Model = {
  cart: Pick<Cart, 'version' | 'market' | 'nextLineNumber' | 'lines'>;
  idem: Map<string, { fp: string; cart: Model['cart'] }>;
};

const ifMatchArb: fc.Arbitrary<IfMatch> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'fresh' as const }), weight: 3 },
  {
    arbitrary: fc
      .integer({ min: -3, max: 3 })
      .filter((d) => d !== 0)
      .map((delta) => ({ kind: 'stale' as const, delta })),
    weight: 2,
  },
);
const addArb = fc.record({
  op: fc.constant('add' as const),
  sku: fc.constantFrom(...SKUS),
  q: fc.integer({ min: 1, max: 4 }),
  ifMatch: ifMatchArb,
  idem: fc.option(fc.constantFrom('k1', 'k2'), { freq: 2 }),
});
/** `retry`: the previous add sent again as it was (a client retrying), with its Idempotency-Key if it had one. */
type Step = Command | { op: 'retry' };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: addArb, weight: 9 },
  { arbitrary: fc.constant({ op: 'retry' as const }), weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant('set' as const),
      line: fc.integer({ min: 0, max: 3 }),
      q: fc.integer({ min: 1, max: 6 }),
      ifMatch: ifMatchArb,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('del' as const),
      line: fc.integer({ min: 0, max: 3 }),
      ifMatch: ifMatchArb,
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('market' as const),
      market: fc.constantFrom('m1', 'm2'),
      ifMatch: ifMatchArb,
    }),
    weight: 1,
  },
);

const clone = <T>(value: T): T => structuredClone(value);
/** A line index past the end names a line that does not exist. */
const lineId = (model: Model, index: number) => model.cart.lines[index]?.id ?? `l${900 + index}`;
const expectedOf = (model: Model, ifMatch: IfMatch) =>
  ifMatch.kind === 'none' ? null : ifMatch.kind === 'fresh' ? model.cart.version : model.cart.version + ifMatch.delta;

/** What the routes would send the script for a command, decided from the model's (= Redis's) cart; null: refused before. */
function changeOf(model: Model, c: Command): CartChange | null {
  const offer = CATALOGUE[model.cart.market]!;
  if (c.op === 'add') {
    const sold = offer[c.sku];
    return sold === undefined
      ? null
      : {
          kind: 'add',
          sku: c.sku,
          quantity: c.q,
          stock: sold.stock,
          lineLimit: LIMIT,
          cartMarket: model.cart.market,
          price: { amount: sold.price, currency: sold.currency },
        };
  }
  if (c.op === 'set') {
    const line = model.cart.lines[c.line];
    return {
      kind: 'set',
      lineId: lineId(model, c.line),
      quantity: c.q,
      stock: line === undefined ? 0 : (offer[line.sku]?.stock ?? 0),
    };
  }
  if (c.op === 'del') return { kind: 'remove', lineId: lineId(model, c.line) };
  const target = CATALOGUE[c.market]!;
  const drop: Record<string, true> = {};
  const price: Record<string, LinePrice> = {};
  for (const line of model.cart.lines) {
    const sold = target[line.sku];
    if (sold === undefined) drop[line.id] = true;
    else price[line.id] = { amount: sold.price, currency: sold.currency };
  }
  return { kind: 'market', market: c.market, drop, cut: {}, price };
}

/** The model's answer: the independent statement of the script's rules. */
function apply(
  model: Model,
  c: Command,
  change: CartChange,
): { kind: MutationResult['kind'] | string; cart: Model['cart'] } {
  const fp = c.op === 'add' ? `${c.sku}/${c.q}` : '';
  if (c.op === 'add' && c.idem !== null) {
    const seen = model.idem.get(c.idem);
    if (seen !== undefined)
      return seen.fp === fp ? { kind: 'replay', cart: clone(seen.cart) } : { kind: 'REUSED', cart: clone(model.cart) };
  }
  const expected = expectedOf(model, c.ifMatch);
  if (expected !== null && expected !== model.cart.version) return { kind: 'CONFLICT', cart: clone(model.cart) };
  const next = clone(model.cart);
  const fail = (kind: string) => ({ kind, cart: clone(model.cart) });
  if (change.kind === 'add') {
    const line = next.lines.find((l) => l.sku === change.sku);
    if (line !== undefined) {
      if (line.quantity + change.quantity > change.stock) return fail('STOCK');
      line.quantity += change.quantity;
    } else {
      if (next.lines.length >= LIMIT) return fail('FULL');
      if (change.quantity > change.stock) return fail('STOCK');
      next.lines.push({
        id: `l${next.nextLineNumber}`,
        sku: change.sku,
        quantity: change.quantity,
        addedPrice: { ...change.price },
      });
      next.nextLineNumber += 1;
    }
  } else if (change.kind === 'set') {
    const line = next.lines.find((l) => l.id === change.lineId);
    if (line === undefined) return fail('LINE');
    if (change.quantity > change.stock) return fail('STOCK');
    line.quantity = change.quantity;
  } else if (change.kind === 'remove') {
    const at = next.lines.findIndex((l) => l.id === change.lineId);
    if (at < 0) return fail('LINE');
    next.lines.splice(at, 1);
  } else if (change.kind === 'market') {
    next.lines = next.lines
      .filter((l) => change.drop[l.id] !== true)
      .map((l) => ({ ...l, addedPrice: { ...change.price[l.id]! } }));
    next.market = change.market;
  }
  next.version += 1;
  model.cart = next;
  if (c.op === 'add' && c.idem !== null) model.idem.set(c.idem, { fp, cart: clone(next) });
  return { kind: 'ok', cart: clone(next) };
}

const comparable = (cart: Cart) => ({
  version: cart.version,
  market: cart.market,
  nextLineNumber: cart.nextLineNumber,
  lines: cart.lines,
});

describe('cart Lua script against a model', () => {
  let r: TestRedis;
  let store: CartStore;
  beforeAll(() => {
    r = createTestRedis();
    // The script's semantics are under test, not the outage bound: a Redis answer held up by a busy machine (over
    // the 400 ms a storefront waits) must not fail the property.
    store = new CartStore(r.redis, { ttlSeconds: 600, idempotencyTtlSeconds: 600, timeoutMs: 10_000 });
  });
  afterAll(() => r.cleanup());

  it('keeps Redis equal to the model over 1,000 random interleavings; +1 version per write; stale If-Match gets 409 with the current cart', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 30 }), async (steps) => {
        const token = newCartToken();
        await store.create(token, SITE, 'm1');
        const model: Model = { cart: { version: 1, market: 'm1', nextLineNumber: 1, lines: [] }, idem: new Map() };
        let lastAdd: Command | null = null;
        for (const step of steps) {
          const c: Command | null = step.op === 'retry' ? lastAdd : step;
          if (c === null) continue;
          if (c.op === 'add') lastAdd = c;
          const change = changeOf(model, c);
          if (change === null) continue;
          const before = model.cart.version;
          const fingerprint = c.op === 'add' ? `${c.sku}/${c.q}` : '';
          const idempotency = c.op === 'add' && c.idem !== null ? { key: c.idem, fingerprint } : undefined;
          const actual = await store.mutate(token, {
            site: SITE,
            expected: expectedOf(model, c.ifMatch),
            change,
            idempotency,
          });
          const wanted = apply(model, c, change);
          const kind = actual.kind === 'error' ? actual.error : actual.kind;
          expect(kind).toBe(wanted.kind);
          if (actual.kind !== 'error' || actual.error !== 'EXPIRED')
            expect(comparable(actual.cart)).toEqual(wanted.cart);
          expect(model.cart.version).toBe(kind === 'ok' ? before + 1 : before);
          seen.set(kind, (seen.get(kind) ?? 0) + 1);
          const stored = await store.get(token, SITE);
          expect(stored === null ? null : comparable(stored)).toEqual(model.cart);
        }
      }),
      { numRuns: 1000 },
    );
    // The generator reached every outcome of the script often enough to mean something.
    for (const kind of ['ok', 'replay', 'CONFLICT', 'REUSED', 'STOCK', 'FULL', 'LINE'])
      expect(seen.get(kind) ?? 0).toBeGreaterThan(50);
  }, 300_000);
});
