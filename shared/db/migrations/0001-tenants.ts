import type { Migration } from './index';

/** Tenants (the spec's instances): every other table carries `tenant_id` referencing this one. */
export const tenants: Migration = {
  async up(knex) {
    await knex.schema.createTable('tenants', (t) => {
      t.increments('id');
      t.text('code').notNullable().unique();
      t.text('name').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTable('tenants');
  },
};
