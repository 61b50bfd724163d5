/** The parts of an OpenAPI 3.1 document that tests walk to find request and response fields. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Content = Record<string, { schema?: Schema }>;
export type SchemaOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
};
export type SchemaDocument = {
  paths: Record<string, Record<string, SchemaOperation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** Every property (name and schema) reachable from a schema, through references, items and combinators. */
export function schemaProperties(
  document: SchemaDocument,
  schema: Schema | undefined,
  seen = new Set<Schema>(),
): [string, Schema][] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const ref = schema.$ref?.replace('#/components/schemas/', '');
  const children = [
    ref === undefined ? undefined : document.components?.schemas?.[ref],
    schema.items,
    ...Object.values(schema.properties ?? {}),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return [
    ...Object.entries(schema.properties ?? {}),
    ...children.flatMap((child) => schemaProperties(document, child, seen)),
  ];
}

/** Every property name reachable from a schema, once each. */
export const fieldNames = (document: SchemaDocument, schema: Schema | undefined): string[] => [
  ...new Set(schemaProperties(document, schema).map(([name]) => name)),
];

/** The JSON request body schema of an operation, if it takes one. */
export const requestSchema = (op: SchemaOperation): Schema | undefined =>
  op.requestBody?.content?.['application/json']?.schema;

/** The JSON schema of an operation's success (2xx) answer, if it has a body. */
export const successSchema = (op: SchemaOperation): Schema | undefined =>
  Object.entries(op.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1].content?.['application/json']
    ?.schema;

/** The schema's own type, looking through a reference and a nullable union (`anyOf: [T, null]`). */
export function typeOf(document: SchemaDocument, schema: Schema): string | undefined {
  const ref = schema.$ref?.replace('#/components/schemas/', '');
  const target = ref === undefined ? schema : document.components?.schemas?.[ref];
  if (target === undefined) return undefined;
  const types = [target.type ?? []].flat().filter((t) => t !== 'null');
  if (types[0] !== undefined) return types[0];
  const branch = [...(target.anyOf ?? []), ...(target.oneOf ?? [])].find(
    (s) => typeOf(document, s) !== undefined && s.type !== 'null',
  );
  return branch === undefined ? undefined : typeOf(document, branch);
}
