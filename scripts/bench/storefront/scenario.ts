import autocannon from 'autocannon';
import { loadRowOf, type StorefrontRow } from './report';
import { type ChildServer, processCpu, processCpuMs } from './servers';

// How the storefront bench loads a server and measures one scenario.

/** Each path once, 10 at a time: the answers a server that has been up a while holds. */
export async function sweep(url: string, paths: readonly string[], keys: readonly string[]): Promise<void> {
  await load(url, paths, keys, { connections: 10, amount: paths.length });
}

function load(
  url: string,
  paths: readonly string[],
  keys: readonly string[] | null,
  options: { connections: number; duration?: number; amount?: number },
) {
  let next = 0;
  let turn = 0;
  // Keys in turn: one secret key allows 6000 requests a (1 s) window, below what a cached page can answer.
  const headers = () => (keys === null ? {} : { 'X-Site-Key': keys[turn++ % keys.length] as string });
  return autocannon({
    url,
    ...options,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, ...headers() },
          path: paths[next++ % paths.length] as string,
        }),
      },
    ],
  });
}

/**
 * Runs one scenario against `server` for `seconds`, with the server's CPU per request (and its system share) and how
 * busy this process (autocannon) was.
 */
export function scenarioRunner(seconds: number) {
  return async (
    scenario: string,
    server: ChildServer,
    paths: readonly string[],
    keys: readonly string[] | null,
    connections: number,
  ): Promise<StorefrontRow> => {
    const [serverCpu, ownCpu, started] = [processCpu(server.pid), process.cpuUsage(), performance.now()];
    const result = await load(server.url, paths, keys, { connections, duration: seconds });
    const [serverCpuAfter, own, elapsedMs] = [
      processCpu(server.pid),
      process.cpuUsage(ownCpu),
      performance.now() - started,
    ];
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${scenario}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    const { serverUs, serverSystemShare } = serverCpuOf(serverCpu, serverCpuAfter, result.requests.total);
    const clientBusy = (own.user + own.system) / 1000 / elapsedMs;
    console.log(
      `  ${scenario}: ${Math.round(result.requests.average)} req/s, median ${result.latency.p50} ms, p99 ` +
        `${result.latency.p99} ms, server ${serverUs?.toFixed(0) ?? '-'} us a request ` +
        `(${serverSystemShare === null ? '-' : (serverSystemShare * 100).toFixed(0)}% system), autocannon ` +
        `${(clientBusy * 100).toFixed(0)}% busy`,
    );
    return { ...loadRowOf(scenario, connections, result), serverUs, serverSystemShare, clientBusy };
  };
}

type Cpu = ReturnType<typeof processCpu>;

/** The server's CPU a request between two readings, and the system time's share of it (null: not readable). */
function serverCpuOf(before: Cpu, after: Cpu, requests: number) {
  if (before === null || after === null) return { serverUs: null, serverSystemShare: null };
  const user = after.userMs - before.userMs;
  const system = after.systemMs - before.systemMs;
  return {
    serverUs: ((user + system) * 1000) / requests,
    serverSystemShare: user + system === 0 ? null : system / (user + system),
  };
}

/** Waits (at most 30 s) until the process uses under 5% of a core over a second. */
export async function quietProcess(pid: number): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const before = processCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = processCpuMs(pid);
    if (before === null || after === null || after - before < 50) return;
  }
}
