import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { listen } from '../../../shared/http/listen';
import { createLogger } from '../../../shared/logger';
import { RenditionStore } from '../../../shared/media/rendition-store';
import { createApp } from '../../../services/media-host/app';

// Runs in its own process so the load generator does not share the servers' event loop: the media host as
// `npm start` builds it, and the peer, a plain node:http handler streaming one file with its type and length.
async function main(): Promise<void> {
  const root = process.env.BENCH_STORE_ROOT;
  const file = process.env.BENCH_PLAIN_FILE;
  if (root === undefined || file === undefined)
    throw new Error(
      'BENCH_STORE_ROOT and BENCH_PLAIN_FILE are set by scripts/bench/media.ts, which starts this process',
    );
  const host = await listen(
    createApp({ store: new RenditionStore(root), logger: createLogger({ name: 'bench', level: 'silent' }) }),
    '127.0.0.1',
    0,
  );
  const plain = createServer((_req, res) => {
    stat(file).then(
      (info) => {
        res.writeHead(200, { 'Content-Type': 'image/avif', 'Content-Length': info.size });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  const address = plain.address();
  const plainUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.stdout.write(`${JSON.stringify({ host: host.url, plain: plainUrl })}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

void main();
