import { consoleSession, describeConsoleInBrowser, NARROW, TABLET } from '../../../support/admin-console-browser';
import {
  adminCall,
  commonWord,
  consoleToken,
  indexOutlet,
  shopperSearch,
  type ShopperCard,
} from '../../../support/admin-console-search';
import { expectCount, expectText, readable, text } from '../../../support/shop-page';

jest.setTimeout(120_000);

// The search preview page in Chromium: a query compared live against draft on a real (embedded) index of the outlet,
// then a query rule in the draft that pins, hides and so moves products, each marked in words; the note about a
// missing preview index, and the preview index once built.

describeConsoleInBrowser()('the search preview page', () => {
  const session = consoleSession();
  const { signIn, review } = session;
  let word: string;
  let live: ShopperCard[];
  let outsider: ShopperCard;

  const previewUrl = (query: string) =>
    `${session.stack.consoleUrl}/sites/${session.stack.shop.outletSiteId}/preview?q=${encodeURIComponent(query)}`;
  /** Each product of one side of the comparison: its name and its mark ('same' when unchanged). */
  const sideOf = async (side: 'Live' | 'Draft') => {
    const rows = session.page
      .locator('.preview-side', { has: session.page.locator('h4', { hasText: side }) })
      .locator('li');
    return Promise.all(
      (await rows.all()).map(async (row) => ({
        name: readable(await row.locator('.pv-result-name').evaluate((el) => el.firstChild?.textContent ?? '')),
        mark: await row.getAttribute('data-mark'),
        text: readable(await row.textContent()),
      })),
    );
  };

  let prepared: Promise<void> | null = null;
  /**
   * Signs in, and the first time indexes the outlet (with the signed-in tab's token) and picks a query that finds
   * several products, and a product it does not find.
   */
  const signInAndPrepare = async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    const token = await consoleToken(page);
    prepared ??= (async () => {
      await indexOutlet(stack, token);
      const all = (await shopperSearch(stack, { pageSize: '100' })).items;
      word = commonWord(all);
      live = (await shopperSearch(stack, { q: word, pageSize: '10' })).items;
      outsider = all.find((card) => !live.some((l) => l.id === card.id))!;
    })();
    await prepared;
    expect(live.length).toBeGreaterThanOrEqual(3);
    expect(outsider).toBeDefined();
    return token;
  };

  it('compares a query from the address: nothing changed yet, and no preview index, said so with a link to build one', async () => {
    const { page, stack } = session;
    await signInAndPrepare();
    await page.goto(previewUrl(word));
    await expectText(page.locator('.pv-summary'), 'No change: the draft shows the same products in the same order.');
    expect(await page.getByLabel('Search query').inputValue()).toBe(word);
    expect(await page.getByLabel('Market', { exact: true }).inputValue()).toBe('se');
    expect(await text(page.locator('.preview-query h3'))).toBe(`Results for “${word}”`);
    // Live and draft: the shopper's own top products, in the same order, none marked.
    const liveSide = await sideOf('Live');
    expect(liveSide.map((p) => p.name)).toEqual(live.map((p) => p.name));
    expect((await sideOf('Draft')).map((p) => [p.name, p.mark])).toEqual(live.map((p) => [p.name, 'same']));
    const note = page.locator('.pv-index-note');
    expect(await note.getAttribute('data-preview')).toBe('none');
    expect(await text(note)).toContain('No preview index is built: the draft is compared on the live index.');
    expect(await note.getByRole('link', { name: 'Index runs' }).getAttribute('href')).toBe(
      `/sites/${stack.shop.outletSiteId}/runs`,
    );
    await expectText(
      page.getByRole('status').filter({ hasText: 'Compared' }),
      `Compared “${word}” in market se: No change: the draft shows the same products in the same order.`,
    );
    await review('70-preview-no-change');
  });

  it('marks the products that entered, left and moved once a rule in the draft pins one and hides another', async () => {
    const { page, stack } = session;
    const token = await signInAndPrepare();
    const hidden = live[1];
    const { ruleId } = await adminCall<{ ruleId: number }>(
      stack,
      token,
      'POST',
      `/storefront/sites/${stack.shop.outletSiteId}/query-rules`,
      {
        query: word,
        pin: [{ productId: outsider.id, position: 1 }],
        hide: [hidden.id],
      },
    );
    try {
      await page.goto(`${stack.consoleUrl}/sites/${stack.shop.outletSiteId}/preview`);
      // By keyboard: the query typed, Enter compares; the address then holds the query and the market.
      await page.getByLabel('Search query').fill(word);
      await page.getByLabel('Search query').press('Enter');
      await expectText(page.locator('.pv-summary'), /^1 entered, 1 left, \d+ moved$/);
      expect(new URL(page.url()).search).toBe(`?q=${encodeURIComponent(word)}&market=se`);

      const draft = await sideOf('Draft');
      // The pinned product entered at the top; the one that was first moved down one place.
      expect(draft[0]).toMatchObject({ name: outsider.name, mark: 'entered' });
      expect(draft[0].text).toContain('Entered');
      expect(draft[1]).toMatchObject({ name: live[0].name, mark: 'down' });
      expect(draft[1].text).toContain('Moved down, was 1');
      expect(draft.some((p) => p.name === hidden.name)).toBe(false);
      const liveSide = await sideOf('Live');
      expect(liveSide[1]).toMatchObject({ name: hidden.name, mark: 'left' });
      expect(liveSide[1].text).toContain('Left');
      expect(liveSide[0].text).toContain('Moved to 2');
      await expectCount(page.locator('.pv-mark-entered'), 1);
      await review('70-preview-changes-laptop');
      await page.setViewportSize(TABLET);
      await review('70-preview-changes-tablet');
      await page.setViewportSize(NARROW);
      await review('70-preview-changes-narrow');
    } finally {
      await adminCall(stack, token, 'DELETE', `/storefront/sites/${stack.shop.outletSiteId}/query-rules/${ruleId}`);
    }
  });

  it('asks for a query before comparing, and says when a query finds nothing on either side', async () => {
    const { page, stack } = session;
    await signInAndPrepare();
    await page.goto(`${stack.consoleUrl}/sites/${stack.shop.outletSiteId}/preview`);
    await page.getByRole('button', { name: 'Compare' }).click();
    await expectText(page.locator('.field-error'), 'Type a query to compare.');
    expect(await page.getByLabel('Search query').getAttribute('aria-invalid')).toBe('true');
    await expectCount(page.locator('.preview-query'), 0);
    await page.getByLabel('Search query').fill('zqxjkvw');
    await page.getByRole('button', { name: 'Compare' }).click();
    await expectText(page.locator('.pv-summary'), 'No products found, live or with the draft.');
    await expectCount(page.locator('.pv-empty'), 2);
    expect(await page.getByLabel('Search query').getAttribute('aria-invalid')).toBeNull();
    await review('70-preview-nothing-found');
  });

  it('reads the preview index once one is built from the draft', async () => {
    const { page, stack } = session;
    await indexOutlet(stack, await signInAndPrepare(), 'preview');
    await page.goto(previewUrl(word));
    const note = page.locator('.pv-index-note');
    await expectText(note, /^The draft is searched on its preview index \S+\.preview\./);
    expect(await note.getAttribute('data-preview')).toBe('built');
    expect((await sideOf('Draft')).map((p) => p.name)).toEqual(live.map((p) => p.name));
    await review('70-preview-index-built');
  });
});
