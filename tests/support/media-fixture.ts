import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { Knex } from '../../shared/db/knex';
import { listen, type RunningServer } from '../../shared/http/listen';
import { createLogger } from '../../shared/logger';
import type { MediaDescriptor } from '../../shared/media/descriptor';
import type { MediaRow } from '../../shared/media/manifest';
import { announcedPaths } from '../../shared/media/media-urls';
import { createApp as createMediaHost } from '../../services/media-host/app';
import { MediaPipeline } from '../../shared/media/pipeline';
import { RenditionStore } from '../../shared/media/rendition-store';
import { createSourceReader } from '../../shared/media/source-reader';

export const sha = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** A temporary media root: sources under `sources/`, renditions under `renditions/`. */
export async function mediaTempDir(): Promise<{
  dir: string;
  sources: string;
  store: RenditionStore;
  pipeline: () => MediaPipeline;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aisle-media-'));
  const sources = path.join(dir, 'sources');
  await mkdir(sources, { recursive: true });
  const store = new RenditionStore(path.join(dir, 'renditions'));
  return {
    dir,
    sources,
    store,
    pipeline: () =>
      new MediaPipeline({
        store: new RenditionStore(store.root),
        read: createSourceReader({ root: sources, allowPrivate: true }),
      }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A small packshot: a coloured square on `background` (null: transparent). */
export function packshot(width: number, height: number, colour: string, background: string | null): Promise<Buffer> {
  const bg = background === null ? '' : `<rect width="100%" height="100%" fill="${background}"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${bg}<rect x="${width / 4}" ` +
    `y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function pdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return doc.save();
}

/** Bytes a sniffer takes for an MP4 (an `ftyp` box, then filler): the host serves video as it is, without decoding it. */
export function fakeMp4(size: number): Buffer {
  const head = Buffer.from('\u0000\u0000\u0000\u0018ftypisom\u0000\u0000\u0002\u0000isomiso2', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);
}

export async function writeSource(root: string, name: string, bytes: Uint8Array): Promise<string> {
  await writeFile(path.join(root, name), bytes);
  return name;
}

/** A media row with defaults. */
export function mediaRow(overrides: Partial<MediaRow> & Pick<MediaRow, 'hash' | 'kind'>): MediaRow {
  return {
    id: 1,
    productId: 1,
    role: 'primary',
    view: null,
    position: 0,
    alt: {},
    caption: null,
    filename: null,
    duration: null,
    attributes: null,
    source: null,
    posterSource: null,
    ...overrides,
  };
}

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request whose path is sent exactly as given (no client-side normalisation of `..` or percent-escapes). */
export function rawRequest(
  baseUrl: string,
  rawPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path: rawPath, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The media host over `store` on a free loopback port. */
export function startMediaHost(store: RenditionStore): Promise<RunningServer> {
  return listen(createMediaHost({ store, logger: createLogger({ name: 'test', level: 'silent' }) }), '127.0.0.1', 0);
}

/** The status the host at `baseUrl` answers for every URL `descriptor` announces, by path. */
export async function announcedStatuses(baseUrl: string, descriptor: MediaDescriptor): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const path of announcedPaths(descriptor)) out[path] = (await rawRequest(baseUrl, path)).status;
  return out;
}

/**
 * Leaves a seeded tenant with no media of the seed's (its product media and brand logos point at a placeholder
 * library with no files), so every source a test indexes is its own.
 */
export async function clearSeedMedia(db: Knex, tenantId: number): Promise<void> {
  await db('product_media').where({ tenant_id: tenantId }).delete();
  await db('brands').where({ tenant_id: tenantId }).update({ logo_hash: null, logo_source: null });
}
