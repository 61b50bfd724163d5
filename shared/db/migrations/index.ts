import type { Knex } from 'knex';
import { tenants } from './0001-tenants';
import { businessLookups } from './0002-business-lookups';
import { parties } from './0003-parties';
import { catalogue } from './0004-catalogue';
import { pricesAndStock } from './0005-prices-and-stock';
import { productContent } from './0006-product-content';
import { orders } from './0007-orders';
import { orderContactsAndPayments } from './0008-order-contacts-and-payments';
import { fulfilment } from './0009-fulfilment';
import { purchasing } from './0010-purchasing';
import { timeReportsAndSettings } from './0011-time-reports-and-settings';
import { productChangeLog } from './0012-product-change-log';
import { changeLogVisibility } from './0013-change-log-visibility';
import { identity } from './0100-identity';
import { searchAliases } from './0101-search-aliases';
import { storefrontConfig } from './0102-storefront-config';
import { productMediaSources } from './0014-product-media-sources';
import { mcpOauth } from './0103-mcp-oauth';
import { brandLogoSources } from './0015-brand-logo-sources';
import { storefrontSwatchImages } from './0104-storefront-swatch-images';
import { storefrontSearchAnalytics } from './0105-storefront-search-analytics';

/** A reversible migration. */
export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed explicitly (not discovered on disk) so migrations load the same way under tsx, jest and a bundle.
// Append new migrations at the end; never reorder or rename one that has shipped.
const migrations: ReadonlyArray<readonly [string, Migration]> = [
  ['0001-tenants', tenants],
  ['0002-business-lookups', businessLookups],
  ['0003-parties', parties],
  ['0004-catalogue', catalogue],
  ['0005-prices-and-stock', pricesAndStock],
  ['0006-product-content', productContent],
  ['0007-orders', orders],
  ['0008-order-contacts-and-payments', orderContactsAndPayments],
  ['0009-fulfilment', fulfilment],
  ['0010-purchasing', purchasing],
  ['0011-time-reports-and-settings', timeReportsAndSettings],
  ['0012-product-change-log', productChangeLog],
  ['0100-identity', identity],
  ['0101-search-aliases', searchAliases],
  ['0013-change-log-visibility', changeLogVisibility],
  ['0102-storefront-config', storefrontConfig],
  ['0014-product-media-sources', productMediaSources],
  ['0103-mcp-oauth', mcpOauth],
  ['0015-brand-logo-sources', brandLogoSources],
  ['0104-storefront-swatch-images', storefrontSwatchImages],
  ['0105-storefront-search-analytics', storefrontSearchAnalytics],
];

export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...migrations],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
