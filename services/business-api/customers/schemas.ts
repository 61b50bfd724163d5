import { z } from 'zod';
import { int32Param } from '../http/path-ids';
import { booleanParam } from '../http/query-params';
import { textFilter } from '../filters/query-values';
import { pageOf, pagingQuery } from '../openapi/common-schemas';

export const customersQuery = z.object({
  q: textFilter(
    'Free text: the customer id or contact number (whole numbers), or part of the name or organisation ' +
      'number (case and separators ignored).',
  ),
  inactive: booleanParam
    .optional()
    .meta({ description: 'true includes inactive customers; by default only active ones are listed.' }),
  ...pagingQuery,
});

export const customerParams = z.object({ customerId: int32Param });

const customerBase = {
  id: z.number().int(),
  contactNumber: z.number().int(),
  name: z.string(),
  orgno: z.string(),
  inactive: z.boolean(),
};

export const customerDto = z
  .object({
    ...customerBase,
    currencyIsoCode: z.string().nullable(),
    openOrderCount: z.number().int().meta({ description: 'Sales orders (not yet invoiced) in an order-intake status' }),
  })
  .meta({ id: 'CustomerDto' });

export const customerDetailDto = z
  .object({
    ...customerBase,
    creditLimit: z.number(),
    overdueOrderSum: z.number().meta({ description: 'Open amount of IsSales invoices past their due date' }),
    creditStop: z.boolean(),
    paymentTermName: z.string().meta({ description: 'Empty when none is set' }),
    deliveryTermName: z.string().meta({ description: 'Empty when none is set' }),
    priceListName: z.string().meta({ description: 'Empty when none is set' }),
    vatTypeName: z
      .string()
      .meta({ description: "The customer's VAT type (domestic, EU reverse charge, export); empty when none is set" }),
    orderCount: z
      .number()
      .int()
      .meta({ description: 'Documents in an order-intake status: sales orders and invoices' }),
  })
  .meta({ id: 'CustomerDetailDto' });

export const customerPage = pageOf(customerDto, 'CustomerDto');

export type CustomersQuery = z.output<typeof customersQuery>;
export type CustomerDto = z.infer<typeof customerDto>;
export type CustomerDetailDto = z.infer<typeof customerDetailDto>;
