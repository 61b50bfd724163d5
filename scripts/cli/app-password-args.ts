import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ACCESS_LEVELS, PERMISSIONS } from '../../shared/auth/scopes';
import { errorMessage } from '../../shared/errors';
import { UsageError } from './command';

const permissionList = z
  .string()
  .transform((raw) =>
    raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(PERMISSIONS, { error: `permissions are ${PERMISSIONS.join(', ')}` })));

const createSchema = z.object({
  tenant: z.string().min(1),
  // Deliberately loose (one @, no spaces): the example address a@b.c must pass; nothing is mailed.
  user: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'),
  name: z.string().trim().min(1).max(200),
  access: z.enum(ACCESS_LEVELS, { error: `access is ${ACCESS_LEVELS.join(' or ')}` }).default('read-only'),
  permissions: permissionList.default([]),
});
const listSchema = z.object({ tenant: z.string().min(1), json: z.boolean().default(false) });
const revokeSchema = z.object({ id: z.coerce.number().int().positive() });

export type CreateArgs = z.infer<typeof createSchema>;

const stringOpt = { type: 'string' } as const;

/** `create --tenant T --user EMAIL --name N [--access read-only|read-write] [--permissions a,b]` */
export const parseCreateArgs = (args: string[]) =>
  parse(createSchema, args, {
    tenant: stringOpt,
    user: stringOpt,
    name: stringOpt,
    access: stringOpt,
    permissions: stringOpt,
  });

/** `list --tenant T [--json]` */
export const parseListArgs = (args: string[]) =>
  parse(listSchema, args, { tenant: stringOpt, json: { type: 'boolean' } });

/** `revoke --id N` */
export const parseRevokeArgs = (args: string[]) => parse(revokeSchema, args, { id: stringOpt });

function parse<S extends z.ZodType>(
  schema: S,
  args: string[],
  options: Record<string, { type: 'string' } | { type: 'boolean' }>,
): z.output<S> {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
  const result = schema.safeParse(values);
  if (!result.success) {
    throw new UsageError(result.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  return result.data;
}
