import { unlink } from 'node:fs/promises';
import sharp from 'sharp';
import { createLogger } from '../../../../shared/logger';
import { listen, type RunningServer } from '../../../../shared/http/listen';
import type { MediaDescriptor } from '../../../../shared/media/descriptor';
import { announcedPaths } from '../../../../shared/media/media-urls';
import { createApp } from '../../../../services/media-host/app';
import {
  fakeMp4,
  mediaRow,
  mediaTempDir,
  packshot,
  pdf,
  rawRequest,
  sha,
  writeSource,
} from '../../../support/media-fixture';

describe('media host', () => {
  let media: Awaited<ReturnType<typeof mediaTempDir>>;
  let server: RunningServer;
  let image: MediaDescriptor;
  let video: MediaDescriptor;
  let file: MediaDescriptor;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(server.url, path, { headers, method });
  const hex = (d: MediaDescriptor) => d.id.slice('sha256:'.length);

  beforeAll(async () => {
    media = await mediaTempDir();
    const png = await packshot(700, 500, '#2f6fd6', '#ffffff');
    const poster = await packshot(400, 300, '#c8312f', null);
    const manual = await pdf(3);
    const movie = fakeMp4(40_000);
    await writeSource(media.sources, 'shot.png', png);
    await writeSource(media.sources, 'poster.png', poster);
    await writeSource(media.sources, 'manual.pdf', manual);
    await writeSource(media.sources, 'movie.mp4', movie);
    const { descriptors, warnings } = await media.pipeline().describe([
      mediaRow({ id: 1, hash: sha(png), kind: 'image', source: 'shot.png' }),
      mediaRow({
        id: 2,
        hash: sha(movie),
        kind: 'video',
        source: 'movie.mp4',
        posterSource: 'poster.png',
        position: 1,
        duration: 12,
      }),
      mediaRow({
        id: 3,
        hash: sha(manual),
        kind: 'file',
        source: 'manual.pdf',
        filename: 'Care & use.pdf',
        position: 2,
      }),
    ]);
    expect(warnings).toEqual([]);
    [image, video, file] = descriptors.get(1)!;
    server = await listen(
      createApp({ store: media.store, logger: createLogger({ name: 'test', level: 'silent' }) }),
      '127.0.0.1',
      0,
    );
  });
  afterAll(async () => {
    await server.close();
    await media.cleanup();
  });

  it('answers every announced URL with 200, the right type, caching headers and the announced size', async () => {
    for (const d of [image, video, file]) {
      for (const path of announcedPaths(d)) {
        const res = await get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}-1-/);
        const format = /\.(avif|jpeg)$/.exec(path)?.[1];
        if (format) {
          expect(res.headers['content-type']).toBe(`image/${format}`);
          const meta = await sharp(res.body).metadata();
          expect(meta.width).toBe(Number(/\/(\d+)\.\w+$/.exec(path)![1]));
          expect(meta.format).toBe(format === 'avif' ? 'heif' : 'jpeg');
        }
      }
    }
    expect(image.widths).toEqual([320, 640]);
    expect(video.widths).toEqual([320]);
    const mp4 = await get(`/v/${hex(video)}/1/source.mp4`);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(sha(mp4.body)).toBe(video.id);
    const doc = await get(announcedPaths(file)[0]!);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(sha(doc.body)).toBe(file.id);
    expect(file).toMatchObject({ filename: 'Care & use.pdf', pages: 3, bytes: doc.body.length });
  });

  it('is 404 for an unannounced width, format, recipe, variant, file name or kind', async () => {
    const h = hex(image);
    for (const path of [
      `/r/${h}/1/1024.avif`,
      `/r/${h}/1/321.jpeg`,
      `/r/${h}/1/320.webp`,
      `/r/${h}/2/320.avif`,
      `/p/${h}/1/320.avif`,
      `/f/${h}/1/x.pdf`,
      `/v/${hex(video)}/1/source.webm`,
      `/v/${hex(video)}/1/hd.mp4`,
      `/r/${hex(video)}/1/320.avif`,
      `/f/${hex(file)}/1/other.pdf`,
      `/r/${'0'.repeat(64)}/1/320.avif`,
      '/',
      '/r/',
      '/manifest-image.json',
    ]) {
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 404 });
    }
  });

  it('is 404 for traversal attempts, whatever the encoding', async () => {
    const h = hex(image);
    for (const path of [
      `/r/${h}/1/../1/320.avif`,
      `/r/${h}/1/..%2f1%2f320.avif`,
      `/r/${h}/%2e%2e/1/320.avif`,
      `/f/${hex(file)}/1/..%2fmanifest-file.json`,
      `/f/${hex(file)}/1/%2e%2e`,
      `/f/${hex(file)}/1/..%5cmanifest-file.json`,
      `/f/${hex(file)}/1/Care%20%26%20use.pdf%00`,
      `/f/${hex(file)}/1/%252e%252e%252fmanifest-file.json`,
      `/r/${h}/1/320.avif%00.png`,
      `/r/${h}/1/./320.avif`,
      '/../../../../etc/passwd',
      `/f/${hex(file)}/1/..%2f..%2f..%2f..%2fetc%2fpasswd`,
      `/f/${hex(file)}/1/%c0%ae%c0%ae`,
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body.toString()).toBe('Not Found');
    }
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    const path = announcedPaths(image)[0]!;
    const first = await get(path);
    expect((await get(path, { 'If-None-Match': String(first.headers.etag) })).status).toBe(304);
    const head = await get(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    expect((await get(path, {}, 'POST')).status).toBe(405);
  });

  it('serves byte ranges of files and videos', async () => {
    const movie = await get(`/v/${hex(video)}/1/source.mp4`);
    const part = await get(`/v/${hex(video)}/1/source.mp4`, { Range: 'bytes=100-1099' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${movie.body.length}`);
    expect(part.body).toEqual(movie.body.subarray(100, 1100));
    const filePath = announcedPaths(file)[0]!;
    const tail = await get(filePath, { Range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.headers['content-type']).toBe('application/pdf');
    expect(tail.body.length).toBe(10);
    const unsatisfiable = await get(filePath, { Range: `bytes=${file.bytes! + 10}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${file.bytes}`);
    expect(unsatisfiable.headers['cache-control']).toBe('no-store');
    expect(unsatisfiable.headers.etag).toBeUndefined();
  });

  it('a rendition the manifest announces but the disk lost is a plain, uncached 404', async () => {
    const path = `/p/${hex(video)}/1/320.jpeg`;
    expect((await get(path)).status).toBe(200);
    await unlink(media.store.filePath(hex(video), 1, '320.jpeg'));
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });
});
