import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from '../../scripts/services/free-port';

/**
 * A loopback TCP proxy to `target`, for outage tests: `cut` closes the listener and drops every open
 * connection (to a client, the server is gone: refused connections, dropped sessions), `restore` listens
 * on the same port again. The server behind it is never touched, so other test files keep using it.
 */
export type TcpProxy = {
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const open = new Set<Socket>();
  let server: Server | undefined;

  const restore = async () => {
    const listening = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        open.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          open.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    server = listening;
  };
  const cut = async () => {
    const listening = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  };
  await restore();
  return { port, cut, restore, close: cut };
}
