import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isValidName } from './index-name';

/**
 * The search engine's variables, read by every process that queries or writes indices. Without
 * ELASTICSEARCH_URL the embedded engine serves; with it, Elasticsearch, authenticated by an API key (the base64
 * `id:api_key` form Elasticsearch and Kibana hand out) and trusting a CA file (PEM) when the cluster's
 * certificate is not signed by a public CA.
 */
export const searchConfigSchema = z.object({
  ELASTICSEARCH_URL: z.url({ protocol: /^https?$/ }).optional(),
  ELASTICSEARCH_API_KEY: z.string().trim().min(1).optional(),
  ELASTICSEARCH_CA_FILE: z.string().trim().min(1).optional(),
  /** Prepended to every index and alias name, so several deployments can share one cluster. */
  ELASTICSEARCH_INDEX_PREFIX: z
    .string()
    .default('')
    .refine(
      (prefix) => prefix === '' || isValidName(prefix),
      'lower-case letters, digits, "-", "_" and "." only, not starting with "-", "_" or "."',
    ),
});
export type SearchConfig = z.infer<typeof searchConfigSchema>;

/** How to reach an Elasticsearch cluster, as a process was configured. */
export interface ElasticsearchConnection {
  url: string;
  apiKey?: string;
  /** The CA certificate's PEM text (read once at boot). */
  ca?: string;
  indexPrefix: string;
}

/**
 * The cluster a process uses, or undefined for the embedded engine. Reads the CA file now, so a wrong path fails
 * the boot with its name rather than the first query.
 */
export function elasticsearchConnection(config: SearchConfig): ElasticsearchConnection | undefined {
  if (!config.ELASTICSEARCH_URL) return undefined;
  const connection: ElasticsearchConnection = {
    url: config.ELASTICSEARCH_URL,
    indexPrefix: config.ELASTICSEARCH_INDEX_PREFIX,
  };
  if (config.ELASTICSEARCH_API_KEY) connection.apiKey = config.ELASTICSEARCH_API_KEY;
  if (config.ELASTICSEARCH_CA_FILE) connection.ca = readCa(config.ELASTICSEARCH_CA_FILE);
  return connection;
}

function readCa(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`ELASTICSEARCH_CA_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
