import { Router } from 'express';
import type { Knex } from '../../../shared/db/knex';
import { sendRead } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf } from '../keys/site-context';
import { categoryTree, type CategoryRow } from './category-tree';

/** `GET /v1/categories`: the tree as data, from PostgreSQL (the tenant's own small table; the index holds no tree). */
export function categoryRoutes(db: Knex, cache: MicroCache): Router {
  const router = Router();
  router.get('/v1/categories', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, async () => {
      const { rows } = await db.raw<{ rows: CategoryRow[] }>(
        'select id, parent_id, name, names, position, active from categories where tenant_id = ?',
        [ctx.key.tenantId],
      );
      return { items: categoryTree(rows, ctx.catalogue.index, ctx.language) };
    });
  });
  return router;
}
