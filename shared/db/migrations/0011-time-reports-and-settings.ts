import type { Migration } from './index';
import { dropTables, oneOf, runAll, tenantOwned, tenantRef, timestamps } from './schema-helpers';

export const VAT_CODE_KINDS = ['standard', 'reduced', 'zero', 'exempt', 'reverse_charge'] as const;
export const VAT_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;

const TABLES = ['time_report_lines', 'company_profiles', 'vat_codes', 'vat_settings'];

const PROFILE_COLUMNS = [
  'legal_name',
  'orgno',
  'vat_number',
  'street',
  'street2',
  'postal_code',
  'city',
  'region',
  'country_code',
  'email',
  'phone',
  'website',
  'bank_name',
  'bank_account',
  'iban',
  'bic',
  'bankgiro',
  'plusgiro',
  'logo_hash',
  'default_language',
  'default_currency_code',
];

/** Time reported per person (optionally on an order / customer), the company profile, and VAT configuration. */
export const timeReportsAndSettings: Migration = {
  async up(knex) {
    await knex.schema.createTable('time_report_lines', (t) => {
      tenantOwned(t);
      tenantRef(t, 'person_id', 'persons');
      tenantRef(t, 'order_id', 'orders', { nullable: true, onDelete: 'SET NULL' });
      tenantRef(t, 'customer_id', 'customers', { nullable: true });
      t.date('date').notNullable();
      t.decimal('hours', 8, 2).notNullable();
      t.text('description').nullable();
      t.boolean('billable').notNullable().defaultTo(true);
      // Open lines are billable ones not yet invoiced.
      t.boolean('invoiced').notNullable().defaultTo(false);
      timestamps(t, knex);
      t.index(['tenant_id', 'date']);
      t.index(['tenant_id', 'person_id', 'date']);
      t.check('?? > 0 and ?? <= 24', ['hours', 'hours'], 'time_report_lines_hours');
    });
    await knex.schema.createTable('company_profiles', (t) => {
      tenantOwned(t, { id: false });
      t.primary(['tenant_id']);
      t.text('name').notNullable();
      for (const column of PROFILE_COLUMNS) t.text(column).nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('vat_codes', (t) => {
      tenantOwned(t);
      t.text('code').notNullable();
      t.text('name').notNullable();
      t.decimal('rate', 6, 3).notNullable();
      oneOf(t, 'kind', VAT_CODE_KINDS);
      t.text('country_code').notNullable();
      t.text('sales_account').nullable();
      t.text('purchase_account').nullable();
      t.boolean('is_default').notNullable().defaultTo(false);
      t.boolean('active').notNullable().defaultTo(true);
      t.unique(['tenant_id', 'code']);
    });
    await knex.schema.createTable('vat_settings', (t) => {
      tenantOwned(t, { id: false });
      t.primary(['tenant_id']);
      t.boolean('registered').notNullable().defaultTo(true);
      t.boolean('prices_include_vat').notNullable().defaultTo(true);
      oneOf(t, 'reporting_period', VAT_PERIODS);
      t.text('default_vat_code').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await runAll(knex, [
      'create index time_report_lines_by_order on time_report_lines (tenant_id, order_id, date) where order_id is not null',
      'create index time_report_lines_by_customer on time_report_lines (tenant_id, customer_id, date) where customer_id is not null',
      'create index time_report_lines_open on time_report_lines (tenant_id, date) where billable and not invoiced',
      'create unique index vat_codes_one_default on vat_codes (tenant_id, country_code) where is_default',
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
