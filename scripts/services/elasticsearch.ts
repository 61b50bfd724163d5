import { chown, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_ELASTICSEARCH_VERSION, ensureHome, ensureZip, minJavaFor } from './elasticsearch-distribution';
import { isAlive, isRoot, run } from './exec';
import { freePort, preferredOrFreePort, readPortFile } from './free-port';
import { findJdk, type Jdk } from './java-home';
import { ensureOpenDir } from './open-dir';
import { sha256 } from './postgres-locations';
import { ProvisionError } from './provision-error';
import { ensureServerUser, SEARCH_USER, serverUserCanReach, serverUserIds } from './server-user';

/** What the private Elasticsearch node is started with. */
export type ElasticsearchOptions = {
  /** ELASTICSEARCH_VERSION: the test distribution's version. */
  version: string;
  /** ELASTICSEARCH_HEAP: -Xms and -Xmx of the node. */
  heap: string;
  /** AISLE_SYSTEM_DIR: as root, where the node lives when the `elasticsearch` user cannot reach DATA_DIR. */
  systemDir: string;
  /** ES_JAVA_HOME and JAVA_HOME: where findJdk looks first. */
  javaEnv: Pick<NodeJS.ProcessEnv, 'ES_JAVA_HOME' | 'JAVA_HOME'>;
};

export function elasticsearchOptions(env: NodeJS.ProcessEnv = process.env): ElasticsearchOptions {
  return {
    version: env.ELASTICSEARCH_VERSION || DEFAULT_ELASTICSEARCH_VERSION,
    heap: env.ELASTICSEARCH_HEAP || '1g',
    systemDir: path.resolve(env.AISLE_SYSTEM_DIR || '/var/lib/aisle'),
    javaEnv: { ES_JAVA_HOME: env.ES_JAVA_HOME, JAVA_HOME: env.JAVA_HOME },
  };
}

/**
 * `<DATA_DIR>/elasticsearch` holds the downloaded zip, the port and a pointer to the node's directory: the same
 * place, or (as root, when a 0700 home shuts the `elasticsearch` user out) one under the system directory.
 */
type Layout = { root: string; downloads: string; portFile: string; pointerFile: string };
const layout = (dataDir: string): Layout => {
  const root = path.join(dataDir, 'elasticsearch');
  return {
    root,
    downloads: path.join(root, 'downloads'),
    portFile: path.join(root, 'port'),
    pointerFile: path.join(root, 'node-location'),
  };
};
const pidFile = (nodeDir: string) => path.join(nodeDir, 'elasticsearch.pid');

export const elasticsearchUrl = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Starts the private single-node Elasticsearch (or finds it running) and returns its URL. Throws a
 * ProvisionError saying what is missing (Maven, a JDK, unzip, the registry) when it cannot run here; a node that
 * has all it needs and still does not start is a plain error (a bug to see, not a machine to skip).
 */
export async function ensureElasticsearch(
  dataDir: string,
  options: ElasticsearchOptions,
): Promise<{ url: string; started: boolean }> {
  const dirs = layout(dataDir);
  const running = await runningPort(dirs);
  if (running) return { url: elasticsearchUrl(running), started: false };
  const jdk = await findJdk(minJavaFor(options.version), options.javaEnv);
  if (!jdk)
    throw new ProvisionError(
      `no JDK ${minJavaFor(options.version)} or newer (with javac) was found under /usr/lib/jvm, JAVA_HOME or ES_JAVA_HOME`,
    );
  const zip = await ensureZip(dirs.downloads, options.version);
  const nodeDir = await placeNode(dirs, options.systemDir);
  const home = await ensureHome(nodeDir, zip, options.version, jdk);
  await emptyTmpDir(nodeDir);
  if (isRoot()) await run('chown', ['-R', `${SEARCH_USER}:`, nodeDir]);
  const port = await preferredOrFreePort(await readPortFile(dirs.portFile));
  await startNode(home, nodeDir, port, jdk, options);
  await writeFile(dirs.portFile, String(port));
  await waitForHealth(port, nodeDir);
  return { url: elasticsearchUrl(port), started: true };
}

/** Stops the private node if it runs; true when it was running. */
export async function stopElasticsearch(dataDir: string): Promise<boolean> {
  const pid = await readPid(await nodeDirOf(layout(dataDir)));
  if (!pid || !isAlive(pid)) return false;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
  return true;
}

/** The URL of the running private node, or undefined. */
export async function elasticsearchStatus(dataDir: string): Promise<string | undefined> {
  const port = await runningPort(layout(dataDir));
  return port ? elasticsearchUrl(port) : undefined;
}

async function placeNode(dirs: Layout, systemDir: string): Promise<string> {
  await mkdir(dirs.root, { recursive: true });
  const local = path.join(dirs.root, 'node');
  let nodeDir = local;
  if (isRoot()) {
    await ensureServerUser(SEARCH_USER);
    if (!(await serverUserCanReach([dirs.root], SEARCH_USER))) {
      nodeDir = path.join(systemDir, 'elasticsearch', sha256(await realpath(dirs.root)).slice(0, 16));
      await ensureOpenDir(path.dirname(nodeDir));
    }
  }
  await mkdir(nodeDir, { recursive: true });
  if (isRoot()) await chown(nodeDir, ...(await serverUserIds(SEARCH_USER)));
  await writeFile(dirs.pointerFile, `${nodeDir}\n`);
  return nodeDir;
}

async function nodeDirOf(dirs: Layout): Promise<string> {
  const pointer = (await readFile(dirs.pointerFile, 'utf8').catch(() => '')).trim();
  return pointer && path.isAbsolute(pointer) ? pointer : path.join(dirs.root, 'node');
}

/**
 * The node's temporary directory, emptied before each start. Elasticsearch and its launcher leave theirs behind
 * (an `elasticsearch-*` and two `final-flags*` directories a start): in the system's they would pile up.
 */
function tmpDirOf(nodeDir: string): string {
  return path.join(nodeDir, 'tmp');
}

async function emptyTmpDir(nodeDir: string): Promise<void> {
  await rm(tmpDirOf(nodeDir), { recursive: true, force: true });
  await mkdir(tmpDirOf(nodeDir));
}

/** Starts the node daemonized; `bin/elasticsearch -d` returns once it runs, or fails with the reason. */
async function startNode(
  home: string,
  nodeDir: string,
  port: number,
  jdk: Jdk,
  options: ElasticsearchOptions,
): Promise<void> {
  const settings = nodeSettings({ port, transportPort: await freePort(), nodeDir, version: options.version });
  const script = path.join(home, 'bin', 'elasticsearch');
  const args = ['-d', '-p', pidFile(nodeDir), ...settings.flatMap((s) => ['-E', s])];
  const tmp = tmpDirOf(nodeDir);
  const env = {
    ...process.env,
    ES_JAVA_HOME: jdk.home,
    ES_JAVA_OPTS: `-Xms${options.heap} -Xmx${options.heap}`,
    ES_TMPDIR: tmp,
    CLI_JAVA_OPTS: `-Djava.io.tmpdir=${tmp}`,
  };
  console.log(
    `Starting Elasticsearch ${options.version} on 127.0.0.1:${port} (JDK ${jdk.major}, heap ${options.heap})...`,
  );
  // runuser keeps the environment (but HOME, SHELL, USER and LOGNAME).
  const [file, argv] = isRoot() ? ['runuser', ['-u', SEARCH_USER, '--', script, ...args]] : [script, args];
  await run(file, argv, { env, detached: true }).catch((error: unknown) => {
    throw new Error(
      `Elasticsearch did not start (log: ${path.join(nodeDir, 'logs')}): ${error instanceof Error ? error.message.slice(0, 2000) : String(error)}`,
    );
  });
}

/** The node's settings: one loopback node, no security, data and logs in its directory. Pure. */
export function nodeSettings(node: {
  port: number;
  transportPort: number;
  nodeDir: string;
  version: string;
}): string[] {
  return [
    'cluster.name=aisle',
    'node.name=aisle-test',
    'discovery.type=single-node',
    'network.host=127.0.0.1',
    `http.port=${node.port}`,
    `transport.port=${node.transportPort}`,
    `path.data=${path.join(node.nodeDir, `data-${node.version}`)}`,
    `path.logs=${path.join(node.nodeDir, 'logs')}`,
    'xpack.security.enabled=false',
    // A test node on a shared disk: never turn indices read-only because the disk is filling up.
    'cluster.routing.allocation.disk.threshold_enabled=false',
  ];
}

async function readPid(nodeDir: string): Promise<number | undefined> {
  return Number((await readFile(pidFile(nodeDir), 'utf8').catch(() => '')).trim()) || undefined;
}

async function runningPort(dirs: Layout): Promise<number | undefined> {
  const pid = await readPid(await nodeDirOf(dirs));
  if (!pid || !isAlive(pid)) return undefined;
  const port = await readPortFile(dirs.portFile);
  return port && (await health(port, '0s')) ? port : undefined;
}

async function health(port: number, wait: string): Promise<boolean> {
  const url = `${elasticsearchUrl(port)}/_cluster/health?wait_for_status=yellow&timeout=${wait}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(70_000) }).catch(() => null);
  return response?.ok === true && ((await response.json()) as { timed_out?: boolean }).timed_out === false;
}

async function waitForHealth(port: number, nodeDir: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await health(port, '1s')) return;
    await sleep(500);
  }
  throw new Error(`Elasticsearch on port ${port} did not become healthy (log: ${path.join(nodeDir, 'logs')})`);
}
