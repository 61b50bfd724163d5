import express, { type Express } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { createLogger } from '../../../../../shared/logger';
import { requestContext } from '../../../../../shared/http/request-context';
import { idFilter } from '../../../../../services/business-api/filters/identifier-filter';
import { errorHandler } from '../../../../../services/business-api/http/error-handler';
import { validate } from '../../../../../services/business-api/http/validate';

// Identifier filters refuse with 400 invalid_request (an ErrorEnvelope), other parameters with a problem body.
function app(): Express {
  const a = express();
  a.use(requestContext(createLogger({ name: 'test', level: 'silent' })));
  a.get(
    '/list',
    validate({ query: z.object({ customerId: idFilter('customerId'), pageSize: z.coerce.number().int().optional() }) }),
    (req, res) => {
      res.json(req.query);
    },
  );
  a.use(errorHandler);
  return a;
}

describe('validate: invalid_request issues', () => {
  it('answers a bad identifier filter with an ErrorEnvelope invalid_request', async () => {
    const res = await request(app()).get('/list?customerId=abc');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      code: 'invalid_request',
      message: 'customerId must be a positive whole number (32-bit).',
      traceId: expect.any(String),
    });
  });

  it('lets a binding failure win when both happen', async () => {
    const res = await request(app()).get('/list?customerId=&pageSize=x');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual(['pageSize']);
  });

  it('binds a good identifier', async () => {
    expect((await request(app()).get('/list?customerId=12')).body).toEqual({ customerId: 12 });
  });
});
