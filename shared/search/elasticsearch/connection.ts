import { Client, SniffingTransport, type ClientOptions, type TransportOptions } from '@elastic/elasticsearch';
import { SearchEngineError } from '../errors';
import { toPortError } from './es-errors';
import { boundedCall, DEFAULT_QUERY_LIMITS, type QueryLimits } from './query-limits';

/** Server majors the adapter runs on. */
export const SUPPORTED_MAJORS: readonly number[] = [8, 9];

/** The media types a client sends (Content-Type for JSON and NDJSON bodies, Accept). */
export interface MediaHeaders {
  jsonContentType: string;
  ndjsonContentType: string;
  accept: string;
}

/** What every server version accepts: no compatibility mode. Used for the version probe only. */
export const PLAIN_HEADERS: MediaHeaders = {
  jsonContentType: 'application/json',
  ndjsonContentType: 'application/x-ndjson',
  accept: 'application/json, text/plain',
};

/**
 * Compatibility media types for a server major. The 9.x client always sends `compatible-with=9`, which an 8.x
 * server refuses on every call (media_type_header_exception); an 8.x server accepts `compatible-with=8`, and
 * both headers must name the same version
 * (https://www.elastic.co/docs/reference/elasticsearch/rest-apis/compatibility,
 * https://github.com/elastic/elasticsearch/issues/78214). Pure.
 */
export function compatibleHeaders(major: number): MediaHeaders {
  return {
    jsonContentType: `application/vnd.elasticsearch+json; compatible-with=${major}`,
    ndjsonContentType: `application/vnd.elasticsearch+x-ndjson; compatible-with=${major}`,
    accept: `application/vnd.elasticsearch+json; compatible-with=${major},text/plain`,
  };
}

/**
 * The client's own transport, sending the given media types instead of the ones built into the client, without
 * OpenTelemetry: Aisle runs no tracing SDK, yet the transport's tracing middleware built each call's span attributes
 * (the search body as text among them), about 5% of the storefront's CPU on an Elasticsearch listing.
 */
export function transportWith(headers: MediaHeaders): typeof SniffingTransport {
  return class MediaTypedTransport extends SniffingTransport {
    constructor(options: TransportOptions) {
      super({ ...options, vendoredHeaders: headers, openTelemetry: { enabled: false } });
    }
  };
}

/** The major of a root-endpoint version number ("8.19.2" -> 8); null when unreadable. Pure. */
export function majorOf(versionNumber: unknown): number | null {
  if (typeof versionNumber !== 'string') return null;
  const major = Number.parseInt(versionNumber.split('.')[0] ?? '', 10);
  return Number.isInteger(major) ? major : null;
}

/**
 * Asks the root endpoint for the server version, with media types any version accepts. The probe runs on the
 * first call of a process (often a storefront query, which waits for it), so it is bounded like a query: a node
 * that accepts the connection and never answers fails it as UNAVAILABLE instead of holding every call.
 */
export async function detectServerMajor(
  options: ClientOptions,
  limits: QueryLimits = DEFAULT_QUERY_LIMITS,
): Promise<number> {
  const probe = new Client({ ...options, Transport: transportWith(PLAIN_HEADERS) });
  try {
    const info = await probe.info(undefined, boundedCall(limits));
    const major = majorOf(info.version.number);
    if (major === null || !SUPPORTED_MAJORS.includes(major)) {
      throw new SearchEngineError(
        'UNAVAILABLE',
        `Elasticsearch ${String(info.version.number)} is not supported (8.x or 9.x)`,
      );
    }
    return major;
  } catch (error) {
    throw error instanceof SearchEngineError ? error : toPortError(error, 'elasticsearch');
  } finally {
    await probe.close();
  }
}

/** Default timeout of lifecycle and bulk calls; queries set their own, shorter one. */
export const CLIENT_REQUEST_TIMEOUT_MS = 30_000;

/** A client speaking the detected server's REST compatibility version; `probe` bounds the version probe. */
export async function connectClient(
  options: ClientOptions,
  probe: QueryLimits = DEFAULT_QUERY_LIMITS,
): Promise<Client> {
  const major = await detectServerMajor(options, probe);
  return new Client({
    requestTimeout: CLIENT_REQUEST_TIMEOUT_MS,
    ...options,
    Transport: transportWith(compatibleHeaders(major)),
  });
}
