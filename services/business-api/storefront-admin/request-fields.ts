import { ConfigValidationError } from '../../../shared/storefront-config/errors';

/**
 * Where a save's issues land in the request, as [draft path prefix, request name] in order of precedence: the saved
 * entity's own fields (`market.priceListId`, `markets[2].priceListId`) become body paths (`$.priceListId`), the field a
 * path parameter carries (`markets[2].code`) becomes the parameter's name (`code`). Issues elsewhere in the draft
 * (another entity's, the whole draft's) keep their draft paths.
 */
export type FieldPlaces = readonly (readonly [prefix: string, name: string])[];

/** The request's name for a draft field. */
export function requestField(field: string, places: FieldPlaces): string {
  for (const [prefix, name] of places) {
    if (field === prefix) return name;
    if (field.startsWith(`${prefix}.`) || field.startsWith(`${prefix}[`)) return `${name}${field.slice(prefix.length)}`;
  }
  return field;
}

/** Runs a save; a ConfigValidationError comes back with its fields named as the request names them. */
export async function inRequestTerms<T>(save: Promise<T>, places: FieldPlaces): Promise<T> {
  try {
    return await save;
  } catch (err) {
    if (!(err instanceof ConfigValidationError)) throw err;
    throw new ConfigValidationError(
      err.issues.map((issue) => ({ ...issue, field: requestField(issue.field, places) })),
    );
  }
}

/** Where the entity with this key is (or, when new, will be) in its draft list: its index, else the end. */
export function slotOf<T>(items: readonly T[], matches: (item: T) => boolean): number {
  const at = items.findIndex(matches);
  return at === -1 ? items.length : at;
}

/**
 * The places of an entity saved at `index` of draft list `list` (e.g. `markets`), named `single` by its save
 * (`market`).
 */
export const entityPlaces = (single: string, list: string, index: number, params: FieldPlaces = []): FieldPlaces => [
  ...params,
  [single, '$'],
  [`${list}[${index}]`, '$'],
];
