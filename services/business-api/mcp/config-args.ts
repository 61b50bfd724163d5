import { z } from 'zod';

/** A site id argument (the tool acts on the caller's default instance; a site of another instance is not found). */
export const siteIdArg = z
  .number()
  .int()
  .positive()
  .max(2_147_483_647)
  .describe('The site id (see list_storefront_sites or save_storefront_site).');

/**
 * A `...Json` argument: JSON text (as the spec's names suggest) or the JSON value itself. Text that does not
 * parse is a tool error naming the argument.
 */
export function jsonArg(name: string, description: string) {
  return z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .transform((value, ctx): unknown => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} is not valid JSON.` });
        return z.NEVER;
      }
    })
    .describe(`${description} (JSON text or a JSON object).`);
}

/** Site fields from the tool's arguments: `assortmentJson` becomes `assortment`, absent optional fields stay absent. */
export function siteFields(
  args: { assortmentJson?: unknown; urlPatterns?: unknown } & Record<string, unknown>,
): Record<string, unknown> {
  const { assortmentJson, urlPatterns, siteId: _siteId, ...rest } = args;
  return {
    ...rest,
    ...(assortmentJson === undefined ? {} : { assortment: assortmentJson }),
    ...(urlPatterns === undefined ? {} : { urlPatterns }),
  };
}
