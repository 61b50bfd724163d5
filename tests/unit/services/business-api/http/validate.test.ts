import express, { type Express } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { createLogger } from '../../../../../shared/logger';
import { requestContext } from '../../../../../shared/http/request-context';
import { errorHandler } from '../../../../../services/business-api/http/error-handler';
import { jsonBody } from '../../../../../services/business-api/http/json-body';
import { int32Param } from '../../../../../services/business-api/http/path-ids';
import { booleanParam } from '../../../../../services/business-api/http/query-params';
import { MAX_BODY_DEPTH } from '../../../../../services/business-api/http/json-scan';
import { NUL_MESSAGE, jsonPath, validate } from '../../../../../services/business-api/http/validate';

// A tiny app with only the binding pieces: what a route sees after validate, and what a caller gets on failure.
function app(): Express {
  const a = express();
  a.use(requestContext(createLogger({ name: 'test', level: 'silent' })), jsonBody());
  a.post(
    '/orders/:id/lines',
    validate({
      params: z.object({ id: int32Param }),
      query: z.object({ dryRun: booleanParam.optional() }),
      body: z.object({ qty: z.number(), lines: z.array(z.object({ sku: z.string() })).optional() }),
    }),
    (req, res) => {
      const id: number = req.params.id;
      res.json({ id, dryRun: req.query.dryRun ?? null, qty: req.body.qty });
    },
  );
  a.use(errorHandler);
  return a;
}

describe('validate', () => {
  it('hands the route parsed, typed values', async () => {
    const res = await request(app()).post('/orders/-5/lines?dryRun=TRUE').send({ qty: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: -5, dryRun: true, qty: 2 });
  });

  it('names every bad field in one ValidationProblemDetails', async () => {
    const res = await request(app())
      .post('/orders/01/lines?dryRun=maybe')
      .send({ qty: 'two', lines: [{ sku: 3 }] });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors).sort()).toEqual(['$.lines[0].sku', '$.qty', 'dryRun', 'id']);
    expect(res.body.errors.id).toEqual(["The value '01' is not a valid 32-bit integer."]);
    expect(res.body).toMatchObject({
      status: 400,
      title: 'One or more validation errors occurred.',
      traceId: expect.any(String),
    });
  });

  it('reports a missing body', async () => {
    const res = await request(app()).post('/orders/1/lines');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ $: ['A non-empty request body is required.'] });
  });

  it('binds a missing body as null when the body is optional', async () => {
    const a = express();
    a.use(jsonBody());
    a.patch(
      '/profile',
      validate({ body: z.object({ city: z.string() }).nullable(), optionalBody: true }),
      (req, res) => {
        res.json({ body: req.body });
      },
    );
    a.use(errorHandler);
    expect((await request(a).patch('/profile')).body).toEqual({ body: null });
    expect((await request(a).patch('/profile').send({ city: 'Lund' })).body).toEqual({ body: { city: 'Lund' } });
  });

  it('reports malformed JSON as a binding problem', async () => {
    const res = await request(app()).post('/orders/1/lines').set('Content-Type', 'application/json').send('{"qty": ');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toEqual({ $: ['The request body is not valid JSON.'] });
  });

  it('answers 415 problem+json for a body in another content type', async () => {
    const res = await request(app()).post('/orders/1/lines').set('Content-Type', 'text/plain').send('qty=2');
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 415, title: 'Unsupported Media Type' });
  });

  it.each(['application/json', 'text/json', 'application/merge-patch+json'])('reads a %s body', async (type) => {
    const res = await request(app()).post('/orders/1/lines').set('Content-Type', type).send('{"qty": 3}');
    expect(res.status).toBe(200);
    expect(res.body.qty).toBe(3);
  });
});

describe('validate: client-chosen names and shapes', () => {
  it.each(['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__'])(
    'reports a NUL under the query key %s by that name',
    async (key) => {
      const res = await request(app()).post(`/orders/1/lines?${key}=a%00b`).send({ qty: 1 });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).errors).toEqual(JSON.parse(`{"${key}": ["${NUL_MESSAGE}"]}`));
    },
  );

  it('reports a NUL under a body key named like a built-in property', async () => {
    const res = await request(app())
      .post('/orders/1/lines')
      .set('Content-Type', 'application/json')
      .send('{"qty": 1, "__proto__": "\\u0000", "toString": ["\\u0000"]}');
    expect(res.status).toBe(400);
    expect(Object.keys(JSON.parse(res.text).errors).sort()).toEqual(['$.__proto__', '$.toString[0]']);
  });

  it.each([
    ['arrays', `${'['.repeat(3000)}${']'.repeat(3000)}`],
    ['objects', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
  ])('answers a body of thousands of nested %s with a binding problem at $', async (_kind, body) => {
    const res = await request(app()).post('/orders/1/lines').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toEqual({ $: [`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`] });
  });

  it('accepts a body exactly MAX_BODY_DEPTH levels deep', async () => {
    const inner = `${'['.repeat(MAX_BODY_DEPTH - 2)}${']'.repeat(MAX_BODY_DEPTH - 2)}`;
    const res = await request(app())
      .post('/orders/1/lines')
      .set('Content-Type', 'application/json')
      .send(`{"qty": 1, "extra": [${inner}]}`);
    expect(res.status).toBe(200);
  });
});

describe('jsonPath', () => {
  it('writes JSON paths', () => {
    expect(jsonPath([])).toBe('$');
    expect(jsonPath(['lines', 0, 'qty'])).toBe('$.lines[0].qty');
  });
});
