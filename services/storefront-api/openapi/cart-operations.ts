import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { PROBLEM_TYPE } from '../http/problem';
import { mediaDescriptorSchema } from './media-schema';
import { orNull } from './or-null';
import { PIPELINE_ERRORS, type ErrorCodes } from './operations';
import { headerParameters } from './parameters';
import { problemSchema, problemWith } from './problem-schemas';

// The cart routes (spec "Cart rules"): unlike the cached reads they are `no-store`, carry the cart version as
// the ETag, take X-Cart-Token (except create) and answer the whole cart every time.

const decimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ example: '199.00' });

const cartLineSchema = z
  .strictObject({
    id: z.string(),
    sku: z.string(),
    quantity: z.number().int().min(1),
    price: z
      .strictObject({ amount: decimal, currency: z.string(), vatRate: decimal, vatIncluded: z.boolean() })
      .meta({ description: 'The current unit price on the cart market (no compareAt).' }),
    image: orNull(mediaDescriptorSchema).meta({
      description: "The variant's own image, else the product's, else null.",
    }),
    product: z.strictObject({ id: z.string(), name: z.string(), slug: z.string() }),
    variant: z.strictObject({ id: z.string(), selectedOptions: z.record(z.string(), z.string()) }),
  })
  .meta({ id: 'CartLine' });

export const cartSchema = z
  .strictObject({
    token: z.string().meta({ description: 'The 256-bit cart token (base64url).' }),
    market: z.string(),
    currency: z.string(),
    status: z.enum(['active']),
    version: z
      .number()
      .int()
      .min(1)
      .meta({ description: 'Goes up by one on every successful change; also the ETag. Send it as If-Match.' }),
    lines: z.array(cartLineSchema),
    subtotalInc: decimal,
    grandTotalInc: decimal,
    warnings: z.array(
      z.strictObject({ code: z.enum(['PRODUCT_GONE', 'QUANTITY_REDUCED', 'PRICE_CHANGED']), lineId: z.string() }).meta({
        description:
          'PRODUCT_GONE: the line was dropped (no longer sold on the market, or out of stock); ' +
          'QUANTITY_REDUCED: cut to the stock left; PRICE_CHANGED: the price differs from the one the line ' +
          'was added at.',
      }),
    ),
  })
  .meta({ id: 'Cart' });

const token = z.string().meta({
  param: {
    name: 'X-Cart-Token',
    in: 'header',
    description: 'The cart token from POST /v1/cart. Missing: 400 NOT_FOUND.',
  },
});
const ifMatch = z
  .string()
  .optional()
  .meta({
    param: {
      name: 'If-Match',
      in: 'header',
      description:
        'The cart version this change is based on; another version gives 409 CART_CONFLICT. Omitted: the ' +
        'last write wins.',
    },
  });
const idempotencyKey = z
  .string()
  .optional()
  .meta({
    param: {
      name: 'Idempotency-Key',
      in: 'header',
      description:
        'Makes a retry replay the first answer (kept 24 hours); the same key with another body is 422 ' +
        'IDEMPOTENCY_KEY_REUSED.',
    },
  });
const lineParams = z.object({ id: z.string().meta({ description: 'A line id of the cart.' }) });
const quantity = z.number().int().min(1).meta({ description: 'A positive integer, else 400 INVALID_QUANTITY.' });

type CartOp = {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  description: string;
  status: 200 | 201;
  headers: z.ZodType[];
  body?: z.ZodObject;
  params?: z.ZodObject;
  errors: Partial<Record<number, ErrorCodes>>;
};

const withCart = ['CART_CONFLICT', 'STOCK_INSUFFICIENT'];
const CART_OPERATIONS: CartOp[] = [
  {
    method: 'post',
    path: '/v1/cart',
    operationId: 'createCart',
    description:
      'A new empty cart (version 1) on the X-Market market (else the default). The 30-day sliding window ' +
      'starts; every successful change restarts it.',
    summary: 'Create an empty cart on the request market; its token comes in X-Cart-Token',
    status: 201,
    headers: [],
    errors: {},
  },
  {
    method: 'get',
    path: '/v1/cart',
    operationId: 'getCart',
    description:
      'Re-resolved from the catalogue now: current price on the cart market, stock, image. Lines no longer ' +
      'sold or out of stock are dropped (PRODUCT_GONE), quantities above stock cut (QUANTITY_REDUCED).',
    summary: 'The whole cart, re-priced from the catalogue now',
    status: 200,
    headers: [token],
    errors: { 400: ['NOT_FOUND'], 410: ['CART_EXPIRED'] },
  },
  {
    method: 'post',
    path: '/v1/cart/lines',
    operationId: 'addCartLine',
    description:
      'Tops up the line when the SKU is already in the cart (never blocked by CART_FULL). Without If-Match ' +
      'the last write wins; with Idempotency-Key a retry replays the first answer.',
    summary: 'Add a SKU, or top up its line',
    status: 200,
    headers: [token, ifMatch, idempotencyKey],
    body: z.object({ sku: z.string(), quantity }),
    errors: {
      400: ['NOT_FOUND', 'INVALID_QUANTITY', 'INVALID_BODY', 'CART_FULL'],
      404: ['PRODUCT_NOT_FOUND'],
      409: withCart as unknown as ErrorCodes,
      410: ['CART_EXPIRED'],
      422: ['IDEMPOTENCY_KEY_REUSED'],
    },
  },
  {
    method: 'patch',
    path: '/v1/cart/lines/{id}',
    operationId: 'changeCartLine',
    description: 'Sets the quantity of one line; above the stock left is 409 STOCK_INSUFFICIENT with the current cart.',
    summary: "Set a line's quantity",
    status: 200,
    headers: [token, ifMatch],
    params: lineParams,
    body: z.object({ quantity }),
    errors: {
      400: ['NOT_FOUND', 'INVALID_QUANTITY', 'INVALID_BODY'],
      404: ['NOT_FOUND'],
      409: withCart as unknown as ErrorCodes,
      410: ['CART_EXPIRED'],
    },
  },
  {
    method: 'delete',
    path: '/v1/cart/lines/{id}',
    operationId: 'removeCartLine',
    description: 'Removes one line; a line the cart does not have is 404 NOT_FOUND.',
    summary: 'Remove a line',
    status: 200,
    headers: [token, ifMatch],
    params: lineParams,
    errors: { 400: ['NOT_FOUND'], 404: ['NOT_FOUND'], 409: ['CART_CONFLICT'], 410: ['CART_EXPIRED'] },
  },
  {
    method: 'post',
    path: '/v1/cart/market',
    operationId: 'changeCartMarket',
    description:
      "Re-prices every line in the new market's currency and drops the lines it does not sell, each with a " +
      'PRODUCT_GONE warning.',
    summary:
      'Move the cart to another market: re-priced in its currency, lines it does not sell dropped with PRODUCT_GONE',
    status: 200,
    headers: [token, ifMatch],
    body: z.object({ market: z.string() }),
    errors: { 400: ['NOT_FOUND', 'INVALID_BODY', 'MARKET_UNKNOWN'], 409: ['CART_CONFLICT'], 410: ['CART_EXPIRED'] },
  },
];

function problemOf(codes: ErrorCodes) {
  const cart = codes.some((c) => withCart.includes(c));
  return cart
    ? z.intersection(
        problemWith(codes),
        z.object({
          cart: cartSchema.optional().meta({ description: 'CART_CONFLICT and STOCK_INSUFFICIENT: the current cart.' }),
        }),
      )
    : problemWith(codes);
}

function responsesOf(op: CartOp): RouteConfig['responses'] {
  const headers = {
    ETag: z.string().meta({ description: 'The cart version, quoted ("3").' }),
    'Cache-Control': z.string().meta({ description: '`no-store`' }),
    ...(op.status === 201
      ? { 'X-Cart-Token': z.string().meta({ description: 'The new cart token: send it as X-Cart-Token.' }) }
      : {}),
  };
  const responses: RouteConfig['responses'] = {
    [op.status]: {
      description: 'The whole cart',
      headers: z.object(headers),
      content: { 'application/json': { schema: cartSchema } },
    },
  };
  const statuses = new Set([...Object.keys(PIPELINE_ERRORS), ...Object.keys(op.errors)].map(Number));
  for (const status of [...statuses].sort()) {
    const codes = [...(PIPELINE_ERRORS[status]?.codes ?? []), ...(op.errors[status] ?? [])] as unknown as ErrorCodes;
    responses[status] = {
      description: codes.join(', '),
      content: { [PROBLEM_TYPE]: { schema: codes.length > 0 ? problemOf(codes) : problemSchema } },
    };
  }
  return responses;
}

/** Registers the cart operations (tag Cart) in the storefront document. */
export function registerCartOperations(registry: OpenAPIRegistry, siteKey: string): void {
  for (const op of CART_OPERATIONS) {
    registry.registerPath({
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      tags: ['Cart'],
      security: [{ [siteKey]: [] }],
      request: {
        params: op.params,
        headers: [...headerParameters.slice(0, 2), ...op.headers],
        body:
          op.body === undefined ? undefined : { required: true, content: { 'application/json': { schema: op.body } } },
      },
      responses: responsesOf(op),
    });
  }
}
