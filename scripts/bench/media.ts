import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { loadConfig } from '../../shared/config';
import type { MediaRow } from '../../shared/media/manifest';
import { MediaPipeline } from '../../shared/media/pipeline';
import { RenditionStore } from '../../shared/media/rendition-store';
import { createSourceReader } from '../../shared/media/source-reader';
import { packshotPng } from '../seed/media/ensure-seed-media';
import { PACKSHOTS } from '../seed/media/library';
import { projectRoot } from '../services/paths';
import { load } from './business-api/measure';
import { renderMediaSection, type RenderPass } from './media/report';
import { writeSection } from './shared/report-section';
import { sha256Hex } from '../../shared/media/make-renditions';

const env = loadConfig(
  z.object({
    BENCH_MEDIA_IMAGES: z.coerce.number().int().min(1).max(PACKSHOTS.length).default(6),
    BENCH_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    BENCH_CONNECTIONS: z.coerce.number().int().min(1).default(10),
  }),
);

async function writeSources(dir: string): Promise<{ rows: MediaRow[]; bytesIn: number }> {
  const rows: MediaRow[] = [];
  let bytesIn = 0;
  for (const [i, spec] of PACKSHOTS.slice(0, env.BENCH_MEDIA_IMAGES).entries()) {
    const bytes = await packshotPng(spec);
    bytesIn += bytes.length;
    await writeFile(path.join(dir, `${spec.name}.png`), bytes);
    rows.push({
      id: i + 1,
      productId: i + 1,
      hash: `sha256:${sha256Hex(bytes)}`,
      kind: 'image',
      role: 'primary',
      view: null,
      position: 0,
      alt: {},
      caption: null,
      filename: null,
      duration: null,
      attributes: null,
      source: `${spec.name}.png`,
      posterSource: null,
    });
  }
  return { rows, bytesIn };
}

async function renderPass(pipeline: MediaPipeline, rows: MediaRow[], bytesIn: number): Promise<RenderPass> {
  const started = performance.now();
  const { descriptors, warnings } = await pipeline.describe(rows);
  const ms = performance.now() - started;
  if (warnings.length > 0) throw new Error(`render warnings: ${JSON.stringify(warnings)}`);
  const renditions = [...descriptors.values()].flat().reduce((n, d) => n + d.widths.length * d.formats.length, 0);
  return { images: rows.length, renditions, ms, bytesIn };
}

/** Starts the media host and the plain peer in a child process; resolves with their URLs and a stop function. */
async function startServers(storeRoot: string, plainFile: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'media', 'serve.ts')], {
    cwd: projectRoot,
    env: { ...process.env, BENCH_STORE_ROOT: storeRoot, BENCH_PLAIN_FILE: plainFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const urls = z.object({ host: z.string(), plain: z.string() }).parse(JSON.parse(line));
  return {
    ...urls,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aisle-bench-media-'));
  try {
    const loadBefore = os.loadavg();
    const sources = path.join(dir, 'sources');
    await mkdir(sources);
    const store = new RenditionStore(path.join(dir, 'renditions'));
    const read = createSourceReader({ root: sources });
    const { rows, bytesIn } = await writeSources(sources);
    const render = await renderPass(new MediaPipeline({ store, read }), rows, bytesIn);
    const again = new MediaPipeline({ store: new RenditionStore(store.root), read });
    await renderPass(again, rows, bytesIn);
    const hex = rows[0].hash.slice('sha256:'.length);
    const servers = await startServers(store.root, store.filePath(hex, 1, '640.avif'));
    try {
      // Two rounds, alternating, so a burst of other work on the shared machine does not land on one server only.
      const loads = [];
      for (const round of [1, 2]) {
        loads.push(
          await load(
            `media host (round ${round})`,
            servers.host,
            `/r/${hex}/1/640.avif`,
            {},
            env.BENCH_SECONDS,
            env.BENCH_CONNECTIONS,
          ),
        );
        loads.push(
          await load(
            `plain node:http file handler, peer (round ${round})`,
            servers.plain,
            '/',
            {},
            env.BENCH_SECONDS,
            env.BENCH_CONNECTIONS,
          ),
        );
      }
      const result = {
        date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        cpus: os.cpus().length,
        loadBefore,
        loadAfter: os.loadavg(),
        render,
        rerenderRendered: again.stats.rendered,
        seconds: env.BENCH_SECONDS,
        connections: env.BENCH_CONNECTIONS,
        loads,
      };
      const section = renderMediaSection(result);
      console.log(section);
      await writeSection(section);
    } finally {
      await servers.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
