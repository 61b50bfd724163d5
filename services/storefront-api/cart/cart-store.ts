import { createHash, randomBytes } from 'node:crypto';
import { unavailable } from '../../../shared/errors';
import { withoutWaiting, type Redis } from '../../../shared/redis';
import { decodeCart, encodeCart, encodeChange, type StoredCart } from './cart-codec';
import { CART_MUTATE_LUA } from './cart-lua';
import type { Cart, CartChange } from './cart-types';

export type MutationError = 'EXPIRED' | 'CONFLICT' | 'REUSED' | 'STOCK' | 'FULL' | 'LINE' | 'MARKET';

export type MutationResult =
  | { kind: 'ok'; cart: Cart }
  | { kind: 'replay'; cart: Cart }
  | { kind: 'error'; error: 'EXPIRED' }
  | { kind: 'error'; error: Exclude<MutationError, 'EXPIRED'>; cart: Cart };

export interface Mutation {
  site: number;
  change: CartChange;
  /** The If-Match version; null: the last write wins. */
  expected: number | null;
  /** The Idempotency-Key and the fingerprint of the request body it came with. */
  idempotency?: { key: string; fingerprint: string };
  /** False for the store's own clean-ups (dropped or cut lines): they do not extend the cart's life. */
  touch?: boolean;
}

/** Spec "Limits": a 30-day sliding window. */
export const CART_TTL_SECONDS = 30 * 24 * 3600;
/** Idempotency-Key records are kept 24 hours (issue 14). */
export const CART_IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/** How long a cart command may go unanswered before the request fails with 503 (a Redis that is frozen). */
export const CART_STORE_TIMEOUT_MS = 400;

export interface CartStoreOptions {
  ttlSeconds: number;
  idempotencyTtlSeconds: number;
  timeoutMs?: number;
  now?: () => Date;
}

/** 503 while Redis is out: the cart answers at once instead of waiting for Redis to come back. */
export const cartStoreOutage = () =>
  unavailable(
    'SERVICE_UNAVAILABLE',
    'Carts are unavailable right now; retry after the number of seconds in Retry-After.',
  );

type CartRedis = Redis & { cartMutate(cart: string, idem: string, ...args: string[]): Promise<string> };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** 256 random bits, URL-safe. */
export const newCartToken = (): string => randomBytes(32).toString('base64url');

/**
 * Carts in Redis: one JSON value per token with a sliding TTL; every change goes through one Lua script. Carts and
 * changes cross into Redis in their compact form (cart-codec.ts) here and nowhere else.
 */
export class CartStore {
  private readonly redis: CartRedis;
  private readonly now: () => Date;

  constructor(
    redis: Redis,
    private readonly options: CartStoreOptions,
  ) {
    if (!('cartMutate' in redis)) redis.defineCommand('cartMutate', { numberOfKeys: 2, lua: CART_MUTATE_LUA });
    this.redis = redis as CartRedis;
    this.now = options.now ?? (() => new Date());
  }

  private command<T>(call: (redis: CartRedis) => Promise<T>): Promise<T> {
    return withoutWaiting(this.redis, this.options.timeoutMs ?? CART_STORE_TIMEOUT_MS, cartStoreOutage, () =>
      call(this.redis),
    );
  }

  keyOf(token: string): string {
    return `cart:${sha256(token)}`;
  }

  private idempotencyKeyOf(token: string, key: string): string {
    return `cart-idem:${sha256(token)}:${sha256(key)}`;
  }

  async create(token: string, site: number, market: string): Promise<Cart> {
    const at = this.now().toISOString();
    const cart: Cart = { version: 1, site, market, created: at, updated: at, nextLineNumber: 1, lines: [] };
    const set = await this.command((r) =>
      r.set(this.keyOf(token), JSON.stringify(encodeCart(cart)), 'EX', this.options.ttlSeconds, 'NX'),
    );
    if (set !== 'OK') throw new Error('cart token collision');
    return cart;
  }

  /** The cart, or null when it lapsed, never existed or belongs to another site. */
  async get(token: string, site: number): Promise<Cart | null> {
    const raw = await this.command((r) => r.get(this.keyOf(token)));
    if (raw === null) return null;
    const cart = decodeCart(JSON.parse(raw) as StoredCart);
    return cart.site === site ? cart : null;
  }

  /** The cart an Idempotency-Key recorded, with its fingerprint; null when the key is new. */
  async recorded(token: string, key: string): Promise<{ fingerprint: string; cart: Cart } | null> {
    const raw = await this.command((r) => r.get(this.idempotencyKeyOf(token, key)));
    if (raw === null) return null;
    const record = JSON.parse(raw) as { f: string; cart: StoredCart };
    return { fingerprint: record.f, cart: decodeCart(record.cart) };
  }

  async mutate(token: string, m: Mutation): Promise<MutationResult> {
    const idem = m.idempotency === undefined ? this.keyOf(token) : this.idempotencyKeyOf(token, m.idempotency.key);
    const raw = await this.command((r) =>
      r.cartMutate(
        this.keyOf(token),
        idem,
        m.expected === null ? '' : String(m.expected),
        JSON.stringify(encodeChange(m.change)),
        String(this.options.ttlSeconds),
        m.idempotency?.fingerprint ?? '',
        String(this.options.idempotencyTtlSeconds),
        this.now().toISOString(),
        m.touch === false ? '0' : '1',
        String(m.site),
      ),
    );
    const answer = JSON.parse(raw) as { ok?: StoredCart; replay?: StoredCart; err?: MutationError; cart?: StoredCart };
    if (answer.ok !== undefined) return { kind: 'ok', cart: decodeCart(answer.ok) };
    if (answer.replay !== undefined) return { kind: 'replay', cart: decodeCart(answer.replay) };
    if (answer.err === undefined || answer.err === 'EXPIRED' || answer.cart === undefined)
      return { kind: 'error', error: 'EXPIRED' };
    return { kind: 'error', error: answer.err, cart: decodeCart(answer.cart) };
  }
}
