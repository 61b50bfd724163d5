import type { Page } from 'playwright-core';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import {
  consoleSession,
  describeConsoleInBrowser,
  LAPTOP,
  NARROW,
  TABLET,
} from '../../../support/admin-console-browser';
import type { AdminConsoleStack, Credentials } from '../../../support/admin-console-stack';
import { expectCount, expectText, text } from '../../../support/shop-page';
import { until } from '../../../support/until';

// The Publish page (issue 25) in Chromium: the draft changed through the REST admin API shows as a diff a shop admin
// can read, part by part; publishing with a note makes version 2, whose index run the page follows; the history
// lists it and the diff is empty again. A read-only session sees the diff and the history, never a publish button.
// The tests run in order: the second reads the version the first publishes.

/** A bearer token for the admin API, as an integrator gets one (client credentials of an app password). */
async function tokenFor(stack: AdminConsoleStack, { clientId, clientSecret }: Credentials): Promise<string> {
  const res = await fetch(`${stack.identityUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Calls the admin API as the shop's read-write app password; any answer but 2xx fails the test. */
async function adminCall(stack: AdminConsoleStack, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${stack.apiUrl}/api/v1/storefront/sites/${stack.shop.outletSiteId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await tokenFor(stack, stack.shop)}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Rows of one part's diff table, each as its four cells read aloud. */
async function diffRows(page: Page, part: string): Promise<string[][]> {
  const rows = page.locator(`.diff-part[data-part="${part}"] tbody tr`);
  return Promise.all(
    (await rows.all()).map(async (row) =>
      (await row.locator('th, td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim()),
    ),
  );
}

const SALE_URL = 'https://outlet.example/sv/rea';

describeConsoleInBrowser()('the publish page', () => {
  const session = consoleSession();
  const { signIn, review } = session;
  const publishPage = () => `${session.stack.consoleUrl}/sites/${session.stack.shop.outletSiteId}/publish`;

  it('shows the draft changed through the API as a diff, publishes it with a note, and lists version 2', async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    await page.goto(publishPage());
    await expectText(page.locator('#draft-diff .diff-empty-title'), 'Nothing to publish');
    expect(await text(page.locator('#draft-diff .diff-empty .muted'))).toBe(
      'The draft is the same as the live version 1.',
    );
    expect(await page.getByRole('button', { name: /^Publish version/ }).count()).toBe(0);
    await expectCount(page.locator('table.versions tbody tr'), 1);
    await review('40-publish-nothing');

    // The draft changes the way an integrator (or another page) changes it: through the REST admin API.
    const { draft } = (await adminCall(stack, 'GET', '')) as {
      draft: { markets: { code: string; priceListId: number }[] };
    };
    const priceListId = draft.markets[0]!.priceListId;
    const market = (over: Record<string, unknown>) => ({
      language: 'sv',
      currency: 'SEK',
      country: 'SE',
      priceListId,
      ...over,
    });
    await adminCall(stack, 'PUT', '', {
      code: 'outlet',
      name: 'Nordic Outlet',
      ecomSiteId: 1,
      devOrigins: ['http://localhost:5173'],
    });
    await adminCall(
      stack,
      'PUT',
      '/markets/se',
      market({ urlTemplate: 'https://outlet.example/sv/{path}', isDefault: true }),
    );
    await adminCall(
      stack,
      'PUT',
      '/markets/fi',
      market({ language: 'fi', country: 'FI', urlTemplate: 'https://outlet.example/fi/{path}' }),
    );
    await adminCall(stack, 'PUT', '/facets/brand', {
      source: { kind: 'brand' },
      type: 'list',
      label: { sv: 'Märke <b>nytt</b>' },
    });
    await adminCall(stack, 'PUT', '/synonyms/sv', { entries: [{ terms: ['jacka', 'rock'] }] });
    await adminCall(stack, 'POST', '/query-rules', { query: 'rea', target: { kind: 'url', url: SALE_URL } });

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectText(
      page.locator('.diff-summary'),
      'Live now: version 1. Publishing makes the draft version 2: 6 changes (4 added, 2 changed).',
    );
    expect(await page.locator('.diff-part h3').allTextContents()).toEqual([
      'Site settings (1)',
      'Markets (2)',
      'Facets (1)',
      'Query rules (1)',
      'Synonyms (1)',
    ]);
    expect(await diffRows(page, 'site')).toEqual([['Changed', 'Development origins', 'none', 'http://localhost:5173']]);
    const markets = await diffRows(page, 'markets');
    expect(markets[0]).toEqual([
      'Changed',
      'se (sv, SEK) › URL template',
      'https://outlet.example/se/{path}',
      'https://outlet.example/sv/{path}',
    ]);
    expect(markets[1]!.slice(0, 3)).toEqual(['Added', 'fi (fi, SEK)', 'Not live']);
    expect(markets[1]![3]).toContain('URL templatehttps://outlet.example/fi/{path}');
    const [facet] = await diffRows(page, 'facets');
    expect(facet!.slice(0, 2)).toEqual(['Added', 'brand (Märke <b>nytt</b>)']);
    expect(await page.locator('#draft-diff b').count()).toBe(0); // configuration is text, never markup
    const [rule] = await diffRows(page, 'queryRules');
    expect(rule!.slice(0, 2)).toEqual(['Added', expect.stringMatching(/^“rea” \(id \d+\)$/)]);
    expect(rule![3]).toContain(`Redirect${SALE_URL}`);
    expect(await diffRows(page, 'synonyms')).toEqual([['Added', 'Swedish (sv)', 'Not live', 'jacka = rock']]);
    await review('41-publish-diff-laptop');
    await page.setViewportSize(TABLET);
    await review('42-publish-diff-tablet');
    await page.setViewportSize(NARROW);
    await review('43-publish-diff-narrow');
    await page.setViewportSize(LAPTOP);

    // A publish without a note is stopped beside the field, before any request.
    const publish = page.getByRole('button', { name: 'Publish version 2' });
    await publish.click();
    await expectText(
      page.locator('.publish-form .field-error'),
      'Write a note: it is how the version history tells this version apart.',
    );
    expect(await page.getByLabel('Note for the version history').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement?.getAttribute("name")')).toBe('$.note');
    await review('44-publish-note-missing');

    const note = 'Finnish market, a brand facet and the sale redirect';
    await page.getByLabel('Note for the version history').fill(note);
    await publish.click();
    await expectText(page.locator('.published-panel h3'), 'Version 2 is published');
    expect(await text(page.locator('.published-note'))).toBe(`Note: ${note}`);
    expect(await page.getByRole('link', { name: 'Watch it on the Index runs tab' }).getAttribute('href')).toBe(
      `/sites/${stack.shop.outletSiteId}/runs`,
    );
    // The full run the publish queued, followed until it ends.
    const outcome = await until(
      async () => (await page.locator('.run-line').getAttribute('data-outcome')) ?? undefined,
      120_000,
      250,
    );
    expect(outcome).toBe('ok');
    expect(await text(page.locator('.run-line'))).toMatch(
      /^Run \d+ finished: OK \(\d+ documents(, \d+ warnings?)?\)\.$/,
    );

    // The history has version 2 first, and the diff is empty again.
    await expectText(page.locator('#draft-diff .diff-empty-title'), 'Nothing to publish');
    expect(await text(page.locator('#draft-diff .diff-empty .muted'))).toBe(
      'The draft is the same as the live version 2.',
    );
    const versions = page.locator('table.versions tbody tr');
    await expectCount(versions, 2);
    expect(await text(versions.nth(0).locator('th'))).toBe('Version 2 Live');
    expect(await text(versions.nth(0).locator('.version-note'))).toBe(note);
    expect(await text(versions.nth(1).locator('th'))).toBe('Version 1');
    expect(await text(versions.nth(1).locator('.version-note'))).toBe('first version');
    expect(await page.getByRole('button', { name: /^Publish version/ }).count()).toBe(0);
    await review('45-publish-published');

    const { versions: listed } = (await adminCall(stack, 'GET', '/versions')) as {
      versions: { version: number; note: string }[];
    };
    expect(listed.map((v) => [v.version, v.note])).toEqual([
      [2, note],
      [1, 'first version'],
    ]);
    await page.getByRole('link', { name: 'Watch it on the Index runs tab' }).click();
    await page.waitForURL(`${stack.consoleUrl}/sites/${stack.shop.outletSiteId}/runs`);
  }, 180_000);

  it('shows a read-only session the diff (removals included) and the history, without a publish button', async () => {
    const { page, stack } = session;
    await adminCall(stack, 'DELETE', '/facets/brand');
    await adminCall(stack, 'PUT', '/synonyms/sv', { entries: [{ from: 'rea', to: ['fynd', 'utförsäljning'] }] });
    const viewer = await createAppPassword(stack.t.db, {
      tenantCode: 'console-shop',
      email: 'viewer@shop.example',
      name: 'publish viewer',
      access: 'read-only',
      permissions: [],
    });
    await signIn({ clientId: viewer.password.clientId, clientSecret: viewer.clientSecret });
    await page.goto(publishPage());
    await expectText(
      page.locator('.diff-summary'),
      'Live now: version 2. Publishing makes the draft version 3: 3 changes (1 added, 2 removed).',
    );
    const [facet] = await diffRows(page, 'facets');
    expect(facet!.slice(0, 2)).toEqual(['Removed', 'brand (Märke <b>nytt</b>)']);
    expect(facet![3]).toBe('Removed');
    expect(await diffRows(page, 'synonyms')).toEqual([
      ['Removed', 'Swedish (sv)', 'jacka = rock', 'Removed'],
      ['Added', 'Swedish (sv)', 'Not live', 'rea → fynd, utförsäljning'],
    ]);
    expect(await page.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
    expect(await page.getByLabel('Note for the version history').count()).toBe(0);
    expect(await text(page.locator('.publish-publish .notice'))).toBe(
      'Publishing needs read-write access: this session is read-only. The changes and the history are shown as they are.',
    );
    await expectCount(page.locator('table.versions tbody tr'), 2);
    expect(await text(page.locator('.access'))).toBe('Read-only access');
    await review('46-publish-read-only');
  });

  it('shows a never-published site whole as added, and the API refusing its publish beside the form', async () => {
    const { page, stack } = session;
    const res = await fetch(`${stack.apiUrl}/api/v1/storefront/sites`, {
      headers: { Authorization: `Bearer ${await tokenFor(stack, stack.shop)}` },
    });
    const { sites } = (await res.json()) as { sites: { siteId: number; code: string }[] };
    const spring = sites.find((s) => s.code === 'spring')!.siteId;
    await signIn(stack.shop);
    await page.goto(`${stack.consoleUrl}/sites/${spring}/publish`);
    await expectText(
      page.locator('.diff-summary'),
      /^This site has never been published\. Publishing makes the draft version 1: \d+ changes \(\d+ added\)\.$/,
    );
    const site = await diffRows(page, 'site');
    expect(site).toContainEqual(['Added', 'Name', 'Not live', 'Spring <b>campaign</b>']);
    expect(site).toContainEqual(['Added', 'Assortment › Leave out inactive products', 'Not live', 'yes']);
    expect(site).toContainEqual(['Added', 'URL patterns › Product pages', 'Not live', '/p/{slug}']);
    expect(await text(page.locator('#version-history'))).toBe(
      'Not published yet: the first publish creates version 1.',
    );

    // The draft has no market: the API refuses the publish (400), and the page says why in words.
    await page.getByLabel('Note for the version history').fill('Spring campaign, first version');
    await page.getByRole('button', { name: 'Publish version 1' }).click();
    await expectText(
      page.locator('.publish-form .form-errors li'),
      'markets: a site needs at least one market before it can be published',
    );
    expect(await text(page.locator('.publish-form .form-errors p'))).toBe(
      'Nothing was published: the draft breaks these rules. Correct them on the Configuration or Merchandising tab, then publish again.',
    );
    expect(await page.locator('.published-panel').count()).toBe(0);
    expect(await text(page.locator('#version-history'))).toBe(
      'Not published yet: the first publish creates version 1.',
    );
    await review('47-publish-refused');
    // That refusal (and the browser's console line about it) is the one failed call this test expects.
    const refused = [
      `HTTP 400: ${stack.apiUrl}/api/v1/storefront/sites/${spring}/publish`,
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ];
    expect([...session.problems].sort()).toEqual([...refused].sort());
    session.problems.splice(0);
  });
});
