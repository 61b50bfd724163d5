import type { Migration } from './index';

/**
 * Where a media item's bytes are: `source` (a path under the media source root, or an http(s) URL) and, for
 * a video, `poster_source`; `attributes` is the merchant's opaque object, passed through on the descriptor.
 */
export const productMediaSources: Migration = {
  async up(knex) {
    await knex.schema.alterTable('product_media', (t) => {
      t.text('source').nullable();
      t.text('poster_source').nullable();
      t.jsonb('attributes').nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('product_media', (t) => {
      t.dropColumns('source', 'poster_source', 'attributes');
    });
  },
};
