import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One set of fields written in every way a client may send a request body: each content type a server meets (the
 * JSON family, text, forms, multipart, bytes, none at all, another charset), plus bodies no route can read (empty,
 * a JSON array, JSON null, malformed JSON). Bodies are bytes and sent over a real socket, so "no Content-Type" is
 * really none (supertest adds one to any string).
 */

export type Fields = Record<string, string | number>;
/** A request body as bytes, with the Content-Type it is sent under (undefined: the header is left out). */
export type EncodedBody = { type: string; body: string; contentType: string | undefined; bytes: Buffer };

const BOUNDARY = 'aisle-boundary-7f3a';

const json = (fields: Fields) => JSON.stringify(fields);
const form = (fields: Fields) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
const multipart = (fields: Fields) =>
  `${Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${BOUNDARY}--\r\n`;

/** Each content type, and how the fields are written in it (the JSON text where the type claims no syntax of its own). */
export const CONTENT_TYPES: readonly {
  type: string;
  contentType: string | undefined;
  write: (fields: Fields) => string;
}[] = [
  { type: 'application/json', contentType: 'application/json', write: json },
  { type: 'text/json', contentType: 'text/json', write: json },
  { type: 'a +json type', contentType: 'application/merge-patch+json', write: json },
  { type: 'another charset', contentType: 'application/json; charset=iso-8859-1', write: json },
  { type: 'text/plain', contentType: 'text/plain', write: json },
  { type: 'a form', contentType: 'application/x-www-form-urlencoded', write: form },
  { type: 'multipart', contentType: `multipart/form-data; boundary=${BOUNDARY}`, write: multipart },
  { type: 'bytes', contentType: 'application/octet-stream', write: json },
  { type: 'no Content-Type', contentType: undefined, write: json },
];

/** Bodies no route reads as its fields, whatever the type: the same text under every content type. */
export const UNREADABLE_BODIES: Readonly<Record<string, string>> = {
  empty: '',
  'a JSON array': '[]',
  'JSON null': 'null',
  'malformed JSON': '{"a":',
};

/** The fields in every content type (`body: 'fields'`), and every unreadable body in every content type. */
export function bodyMatrix(fields: Fields): EncodedBody[] {
  return CONTENT_TYPES.flatMap(({ type, contentType, write }) => [
    { type, body: 'fields', contentType, bytes: Buffer.from(write(fields), 'utf8') },
    ...Object.entries(UNREADABLE_BODIES).map(([body, text]) => ({
      type,
      body,
      contentType,
      bytes: Buffer.from(text, 'utf8'),
    })),
  ]);
}

export type RawAnswer = { status: number; headers: Headers; text: string; json: unknown };

/** An app on a loopback port, for requests whose bytes and headers are exactly what the test says. */
export async function rawServer(app: RequestListener): Promise<{
  send: (method: string, path: string, headers: Record<string, string>, body?: EncodedBody) => Promise<RawAnswer>;
  close: () => Promise<void>;
}> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: EncodedBody,
  ): Promise<RawAnswer> => {
    // A Uint8Array body gets no Content-Type from fetch: only the one the case names is sent.
    const all = body?.contentType === undefined ? headers : { ...headers, 'Content-Type': body.contentType };
    const res = await fetch(`${base}${path}`, {
      method,
      headers: all,
      body: body === undefined ? undefined : new Uint8Array(body.bytes),
      redirect: 'manual',
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: parsed };
  };
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { send, close };
}
