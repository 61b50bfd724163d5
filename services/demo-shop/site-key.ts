import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** Where `npm start` keeps the demo site's publishable key, under DATA_DIR (mode 0600). */
export const DEMO_KEY_FILE = 'demo-storefront-key.json';

export const demoKeyFileSchema = z.object({ siteId: z.number(), key: z.string() });
export type DemoSiteKey = z.infer<typeof demoKeyFileSchema>;

/** The saved demo key file under `dataDir`, or null when it is missing or unreadable. */
export async function readDemoKeyFile(dataDir: string): Promise<DemoSiteKey | null> {
  const parsed = demoKeyFileSchema.safeParse(
    await readFile(path.join(dataDir, DEMO_KEY_FILE), 'utf8').then(JSON.parse, () => null),
  );
  return parsed.success ? parsed.data : null;
}
