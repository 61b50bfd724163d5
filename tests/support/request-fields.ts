/**
 * The string fields of a request, read from a JSON Schema (an OpenAPI document's request body, an MCP tool's input
 * schema), and request values that carry one chosen string in exactly one of them while every other required
 * member holds a plain valid value. Suites build their cases from these, so a field added to a schema is covered
 * without editing a test.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A member's place in a value: object keys, and 0 for "an item of this array". */
export type FieldPath = readonly (string | 0)[];

/** The path as a JSON path (`$.lines[0].description`), the way the business API names a body field. */
export const jsonPathOf = (path: FieldPath): string =>
  `$${path.map((step) => (step === 0 ? '[0]' : `.${step}`)).join('')}`;

/** The path as dotted text without the root (`lines.0.description`), the way tool errors name an argument. */
export const dottedPathOf = (path: FieldPath): string => path.join('.');

// Schemas nest through references; a recursive one (a category tree) is followed this many levels at most.
const MAX_DEPTH = 6;

/** A schema with its reference followed (a JSON pointer into `root`: `#/components/schemas/X`, `#/$defs/X`). */
function resolved(root: unknown, schema: JsonSchema): JsonSchema {
  if (schema.$ref === undefined) return schema;
  let target: unknown = root;
  for (const step of schema.$ref.replace(/^#\//, '').split('/')) {
    target =
      typeof target === 'object' && target !== null
        ? (target as Record<string, unknown>)[step.replace(/~1/g, '/').replace(/~0/g, '~')]
        : undefined;
  }
  if (typeof target !== 'object' || target === null) throw new Error(`unresolvable reference ${schema.$ref}`);
  return resolved(root, target as JsonSchema);
}

const typesOf = (schema: JsonSchema): string[] => [schema.type ?? []].flat();
const branchesOf = (schema: JsonSchema): JsonSchema[] => [
  ...(schema.anyOf ?? []),
  ...(schema.oneOf ?? []),
  ...(schema.allOf ?? []),
];

/** Every path to a member that may hold a string, through objects, arrays, maps and unions; once each. */
export function stringFieldPaths(root: unknown, schema: JsonSchema): FieldPath[] {
  const found = new Map<string, FieldPath>();
  const walk = (raw: JsonSchema, path: FieldPath): void => {
    if (path.length > MAX_DEPTH) return;
    const s = resolved(root, raw);
    if (typesOf(s).includes('string') && path.length > 0) found.set(jsonPathOf(path), path);
    for (const [name, child] of Object.entries(s.properties ?? {})) walk(child, [...path, name]);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, [...path, 'en']);
    if (s.items !== undefined) walk(s.items, [...path, 0]);
    for (const branch of branchesOf(s)) walk(branch, path);
  };
  walk(schema, []);
  return [...found.values()];
}

const PLAIN_STRINGS: Record<string, string> = {
  date: '2025-01-01',
  'date-time': '2025-01-01T00:00:00Z',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** A plain value the schema accepts (required members only), as far as types, formats, enums and minimums say. */
export function minimalValue(root: unknown, raw: JsonSchema): unknown {
  const s = resolved(root, raw);
  if (s.const !== undefined) return s.const;
  if (s.enum !== undefined) return s.enum[0];
  // An object where a union allows one: a `...Json` tool argument takes JSON text or the value, and 'x' is no JSON.
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].filter((b) => !typesOf(resolved(root, b)).includes('null'));
  const branch = branches.find((b) => typesOf(resolved(root, b)).includes('object')) ?? branches[0];
  if (branch !== undefined && s.type === undefined) return minimalValue(root, branch);
  if (s.allOf !== undefined) return Object.assign({}, ...s.allOf.map((part) => minimalValue(root, part)));
  const type = typesOf(s).find((t) => t !== 'null') ?? (s.properties === undefined ? 'null' : 'object');
  switch (type) {
    case 'string':
      return PLAIN_STRINGS[s.format ?? ''] ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? -Infinity, (s.exclusiveMinimum ?? -Infinity) + 1);
    case 'boolean':
      return false;
    case 'array':
      return (s.minItems ?? 0) > 0 && s.items !== undefined ? [minimalValue(root, s.items)] : [];
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((name) => [name, minimalValue(root, s.properties?.[name] ?? {})]),
      );
    default:
      return null;
  }
}

/** The child schema a path step leads to (through unions: the first branch that has it). */
function childSchema(root: unknown, raw: JsonSchema, step: string | 0): JsonSchema {
  const s = resolved(root, raw);
  const own =
    step === 0
      ? s.items
      : (s.properties?.[step] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined));
  if (own !== undefined) return own;
  for (const branch of branchesOf(s)) {
    const b = resolved(root, branch);
    if (step === 0 ? b.items : (b.properties?.[step] ?? b.additionalProperties)) return childSchema(root, b, step);
  }
  return {};
}

/** A plain valid value of the schema with `value` at `path` (the objects and arrays on the way built plainly too). */
export function valueWith(root: unknown, schema: JsonSchema, path: FieldPath, value: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  const child = valueWith(root, childSchema(root, schema, step), rest, value);
  if (step === 0) return [child];
  const base = minimalValue(root, schema);
  return { ...(typeof base === 'object' && base !== null && !Array.isArray(base) ? base : {}), [step]: child };
}
