import { createServer, type Server } from 'node:http';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createSourceReader, MediaSourceError } from '../../../../shared/media/source-reader';
import { mediaTempDir } from '../../../support/media-fixture';

describe('media source reader', () => {
  let media: Awaited<ReturnType<typeof mediaTempDir>>;
  let server: Server;
  let base: string;
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    media = await mediaTempDir();
    await writeFile(path.join(media.sources, 'ok.bin'), Buffer.from('local bytes'));
    await writeFile(path.join(media.dir, 'secret.txt'), 'outside the source root');
    server = createServer((req, res) => {
      if (req.url === '/ok') res.end('remote bytes');
      else if (req.url === '/big') res.end(Buffer.alloc(5000));
      else if (req.url === '/slow') timers.push(setTimeout(() => res.end('late'), 2000));
      else if (req.url === '/moved') res.writeHead(302, { Location: '/ok' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await media.cleanup();
  });

  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'read',
      (err: unknown) => (err instanceof MediaSourceError ? err.reason : `other: ${String(err)}`),
    );

  it('reads relative paths inside the root, and nothing outside it', async () => {
    const read = createSourceReader({ root: media.sources });
    expect((await read('ok.bin')).toString()).toBe('local bytes');
    for (const source of [
      '../secret.txt',
      'a/../../secret.txt',
      '..\\secret.txt',
      path.join(media.dir, 'secret.txt'),
      'file:///etc/passwd',
      'ok.bin\u0000.png',
    ]) {
      expect({ source, reason: await reason(read(source)) }).toEqual({
        source,
        reason: 'not a relative path inside the media source root',
      });
    }
    expect(await reason(read('missing.png'))).toBe('no such file');
  });

  it('fetches http(s) URLs within the limits; private addresses only when allowed', async () => {
    expect(await reason(createSourceReader({ root: media.sources })(`${base}/ok`))).toBe('private address refused');
    const read = createSourceReader({ root: media.sources, allowPrivate: true, maxBytes: 1000, timeoutMs: 300 });
    expect((await read(`${base}/ok`)).toString()).toBe('remote bytes');
    expect(await reason(read(`${base}/big`))).toBe('larger than 1000 bytes');
    expect(await reason(read(`${base}/missing`))).toBe('HTTP 404');
    expect(await reason(read(`${base}/moved`))).toBe('HTTP 302');
    expect(await reason(read(`${base}/slow`))).toMatch(/abort|timeout/i);
  });
});
