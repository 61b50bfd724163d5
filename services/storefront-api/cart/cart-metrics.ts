import type { RequestHandler } from 'express';
import { Counter, type Registry } from 'prom-client';

export type CartOperation = 'create' | 'read' | 'add_line' | 'set_quantity' | 'remove_line' | 'change_market';

/**
 * `ok` for a cart answer, `rejected` for a refusal in the spec's terms (4xx: conflict, stock, limits), `failed` for
 * 5xx.
 */
export function cartOutcome(status: number): 'ok' | 'rejected' | 'failed' {
  if (status >= 500) return 'failed';
  return status >= 400 ? 'rejected' : 'ok';
}

/** Middleware per cart route that counts the operation by its outcome once the answer is written. */
export type CartOperations = (operation: CartOperation) => RequestHandler;

export function cartOperations(registry: Registry): CartOperations {
  const counter = new Counter({
    name: 'cart_operations_total',
    help: 'Cart requests that reached a cart route, by operation and outcome (ok, rejected, failed).',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  return (operation) => (_req, res, next) => {
    res.once('finish', () => counter.inc({ operation, outcome: cartOutcome(res.statusCode) }));
    next();
  };
}
