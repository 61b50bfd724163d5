import { z } from 'zod';
import { int32Value } from '../../http/path-ids';
import { salesOrderLineAddDto } from '../lines/line-schemas';

// Any 32-bit integer: an id that matches nothing is 400 invalid_request (rule 4), not a binding problem.
const id = int32Value;
const dateTime = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().max(max);

/** POST /sales-orders. Left-out fields come from the customer (currency, VAT type, terms, price list). */
export const salesOrderCreateDto = z
  .object({
    customerId: id.describe('The company (customer) that orders'),
    currencyIsoCode: z.string().optional().describe("Default: the customer's currency"),
    vatTypeId: id.optional().describe("Default: the customer's VAT type"),
    statusId: id.optional().describe('A sales order status; default: the first order-intake sales order status'),
    name: text(200).optional().describe("Default: the customer's name"),
    dateOrder: dateTime.optional().describe('Default: now'),
    dateDelivery: dateTime.optional().describe('Default: the order date'),
    yourReference: text(200).optional(),
    ourReference: text(200).optional(),
    lines: z.array(salesOrderLineAddDto).max(500).optional().describe('Each needs the permissions of adding that line'),
  })
  .meta({ id: 'SalesOrderCreateDto' });

export type SalesOrderCreateDto = z.infer<typeof salesOrderCreateDto>;

export const salesOrderCreatedDto = z
  .object({
    id: z.number().int(),
    lineIds: z.array(z.number().int()).describe('The ids of the lines, in the order sent'),
  })
  .meta({ id: 'SalesOrderCreatedDto' });

/** PATCH /sales-orders/{id}: only the fields sent change; null clears a nullable field. */
export const salesOrderPatchDto = z
  .object({
    name: text(200).min(1).optional(),
    statusId: id.optional().describe('Another sales order status (invoicing is not done by PATCH)'),
    dateDelivery: dateTime.optional(),
    yourReference: text(200).nullable().optional(),
    ourReference: text(200).nullable().optional(),
    currencyIsoCode: z.string().optional().describe('Only while the order has no lines'),
    vatTypeId: id.nullable().optional(),
  })
  .meta({ id: 'SalesOrderPatchDto' });

export type SalesOrderPatchDto = z.infer<typeof salesOrderPatchDto>;

export const salesOrderPatchResultDto = z
  .object({
    id: z.number().int(),
    changed: z.array(z.string()).describe('Fields whose value changed'),
    unchanged: z.array(z.string()).describe('Fields sent that already had that value'),
  })
  .meta({ id: 'SalesOrderPatchResultDto' });

export type SalesOrderPatchResultDto = z.infer<typeof salesOrderPatchResultDto>;
