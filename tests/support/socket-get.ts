import { request as httpRequest } from 'node:http';

export type SocketAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A GET with raw headers over a real socket: supertest's in-process server would not show what Node itself sends. */
export function socketGet(url: string, headers: Record<string, string>): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
