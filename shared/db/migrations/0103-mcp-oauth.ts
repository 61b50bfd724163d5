import type { Migration } from './index';

/**
 * The tool server's per-user default instance, and the OAuth clients registered dynamically (RFC 7591) for
 * the authorization-code flow (docs/decisions.md, "MCP tool server").
 */
export const mcpOauth: Migration = {
  async up(knex) {
    await knex.schema.createTable('mcp_default_instances', (t) => {
      // The token's issuer and subject name the user: subjects are unique per issuer, not across issuers.
      t.text('issuer').notNullable();
      t.text('subject').notNullable();
      t.integer('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['issuer', 'subject']);
    });
    await knex.schema.createTable('oauth_clients', (t) => {
      t.text('client_id').primary();
      t.text('client_name').notNullable();
      t.specificType('redirect_uris', 'text[]').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTable('oauth_clients');
    await knex.schema.dropTable('mcp_default_instances');
  },
};
