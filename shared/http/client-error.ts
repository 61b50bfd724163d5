import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** A response written straight to the socket: Node has no request or response object for an unparsable request. */
export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** Builds the body a process answers in for a request Node could not parse, given the status Node would send. */
export type ClientErrorRenderer = (status: number) => RawResponse;

/** The status Node's own handler sends for a client error code (it sends no body): 431, 408, 413, else 400. */
export function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return 400;
}

/** The bytes of a complete HTTP/1.1 response that closes the connection. */
export function serializeResponse({ status, headers, body }: RawResponse): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close');
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Answers requests Node rejects before the app sees them (headers over its 16 KB limit, malformed HTTP) with
 * `render`'s body instead of Node's empty one, with the same status. A reset or unwritable socket is just closed.
 */
export function answerClientErrors(server: Server, render: ClientErrorRenderer): void {
  server.on('clientError', (err: Error & { code?: string }, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(serializeResponse(render(clientErrorStatus(err.code))));
  });
}
