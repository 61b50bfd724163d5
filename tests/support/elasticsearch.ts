import type { SearchNode } from '../../scripts/services/provision';

// Where the Elasticsearch suites get their node: ELASTICSEARCH_URL, else the private node `npm test` provisioned
// (scripts/services/elasticsearch.ts), else a skip with the reason provisioning gave. `npm test` hands its
// decision to the test files through the environment.

/** Environment variable carrying the decision from `npm test` to the test files. */
export const ELASTICSEARCH_DECISION_ENV = 'AISLE_TEST_ELASTICSEARCH';

export type ElasticsearchDecision = { kind: 'url'; url: string } | { kind: 'skip'; reason: string };

/** The decision for a node as provisioning left it. Pure. */
export function decisionFor(node: SearchNode): ElasticsearchDecision {
  return 'url' in node
    ? { kind: 'url', url: node.url }
    : { kind: 'skip', reason: `no Elasticsearch node: ${node.skipped}` };
}

/** The decision `npm test` stored; ELASTICSEARCH_URL when jest runs on its own with one set. */
export function elasticsearchDecision(env: NodeJS.ProcessEnv): ElasticsearchDecision {
  const stored = env[ELASTICSEARCH_DECISION_ENV];
  if (stored === undefined) {
    const url = env.ELASTICSEARCH_URL?.trim();
    return url
      ? { kind: 'url', url }
      : {
          kind: 'skip',
          reason: 'ELASTICSEARCH_URL is not set and jest ran without `npm test`, which provisions a node',
        };
  }
  const decision = JSON.parse(stored) as ElasticsearchDecision;
  return decision.kind === 'url' || decision.kind === 'skip'
    ? decision
    : { kind: 'skip', reason: `unreadable ${ELASTICSEARCH_DECISION_ENV}: ${stored}` };
}
