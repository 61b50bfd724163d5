import { z } from 'zod';
import type { Db } from '../../../shared/db/knex';
import { customerAnswer, customersAnswer } from '../customers/routes';
import { customerParams, customersQuery } from '../customers/schemas';
import { openOrderLinesAnswer } from '../open-order-lines/routes';
import { openOrderLinesQuery } from '../open-order-lines/schemas';
import { findProducts } from '../products/queries';
import { productFindQuery } from '../products/schemas';
import { purchaseOrdersAnswer } from '../purchase-orders/routes';
import { purchaseOrdersQuery } from '../purchase-orders/schemas';
import { salesInvoiceLinesAnswer } from '../sales-invoice-lines/routes';
import { searchRequest } from '../sales-invoice-lines/schemas';
import { salesInvoicesAnswer } from '../sales-invoices/routes';
import { salesInvoicesQuery } from '../sales-invoices/schemas';
import { listSalesOrders } from '../sales-orders/list/list-sales-orders';
import { salesOrderListQuery } from '../sales-orders/list/list-schemas';
import { vendorPricesAnswer } from '../vendor-prices/routes';
import { vendorPricesQuery } from '../vendor-prices/schemas';
import { warehouseStockAnswer } from '../warehouse-stock/routes';
import { warehouseStockQuery } from '../warehouse-stock/schemas';
import { toolArgsFromQuery } from './tool-args';
import { defineTool, type AnyTool } from './tool-registry';

const PAGED = " Pages: pass the answer's nextCursor as cursor for the next page (null at the end).";

/**
 * The ten read-only tools of spec/business-api.md. Each takes its REST twin's filters through the twin's own
 * zod schema and answers through the twin's own query code, so both give the same answer for the same filters.
 */
export function businessTools(db: Db, now: () => Date = () => new Date()): AnyTool[] {
  return [
    defineTool({
      name: 'list_sales_orders',
      title: 'Sales orders',
      input: toolArgsFromQuery(salesOrderListQuery),
      description:
        `Sales orders, newest order date first; by default order-intake statuses (as GET ` +
        `/api/v1/sales-orders).${PAGED}`,
      run: ({ auth, args }) => listSalesOrders(db, auth.tenantId, args, now()),
    }),
    defineTool({
      name: 'list_purchase_orders',
      title: 'Purchase orders',
      input: toolArgsFromQuery(purchaseOrdersQuery),
      description:
        `Purchase orders with received and invoiced values; by default active ones (IsPurchase), as GET ` +
        `/api/v1/purchase-orders.${PAGED}`,
      run: ({ auth, args }) => purchaseOrdersAnswer(db, auth.tenantId, args),
    }),
    defineTool({
      name: 'list_sales_invoices',
      title: 'Sales invoices',
      input: toolArgsFromQuery(salesInvoicesQuery),
      description:
        `Sales invoices and credit invoices; by default revenue invoices (IsSales), as GET ` +
        `/api/v1/sales-invoices.${PAGED}`,
      run: ({ auth, args }) => salesInvoicesAnswer(db, auth.tenantId, args),
    }),
    defineTool({
      name: 'list_sales_invoice_lines',
      title: 'Sales invoice lines',
      // The same fields, without the schema's component id: tools/list needs the object inline, not a $ref.
      input: z.object(searchRequest.shape),
      description: `Lines of sales and credit invoices, newest invoice first (as POST /api/v1/sales-invoice-lines).${PAGED}`,
      run: ({ auth, args }) => salesInvoiceLinesAnswer(db, auth.tenantId, args),
    }),
    defineTool({
      name: 'list_open_order_lines',
      title: 'Open order lines',
      input: toolArgsFromQuery(openOrderLinesQuery),
      description: `Lines of the order book with quantity left to deliver (as GET /api/v1/open-order-lines).${PAGED}`,
      run: ({ auth, args }) => openOrderLinesAnswer(db, auth.tenantId, args),
    }),
    defineTool({
      name: 'get_warehouse_stock',
      title: 'Warehouse stock',
      input: toolArgsFromQuery(warehouseStockQuery),
      description:
        `Stock per product, warehouse and location, with the quantity distributable (as GET ` +
        `/api/v1/warehouse-stock; pageSize at most 200).${PAGED}`,
      run: ({ auth, args }) => warehouseStockAnswer(db, auth.tenantId, args),
    }),
    defineTool({
      name: 'get_vendor_prices_for_product',
      title: 'Vendor prices of a product',
      input: toolArgsFromQuery(vendorPricesQuery),
      description: `A product's prices from its suppliers; productId is required (as GET /api/v1/vendor-prices).${PAGED}`,
      run: ({ auth, args }) => vendorPricesAnswer(db, auth.tenantId, args),
    }),
    defineTool({
      name: 'find_product',
      title: 'Find a product',
      input: toolArgsFromQuery(productFindQuery),
      description:
        'Products matching a product number, barcode or part of the name, best first; limit 1 to 20, default ' +
        '10 (as GET /api/v1/products/find). The answer is { items }.',
      run: ({ auth, args }) => findProducts(db, auth.tenantId, args.q, args.limit),
    }),
    defineTool({
      name: 'list_customers',
      title: 'Customers',
      input: toolArgsFromQuery(customersQuery),
      description: `Customers with their open sales orders counted, newest first (as GET /api/v1/customers).${PAGED}`,
      run: ({ auth, args }) => customersAnswer(db, auth.tenantId, args),
    }),
    defineTool({
      name: 'get_customer',
      title: 'One customer',
      input: toolArgsFromQuery(customerParams),
      description:
        'One customer with credit, terms and order figures (as GET /api/v1/customers/{customerId}); ' +
        'not_found outside your instance.',
      run: ({ auth, args }) => customerAnswer(db, auth.tenantId, args.customerId),
    }),
  ];
}
