import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findOrInstall } from './apt-install';
import { run, which } from './exec';
import type { Jdk } from './java-home';
import { projectRoot } from './paths';
import { ProvisionError } from './provision-error';

// Elasticsearch's own test distribution from Maven Central, unpacked once per version, with the plugin that stands
// in for the modules it leaves out (scripts/services/elasticsearch/test-node-plugin/README.md).

/** The newest version Maven Central serves of the test distribution (no 9.x is served; see docs/decisions.md). */
export const DEFAULT_ELASTICSEARCH_VERSION = '8.19.21';
export const TEST_DISTRIBUTION = 'org.elasticsearch.distribution.integ-test-zip:elasticsearch';
const PLUGIN_NAME = 'aisle-test-node';
const PLUGIN_SOURCES = path.join(projectRoot, 'scripts/services/elasticsearch/test-node-plugin/src');

/** The JDK a server version runs on: 17 for 8.x, 21 from 9.0. Pure. */
export function minJavaFor(version: string): number {
  return Number.parseInt(version, 10) >= 9 ? 21 : 17;
}

/** The distribution zip under `downloads`, fetched once with Maven (`mvn dependency:copy`). */
export async function ensureZip(downloads: string, version: string): Promise<string> {
  const zip = path.join(downloads, `elasticsearch-${version}.zip`);
  if (existsSync(zip)) return zip;
  const mvn = await which('mvn', ['/usr/bin', '/usr/local/bin']);
  if (!mvn)
    throw new ProvisionError('Maven (mvn) is not installed: it fetches the Elasticsearch test node from Maven Central');
  console.log(`Fetching Elasticsearch ${version} (${TEST_DISTRIBUTION}, zip) from Maven Central with Maven (once)...`);
  await mkdir(downloads, { recursive: true });
  await run(mvn, [
    '-q',
    '-B',
    'dependency:copy',
    `-Dartifact=${TEST_DISTRIBUTION}:${version}:zip`,
    `-DoutputDirectory=${downloads}`,
  ]).catch((error: unknown) => {
    throw new ProvisionError(`Maven could not fetch ${TEST_DISTRIBUTION}:${version}:zip (${firstLine(error)})`);
  });
  return zip;
}

/**
 * `<nodeDir>/home-<version>`: the unpacked distribution with the test-node plugin installed, built anew when its
 * sources change. Returns the home directory.
 */
export async function ensureHome(nodeDir: string, zip: string, version: string, jdk: Jdk): Promise<string> {
  const home = path.join(nodeDir, `home-${version}`);
  if (!existsSync(path.join(home, 'bin', 'elasticsearch'))) await unpack(zip, home);
  const plugin = path.join(home, 'plugins', PLUGIN_NAME);
  const digest = await sourcesDigest(jdk);
  if ((await readFile(path.join(plugin, 'sources-digest'), 'utf8').catch(() => '')) !== digest) {
    await buildPlugin(home, plugin, version, jdk);
    await writeFile(path.join(plugin, 'sources-digest'), digest);
  }
  return home;
}

async function unpack(zip: string, home: string): Promise<void> {
  const unzip = await findOrInstall('unzip', 'unzip', {
    howToInstall: 'Install unzip (Debian/Ubuntu: `sudo apt-get install unzip`).',
    takes: 'a few seconds',
  }).catch((error: unknown) => {
    throw new ProvisionError(error instanceof Error ? error.message : String(error));
  });
  const scratch = `${home}.partial-${process.pid}`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  await run(unzip, ['-q', zip, '-d', scratch]);
  const [top] = await readdir(scratch);
  if (top === undefined) throw new ProvisionError(`${zip} is empty`);
  await rm(home, { recursive: true, force: true });
  await rename(path.join(scratch, top), home);
  await rm(scratch, { recursive: true, force: true });
}

async function sourcesDigest(jdk: Jdk): Promise<string> {
  const hash = createHash('sha256').update(`jdk ${jdk.home} ${jdk.major}\n`);
  for (const file of (await javaSources()).sort()) hash.update(file).update(await readFile(file));
  return hash.digest('hex');
}

async function javaSources(): Promise<string[]> {
  const entries = await readdir(PLUGIN_SOURCES, { recursive: true });
  return entries.filter((name) => name.endsWith('.java')).map((name) => path.join(PLUGIN_SOURCES, name));
}

/** Compiles the plugin against the node's own jars and installs it as `plugins/aisle-test-node`. */
async function buildPlugin(home: string, plugin: string, version: string, jdk: Jdk): Promise<void> {
  const work = await mkdtemp(path.join(path.dirname(home), 'plugin-build-'));
  try {
    const classes = path.join(work, 'classes');
    const tool = (name: string) => path.join(jdk.home, 'bin', name);
    await run(tool('javac'), ['-nowarn', '-d', classes, '-cp', path.join(home, 'lib', '*'), ...(await javaSources())]);
    await rm(plugin, { recursive: true, force: true });
    await mkdir(plugin, { recursive: true });
    await run(tool('jar'), ['cf', path.join(plugin, `${PLUGIN_NAME}.jar`), '-C', classes, '.']);
    await writeFile(path.join(plugin, 'plugin-descriptor.properties'), pluginDescriptor(version));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The descriptor Elasticsearch reads to load a classic plugin. Pure. */
export function pluginDescriptor(version: string): string {
  return [
    'description=Aisle test node: the rest-root endpoint and the analysis types the test distribution leaves out',
    'version=1.0.0',
    `name=${PLUGIN_NAME}`,
    'classname=aisle.testnode.TestNodePlugin',
    'java.version=17',
    `elasticsearch.version=${version}`,
    '',
  ].join('\n');
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .split('\n')
    .find((l) => /ERROR|error/.test(l))
    ?.trim() ?? 'failed';
