import { errorMessage } from '../../shared/errors';
import { elasticsearchOptions, elasticsearchStatus, ensureElasticsearch, stopElasticsearch } from './elasticsearch';
import { ensurePostgres, postgresStatus, stopPostgres } from './postgres';
import { dataDir, postgresOptions } from './paths';
import { ProvisionError } from './provision-error';
import { ensureRedis, redisStatus, stopRedis } from './redis';

/** Elasticsearch as provisioning left it: a URL to use, or why there is none. */
export type SearchNode = { url: string } | { skipped: string };

export type Services = {
  databaseUrl: string;
  redisUrl: string;
  /** Only when asked for: given by ELASTICSEARCH_URL, started, or skipped with the reason. */
  elasticsearch?: SearchNode;
  /** The instances this call started (and so should stop), as opposed to ones it found running or was given. */
  started: { postgres: boolean; redis: boolean; elasticsearch: boolean };
};

export type ServiceNeeds = {
  /**
   * `required`: a node must run (ELASTICSEARCH_URL, else the private one), or provisioning fails;
   * `optional`: the same, but a node that cannot run here is skipped with its reason.
   */
  elasticsearch?: 'required' | 'optional';
};

/**
 * What SEARCH_ENGINE asks of `npm start` and the CLI: `elasticsearch` needs a node (ELASTICSEARCH_URL, else the
 * private one); `embedded` (the default) needs none. Anything else is refused with the choices.
 */
export function searchNeeds(env: NodeJS.ProcessEnv = process.env): ServiceNeeds {
  const choice = env.SEARCH_ENGINE?.trim() || 'embedded';
  if (choice === 'elasticsearch') return { elasticsearch: 'required' };
  if (choice === 'embedded') return {};
  throw new ProvisionError(`SEARCH_ENGINE must be "embedded" or "elasticsearch", not "${choice}"`);
}

/** The variables that point a process at the node provisioning gave (none for the embedded engine). */
export function searchEnv(services: Services): { ELASTICSEARCH_URL?: string } {
  const node = services.elasticsearch;
  return node && 'url' in node ? { ELASTICSEARCH_URL: node.url } : {};
}

/**
 * Uses DATABASE_URL / REDIS_URL / ELASTICSEARCH_URL when set; otherwise starts (or reuses) the private instances
 * under the data directory. Elasticsearch only when `needs` asks for it. Idempotent.
 */
export async function ensureServices(
  env: NodeJS.ProcessEnv = process.env,
  needs: ServiceNeeds = {},
): Promise<Services> {
  const dir = dataDir(env);
  const [postgres, redis, search] = await Promise.all([
    env.DATABASE_URL ? { url: env.DATABASE_URL, started: false } : ensurePostgres(dir, postgresOptions(env)),
    env.REDIS_URL ? { url: env.REDIS_URL, started: false } : ensureRedis(dir),
    needs.elasticsearch ? ensureSearchNode(dir, env, needs.elasticsearch) : undefined,
  ]);
  return {
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    ...(search ? { elasticsearch: search.node } : {}),
    started: { postgres: postgres.started, redis: redis.started, elasticsearch: search?.started ?? false },
  };
}

async function ensureSearchNode(
  dir: string,
  env: NodeJS.ProcessEnv,
  need: 'required' | 'optional',
): Promise<{ node: SearchNode; started: boolean }> {
  if (env.ELASTICSEARCH_URL) return { node: { url: env.ELASTICSEARCH_URL }, started: false };
  try {
    const { url, started } = await ensureElasticsearch(dir, elasticsearchOptions(env));
    return { node: { url }, started };
  } catch (error) {
    if (need === 'required' || !(error instanceof ProvisionError)) throw error;
    return { node: { skipped: errorMessage(error) }, started: false };
  }
}

/** Stops the private instances; with `only`, just the ones named. */
export async function stopServices(
  only: Partial<Services['started']> = { postgres: true, redis: true, elasticsearch: true },
  env: NodeJS.ProcessEnv = process.env,
): Promise<Services['started']> {
  const dir = dataDir(env);
  const [postgres, redis, elasticsearch] = await Promise.all([
    only.postgres ? stopPostgres(dir, postgresOptions(env)) : false,
    only.redis ? stopRedis(dir) : false,
    only.elasticsearch ? stopElasticsearch(dir) : false,
  ]);
  return { postgres, redis, elasticsearch };
}

/** The URLs of the private instances that are running, without starting anything. */
export async function servicesStatus(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ postgres?: string; redis?: string; elasticsearch?: string }> {
  const dir = dataDir(env);
  const [postgres, redis, elasticsearch] = await Promise.all([
    postgresStatus(dir),
    redisStatus(dir),
    elasticsearchStatus(dir),
  ]);
  return { postgres, redis, elasticsearch };
}
