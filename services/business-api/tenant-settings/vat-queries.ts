import type { Db } from '../../../shared/db/knex';
import type { VatConfigurationDto } from './schemas';

type SettingsRow = {
  registered: boolean;
  prices_include_vat: boolean;
  reporting_period: VatConfigurationDto['reportingPeriod'];
  default_vat_code: string | null;
};
type CodeRow = {
  id: number;
  code: string;
  name: string;
  rate: string;
  kind: VatConfigurationDto['vatCodes'][number]['kind'];
  country_code: string;
  sales_account: string | null;
  purchase_account: string | null;
  is_default: boolean;
  active: boolean;
};
type TypeRow = { id: number; code: string; name: string; reverse_charge: boolean; export: boolean };

/** The tenant's VAT settings, codes (by country, then code) and VAT types; never configured reads as not registered. */
export async function readVatConfiguration(db: Db, tenantId: number): Promise<VatConfigurationDto> {
  const [settings, codes, types]: [SettingsRow | undefined, CodeRow[], TypeRow[]] = await Promise.all([
    db('vat_settings').where('tenant_id', tenantId).first(),
    db('vat_codes').where('tenant_id', tenantId).orderBy(['country_code', 'code']),
    db('vat_types').where('tenant_id', tenantId).orderBy('id'),
  ]);
  return {
    registered: settings?.registered ?? false,
    pricesIncludeVat: settings?.prices_include_vat ?? true,
    reportingPeriod: settings?.reporting_period ?? null,
    defaultVatCode: settings?.default_vat_code ?? null,
    vatCodes: codes.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      rate: Number(c.rate),
      kind: c.kind,
      countryCode: c.country_code,
      salesAccount: c.sales_account,
      purchaseAccount: c.purchase_account,
      isDefault: c.is_default,
      active: c.active,
    })),
    vatTypes: types.map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      reverseCharge: t.reverse_charge,
      export: t.export,
    })),
  };
}
