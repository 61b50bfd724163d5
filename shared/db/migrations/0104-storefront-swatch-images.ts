import type { Migration } from './index';

/**
 * Configured swatch images (a facet value's `image`: a source path or URL, with no hash) as the indexer last read
 * them: the hash of the source's bytes, which names its renditions. The storefront describes a swatch image from it.
 */
export const storefrontSwatchImages: Migration = {
  async up(knex) {
    await knex.schema.createTable('storefront_swatch_images', (t) => {
      t.integer('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
      t.text('source').notNullable();
      t.text('hash').notNullable();
      t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'source']);
      t.check("?? ~ '^sha256:[0-9a-f]{64}$'", ['hash'], 'storefront_swatch_images_hash_format');
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('storefront_swatch_images');
  },
};
