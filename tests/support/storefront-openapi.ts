import type { RequestListener } from 'node:http';
import request, { type Response } from 'supertest';
import { createResponseValidator, type OpenApiDocument } from './openapi-conformance';

export type StorefrontConformance = {
  document: OpenApiDocument;
  /** Problems of one answer against the document: status, content type, body, and the spec's headers. */
  problemsOf: (method: string, path: string, res: Response) => string[];
  /** GETs `path` and fails the test when the answer does not conform. */
  get: (path: string, headers?: Record<string, string>) => Promise<Response>;
  /** `<path template> <status>` of every answer checked so far, to show each documented response was exercised. */
  seen: Set<string>;
  /** `<path template> <status>` of every documented response. */
  documented: () => string[];
};

/** The document's path template a concrete path falls under, if any. */
function templateOf(document: OpenApiDocument, path: string): string | undefined {
  return Object.keys(document.paths)
    .sort((a, b) => (a.match(/\{/g) ?? []).length - (b.match(/\{/g) ?? []).length)
    .find((template) =>
      new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`).test(path),
    );
}

/**
 * The storefront document as the app serves it at /openapi/v1.json, and a checker of answers against it. Beyond
 * the body, it checks the headers the spec promises: those the document lists on a success or 304 (caching headers
 * on reads), no-store and no ETag on errors, Retry-After on 429 and 503.
 */
export async function storefrontConformance(app: RequestListener): Promise<StorefrontConformance> {
  const served = await request(app).get('/openapi/v1.json');
  if (served.status !== 200) throw new Error(`GET /openapi/v1.json answered ${served.status}`);
  const document = served.body as OpenApiDocument;
  const validate = createResponseValidator(document, '');
  const seen = new Set<string>();

  const problemsOf = (method: string, path: string, res: Response): string[] => {
    const problems = validate(
      method,
      path,
      res.status,
      res.headers['content-type'],
      res.status === 304 ? undefined : res.body,
    );
    const template = templateOf(document, path.split('?')[0] ?? '');
    if (template !== undefined) seen.add(`${template} ${res.status}`);
    const header = (name: string) => res.headers[name.toLowerCase()] as string | undefined;
    if (res.status < 300 || res.status === 304) {
      // The headers the document promises on this answer: the caching ones on reads, ETag and no-store on the cart.
      const promised =
        template === undefined
          ? {}
          : (document.paths[template]?.[method.toLowerCase()]?.responses?.[String(res.status)]?.headers ?? {});
      for (const name of Object.keys(promised)) if (header(name) === undefined) problems.push(`missing ${name}`);
    } else if (res.status >= 400 && path.startsWith('/v1/')) {
      if (header('Cache-Control') !== 'no-store') problems.push(`error with Cache-Control ${header('Cache-Control')}`);
      if (header('ETag') !== undefined) problems.push('error with an ETag');
      if ((res.status === 429 || res.status === 503) && !/^\d+$/.test(header('Retry-After') ?? ''))
        problems.push(`${res.status} without Retry-After`);
    }
    return problems;
  };

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await request(app).get(path).set(headers);
    const problems = problemsOf('get', path, res);
    if (problems.length > 0) {
      throw new Error(
        `GET ${path} -> ${res.status} does not conform to the storefront document:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(res.body).slice(0, 500)}`,
      );
    }
    return res;
  };
  const documented = () =>
    Object.entries(document.paths).flatMap(([template, item]) =>
      Object.values(item).flatMap((op) => Object.keys(op.responses ?? {}).map((status) => `${template} ${status}`)),
    );
  return { document, problemsOf, get, seen, documented };
}
