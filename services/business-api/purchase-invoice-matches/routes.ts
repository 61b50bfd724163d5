import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { errorEnvelopeSchema } from '../openapi/common-schemas';
import type { ResourceDeps } from '../resource-deps';
import { confirmMatches } from './confirm';
import { matchWholeOrder } from './match-whole-order';
import { confirmBody, invoiceIdParams, invoiceIdResult, matchResponse, wholeOrderBody } from './schemas';
import { SuggestionCache } from './suggestion-cache';
import { computeSuggestions, type DraftSuggestions } from './suggestions';

const TAG = 'Purchase invoice matching';
const notFound = { description: 'No purchase-invoice draft with this id in the tenant', schema: errorEnvelopeSchema };

/** The three matching endpoints; the suggestion cache lives as long as the app that built these routes. */
export function purchaseInvoiceMatchRoutes({ db }: ResourceDeps) {
  const cache = new SuggestionCache<DraftSuggestions>();
  const invalidate = (tenantId: number, draft: { id: number; vendorId: number }) => {
    cache.invalidateDraft(tenantId, draft.id);
    cache.invalidateVendor(tenantId, draft.vendorId);
  };
  return [
    anyRoute(
      defineRoute({
        method: 'get',
        path: '/purchase-invoice-matches/{invoiceId}',
        operationId: 'getPurchaseInvoiceMatches',
        summary: 'Match suggestions for a purchase-invoice draft (top 5 receipt lines per invoice line; cached 30 s)',
        tag: TAG,
        params: invoiceIdParams,
        responses: { 200: { description: 'Suggestions per invoice line', schema: matchResponse }, 404: notFound },
        handler: async (req, res) => {
          const { tenantId } = authOf(req);
          const id = req.params.invoiceId;
          const found = await cache.getOrLoad(
            tenantId,
            id,
            () => computeSuggestions(db, tenantId, id),
            (s) => s.vendorId,
          );
          res.json(found.response);
        },
      }),
    ),
    anyRoute(
      defineRoute({
        method: 'post',
        path: '/purchase-invoice-matches/{invoiceId}/confirm',
        operationId: 'confirmPurchaseInvoiceMatches',
        summary: 'Store confirmed (invoice line, receipt) pairs on a draft, all or none; does not book the invoice',
        tag: TAG,
        params: invoiceIdParams,
        body: confirmBody,
        responses: { 200: { description: 'Pairs stored', schema: invoiceIdResult }, 404: notFound },
        handler: async (req, res) => {
          const { tenantId } = authOf(req);
          invalidate(tenantId, await confirmMatches(db, tenantId, req.params.invoiceId, req.body.matches));
          res.json({ invoiceId: req.params.invoiceId });
        },
      }),
    ),
    anyRoute(
      defineRoute({
        method: 'post',
        path: '/purchase-invoice-matches/{invoiceId}/match-whole-order',
        operationId: 'matchWholePurchaseOrder',
        summary:
          'Attach every unbooked receipt of a purchase order to the draft, spread over its lines by best ' +
          'fit; all or none',
        tag: TAG,
        params: invoiceIdParams,
        body: wholeOrderBody,
        responses: { 200: { description: 'Receipts attached', schema: invoiceIdResult }, 404: notFound },
        handler: async (req, res) => {
          const { tenantId } = authOf(req);
          invalidate(tenantId, await matchWholeOrder(db, tenantId, req.params.invoiceId, req.body.orderId));
          res.json({ invoiceId: req.params.invoiceId });
        },
      }),
    ),
  ];
}
