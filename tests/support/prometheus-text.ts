import request from 'supertest';
import type { RequestListener } from 'node:http';

/** One sample of the Prometheus text exposition format (version 0.0.4). */
export type Sample = { name: string; labels: Record<string, string>; value: number };

export type Exposition = { types: Map<string, string>; samples: Sample[] };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;
const TYPE = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/;

const unescapeValue = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (match === null) throw new Error(`unparseable labels in: ${line}`);
    labels[match[1]!] = unescapeValue(match[2]!);
  }
  return labels;
}

// Prometheus reads values with Go's ParseFloat: Inf and NaN in any case (prom-client writes `Nan`).
function numberOf(text: string, line: string): number {
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  if (special === 'nan') return NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`unparseable value in: ${line}`);
  return value;
}

/** Parses an exposition strictly: a line that is neither a comment nor a sample fails the test. */
export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const type = TYPE.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not an exposition line: ${line}`);
    samples.push({ name: match[1]!, labels: labelsOf(match[2] ?? '', line), value: numberOf(match[3]!, line) });
  }
  return { types, samples };
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none match). */
export function sampleSum(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  return exposition.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** GET /metrics of an app (express or a plain listener), checked for the exposition's content type, and parsed. */
export async function scrape(app: RequestListener): Promise<Exposition> {
  const res = await request(app).get('/metrics');
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  if (!String(res.headers['content-type']).startsWith('text/plain; version=0.0.4'))
    throw new Error(`/metrics content type ${res.headers['content-type']}`);
  return parseExposition(res.text);
}
