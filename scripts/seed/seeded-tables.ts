/**
 * Every table the seed fills, in foreign-key order (parents first): the generator emits rows in this order
 * and a re-seed deletes the tenant's rows in reverse. product_changes is left alone: it is a log.
 */
export const SEEDED_TABLES = [
  'currencies', 'statuses', 'payment_terms', 'delivery_terms', 'vat_types', 'price_lists', 'importers', 'warehouses',
  'locations', 'persons', 'company_profiles', 'vat_codes', 'vat_settings', 'match_tolerances',
  'categories', 'responsible_parties', 'brands', 'customers', 'vendors',
  'products', 'product_options', 'product_option_values', 'product_categories', 'product_descriptions', 'product_attributes',
  'product_media', 'prices', 'stock', 'vendor_prices', 'product_relations', 'product_bundle_components',
  'orders', 'order_lines', 'order_emails', 'order_phones', 'order_addresses', 'order_payments', 'warehouse_orders', 'parcels',
  'receipts', 'purchase_invoice_drafts', 'purchase_invoice_draft_lines', 'purchase_invoice_matches',
  'time_report_lines',
] as const;

export type SeededTable = (typeof SEEDED_TABLES)[number];
