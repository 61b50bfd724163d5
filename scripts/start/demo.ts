import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Knex } from '../../shared/db/knex';
import { createAppPassword } from '../../services/identity/app-passwords/create-app-password';
import { getAppPassword } from '../../services/identity/app-passwords/repository';
import { withProgressBar } from '../seed/progress-bar';
import { seedTenant } from '../seed/seed-tenant';

export const DEMO_TENANT = 'demo';
export const DEMO_PRODUCTS = 2_000;
export const DEMO_SEED = 42;

/** Seeds the demo tenant the first time; later starts keep its data (and anything written through the APIs). */
export async function ensureDemoTenant(db: Knex, mediaDir?: string): Promise<{ seeded: boolean }> {
  const exists = await db('tenants').where({ code: DEMO_TENANT }).first('id');
  if (exists) return { seeded: false };
  console.log(`Seeding the demo tenant (${DEMO_PRODUCTS.toLocaleString('en')} products, a year of orders)...`);
  await withProgressBar((onProgress) =>
    seedTenant(db, {
      tenant: DEMO_TENANT,
      name: 'Demo Shop',
      products: DEMO_PRODUCTS,
      seed: DEMO_SEED,
      onProgress,
      mediaDir,
    }),
  );
  return { seeded: true };
}

const credentialsSchema = z.object({ id: z.number(), clientId: z.string(), clientSecret: z.string() });
export type DemoCredentials = z.infer<typeof credentialsSchema>;

/**
 * A read-write app password with every permission for the demo tenant, so a developer can call the business
 * API right away. The database keeps only its hash; the raw secret is kept for this machine's developer in
 * `<dataDir>/demo-credentials.json` (mode 0600) and reused while that password is active.
 */
export async function ensureDemoCredentials(db: Knex, dataDir: string): Promise<DemoCredentials> {
  const file = path.join(dataDir, 'demo-credentials.json');
  const saved = credentialsSchema.safeParse(await readFile(file, 'utf8').then(JSON.parse, () => null));
  if (saved.success) {
    const password = await getAppPassword(db, saved.data.id);
    if (password && !password.revokedAt && password.clientId === saved.data.clientId) return saved.data;
  }
  const { password, clientSecret } = await createAppPassword(db, {
    tenantCode: DEMO_TENANT,
    email: 'developer@demo.example',
    name: 'npm start demo',
    access: 'read-write',
    permissions: ['onboarding_company', 'payment_manage', 'price', 'quantity'],
  });
  const credentials = { id: password.id, clientId: password.clientId, clientSecret };
  await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return credentials;
}
