import type { Page } from 'playwright-core';
import type { AdminConsoleStack } from './admin-console-stack';

// What the preview and analytics browser tests do besides clicking: call the admin API with the signed-in tab's
// token (to index the outlet, change its draft), and search the storefront as a shopper with the outlet's key.

/** The access token the console keeps in this tab's session storage after signing in. */
export async function consoleToken(page: Page): Promise<string> {
  const raw = (await page.evaluate("sessionStorage.getItem('aisle-admin:token')")) as string | null;
  if (raw === null) throw new Error('the console holds no token: sign in first');
  return (JSON.parse(raw) as { accessToken: string }).accessToken;
}

/** One admin API call; throws on an answer that is not a success, naming it. */
export async function adminCall<T = unknown>(
  stack: AdminConsoleStack,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${stack.apiUrl}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

type Run = { id: number; mode: string; outcome: string };

/**
 * Queues a run of the outlet (full: the live index; preview: the draft's) through the admin API and waits until the
 * worker has finished it with outcome ok.
 */
export async function indexOutlet(
  stack: AdminConsoleStack,
  token: string,
  mode: 'full' | 'preview' = 'full',
): Promise<void> {
  const runsPath = `/storefront/sites/${stack.shop.outletSiteId}/runs?limit=20`;
  const before = Math.max(
    0,
    ...(await adminCall<{ runs: Run[] }>(stack, token, 'GET', runsPath)).runs.map((r) => r.id),
  );
  await adminCall(stack, token, 'POST', `/storefront/sites/${stack.shop.outletSiteId}/reindex`, { mode });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const run = (await adminCall<{ runs: Run[] }>(stack, token, 'GET', runsPath)).runs.find(
      (r) => r.id > before && r.mode === mode,
    );
    if (run !== undefined && run.outcome !== 'running') {
      if (run.outcome !== 'ok') throw new Error(`the ${mode} run ended ${run.outcome}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`the ${mode} run did not finish in 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export type ShopperCard = { id: string; name: string };
export type ShopperListing = {
  items: ShopperCard[];
  total: number;
  facets: { key: string; values?: { value?: string; key?: string; count?: number }[] }[];
};

/** A shopper's listing request on the outlet (GET /v1/products with its publishable key), recorded by the analytics. */
export async function shopperSearch(stack: AdminConsoleStack, params: Record<string, string>): Promise<ShopperListing> {
  const res = await fetch(`${stack.storefrontUrl}/v1/products?${new URLSearchParams(params)}`, {
    headers: { 'X-Site-Key': stack.shop.outletKey },
  });
  if (!res.ok)
    throw new Error(`GET /v1/products?${new URLSearchParams(params)}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as ShopperListing;
}

/**
 * The word of the outlet's product names that most products share (at least 4 letters), so a search for it finds
 * several products; ties by the word. The seeded names come from a fixed seed, so it is the same on every run.
 */
export function commonWord(cards: ShopperCard[]): string {
  const counts = new Map<string, number>();
  for (const card of cards) {
    for (const word of new Set(card.name.toLowerCase().match(/\p{L}{4,}/gu) ?? []))
      counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (best === undefined) throw new Error('no product name has a word of four letters or more');
  return best[0];
}
