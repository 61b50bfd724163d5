import type { Migration } from './index';

/**
 * Identity: users of a tenant and their app passwords (DESIGN §1). Numbered 0100 so the business
 * schema (0002..) can grow before it without renumbering.
 */
export const identity: Migration = {
  async up(knex) {
    await knex.schema.createTable('users', (t) => {
      t.increments('id');
      t.integer('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
      // Stored trimmed and lower-cased by the repository, so the unique key is case-insensitive.
      t.text('email').notNullable();
      t.text('name');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['tenant_id', 'email']);
      // Target of app_passwords' composite key: a password's user always belongs to the password's tenant.
      t.unique(['tenant_id', 'id']);
    });
    await knex.schema.createTable('app_passwords', (t) => {
      t.increments('id');
      t.integer('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
      t.integer('user_id').notNullable();
      t.foreign(['tenant_id', 'user_id']).references(['tenant_id', 'id']).inTable('users').onDelete('CASCADE');
      t.text('client_id').notNullable().unique();
      t.text('name').notNullable();
      t.text('secret_hash').notNullable();
      t.text('access').notNullable();
      t.specificType('permissions', 'text[]').notNullable().defaultTo('{}');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('last_used_at', { useTz: true });
      t.timestamp('revoked_at', { useTz: true });
      t.index(['tenant_id']);
    });
    await knex.raw(`alter table app_passwords add constraint app_passwords_access_check
      check (access in ('read-only', 'read-write'))`);
    await knex.raw(`alter table app_passwords add constraint app_passwords_permissions_check
      check (permissions <@ array['onboarding_company', 'payment_manage', 'price', 'quantity']::text[])`);
  },
  async down(knex) {
    await knex.schema.dropTable('app_passwords');
    await knex.schema.dropTable('users');
  },
};
