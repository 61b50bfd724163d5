import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';

export const TRACE_ID_HEADER = 'X-Trace-Id';

const quietPaths = new Set(['/healthz', '/readyz']);

/**
 * Gives every request a fresh trace id (sent back as `X-Trace-Id`, quoted in error bodies) and `req.log`,
 * a child logger carrying it, and logs one line per response.
 */
export function requestContext(logger: Logger): RequestHandler {
  const middleware = pinoHttp({
    logger,
    genReqId: (_req, res) => {
      const id = randomUUID().replaceAll('-', '');
      res.setHeader(TRACE_ID_HEADER, id);
      return id;
    },
    customAttributeKeys: { reqId: 'traceId' },
    // Headers stay out of the log: they carry bearer tokens and client secrets.
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }) },
    // Probes every few seconds would drown the log.
    autoLogging: { ignore: (req) => quietPaths.has(req.url ?? '') },
  });
  return (req, res, next) => middleware(req, res, next);
}

/** The request's trace id, or null when requestContext did not run. */
export function traceIdOf(req: IncomingMessage): string | null {
  return typeof req.id === 'string' ? req.id : null;
}
