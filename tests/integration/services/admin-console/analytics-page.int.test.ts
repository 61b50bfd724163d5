import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import { consoleSession, describeConsoleInBrowser, NARROW, TABLET } from '../../../support/admin-console-browser';
import { commonWord, consoleToken, indexOutlet, shopperSearch } from '../../../support/admin-console-search';
import { expectCount, expectText, readable, text } from '../../../support/shop-page';

jest.setTimeout(120_000);

// The analytics page in Chromium: real shoppers' searches on the outlet's storefront (a real embedded index, the
// publishable key), flushed to the roll-ups, then read by the page: the totals, the chart (uPlot, served by the
// console under its CSP) with its table, top queries, no-hit queries with their shortcuts, top filters; another period.

const NO_HIT = 'zqxjkvw';
const NO_HIT_TWICE = 'vvbbnnqq';

describeConsoleInBrowser()('the analytics page', () => {
  const session = consoleSession();
  const { signIn, review } = session;
  let word: string;
  let prepared: Promise<void> | null = null;

  const analyticsPath = () => `/sites/${session.stack.shop.outletSiteId}/analytics`;
  /** The rows of a report table: each cell's text. */
  const rowsOf = async (selector: string) =>
    Promise.all(
      (await session.page.locator(`${selector} tbody tr`).all()).map(async (row) =>
        (await row.locator('th, td').allTextContents()).map(readable),
      ),
    );

  /** Signs in; the first time, indexes the outlet and searches it as shoppers do, then flushes the analytics. */
  const signInAndPrepare = async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    const token = await consoleToken(page);
    prepared ??= (async () => {
      await indexOutlet(stack, token);
      word = commonWord((await shopperSearch(stack, { pageSize: '100' })).items);
      for (let i = 0; i < 3; i++) expect((await shopperSearch(stack, { q: word })).total).toBeGreaterThan(0);
      for (let i = 0; i < 2; i++) expect((await shopperSearch(stack, { q: NO_HIT_TWICE })).total).toBe(0);
      expect((await shopperSearch(stack, { q: NO_HIT })).total).toBe(0);
      await shopperSearch(stack, { 'filter[in-stock]': 'true' });
      await shopperSearch(stack, { q: word, 'filter[in-stock]': 'true' });
      await stack.flushAnalytics();
    })();
    await prepared;
  };

  it('serves the chart library from the console itself, file by file, under the console CSP', async () => {
    const { consoleUrl } = session.stack;
    const script = await fetch(`${consoleUrl}/vendor/uplot/uPlot.esm.js`);
    expect([script.status, script.headers.get('content-type')]).toEqual([
      200,
      expect.stringMatching(/^(text|application)\/javascript/),
    ]);
    expect(script.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect(await script.text()).toContain('export { uPlot as default }');
    const css = await fetch(`${consoleUrl}/vendor/uplot/uPlot.min.css`);
    expect([css.status, css.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/css/)]);
    // Nothing else of the package, nor of node_modules.
    for (const other of [
      '/vendor/uplot/uPlot.cjs.js',
      '/vendor/uplot/package.json',
      '/vendor/uplot/../../package.json',
    ])
      expect((await fetch(`${consoleUrl}${other}`)).status).toBe(404);
  });

  it('shows the searches of the last 30 days: totals, a chart with its table, top queries, no-hit queries and top filters', async () => {
    const { page, stack } = session;
    await signInAndPrepare();
    await page.goto(`${stack.consoleUrl}${analyticsPath()}`);
    await expectText(page.locator('.an-period'), /^Last 30 days \(.+\) · All markets$/);
    // 9 listings: 4 with the common word (one filtered), 3 that found nothing, 2 browse pages (one filtered).
    expect(await page.locator('.an-totals dd').allTextContents()).toEqual(['9', '3 (33.3%)', '0.3']);
    // The chart: uPlot drew its canvas; it is one image named by its summary, and its numbers are in a table.
    await page.locator('.an-chart canvas').first().waitFor();
    const chart = page.getByRole('img', {
      name: /^Line chart of searches per day from .+: 9 searches in all, most on .+ \(9\); 3 found nothing\./,
    });
    await expectCount(chart, 1);
    await page.getByText('The numbers per day, as a table').click();
    const days = await rowsOf('.an-numbers');
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.slice(1)).toEqual(['9', '3']);
    expect(days.slice(0, -1).every((d) => d[1] === '0')).toBe(true);
    expect(await text(page.locator('.an-numbers caption'))).toBe('Searches per day');

    expect(await rowsOf('.an-top-queries')).toEqual([
      [word, '4', '44.4%', expect.stringMatching(/^\d+$/)],
      [NO_HIT_TWICE, '2', '22.2%', 'None'],
      [NO_HIT, '1', '11.1%', 'None'],
    ]);
    const noHits = await rowsOf('.an-no-hits');
    expect(noHits.map((r) => r.slice(0, 3))).toEqual([
      [NO_HIT_TWICE, '2', '2'],
      [NO_HIT, '1', '1'],
    ]);
    expect(await rowsOf('.an-top-filters')).toEqual([['in-stock', 'true', '2', '22.2%']]);
    await expectText(
      page.getByRole('status').filter({ hasText: 'Showing' }),
      /^Showing: Last 30 days \(.+\), all markets\.$/,
    );
    await review('80-analytics-laptop');
    await page.setViewportSize(TABLET);
    await review('80-analytics-tablet');
    await page.setViewportSize(NARROW);
    await review('80-analytics-narrow');
  });

  it('changes the period and the market, keeping them in the address', async () => {
    const { page, stack } = session;
    await signInAndPrepare();
    await page.goto(`${stack.consoleUrl}${analyticsPath()}`);
    await expectText(page.locator('.an-period'), /^Last 30 days/);
    await page.getByLabel('Period', { exact: true }).selectOption('7');
    await page.getByLabel('Market', { exact: true }).selectOption('se');
    await page.getByRole('button', { name: 'Show' }).click();
    await expectText(page.locator('.an-period'), /^Last 7 days \(.+\) · Market se$/);
    expect(new URL(page.url()).search).toBe('?days=7&market=se');
    expect(await page.locator('.an-totals dd').first().textContent()).toBe('9');
    await page.getByText('The numbers per day, as a table').click();
    expect(await rowsOf('.an-numbers')).toHaveLength(7);

    // A custom range: its days are checked before asking, then a month long ago finds nothing.
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2025-03-31');
    await page.getByLabel('To', { exact: true }).fill('2025-03-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expectText(page.locator('.field-error:not([hidden])'), 'The last day comes before the first.');
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('From', { exact: true }).fill('2025-03-01');
    await page.getByLabel('To', { exact: true }).fill('2025-03-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await expectText(page.locator('.an-period'), 'Mar 1 – Mar 31, 2025 · Market se');
    expect(new URL(page.url()).search).toBe('?from=2025-03-01&to=2025-03-31&market=se');
    await expectText(page.locator('.an-volume .an-empty'), 'No searches were recorded in this period.');
    await expectText(page.locator('.an-no-hits .an-empty'), 'No searches in this period.');
    await expectCount(page.locator('.an-chart'), 0);
    await review('80-analytics-empty-period');

    // The address is enough to come back to it.
    await page.reload();
    await expectText(page.locator('.an-period'), 'Mar 1 – Mar 31, 2025 · Market se');
    expect(await page.getByLabel('Period', { exact: true }).inputValue()).toBe('custom');
  });

  it('leads from a no-hit query to a synonym, a rule and a preview', async () => {
    const { page, stack } = session;
    await signInAndPrepare();
    const site = stack.shop.outletSiteId;
    const start = `${stack.consoleUrl}${analyticsPath()}?days=7`;
    await page.goto(start);
    const row = page.locator('.an-no-hits tbody tr', { hasText: NO_HIT_TWICE });
    await expectCount(row, 1);
    /**
     * Clicks the shortcut and checks the address the console went to (the merchandising page takes its parameters
     * out of the address once read, so the address is caught as the console's router pushes it).
     */
    const follow = async (name: string, expected: string) => {
      const link = row.getByRole('link', { name: `${name} for “${NO_HIT_TWICE}”` });
      expect(await link.getAttribute('href')).toBe(expected);
      await page.evaluate(`(() => {
        const push = history.pushState.bind(history);
        window.pushed = [];
        history.pushState = (state, title, url) => { window.pushed.push(String(url)); return push(state, title, url); };
      })()`);
      await link.click();
      await page.waitForURL((url) => url.pathname === expected.split('?')[0]);
      expect(await page.evaluate('window.pushed')).toEqual([expected]);
    };
    await follow('Add a synonym', `/sites/${site}/merchandising?synonym=${NO_HIT_TWICE}&language=sv`);
    await expectText(page.locator('.site-nav [aria-current="page"]'), 'Merchandising');
    await page.goto(start);
    await follow('Add a rule', `/sites/${site}/merchandising?rule=${NO_HIT_TWICE}`);
    await expectText(page.locator('.site-nav [aria-current="page"]'), 'Merchandising');
    await page.goto(start);
    await follow('Preview', `/sites/${site}/preview?q=${NO_HIT_TWICE}`);
    // The preview page runs the query from the address.
    await expectText(page.locator('.preview-query h3'), `Results for “${NO_HIT_TWICE}”`);
    await expectText(page.locator('.pv-summary'), 'No products found, live or with the draft.');
    expect(await page.getByLabel('Search query').inputValue()).toBe(NO_HIT_TWICE);
  });

  it('shows a read-only sign-in the reports with the preview shortcut only, and says why', async () => {
    const { page, stack } = session;
    await signInAndPrepare();
    const viewer = await createAppPassword(stack.t.db, {
      tenantCode: 'console-shop',
      email: 'viewer@shop.example',
      name: 'analytics viewer',
      access: 'read-only',
      permissions: [],
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn({ clientId: viewer.password.clientId, clientSecret: viewer.clientSecret });
    await page.goto(`${stack.consoleUrl}${analyticsPath()}?days=7`);
    const row = page.locator('.an-no-hits tbody tr', { hasText: NO_HIT_TWICE });
    await expectCount(row, 1);
    expect(await row.getByRole('link').allTextContents()).toEqual([`Preview for “${NO_HIT_TWICE}”`]);
    await expectText(
      page.locator('.an-no-hits .hint'),
      'Adding synonyms and rules needs read-write access; this sign-in is read-only.',
    );
    await review('80-analytics-read-only');
  });
});
