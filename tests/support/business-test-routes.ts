import { Router } from 'express';
import { z } from 'zod';
import { authOf } from '../../services/business-api/auth/auth-context';
import { requirePermission } from '../../services/business-api/auth/require-permission';
import { int32Param, parseWholeNumberId } from '../../services/business-api/http/path-ids';
import { validate } from '../../services/business-api/http/validate';

/**
 * Stand-in /api/v1 routes for testing the auth and HTTP plumbing before the real resources exist: a read,
 * a write, the read-only-allowed search, a permission-guarded read with a string-typed id, and a crash.
 */
export function testResources(): Router {
  const router = Router();
  router.get('/whoami', (req, res) => {
    res.json(authOf(req));
  });
  router.patch(
    '/things/:id',
    validate({ params: z.object({ id: int32Param }), body: z.object({ name: z.string() }) }),
    (req, res) => {
      res.json({ id: req.params.id, name: req.body.name });
    },
  );
  router.post('/sales-invoice-lines', validate({ body: z.object({ from: z.string() }) }), (req, res) => {
    res.json({ searched: req.body.from });
  });
  router.get(
    '/sales-orders/:id/payment',
    requirePermission('payment_manage'),
    validate({ params: z.object({ id: z.string() }) }),
    (req, res) => {
      res.json({ orderId: parseWholeNumberId(req.params.id) });
    },
  );
  router.get('/boom', () => {
    throw new Error('select secret from app_passwords where password = hunter2');
  });
  return router;
}
