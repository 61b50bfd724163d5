import { z } from 'zod';
import { idFilter } from '../filters/identifier-filter';
import { dateTimeParam } from '../filters/query-values';
import { booleanParam } from '../http/query-params';

/** At most this many lines per answer (newest first); narrow with from/to for older ones. */
export const TIME_REPORT_CAP = 1000;

export const timeReportLinesQuery = z.object({
  orderId: idFilter('orderId', 'Only time reported on this order.'),
  customerId: idFilter('customerId', 'Only time reported for this customer.'),
  personId: idFilter('personId', 'Only time reported by this person.'),
  from: dateTimeParam('Lines dated on or after the UTC day of this moment.'),
  to: dateTimeParam('Lines dated on or before the UTC day of this moment.'),
  billableOnly: booleanParam.optional().meta({ description: 'true: only billable lines.' }),
  openOnly: booleanParam.optional().meta({ description: 'true: only open lines (billable and not yet invoiced).' }),
});

export const timeReportLineDto = z
  .object({
    id: z.number().int(),
    date: z.iso.date().meta({ description: 'The day the time was worked' }),
    personId: z.number().int(),
    personName: z.string(),
    orderId: z.number().int().nullable(),
    orderName: z.string().nullable(),
    customerId: z.number().int().nullable(),
    customerName: z.string().nullable(),
    hours: z.number(),
    description: z.string().nullable(),
    billable: z.boolean(),
    invoiced: z.boolean(),
    isOpen: z.boolean().meta({ description: 'Billable and not yet invoiced' }),
  })
  .meta({ id: 'TimeReportLineDto' });

export type TimeReportLinesQuery = z.output<typeof timeReportLinesQuery>;
export type TimeReportLineDto = z.infer<typeof timeReportLineDto>;
