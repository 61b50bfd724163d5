import { z } from 'zod';
import { currencyFilter, idFilter } from '../filters/identifier-filter';
import { dateTimeParam } from '../filters/query-values';
import { pageOf, pagingQuery } from '../openapi/common-schemas';

export const vendorPricesQuery = z.object({
  productId: idFilter(
    'productId',
    'The product whose vendor prices to list. Required: without it the answer is 400 invalid_request.',
  ),
  supplierId: idFilter('supplierId', 'Only prices of this supplier (vendor id).'),
  currencyCode: currencyFilter('currencyCode', 'Only prices in this currency (ISO 4217 code, any case).'),
  validAt: dateTimeParam('Only prices valid at this moment (validFrom and validTo, when set, enclose it).'),
  ...pagingQuery,
});

export const vendorPriceDto = z
  .object({
    productId: z.number().int(),
    productNumber: z.string(),
    supplierId: z.number().int(),
    supplierName: z.string(),
    supplierProductNumber: z.string(),
    price: z.number(),
    currencyIsoCode: z.string(),
    leadTimeDays: z.number().int().nullable(),
    validFrom: z.iso.datetime({ offset: true }).nullable(),
    validTo: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'VendorPriceDto' });

export const vendorPricePage = pageOf(vendorPriceDto, 'VendorPriceDto');

export type VendorPricesQuery = z.output<typeof vendorPricesQuery>;
export type VendorPriceDto = z.infer<typeof vendorPriceDto>;
