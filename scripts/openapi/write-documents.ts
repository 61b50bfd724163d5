import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDb } from '../../shared/db/knex';
import { createLogger } from '../../shared/logger';
import { createRedis } from '../../shared/redis';
import { buildOpenApiDocument } from '../../services/business-api/openapi/build-document';
import { apiRoutes } from '../../services/business-api/routes';
import { buildStorefrontDocument } from '../../services/storefront-api/openapi/build-document';

/**
 * Writes both OpenAPI documents to `<dir>` (default `.data/openapi/`) for linters and client generators.
 * The business routes are only described, never run: their pool and Redis client never connect.
 */
async function main(dir: string): Promise<void> {
  const db = createDb('postgres://unused@127.0.0.1:1/unused');
  const redis = createRedis('redis://127.0.0.1:1', { lazyConnect: true });
  try {
    const business = buildOpenApiDocument(
      apiRoutes({ db, redis, logger: createLogger({ name: 'openapi', level: 'silent' }) }),
    );
    await mkdir(dir, { recursive: true });
    const files = { 'storefront-v1.json': buildStorefrontDocument(), 'business-v1.json': business };
    for (const [name, document] of Object.entries(files)) {
      await writeFile(path.join(dir, name), `${JSON.stringify(document, null, 2)}\n`);
      console.log(path.join(dir, name));
    }
  } finally {
    redis.disconnect();
    await db.destroy();
  }
}

main(path.resolve(process.argv[2] ?? '.data/openapi')).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
