import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../services/paths';

/** Where every benchmark writes its results, one `## <title>` section per benchmark. */
export const BENCHMARKS_FILE = path.join(projectRoot, 'docs', 'benchmarks.md');

/**
 * `document` with the section named by `section`'s own `## <title>` heading replaced by it (appended when
 * absent); every other section is kept as it is (pure).
 */
export function replaceSection(document: string, section: string): string {
  const heading = /^## .+$/m.exec(section)?.[0];
  if (!heading) throw new Error('a benchmark section must start with a "## <title>" heading');
  const body = `${section.trim()}\n`;
  const lines = document.split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === heading);
  if (start < 0) return `${document.trimEnd() || '# Benchmarks'}\n\n${body}`;
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const before = lines.slice(0, start).join('\n');
  const after = next < 0 ? '' : `\n${lines.slice(next).join('\n')}`;
  return `${before}${before ? '\n' : ''}${body}${after}`;
}

/**
 * Replaces (or appends) the section in docs/benchmarks.md, or in BENCH_REPORT_FILE when set (a profiling run's
 * figures are not the report's).
 */
export async function writeSection(
  section: string,
  file = process.env.BENCH_REPORT_FILE ?? BENCHMARKS_FILE,
): Promise<void> {
  const existing = await readFile(file, 'utf8').catch(() => '');
  await writeFile(file, replaceSection(existing, section));
}
