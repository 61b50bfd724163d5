import { Counter, type Registry } from 'prom-client';

/** Counts requests a rate limiter refused, by which limit refused them (never by key, user or address). */
export type RateLimitRejections = { rejected(limit: string): void };

export function rateLimitRejections(registry: Registry): RateLimitRejections {
  const counter = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 because a rate limit was spent, by limit.',
    labelNames: ['limit'],
    registers: [registry],
  });
  return { rejected: (limit) => counter.inc({ limit }) };
}
