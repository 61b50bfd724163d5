import { badRequest } from '../../../shared/errors';
import type { CatalogueProduct } from '../../../indexer/documents/catalogue-product';
import { axisNamed, type VariantSelection } from './variant-options';

/**
 * The selections of the variants endpoint (spec rule 2): `filter[<axis>]` with exactly one value per axis (an
 * axis name or its facet key), and `filter[in-stock]` (`true` opts in, `false` is no opinion). An axis the
 * product lacks, a comma list or a repeated axis is 400 INVALID_FILTER.
 */
export function variantSelection(
  product: CatalogueProduct,
  filters: Map<string, { raw: string[]; values: string[] }>,
): VariantSelection {
  const selection: VariantSelection = { options: {}, inStock: false };
  for (const [key, { raw, values }] of filters) {
    const only = values[0];
    if (raw.length !== 1 || values.length !== 1 || only === undefined || only === '') {
      throw badRequest('INVALID_FILTER', `filter[${key}] takes exactly one value on the variants endpoint`);
    }
    if (key === 'in-stock') {
      if (only !== 'true' && only !== 'false') throw badRequest('INVALID_FILTER', 'filter[in-stock] is true or false');
      selection.inStock = only === 'true';
      continue;
    }
    const axis = axisNamed(product, key);
    if (axis === undefined) {
      throw badRequest(
        'INVALID_FILTER',
        `The product has no option "${key}"; its options are: ${product.options.join(', ') || 'none'}`,
      );
    }
    selection.options[axis] = only;
  }
  return selection;
}
