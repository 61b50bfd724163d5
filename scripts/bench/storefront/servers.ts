import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../services/free-port';
import { projectRoot } from '../../services/paths';

export type ChildServer = { url: string; pid: number; stop: () => Promise<void> };

async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
}

/**
 * The storefront API as its own process (`services/storefront-api/main.ts`), as npm start runs it; with
 * BENCH_PROFILE_DIR set, it writes a CPU profile there when it stops; BENCH_SERVER_FLAGS adds Node flags (`--trace-gc`).
 */
export async function storefrontProcess(env: NodeJS.ProcessEnv): Promise<ChildServer> {
  const port = await freePort();
  const profile = env.BENCH_PROFILE_DIR === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', env.BENCH_PROFILE_DIR];
  const flags = env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...profile, ...flags, '--import', 'tsx', path.join(projectRoot, 'services/storefront-api/main.ts')],
    {
      cwd: projectRoot,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/readyz`, child);
  return { url, pid: child.pid ?? 0, stop: stopper(child) };
}

/** The ceiling: a plain node:http handler answering a constant JSON body (`{"ok":true}` by default), also as its own process. */
export async function constantProcess(body: Buffer = Buffer.from('{"ok":true}')): Promise<ChildServer> {
  const port = await freePort();
  const code =
    `const b = Buffer.from(process.env.BODY, 'base64'); require('node:http').createServer((q, s) => { ` +
    `s.writeHead(200, {'content-type': 'application/json'}); s.end(b); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], {
    stdio: 'inherit',
    env: { ...process.env, BODY: body.toString('base64') },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url, child);
  return { url, pid: child.pid ?? 0, stop: stopper(child) };
}

let ticksPerSecond: number | null = null;

/** CPU time (ms) process `pid` has used so far, user and system apart, from /proc; null where there is no /proc. */
export function processCpu(pid: number): { userMs: number; systemMs: number } | null {
  try {
    // Fields after the command name: state is the first, utime and stime the 12th and 13th (proc(5)).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / (ticksPerSecond as number);
    return { userMs: ms(fields[11]), systemMs: ms(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU time (user + system, ms) process `pid` has used so far; null where there is no /proc (not Linux). */
export function processCpuMs(pid: number): number | null {
  const cpu = processCpu(pid);
  return cpu === null ? null : cpu.userMs + cpu.systemMs;
}
