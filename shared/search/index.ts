// The port's public surface: import from 'shared/search', never from an engine's folder.
export * from './bulk';
export * from './document';
export * from './engine';
export * from './errors';
export * from './facet-values';
export * from './facets';
export * from './field-keys';
export * from './filters';
export * from './index-settings';
export * from './merchandising';
export * from './search-request';
export * from './suggest';
export * from './spelling';
