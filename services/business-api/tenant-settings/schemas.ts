import { z } from 'zod';
import { PROFILE_FIELD_NAMES } from './profile-fields';

const nullableText = z.string().nullable();

export const companyProfileDto = z
  .object(
    Object.fromEntries(PROFILE_FIELD_NAMES.map((f) => [f, f === 'name' ? z.string() : nullableText])) as Record<
      (typeof PROFILE_FIELD_NAMES)[number],
      z.ZodString | z.ZodNullable<z.ZodString>
    >,
  )
  .meta({ id: 'CompanyProfileDto' });

const updateField = z.string().nullable().optional();

/**
 * Every field optional: absent or null leaves it alone, an empty string clears it. Unknown names are reported as not
 * saved.
 */
export const companyProfileUpdateDto = z
  .looseObject(
    Object.fromEntries(PROFILE_FIELD_NAMES.map((f) => [f, updateField])) as Record<
      (typeof PROFILE_FIELD_NAMES)[number],
      typeof updateField
    >,
  )
  .nullable()
  .meta({
    id: 'CompanyProfileUpdateDto',
    description:
      'Only fields sent change; null or absent leaves a field alone; an empty string clears it (name cannot ' +
      'be cleared).',
  });

const groups = {
  changed: z.array(z.string()).meta({ description: 'Fields whose stored value changed' }),
  alreadyCorrect: z.array(z.string()).meta({ description: 'Fields sent that already held that value' }),
  notSaved: z
    .array(z.string())
    .meta({ description: 'Fields that could not be saved (including names that are not profile fields)' }),
};

export const companyProfileChangeResultDto = z
  .object({ ...groups, profile: companyProfileDto })
  .meta({ id: 'CompanyProfileChangeResultDto' });

export const companyProfileWriteFailedDto = z
  .object({ error: z.string(), traceId: z.string().nullable(), ...groups })
  .meta({
    id: 'CompanyProfileWriteFailedDto',
    description: 'The groups are read back from the stored settings after the failure; retrying is safe.',
  });

export const vatConfigurationDto = z
  .object({
    registered: z.boolean().meta({ description: 'Registered for VAT; false when VAT was never configured' }),
    pricesIncludeVat: z.boolean(),
    reportingPeriod: z.enum(['monthly', 'quarterly', 'yearly']).nullable(),
    defaultVatCode: z.string().nullable(),
    vatCodes: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        name: z.string(),
        rate: z.number().meta({ description: 'Percent, e.g. 25' }),
        kind: z.enum(['standard', 'reduced', 'zero', 'exempt', 'reverse_charge']),
        countryCode: z.string(),
        salesAccount: z.string().nullable(),
        purchaseAccount: z.string().nullable(),
        isDefault: z.boolean().meta({ description: 'The default code of its country' }),
        active: z.boolean(),
      }),
    ),
    vatTypes: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        name: z.string(),
        reverseCharge: z.boolean(),
        export: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'VatConfigurationDto' });

export type VatConfigurationDto = z.infer<typeof vatConfigurationDto>;
