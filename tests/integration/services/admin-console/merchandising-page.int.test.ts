import type { Page } from 'playwright-core';
import {
  consoleSession,
  describeConsoleInBrowser,
  NARROW,
  TABLET,
  type ConsoleSession,
} from '../../../support/admin-console-browser';
import { expectAttribute, expectCount, expectText, text } from '../../../support/shop-page';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import { saveQueryRule, saveSynonyms } from '../../../../shared/storefront-config/drafts';
import { getSite, writeDraft } from '../../../../shared/storefront-config/site-store';

// The merchandising page in Chromium against business-api: a synonym set edited and saved (an API error shown beside
// the entry it names), the analytics page's shortcuts (?synonym=, ?rule=), a query rule created, edited and removed,
// the read-only view, keyboard use, and configuration text shown as text. What was saved is read from the draft.

type Product = { id: number; name: string; number: string };

describeConsoleInBrowser()('the merchandising page', () => {
  const session = consoleSession();
  const { signIn, review } = session;
  const draft = async () =>
    (await getSite(session.stack.t.db, session.stack.shop.tenantId, session.stack.shop.outletSiteId)).draft;
  const pageUrl = (query = '') =>
    `${session.stack.consoleUrl}/sites/${session.stack.shop.outletSiteId}/merchandising${query}`;
  const focused = (page: Page) =>
    page.evaluate(
      'document.activeElement?.getAttribute("aria-label") || document.activeElement?.labels?.[0]?.textContent || document.activeElement?.textContent',
    );
  const synonymNote = (page: Page) => page.locator('[aria-labelledby="synonyms-title"] .save-status p').first();
  const ruleNote = (page: Page) => page.locator('[aria-labelledby="rules-title"] .save-status p').first();
  let products: Product[];

  /** The page's problems, less the refused saves the test made on purpose (each a 400 and Chromium's console line for it). */
  const expectRefusedSaves = (s: ConsoleSession, path: RegExp, times: number) => {
    const refused = s.problems.filter(
      (p) => (p.startsWith('HTTP 400: ') && path.test(p)) || p.includes('status of 400'),
    );
    expect(refused).toHaveLength(times * 2);
    s.problems.splice(0, s.problems.length, ...s.problems.filter((p) => !refused.includes(p)));
  };

  beforeAll(async () => {
    const { t, shop } = session.stack;
    const rows: { id: number; name: string; product_number: string }[] = await t
      .db('products')
      .where({ tenant_id: shop.tenantId, is_active: true })
      .orderBy('id')
      .limit(3)
      .select('id', 'name', 'product_number');
    products = rows.map((r) => ({ id: r.id, name: r.name, number: r.product_number }));
  });

  beforeEach(async () => {
    const { t, shop } = session.stack;
    const current = await draft();
    await writeDraft(t.db, shop.tenantId, shop.outletSiteId, { ...current, queryRules: [], synonyms: {} });
  });

  it('saves a synonym set: an error from the API beside the entry it names, then fixed, edited and an entry removed', async () => {
    const { page } = session;
    await signIn(session.stack.shop);
    await page.goto(pageUrl());
    await expectText(page.locator('#synonyms-title'), 'Synonyms');
    expect(await text(page.locator('.language-choice'))).toBe('Language: Swedish (sv)');
    await expectText(page.locator('.synonym-set .empty-set'), 'No synonyms for Swedish (sv) yet.');
    await expectText(page.locator('.rules-list .empty-set'), 'No query rules yet.');
    await review('30-merchandising-empty');

    await page.getByRole('button', { name: 'Add an entry' }).click();
    await page
      .getByLabel('Entry 1: words and phrases with the same meaning, separated by commas')
      .fill('sneaker, trainer, running shoe');
    await page.getByRole('button', { name: 'Add an entry' }).click();
    // New entries come first: the one just added is entry 1.
    await page.getByLabel('Entry 1: kind').selectOption({ label: 'One way' });
    await page.getByLabel('Search for (entry 1)').fill('laptop');
    await page.getByLabel('also finds (entry 1), separated by commas').fill('notebook, !!!');
    await expectText(page.locator('.dirty-flag'), 'Unsaved changes');
    await page.getByRole('button', { name: 'Save Swedish (sv) synonyms' }).click();

    await expectText(page.getByRole('alert'), 'The changes were not saved. Correct the fields marked below.');
    const rows = page.locator('table.synonyms tbody tr');
    await expectText(rows.nth(0).locator('.field-error:not([hidden])'), '“!!!”: needs at least one letter or digit');
    await expectAttribute(page.getByLabel('also finds (entry 1), separated by commas'), 'aria-invalid', 'true');
    expect(await rows.nth(1).locator('.field-error:not([hidden])').count()).toBe(0);
    expect((await draft()).synonyms).toEqual({});
    expectRefusedSaves(session, /\/synonyms\/sv$/, 1);
    await review('31-merchandising-synonym-error');

    await page.getByLabel('also finds (entry 1), separated by commas').fill('notebook, ultrabook');
    await page.getByRole('button', { name: 'Save Swedish (sv) synonyms' }).click();
    const saved = page.locator('[aria-labelledby="synonyms-title"] .saved-note');
    await expectText(synonymNote(page), 'Saved the Swedish (sv) synonyms: 2 entries.');
    expect(await saved.getByRole('link', { name: 'Preview' }).getAttribute('href')).toBe(
      `/sites/${session.stack.shop.outletSiteId}/preview`,
    );
    expect(await saved.getByRole('link', { name: 'Publish' }).getAttribute('href')).toBe(
      `/sites/${session.stack.shop.outletSiteId}/publish`,
    );
    expect(await page.locator('.field-error:not([hidden])').count()).toBe(0);
    expect(await text(page.locator('.dirty-flag'))).toBe('');
    expect((await draft()).synonyms).toEqual({
      sv: [{ from: 'laptop', to: ['notebook', 'ultrabook'] }, { terms: ['sneaker', 'trainer', 'running shoe'] }],
    });
    await review('32-merchandising-synonyms-saved');

    // Edit one entry, turn the other into a one-way entry, then remove the first: the set saved is what the table shows.
    await page
      .getByLabel('Entry 2: words and phrases with the same meaning, separated by commas')
      .fill('sneaker, trainer');
    await page.getByLabel('Entry 2: kind').selectOption({ label: 'One way' });
    expect(await page.getByLabel('Search for (entry 2)').inputValue()).toBe('sneaker');
    expect(await page.getByLabel('also finds (entry 2), separated by commas').inputValue()).toBe('trainer');
    await page.getByRole('button', { name: 'Remove entry 1' }).click();
    await expectCount(rows, 1);
    expect(await focused(page)).toBe('Remove entry 1');
    await page.getByRole('button', { name: 'Save Swedish (sv) synonyms' }).click();
    await expectText(synonymNote(page), 'Saved the Swedish (sv) synonyms: 1 entry.');
    expect((await draft()).synonyms).toEqual({ sv: [{ from: 'sneaker', to: ['trainer'] }] });
  });

  it("opens a new entry from the ?synonym= shortcut, in the default market's language or the one asked for, and saves it", async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    await page.goto(pageUrl('?synonym=sneekers'));
    await expectText(page.locator('.synonym-set tbody tr').first().locator('.entry-number'), '1');
    expect(await page.getByLabel('Entry 1: kind').inputValue()).toBe('oneway');
    expect(await page.getByLabel('Search for (entry 1)').inputValue()).toBe('sneekers');
    // The shortcut leaves the address, so a reload does not add the entry twice; the focus waits where the words go.
    expect(page.url()).toBe(pageUrl());
    expect(await focused(page)).toBe('also finds (entry 1), separated by commas');
    await expectText(
      synonymNote(page),
      'New entry for “sneekers” at the top of the list: type the words a search for it should also find, then save.',
    );
    await review('33-merchandising-synonym-shortcut');
    await page.keyboard.type('sneakers, trainers');
    await page.keyboard.press('Enter');
    await expectText(synonymNote(page), 'Saved the Swedish (sv) synonyms: 1 entry.');
    expect((await draft()).synonyms).toEqual({ sv: [{ from: 'sneekers', to: ['sneakers', 'trainers'] }] });

    // A language no market uses is offered beside the market's, and the entry lands in its set.
    await page.goto(pageUrl('?synonym=jakke&language=en'));
    await expectCount(page.getByLabel('Search for (entry 1)'), 1);
    expect(await page.getByLabel('Language').inputValue()).toBe('en');
    expect(await page.locator('#synonyms-title ~ .language-choice option').allTextContents()).toEqual([
      'Swedish (sv)',
      'English (en), no market uses it, unsaved changes',
    ]);
    await page.getByLabel('also finds (entry 1), separated by commas').fill('jacket');
    await page.getByRole('button', { name: 'Save English (en) synonyms' }).click();
    await expectText(synonymNote(page), 'Saved the English (en) synonyms: 1 entry.');
    expect((await draft()).synonyms).toEqual({
      sv: [{ from: 'sneekers', to: ['sneakers', 'trainers'] }],
      en: [{ from: 'jakke', to: ['jacket'] }],
    });
    // The Swedish set is one choice away, as saved.
    await page.getByLabel('Language').selectOption('sv');
    const swedish = page.locator('.synonym-set[data-language="sv"]:not([hidden])');
    await expectCount(swedish.getByLabel('Search for (entry 1)'), 1);
    expect(await swedish.getByLabel('Search for (entry 1)').inputValue()).toBe('sneekers');
  });

  it('creates a query rule with a pin and a hide (a refused date shown beside it), edits it and removes it', async () => {
    const { page, stack } = session;
    const [pinned, hidden] = products as [Product, Product];
    await signIn(stack.shop);
    await page.goto(pageUrl());
    await page.getByRole('button', { name: 'Add a query rule' }).click();
    await expectText(page.locator('.rule-editor h3'), 'New query rule');
    expect(await focused(page)).toMatch(/^Search words/);
    await page.getByLabel('Search words').fill('trainers');
    await page.getByLabel('Find a product to pin').fill(pinned.number);
    await page.getByLabel('Find a product to pin').press('Enter');
    await page
      .getByRole('button', { name: `Pin ${pinned.name}` })
      .first()
      .click();
    await page.getByLabel(`Place of ${pinned.name} (${pinned.number})`).fill('2');
    await page.getByLabel('Find a product to hide').fill(hidden.number);
    await page.getByRole('button', { name: 'Find' }).nth(1).click();
    await page
      .getByRole('button', { name: `Hide ${hidden.name}` })
      .first()
      .click();
    await page.getByLabel('Starts').fill('2030-12-05T10:00');
    await page.getByLabel('Ends').fill('2030-12-01T10:00');
    await page.getByRole('button', { name: 'Create the rule' }).click();
    await expectText(
      page.locator('.rule-form .form-errors p'),
      'The changes were not saved. Correct the fields marked below.',
    );
    await expectText(
      page.getByLabel('Ends').locator('xpath=following-sibling::p[contains(@class, "field-error")]'),
      'must be after the start.',
    );
    expect((await draft()).queryRules).toEqual([]);
    expectRefusedSaves(session, /\/query-rules$/, 1);
    await review('34-merchandising-rule-form');

    await page.getByLabel('Starts').fill('');
    await page.getByLabel('Ends').fill('');
    await page.getByRole('button', { name: 'Create the rule' }).click();
    await expectText(ruleNote(page), 'Created the rule for “trainers”.');
    const row = page.locator('table.rules tbody tr');
    await expectCount(row, 1);
    expect(await text(row.locator('th'))).toBe('trainers Exactly this search');
    expect(await text(row.locator('[data-label="Markets"]'))).toBe('All markets');
    expect(await text(row.locator('[data-label="When"]'))).toBe('Always');
    expect(await row.locator('.rule-actions li').allTextContents()).toEqual([
      `Pins 1 product: ${pinned.name} (${pinned.number}) at place 2`,
      `Hides 1 product: ${hidden.name} (${hidden.number})`,
    ]);
    expect(await focused(page)).toBe('Edit the rule for trainers');
    const [created] = (await draft()).queryRules;
    expect(created).toMatchObject({
      query: 'trainers',
      match: 'exact',
      markets: [],
      pin: [{ productId: String(pinned.id), position: 2 }],
      hide: [String(hidden.id)],
      boost: null,
      target: null,
    });
    await review('35-merchandising-rules');

    // Edit: words anywhere in the search, one market, a week, and in-stock products first.
    await page.getByRole('button', { name: 'Edit the rule for trainers' }).click();
    await expectText(page.locator('.rule-editor h3'), 'Edit the rule for “trainers”');
    expect(await page.getByLabel('Search words').inputValue()).toBe('trainers');
    expect(await page.getByLabel(`Place of ${pinned.name} (${pinned.number})`).inputValue()).toBe('2');
    await page.getByLabel('Applies to').selectOption('contains');
    await page.getByLabel(/^se /).check();
    await page.getByLabel('Starts').fill('2030-12-01T00:00');
    await page.getByLabel('Ends').fill('2030-12-08T00:00');
    await page.getByRole('button', { name: 'Add a facet to show first' }).click();
    await page.getByLabel('Facet (show first)').fill('in-stock');
    await page.getByLabel('Values (show first)').fill('true');
    await page.getByRole('button', { name: 'Save the rule' }).click();
    await expectText(ruleNote(page), 'Saved the rule for “trainers”.');
    expect(await text(row.locator('[data-label="Markets"]'))).toBe('se');
    expect(await text(row.locator('[data-label="When"] .badge'))).toBe('Not started');
    expect(await row.locator('.rule-actions li').nth(2).textContent()).toBe('Shows first: In stock: true');
    const [edited] = (await draft()).queryRules;
    expect(edited).toMatchObject({
      id: created?.id,
      match: 'contains',
      markets: ['se'],
      boost: { 'in-stock': ['true'] },
      pin: [{ productId: String(pinned.id), position: 2 }],
      hide: [String(hidden.id)],
    });
    expect([edited?.activeFrom, edited?.activeUntil].map((iso) => new Date(iso ?? 0).getTime())).toEqual([
      new Date('2030-12-01T00:00').getTime(),
      new Date('2030-12-08T00:00').getTime(),
    ]);

    // Removal asks once more, in the row; Keep keeps it.
    await page.getByRole('button', { name: 'Remove the rule for trainers', exact: true }).click();
    expect(await focused(page)).toBe('Keep the rule for trainers');
    await page.keyboard.press('Enter');
    await expectCount(row, 1);
    await page.getByRole('button', { name: 'Remove the rule for trainers', exact: true }).click();
    await page.getByRole('button', { name: 'Remove the rule for trainers now' }).click();
    await expectText(ruleNote(page), 'Removed the rule for “trainers”.');
    await expectText(page.locator('.rules-list .empty-set'), 'No query rules yet.');
    expect((await draft()).queryRules).toEqual([]);
  });

  it('opens a new rule from the ?rule= shortcut, matching the whole search, and creates it with a redirect', async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    await page.goto(pageUrl('?rule=gift card'));
    await expectText(page.locator('.rule-editor h3'), 'New query rule');
    expect(await page.getByLabel('Search words').inputValue()).toBe('gift card');
    expect(await page.getByLabel('Applies to').inputValue()).toBe('exact');
    expect(page.url()).toBe(pageUrl());
    await page.getByLabel('Redirect').selectOption('url');
    await page.getByLabel('Web address').fill('https://outlet.example/se/gift-cards');
    await page.getByRole('button', { name: 'Create the rule' }).click();
    await expectText(ruleNote(page), 'Created the rule for “gift card”.');
    expect((await draft()).queryRules).toMatchObject([
      {
        query: 'gift card',
        match: 'exact',
        target: { kind: 'url', url: 'https://outlet.example/se/gift-cards' },
        pin: [],
        hide: [],
      },
    ]);
  });

  it('shows a read-only token everything without edit controls, and configuration text as text', async () => {
    const { page, stack } = session;
    const { t, shop } = stack;
    await saveSynonyms(t.db, shop.tenantId, shop.outletSiteId, 'sv', [
      { terms: ['<b>fet</b>', 'tjock'] },
      { from: 'laptop', to: ['<img src=x>'] },
    ]);
    await saveQueryRule(t.db, shop.tenantId, shop.outletSiteId, {
      query: '<i>rea</i>',
      filter: { brand: ['<u>acme</u>'] },
    });
    const viewer = await createAppPassword(t.db, {
      tenantCode: 'console-shop',
      email: 'viewer@shop.example',
      name: 'merchandising viewer',
      access: 'read-only',
      permissions: [],
    });
    await signIn({ clientId: viewer.password.clientId, clientSecret: viewer.clientSecret });
    await page.goto(pageUrl('?synonym=sneekers'));
    await expectText(
      page.locator('.merch > .notice-info'),
      'You have read-only access: you can see the synonyms and rules, not change them.',
    );
    await expectText(
      page.getByRole('alert'),
      'Adding a synonym or a rule needs read-write access; sign in with a read-write app password.',
    );
    const entries = page.locator('table.synonyms tbody tr');
    await expectCount(entries, 2);
    expect(await entries.nth(0).locator('.term').allTextContents()).toEqual(['<b>fet</b>', 'tjock']);
    expect(await entries.nth(1).locator('.term').allTextContents()).toEqual(['laptop', '<img src=x>']);
    expect(await text(entries.nth(1).locator('.visually-hidden'))).toBe('also finds');
    expect(await text(page.locator('table.rules tbody th .rule-query'))).toBe('<i>rea</i>');
    expect(await text(page.locator('table.rules .rule-actions'))).toBe('Filters: brand: <u>acme</u>');
    expect(await page.locator('.merch b, .merch img, .merch i, .merch u').count()).toBe(0);
    expect(await page.locator('.merch input, .merch select, .merch textarea, .merch button').count()).toBe(0);
    await review('36-merchandising-read-only');
  });

  it('is usable by keyboard: an entry added, saved and removed, a rule created with a pinned product', async () => {
    const { page, stack } = session;
    const [pinned] = products as [Product];
    await signIn(stack.shop);
    await page.goto(pageUrl());
    await page.getByRole('button', { name: 'Add an entry' }).focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('Entry 1: words and phrases with the same meaning, separated by commas');
    await page.keyboard.type('mössa, keps');
    await page.keyboard.press('Enter');
    await expectText(synonymNote(page), 'Saved the Swedish (sv) synonyms: 1 entry.');
    // The row typed in was redrawn as saved: the focus waits on the save button, not lost to the page.
    expect(await focused(page)).toBe('Save Swedish (sv) synonyms');
    expect((await draft()).synonyms).toEqual({ sv: [{ terms: ['mössa', 'keps'] }] });
    await page.getByRole('button', { name: 'Remove entry 1' }).focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('Add an entry');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Save Swedish (sv) synonyms');
    await page.keyboard.press('Enter');
    await expectText(synonymNote(page), 'Saved the Swedish (sv) synonyms: 0 entries.');
    expect((await draft()).synonyms).toEqual({});

    await page.getByRole('button', { name: 'Add a query rule' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('keps');
    await page.getByLabel('Find a product to pin').focus();
    await page.keyboard.type(pinned.number);
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: `Pin ${pinned.name}` })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe(`Place of ${pinned.name} (${pinned.number})`);
    await page.keyboard.press('Enter');
    await expectText(ruleNote(page), 'Created the rule for “keps”.');
    expect((await draft()).queryRules).toMatchObject([
      { query: 'keps', pin: [{ productId: String(pinned.id), position: 1 }] },
    ]);
  });

  it('reads well on a tablet and a narrow window, with the rule form open', async () => {
    const { page, stack } = session;
    const { t, shop } = stack;
    const more = [
      'jacka, rock',
      'byxor, brallor',
      'mössa, keps',
      'väska, bag',
      'tröja, sweater',
      'skjorta, blus',
      'strumpor, sockor',
    ].map((words) => ({ terms: words.split(', ') }));
    await saveSynonyms(t.db, shop.tenantId, shop.outletSiteId, 'sv', [
      { terms: ['sneaker', 'trainer', 'löparsko'] },
      { from: 'laptop', to: ['bärbar dator', 'notebook'] },
      ...more,
    ]);
    await saveQueryRule(t.db, shop.tenantId, shop.outletSiteId, {
      query: 'rea',
      match: 'contains',
      markets: ['se'],
      activeFrom: '2030-11-27T00:00:00Z',
      activeUntil: '2030-11-30T00:00:00Z',
      hide: [String(products[0]?.id), '99999999'],
      boost: { brand: ['acme'] },
    });
    await signIn(shop);
    await page.setViewportSize(TABLET);
    await page.goto(pageUrl());
    await expectCount(page.locator('table.synonyms tbody tr'), 9);
    // The rule names its products from the catalogue (the configuration keeps their ids), and says which id names none.
    const [shown] = products as [Product];
    await expectText(
      page.locator('table.rules .rule-actions li').first(),
      `Hides 2 products: ${shown.name} (${shown.number}), Product id 99999999 (not in the catalogue)`,
    );
    await review('37-merchandising-tablet');
    await page.setViewportSize(NARROW);
    // A set of more than 8 entries can be narrowed to the entries with a word containing some text.
    await page.getByLabel('Find an entry').fill('LÖPAR');
    await expectText(page.locator('.find-count'), 'Showing 1 of 9 entries.');
    await expectCount(page.locator('table.synonyms tbody tr:not([hidden])'), 1);
    await review('38-merchandising-narrow');
    await page.getByLabel('Find an entry').fill('');
    await expectCount(page.locator('table.synonyms tbody tr:not([hidden])'), 9);
    await page.getByRole('button', { name: 'Edit the rule for rea' }).click();
    await expectText(page.locator('.rule-editor h3'), 'Edit the rule for “rea”');
    await review('39-merchandising-rule-form-narrow');
  });
});
