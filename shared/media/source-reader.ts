import { lookup } from 'node:dns/promises';
import { readFile, stat } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { isRelativeSource, isUrlSource } from './source-paths';

/** A source that cannot be read: missing, refused, too large, too slow, or not allowed. */
export class MediaSourceError extends Error {
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(`media source ${source}: ${reason}`);
    this.name = 'MediaSourceError';
  }
}

export interface SourceReaderOptions {
  /** Relative paths are read under this folder and may not leave it. */
  root: string;
  /** Per source, for a whole download (default 10 s). */
  timeoutMs?: number;
  /** Larger sources are refused (default 50 MiB). */
  maxBytes?: number;
  /** Allow URLs on loopback and private addresses (tests; a shop's image store on its own network). Default false. */
  allowPrivate?: boolean;
}

export type SourceReader = (source: string) => Promise<Buffer>;

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/**
 * Reads media sources: an http(s) URL (bounded in time and size; private addresses refused unless allowed),
 * or a relative path inside the source root. Absolute paths, `..` segments and NUL are refused, so business
 * data can never make the media host publish a file from elsewhere on the machine.
 */
export function createSourceReader(options: SourceReaderOptions): SourceReader {
  const limits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    allowPrivate: options.allowPrivate ?? false,
  };
  return (source) =>
    isUrlSource(source) ? fetchSource(source, limits) : readLocal(path.resolve(options.root), source, limits.maxBytes);
}

async function readLocal(root: string, source: string, maxBytes: number): Promise<Buffer> {
  if (!isRelativeSource(source)) throw new MediaSourceError(source, 'not a relative path inside the media source root');
  const file = path.resolve(root, source);
  if (!file.startsWith(root + path.sep)) throw new MediaSourceError(source, 'outside the media source root');
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) throw new MediaSourceError(source, 'no such file');
  if (info.size > maxBytes) throw new MediaSourceError(source, `larger than ${maxBytes} bytes`);
  return readFile(file);
}

async function assertPublicHost(url: URL, source: string): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) throw new MediaSourceError(source, 'host does not resolve');
  for (const { address, family } of addresses) {
    if (PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4'))
      throw new MediaSourceError(source, 'private address refused');
  }
}

async function fetchSource(
  source: string,
  limits: { timeoutMs: number; maxBytes: number; allowPrivate: boolean },
): Promise<Buffer> {
  const url = new URL(source);
  if (!limits.allowPrivate) await assertPublicHost(url, source);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  // Redirects are not followed: each hop would need the same address check.
  const response = await fetch(url, { signal, redirect: 'manual' }).catch((err: unknown) => {
    throw new MediaSourceError(source, err instanceof Error ? err.message : String(err));
  });
  if (response.status !== 200 || response.body === null) throw new MediaSourceError(source, `HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) throw new MediaSourceError(source, `larger than ${limits.maxBytes} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) throw new MediaSourceError(source, `larger than ${limits.maxBytes} bytes`);
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    if (err instanceof MediaSourceError) throw err;
    throw new MediaSourceError(source, err instanceof Error ? err.message : String(err));
  }
  return Buffer.concat(chunks);
}
