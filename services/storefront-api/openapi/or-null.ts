import { z } from 'zod';

/**
 * A schema or null. zod-to-openapi renders `.nullable()` of a schema with a component id as a bare `$ref`,
 * dropping the null; a union keeps it (`anyOf: [$ref, {type: null}]`).
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);
