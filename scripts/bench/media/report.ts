import type { LoadResult } from '../business-api/measure';

export type RenderPass = { images: number; renditions: number; ms: number; bytesIn: number };
export type MediaBenchResult = {
  date: string;
  cpus: number;
  loadBefore: number[];
  loadAfter: number[];
  render: RenderPass;
  rerenderRendered: number;
  seconds: number;
  connections: number;
  loads: LoadResult[];
};

const f1 = (n: number) => n.toFixed(1);
const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');

/** The `## Media` section of docs/benchmarks.md (pure). */
export function renderMediaSection(r: MediaBenchResult): string {
  const perSecond = (r.render.renditions / r.render.ms) * 1000;
  return [
    '## Media (`npm run bench:media`)',
    '',
    `Run ${r.date} on ${r.cpus} cores shared with other work: load average (1 / 5 / 15 min) ${load(r.loadBefore)} before, ${load(r.loadAfter)} after. Figures on a loaded machine are lower bounds.`,
    '',
    '### Renditions',
    '',
    `${r.render.images} seed packshots (PNG, 1600 or 2000 px wide) through the media pipeline with recipe 1 ` +
      `(widths 320, 640, 1024, 1600; AVIF quality 50 effort 2, JPEG quality 80), into an empty store:`,
    '',
    '| images | renditions | time | renditions per second | ms per image (analysis, blurhash and 8 renditions) |',
    '| ---: | ---: | ---: | ---: | ---: |',
    `| ${r.render.images} | ${r.render.renditions} | ${f1(r.render.ms / 1000)} s | ${f1(perSecond)} | ${Math.round(r.render.ms / r.render.images)} |`,
    '',
    `A second pass over the same sources with a fresh pipeline on the same store rendered ${r.rerenderRendered} (content-addressed by hash and recipe).`,
    '',
    '### Serving a cached rendition',
    '',
    `autocannon, ${r.connections} connections, ${r.seconds} s per scenario, two alternating rounds, against both servers in one child process on loopback; the same 640 px AVIF rendition.`,
    '',
    '| server | requests/s | median ms | p99 ms | requests |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.loads.map((l) => `| ${l.name} | ${Math.round(l.rps)} | ${l.medianMs} | ${l.p99Ms} | ${l.requests} |`),
    '',
    'The media host parses and validates the path, looks the manifest up (cached in memory), and sends the ' +
      'file with `send` (a stat, ETag, Range and conditional requests); the peer stats the file and streams it ' +
      'with a fixed content type and its length, and no checks.',
  ].join('\n');
}
