import type { Page } from 'playwright-core';
import { consoleSession, describeConsoleInBrowser } from '../../../support/admin-console-browser';
import { consoleToken, indexOutlet, shopperSearch, type ShopperListing } from '../../../support/admin-console-search';
import { expectAttribute, expectCount, expectText, readable, text } from '../../../support/shop-page';
import { until } from '../../../support/until';

// Issue 25's end-to-end flows, driven through the console's pages as a shop admin drives them (clicks and typing;
// the API only to seed shoppers' searches and to check what shoppers get):
// 1. a query shoppers searched in vain, found on the Analytics page, fixed with a synonym from its shortcut,
//    previewed, published, and then finding products on the storefront;
// 2. a facet added, published from the Publish page, its run watched on the Index runs page, then a reindex from
//    there reaching ok.
// The tests share one stack (one outlet site) and run in order; each reads the version it publishes from the page.

// Runs on the embedded engine take a few seconds each; the machine is shared, so allow for it.
jest.setTimeout(120_000);

/** A run of the outlet's 20 products, as the page follows it. */
const RUN_MS = 60_000;

// The seeded Swedish names (seed 7) have two board games ("Klassisk brädspel i läder", "Kompakt brädspel i linne")
// and no word near "sällskapsspel" (party game), which a shopper may well type for them.
const NO_HIT = 'sällskapsspel';
const TARGET = 'brädspel';
// The analytics record a query as the search normalises it (lower case, accents folded), so the reports, and the
// synonym their shortcut starts, read it so; the storefront folds the shopper's words the same way when it matches.
const RECORDED = 'sallskapsspel';

/** Each product a side of the preview shows: its name and its mark in words. */
async function previewSide(page: Page, side: 'Live' | 'Draft') {
  const rows = page.locator('.preview-side', { has: page.locator('h4', { hasText: side }) }).locator('li');
  return Promise.all(
    (await rows.all()).map(async (row) => ({
      name: readable(await row.locator('.pv-result-name').evaluate((el) => el.firstChild?.textContent ?? '')),
      mark: await row.getAttribute('data-mark'),
      text: readable(await row.textContent()),
    })),
  );
}

/** One part's diff rows on the Publish page, each as its four cells read aloud. */
async function diffRows(page: Page, part: string): Promise<string[][]> {
  const rows = page.locator(`.diff-part[data-part="${part}"] tbody tr`);
  return Promise.all(
    (await rows.all()).map(async (row) => (await row.locator('th, td').allTextContents()).map(readable)),
  );
}

/** The tab of the site's navigation with this name, clicked; waits for its page's address. */
async function openTab(page: Page, name: string, section: string): Promise<void> {
  await page.locator('.site-nav').getByRole('link', { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith(`/${section}`));
  await expectText(page.locator('.site-nav [aria-current="page"]'), name);
}

/** Notes the next version on the Publish page's button, types the note and publishes; returns the version. */
async function publishWithNote(page: Page, note: string): Promise<number> {
  const button = page.getByRole('button', { name: /^Publish version \d+$/ });
  await expectCount(button, 1);
  const version = Number(/(\d+)$/.exec(await text(button))![1]);
  await page.getByLabel('Note for the version history').fill(note);
  await button.click();
  await expectText(page.locator('.published-panel h3'), `Version ${version} is published`);
  expect(await text(page.locator('.published-note'))).toBe(`Note: ${note}`);
  return version;
}

const names = (listing: ShopperListing) => listing.items.map((card) => card.name).sort();

describeConsoleInBrowser()('admin flows across the console', () => {
  const session = consoleSession();
  const { signIn, review } = session;

  it('turns a query that finds nothing into a synonym: analytics, merchandising, preview, publish, and shoppers then find products', async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    // The outlet needs a real index for shoppers to search (its seeded run history is made up).
    await indexOutlet(stack, await consoleToken(page));
    const boardGames = await shopperSearch(stack, { q: TARGET });
    expect(boardGames.total).toBe(2);
    for (let i = 0; i < 2; i++) expect((await shopperSearch(stack, { q: NO_HIT })).total).toBe(0);
    await stack.flushAnalytics();

    // The overview, reloaded, shows the index the run built: its size and health.
    await page.getByRole('button', { name: 'Refresh' }).click();
    const outlet = page.locator('table.sites tbody tr', { hasText: 'Nordic Outlet' });
    await expectText(outlet.locator('[data-label="Index size"]'), '20 products');
    await expectText(outlet.locator('[data-label="Health"]'), 'OK');
    // The shop admin opens the outlet from the sites, then its Analytics tab: the query is among those that found nothing.
    await page.getByRole('link', { name: 'Nordic Outlet' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/runs'));
    await openTab(page, 'Analytics', 'analytics');
    const row = page.locator('.an-no-hits tbody tr', { hasText: RECORDED });
    await expectCount(row, 1);
    expect((await row.locator('th, td').allTextContents()).map(readable).slice(0, 3)).toEqual([RECORDED, '2', '2']);
    await review('90-flow-analytics-no-hit');

    // Its shortcut opens the Merchandising page with a one-way entry for the query, the cursor where its words go.
    await row.getByRole('link', { name: `Add a synonym for “${RECORDED}”` }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/merchandising'));
    await expectCount(page.getByLabel('Search for (entry 1)'), 1);
    expect(await page.getByLabel('Entry 1: kind').inputValue()).toBe('oneway');
    expect(await page.getByLabel('Search for (entry 1)').inputValue()).toBe(RECORDED);
    const alsoFinds = page.getByLabel('also finds (entry 1), separated by commas');
    await expectCount(page.locator('input:focus, textarea:focus').and(alsoFinds), 1);
    await page.keyboard.type(TARGET);
    await page.getByRole('button', { name: 'Save Swedish (sv) synonyms' }).click();
    const saved = page.locator('[aria-labelledby="synonyms-title"] .saved-note');
    await expectText(saved.locator('p').first(), 'Saved the Swedish (sv) synonyms: 1 entry.');
    await review('91-flow-synonym-saved');
    // Saved in the draft only: shoppers still find nothing.
    expect((await shopperSearch(stack, { q: NO_HIT })).total).toBe(0);

    // The saved note leads to the Preview: the query as shoppers typed it finds the board games with the draft, and
    // nothing live.
    await saved.getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/preview'));
    await page.getByLabel('Search query').fill(NO_HIT);
    await page.getByLabel('Search query').press('Enter');
    await expectText(page.locator('.pv-summary'), '2 entered');
    expect(await text(page.locator('.preview-query h3'))).toBe(`Results for “${NO_HIT}”`);
    expect(await previewSide(page, 'Live')).toEqual([]);
    expect(await text(page.locator('.preview-side').first().locator('.pv-empty'))).toBe('No products found.');
    const draft = await previewSide(page, 'Draft');
    expect(draft.map((p) => p.name).sort()).toEqual(names(boardGames));
    for (const product of draft) {
      expect(product.mark).toBe('entered');
      expect(product.text).toContain('Entered');
    }
    await review('92-flow-preview-entered');

    // The Publish tab shows the synonym as the one change; published with a note, its full run followed to ok.
    await openTab(page, 'Publish', 'publish');
    await expectText(
      page.locator('.diff-summary'),
      /^Live now: version \d+\. Publishing makes the draft version \d+: 1 change \(1 added\)\.$/,
    );
    expect(await diffRows(page, 'synonyms')).toEqual([
      ['Added', 'Swedish (sv)', 'Not live', `${RECORDED} → ${TARGET}`],
    ]);
    await review('93-flow-publish-synonym');
    const version = await publishWithNote(page, `A search for ${NO_HIT} finds the board games`);
    const line = page.locator('.run-line');
    expect(await until(async () => (await line.getAttribute('data-outcome')) ?? undefined, RUN_MS, 250)).toBe('ok');
    expect(await text(line)).toMatch(/^Run \d+ finished: OK \(\d+ documents(, \d+ warnings?)?\)\.$/);
    await expectText(page.locator('table.versions tbody tr').first().locator('th'), `Version ${version} Live`);
    await review('94-flow-synonym-published');

    // The storefront follows the publish: the query that found nothing now finds the board games.
    const found = await until(
      async () => {
        const listing = await shopperSearch(stack, { q: NO_HIT });
        return listing.total > 0 ? listing : undefined;
      },
      10_000,
      250,
    );
    expect(names(found)).toEqual(names(boardGames));
  });

  it('publishes a facet from the Publish page, watches its run on the Index runs page, then reindexes there to ok', async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    await page.getByRole('link', { name: 'Nordic Outlet' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/runs'));

    // A brand facet added on the Configuration tab, saved in the draft.
    await openTab(page, 'Configuration', 'configuration');
    const facets = page.locator('section#facets');
    await facets.getByRole('button', { name: 'Add a facet' }).click();
    const form = facets.locator('form');
    await form.getByLabel('Facet key').fill('brand');
    await form.getByLabel('Values come from').selectOption('brand');
    await form.getByLabel('Type', { exact: true }).selectOption('list');
    await form.getByLabel('Label per language').fill('sv: Märke');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await expectText(facets.locator('.cfg-status'), /^Facet “brand” saved in the draft\./);

    // Its status leads to the Publish page, which lists the facet; published with a note.
    await facets.locator('.cfg-status').getByRole('link').click();
    await page.waitForURL((url) => url.pathname.endsWith('/publish'));
    await expectCount(page.locator('.diff-part[data-part="facets"]'), 1);
    const [facet] = await diffRows(page, 'facets');
    expect(facet!.slice(0, 3)).toEqual(['Added', 'brand (Märke)', 'Not live']);
    await review('95-flow-publish-facet');
    const version = await publishWithNote(page, 'A brand facet');

    // On the Index runs tab the publish's full run (of that version) reaches OK and becomes the live index.
    await page.getByRole('link', { name: 'Watch it on the Index runs tab' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/runs'));
    await expectText(page.locator('#reindex-full-hint'), new RegExp(`\\(version ${version}\\)`));
    const published = page.locator('table.runs-table tbody tr[data-mode="full"]', {
      has: page.locator('[data-label="Mode"]', { hasText: `of version ${version}` }),
    });
    const publishedRun = await until(
      async () => {
        const rows = await published.all();
        if (rows.length !== 1) return undefined;
        return (await rows[0]!.getAttribute('data-outcome')) === 'ok'
          ? Number(await rows[0]!.getAttribute('data-run-id'))
          : undefined;
      },
      RUN_MS,
      250,
    );
    await expectText(published.locator('[data-label="Outcome"]'), 'OK');
    await expectCount(published.locator('.badge-live'), 1);
    const builtBy = page
      .locator('.live-panel .index-facts > div')
      .filter({ has: page.locator('dt', { hasText: 'Built by' }) })
      .locator('dd');
    await expectText(builtBy, `Run #${publishedRun}, configuration version ${version}`);
    await review('96-flow-runs-after-publish');
    // Shoppers get the new facet from the rebuilt index.
    const listing = await shopperSearch(stack, { pageSize: '1' });
    expect(listing.facets.map((f) => f.key)).toContain('brand');

    // A reindex from the page: queued, followed, and OK; its index is the live one, of the same version.
    await page.getByRole('button', { name: 'Reindex now' }).click();
    const status = page.locator('p.status-line[role="status"]');
    await expectText(status, /^Full run queued\./);
    const ended = await until(
      async () => {
        const said = await text(status);
        return /^Run #\d+ \(full run\)/.test(said) ? said : undefined;
      },
      RUN_MS,
      250,
    );
    expect(ended).toMatch(/^Run #\d+ \(full run\) finished: OK, \d+ documents/);
    const reindexed = Number(/^Run #(\d+)/.exec(ended)![1]);
    expect(reindexed).toBeGreaterThan(publishedRun);
    const newest = page.locator('table.runs-table tbody tr').first();
    await expectAttribute(newest, 'data-run-id', String(reindexed));
    await expectCount(newest.locator('.badge-live'), 1);
    expect(await text(newest.locator('[data-label="Outcome"]'))).toBe('OK');
    expect(await text(newest.locator('[data-label="Mode"] .cell-note'))).toBe(`of version ${version}`);
    await expectText(builtBy, `Run #${reindexed}, configuration version ${version}`);
    await expectText(page.locator('.reindex-panel .idle-text'), 'No run in progress.');
    await review('97-flow-reindexed');
  });
});
