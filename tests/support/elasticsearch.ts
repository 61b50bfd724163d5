import { errorMessage } from '../../shared/errors';

// Where the Elasticsearch contract run gets its cluster: ELASTICSEARCH_URL, else a container when a Docker
// engine answers, else a skip with its reason. Jest's global setup decides once per run (detecting Docker
// costs a probe) and hands the decision to the test files through the environment.

/** Environment variable carrying the decision from global setup to the test files. */
export const ELASTICSEARCH_DECISION_ENV = 'AISLE_TEST_ELASTICSEARCH';

/** Image started when only a Docker engine is available; override with ELASTICSEARCH_IMAGE. */
export const DEFAULT_ELASTICSEARCH_IMAGE = 'docker.elastic.co/elasticsearch/elasticsearch:9.0.0';

export type ElasticsearchDecision = { kind: 'url'; url: string } | { kind: 'docker' } | { kind: 'skip'; reason: string };

/** Probes for a container runtime (testcontainers rejects within milliseconds when there is none). */
async function dockerProblem(): Promise<string | null> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}

/** Decides how (or whether) the Elasticsearch contract runs. */
export async function detectElasticsearch(env: NodeJS.ProcessEnv): Promise<ElasticsearchDecision> {
  const url = env.ELASTICSEARCH_URL?.trim();
  if (url) return { kind: 'url', url };
  const problem = await dockerProblem();
  if (problem === null) return { kind: 'docker' };
  return { kind: 'skip', reason: `ELASTICSEARCH_URL is not set and no Docker engine was found (${problem})` };
}

/** The decision as global setup stored it; computed synchronously here when it is missing. */
export function elasticsearchDecision(env: NodeJS.ProcessEnv): ElasticsearchDecision {
  const url = env.ELASTICSEARCH_URL?.trim();
  if (url) return { kind: 'url', url };
  const stored = env[ELASTICSEARCH_DECISION_ENV];
  if (stored === undefined) return { kind: 'skip', reason: 'ELASTICSEARCH_URL is not set and Docker detection did not run (tests/support/global-setup.ts)' };
  const parsed: unknown = JSON.parse(stored);
  const decision = parsed as ElasticsearchDecision;
  if (decision.kind === 'docker' || decision.kind === 'skip' || decision.kind === 'url') return decision;
  return { kind: 'skip', reason: `unreadable ${ELASTICSEARCH_DECISION_ENV}: ${stored}` };
}

/** A single-node cluster in a container, without security (loopback test use only), and how to stop it. */
export async function startElasticsearchContainer(env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(env.ELASTICSEARCH_IMAGE ?? DEFAULT_ELASTICSEARCH_IMAGE)
    .withEnvironment({ 'discovery.type': 'single-node', 'xpack.security.enabled': 'false', ES_JAVA_OPTS: '-Xms512m -Xmx512m' })
    .withExposedPorts(9200)
    .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow', 9200).forStatusCode(200))
    .withStartupTimeout(180_000)
    .start();
  return {
    url: `http://${container.getHost()}:${container.getMappedPort(9200)}`,
    stop: async () => void (await container.stop()),
  };
}
