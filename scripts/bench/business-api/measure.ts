import autocannon from 'autocannon';

export type LoadResult = {
  name: string;
  path: string;
  medianMs: number;
  p99Ms: number;
  rps: number;
  requests: number;
  errors: number;
};

/** autocannon against one URL for `seconds`; fails when any answer is not 2xx (a broken scenario measures nothing). */
export async function load(
  name: string,
  url: string,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const result = await autocannon({ url: `${url}${path}`, headers, duration: seconds, connections });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    name,
    path,
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}
