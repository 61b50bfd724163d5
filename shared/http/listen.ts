import type { Server } from 'node:http';
import type { RequestListener } from 'node:http';
import { createServer } from 'node:http';
import { answerClientErrors, type ClientErrorRenderer } from './client-error';

export type RunningServer = { server: Server; url: string; close: () => Promise<void> };

/**
 * Listens on host:port (port 0 picks a free one); `close` stops accepting and waits for in-flight requests.
 * With `clientErrors`, requests Node cannot hand to the app are answered in that format instead of with no body.
 */
export async function listen(
  app: RequestListener,
  host: string,
  port: number,
  clientErrors?: ClientErrorRenderer,
): Promise<RunningServer> {
  const server = createServer(app);
  if (clientErrors) answerClientErrors(server, clientErrors);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      server.closeIdleConnections();
    });
  return { server, url: `http://${host}:${actualPort}`, close };
}
