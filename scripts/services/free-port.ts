import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/** Asks the kernel for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** True when something accepts connections on 127.0.0.1:port. */
export function isPortInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/** `preferred` when it is given and nothing listens on it, else a free port. */
export async function preferredOrFreePort(preferred: number | undefined): Promise<number> {
  return preferred && !(await isPortInUse(preferred)) ? preferred : freePort();
}

/** The port a private instance recorded in `file` when it last started, or undefined. */
export async function readPortFile(file: string): Promise<number | undefined> {
  return Number(await readFile(file, 'utf8').catch(() => '')) || undefined;
}
