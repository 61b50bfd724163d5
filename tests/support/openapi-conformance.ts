import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Operation = {
  responses?: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
  requestBody?: { required?: boolean };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const DOC_ID = 'openapi.json';
const pointerSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Path templates as regexes, templates without parameters first (so `/products/find` beats `/products/{id}`). */
function pathMatchers(document: OpenApiDocument) {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
}

/**
 * Checks responses against the OpenAPI document: the operation must document the status, and a body must
 * validate against that status's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses). Returns the problems found.
 */
export function createResponseValidator(document: OpenApiDocument, basePath = '/api/v1') {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, DOC_ID);
  const matchers = pathMatchers(document);

  return (method: string, url: string, status: number, contentType: string | undefined, body: unknown): string[] => {
    const path = url.split('?')[0]?.replace(basePath, '') ?? '';
    const matched = matchers.find((m) => m.regex.test(path));
    if (!matched) return status === 404 ? [] : [`no documented path matches ${path}`];
    const op = document.paths[matched.template]?.[method.toLowerCase()];
    if (!op) return status === 404 || status === 405 ? [] : [`${method} ${matched.template} is not documented`];
    const response = op.responses?.[String(status)];
    if (!response) return [`${method} ${matched.template} does not document status ${status}`];
    if (!response.content)
      return body === undefined || body === '' || isEmptyObject(body) ? [] : [`status ${status} documents no body`];
    const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? '';
    if (!response.content[mediaType]) return [`status ${status} does not document content type ${mediaType}`];
    const pointer = [
      'paths',
      matched.template,
      method.toLowerCase(),
      'responses',
      String(status),
      'content',
      mediaType,
      'schema',
    ];
    const validate = ajv.getSchema(`${DOC_ID}#/${pointer.map(pointerSegment).join('/')}`);
    if (!validate) return [`no schema at ${pointer.join('/')}`];
    return validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`);
  };
}

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;
