import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, canAptInstall, SYSTEM_DIRS } from '../../../../services/apt-install';
import { run, which } from '../../../../services/exec';
import { QUERY_NAMES, type PeerResult, type QueryName, type QueryStats } from '../../bench-types';
import { cpuNote } from '../../measure';
import { PORT_QUERIES } from '../../queries';

const JARS = '/usr/share/java';
const NEEDED = [/^lucene-core-8[\d.]*\.jar$/, /^lucene-facet-8[\d.]*\.jar$/, /^lucene-analyzers-common-8[\d.]*\.jar$/];

interface JavaReport {
  buildMs: number;
  openMs: number;
  heapBytes: number;
  indexBytes: number;
  queries: Record<QueryName, QueryStats>;
}

/** Debian's Lucene 8 (the library inside Elasticsearch 7), installed with apt-get when missing, as Redis is. */
async function ensureLucene(): Promise<void> {
  const jars = await readdir(JARS).catch(() => [] as string[]);
  if (NEEDED.every((jar) => jars.some((name) => jar.test(name)))) return;
  if (!(await canAptInstall()))
    throw new Error(
      'Lucene is not installed: `sudo apt-get install liblucene8-java` (Debian), or leave lucene out of BENCH_PEERS',
    );
  console.log('  liblucene8-java is missing: installing it with apt-get...');
  await aptInstall(['liblucene8-java']);
}

async function tool(name: string): Promise<string> {
  const found = await which(name, SYSTEM_DIRS);
  if (found === undefined)
    throw new Error(`${name} not found: the Lucene peer needs a JDK (Debian: openjdk-17-jdk-headless)`);
  return found;
}

/**
 * Lucene as a peer: the Java program beside this file, compiled with javac against Debian's jars, builds its own
 * index from the same documents file and times the same queries in-process after a JIT warm-up (timing across a
 * process boundary would measure the pipe). Its figures come back as one JSON object.
 */
export async function measureLucene(documentsPath: string): Promise<PeerResult> {
  await ensureLucene();
  const [javac, java] = await Promise.all([tool('javac'), tool('java')]);
  const dir = await mkdtemp(join(tmpdir(), 'aisle-lucene-'));
  try {
    const classes = join(dir, 'classes');
    await mkdir(classes);
    const sources = (await readdir(__dirname)).filter((f) => f.endsWith('.java')).map((f) => join(__dirname, f));
    await run(javac, ['-nowarn', '-cp', `${JARS}/*`, '-d', classes, ...sources]);
    const queries = join(dir, 'queries.json');
    await writeFile(queries, JSON.stringify(Object.fromEntries(QUERY_NAMES.map((q) => [q, PORT_QUERIES[q]]))));
    console.log('  lucene: building and measuring (in the JVM)...');
    const heap = process.env.BENCH_LUCENE_HEAP ?? '4g';
    const stdout = await run(java, [
      `-Xmx${heap}`,
      '-cp',
      `${classes}:${JARS}/*`,
      'LuceneBench',
      documentsPath,
      queries,
      join(dir, 'index'),
    ]);
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as JavaReport;
    for (const q of QUERY_NAMES) {
      const s = report.queries[q];
      console.log(
        `  lucene ${q}: median ${s.medianMs.toFixed(3)} ms, p99 ${s.p99Ms.toFixed(3)} ms${cpuNote(s)} (${s.runs} runs, total ${s.total})`,
      );
    }
    const memoryNote = `JVM heap after GC ${(report.heapBytes / 1e6).toFixed(0)} MB + index files ${(report.indexBytes / 1e6).toFixed(0)} MB (mmap)`;
    return {
      peer: 'lucene',
      build: {
        buildMs: report.buildMs,
        memoryBytes: report.heapBytes + report.indexBytes,
        memoryNote,
        snapshotLoadMs: report.openMs,
      },
      queries: report.queries,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
