import type { IncomingMessage } from 'node:http';

/**
 * A browser is recognised by what browsers send and servers do not: an `Origin` header (every cross-origin
 * request, and same-origin ones but GET/HEAD), or the fetch-metadata headers `Sec-Fetch-Site` / `Sec-Fetch-Dest`
 * (every request of a current browser; scripts cannot remove them). `Sec-Fetch-Mode` alone is no sign: Node's
 * own fetch sends it on server-to-server calls.
 */
export function isBrowserRequest(req: IncomingMessage): boolean {
  const headers = req.headers;
  return (
    headers.origin !== undefined || headers['sec-fetch-site'] !== undefined || headers['sec-fetch-dest'] !== undefined
  );
}
