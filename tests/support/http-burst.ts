import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';

export type BurstAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * Sends `count` GETs of `url` with `headers` over `connections` kept-alive connections, as fast as the server
 * answers (autocannon: a client light enough to offer thousands of requests a second from the test's own
 * process), and resolves with every answer as soon as the last one arrived. For load on loopback only.
 */
export function burst(
  url: string,
  headers: Record<string, string>,
  count: number,
  connections: number,
): Promise<BurstAnswer[]> {
  return new Promise((resolve, reject) => {
    const answers: BurstAnswer[] = [];
    const onResponse = (status: number, body: string, _context: object, received: IncomingHttpHeaders = {}) => {
      answers.push({
        status,
        headers: Object.fromEntries(Object.entries(received).map(([name, value]) => [name.toLowerCase(), value])),
        body,
      });
      // autocannon itself reports only on its next one-second tick.
      if (answers.length === count) {
        instance.stop();
        resolve(answers);
      }
    };
    const instance = autocannon(
      { url, connections, amount: count, headers, requests: [{ method: 'GET', onResponse }] },
      (err, result) => {
        if (err !== null && err !== undefined) reject(err);
        else if (result.errors > 0 || result.timeouts > 0)
          reject(new Error(`${result.errors} errors and ${result.timeouts} timeouts in a burst of ${count}`));
      },
    );
  });
}
