import type { Locator, Page } from 'playwright-core';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import { saveCollection } from '../../../../shared/storefront-config/drafts';
import type { SiteConfig } from '../../../../shared/storefront-config/schemas';
import { getSite, listSites } from '../../../../shared/storefront-config/site-store';
import { consoleSession, describeConsoleInBrowser, NARROW, TABLET } from '../../../support/admin-console-browser';
import { expectAttribute, expectCount, expectText, readable, text } from '../../../support/shop-page';

// The configuration page in Debian's Chromium against the real business-api: the draft's site settings, markets,
// facets and collections listed and edited, the API's validation errors beside their fields, removals asked first,
// and a read-only token's view without edit controls. The tests run in order on one stack (one draft).

// Each test signs in through the consent page and reviews pages with axe: slow on a shared 2-core machine.
jest.setTimeout(90_000);

describeConsoleInBrowser()('the configuration page', () => {
  const session = consoleSession();
  const { signIn, review } = session;

  const configurationUrl = (siteId: number) => `${session.stack.consoleUrl}/sites/${siteId}/configuration`;
  const section = (id: string) => session.page.locator(`section#${id}`);
  const editor = (id: string) => section(id).locator('form');
  const status = (id: string) => section(id).locator('.cfg-status');

  async function openConfiguration(siteId = session.stack.shop.outletSiteId): Promise<Page> {
    const { page } = session;
    await page.goto(configurationUrl(siteId));
    await expectText(page.locator('section#markets h2'), 'Markets');
    return page;
  }

  /** The error text forms.js put beside a control (its `<id>-error` paragraph). */
  async function errorBeside(control: Locator): Promise<string> {
    await expectAttribute(control, 'aria-invalid', 'true');
    return text(session.page.locator(`#${await control.getAttribute('id')}-error`));
  }

  /** The refusals a test provokes on purpose are taken off the page's problems (afterEach expects none left). */
  function expectRefused(status: number, path: RegExp, times = 1) {
    const refused = (p: string) => p.startsWith(`HTTP ${status}: `) && path.test(p);
    const logged = (p: string) =>
      p.startsWith(`console: Failed to load resource: the server responded with a status of ${status}`);
    expect(session.problems.filter(refused)).toHaveLength(times);
    session.problems.splice(0, session.problems.length, ...session.problems.filter((p) => !refused(p) && !logged(p)));
  }

  /** The draft as the admin API answers it, with this tab's token. */
  async function draftFromApi(siteId = session.stack.shop.outletSiteId): Promise<SiteConfig> {
    const token = JSON.parse(String(await session.page.evaluate("sessionStorage.getItem('aisle-admin:token')"))) as {
      accessToken: string;
    };
    const res = await fetch(`${session.stack.apiUrl}/api/v1/storefront/sites/${siteId}`, {
      headers: { Authorization: `Bearer ${token.accessToken}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { draft: SiteConfig }).draft;
  }

  const draftInDb = async () =>
    (await getSite(session.stack.t.db, session.stack.shop.tenantId, session.stack.shop.outletSiteId)).draft;

  it('lists the draft, and edits a market: an error beside its field, then saved in the draft', async () => {
    const { stack } = session;
    await signIn(stack.shop);
    const page = await openConfiguration();
    expect(await page.title()).toBe('Configuration · Nordic Outlet · Aisle admin');
    expect(await page.locator('.configuration h2').allTextContents()).toEqual([
      'Site settings',
      'Markets',
      'Facets',
      'Collections',
    ]);
    const se = section('markets').locator('tbody tr[data-name="se"]');
    expect(await text(se.locator('th'))).toBe('se Default');
    expect(await text(se.locator('[data-label="Currency"]'))).toBe('SEK');
    expect(await text(se.locator('[data-label="Shop address"]'))).toBe('https://outlet.example/se/{path}');
    expect(await text(section('facets').locator('.cfg-empty'))).toMatch(/^The draft has no facet/);
    await review('20-configuration-laptop');

    await se.getByRole('button', { name: 'Edit market se' }).click();
    await expectText(page.locator('h3:focus'), 'Edit the market se');
    const form = editor('markets');
    expect(await form.getByLabel('Market code').getAttribute('readonly')).toBe('');
    await form.getByLabel('Currency').fill('EUR');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    expect(await errorBeside(form.getByLabel('Currency'))).toMatch(/^price list \d+ is in SEK, not EUR$/);
    await expectText(page.locator(':focus'), 'The changes were not saved. Correct the fields marked below.');
    expectRefused(400, /\/markets\/se$/);
    await review('21-configuration-market-error');

    await form.getByLabel('Currency').fill('SEK');
    await form.getByLabel('Shop address').fill('https://outlet.example/sv-se/{path}');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await expectText(
      status('markets'),
      'Market “se” saved in the draft. It goes live when the draft is published: review and publish the draft.',
    );
    await expectCount(section('markets').locator('.cfg-status:focus'), 1);
    expect(await status('markets').getByRole('link').getAttribute('href')).toBe(
      `/sites/${stack.shop.outletSiteId}/publish`,
    );
    expect(await form.count()).toBe(0);
    expect(await text(se.locator('[data-label="Shop address"]'))).toBe('https://outlet.example/sv-se/{path}');
    expect((await draftFromApi()).markets).toEqual([
      expect.objectContaining({
        code: 'se',
        currency: 'SEK',
        urlTemplate: 'https://outlet.example/sv-se/{path}',
        isDefault: true,
      }),
    ]);
  });

  it('shows a facet saved with an error beside the field, then saves it correctly into the draft', async () => {
    await signIn(session.stack.shop);
    const page = await openConfiguration();
    await section('facets').getByRole('button', { name: 'Add a facet' }).click();
    await expectText(page.locator('h3:focus'), 'Add a facet');
    const form = editor('facets');
    await form.getByLabel('Facet key').fill('maker');
    await form.getByLabel('Values come from').selectOption('brand');
    await form.getByLabel('Type', { exact: true }).selectOption('range');
    // A range takes a unit and step and no match mode: the form shows what the chosen type takes.
    expect(await form.getByLabel('Unit (optional)').isVisible()).toBe(true);
    expect(await form.getByLabel('Several values chosen match').isVisible()).toBe(false);
    await form.getByLabel('Label per language').fill('en: Maker\nsv: Märke');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    expect(await errorBeside(form.getByLabel('Type', { exact: true }))).toBe(
      'a brand source can feed list facets, not range',
    );
    expect(await form.getByLabel('Facet key').getAttribute('aria-invalid')).toBeNull();
    expectRefused(400, /\/facets\/maker$/);
    await review('22-configuration-facet-error');

    await form.getByLabel('Type', { exact: true }).selectOption('list');
    expect(await form.getByLabel('Unit (optional)').isVisible()).toBe(false);
    await form.getByLabel('Searchable: a search box over the values').check();
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await expectText(status('facets'), /^Facet “maker” saved in the draft\./);
    const row = section('facets').locator('tbody tr[data-name="maker"]');
    expect((await row.locator('[data-label="Label"] li').allTextContents()).map(readable)).toEqual([
      'en Maker',
      'sv Märke',
    ]);
    expect(await text(row.locator('[data-label="Source"]'))).toBe('Brand');
    expect(await text(row.locator('[data-label="Type"]'))).toBe('List');
    expect(await text(row.locator('[data-label="Panel"]'))).toBe('20 values · match any · searchable');
    await review('23-configuration-facet-saved');

    const saved = {
      key: 'maker',
      definition: expect.objectContaining({
        source: { kind: 'brand' },
        type: 'list',
        range: null,
        searchable: true,
        label: { en: 'Maker', sv: 'Märke' },
      }),
    };
    expect((await draftFromApi()).facets).toEqual([saved]);
    expect((await draftInDb()).facets).toEqual([saved]);
    // Still there after a reload: the page reads the draft, not what it last sent.
    await openConfiguration();
    await expectCount(section('facets').locator('tbody tr'), 1);
  });

  it('adds a collection with errors beside two fields, then fixed; its strings stay text', async () => {
    await signIn(session.stack.shop);
    const page = await openConfiguration();
    await section('collections').getByRole('button', { name: 'Add a collection' }).click();
    const form = editor('collections');
    expect(await form.getByLabel('Filter').inputValue()).toBe('all:');
    await form.getByLabel('Address slug per language').fill('sv: rea');
    await form.getByLabel('Filter').fill('size: 42');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    expect(await errorBeside(form.getByLabel('Name per language'))).toBe('needs a name in at least one language');
    expect(await errorBeside(form.getByLabel('Filter'))).toBe('"size" is not a facet of this site');
    expectRefused(400, /\/collections$/);
    await review('24-configuration-collection-error');

    // A line the page cannot read is said beside its field before anything is sent.
    await form.getByLabel('Pinned products (optional)').fill('first 1042');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    expect(await errorBeside(form.getByLabel('Pinned products (optional)'))).toBe(
      'Line 1: write the position, a colon and the product id, such as 1: 1042.',
    );

    await form.getByLabel('Name per language').fill('sv: Rea <b>nu</b>');
    await form.getByLabel('Filter').fill('maker: acme, nordic');
    await form.getByLabel('Pinned products (optional)').fill('1: 3');
    await form.getByLabel('Hidden products (optional)').fill('5, 6');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await expectText(status('collections'), /^Collection “Rea <b>nu<\/b>” saved in the draft\./);
    const row = section('collections').locator('tbody tr').first();
    expect(await text(row.locator('th .cfg-name'))).toBe('Rea <b>nu</b>');
    expect(await text(row.locator('th .cfg-id'))).toBe('Id 1');
    expect(await text(row.locator('[data-label="Filter"]'))).toBe('maker: acme, nordic');
    expect(await text(row.locator('[data-label="Pins and hides"]'))).toBe('1 pinned · 2 hidden');
    expect(await section('collections').locator('b').count()).toBe(0);
    expect(await status('collections').locator('b').count()).toBe(0);
    expect((await draftFromApi()).collections).toEqual([
      {
        id: 1,
        names: { sv: 'Rea <b>nu</b>' },
        slugs: { sv: 'rea' },
        filter: { maker: ['acme', 'nordic'] },
        parentId: null,
        position: 0,
        pin: [{ productId: '3', position: 1 }],
        hide: ['5', '6'],
      },
    ]);
    expect(page.url()).toBe(configurationUrl(session.stack.shop.outletSiteId));
  });

  it('removes only after confirmation, and says why a removal is refused', async () => {
    const { stack } = session;
    // A child of the collection added above: removing its parent is refused until the child goes.
    await saveCollection(stack.t.db, stack.shop.tenantId, stack.shop.outletSiteId, {
      names: { sv: 'Skor' },
      slugs: { sv: 'skor' },
      filter: { all: [] },
      parentId: 1,
    });
    await signIn(stack.shop);
    const page = await openConfiguration();
    const rows = section('collections').locator('tbody tr');
    await expectCount(rows, 2);
    expect(await text(rows.nth(1).locator('[data-label="Parent"]'))).toBe('Rea <b>nu</b>');

    await rows.first().getByRole('button', { name: 'Remove collection Rea <b>nu</b>' }).click();
    const dialog = page.getByRole('dialog');
    await expectText(dialog.locator('h2'), 'Remove the collection “Rea <b>nu</b>”?');
    expect(await text(page.locator(':focus'))).toBe('Cancel');
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('dialog'), 0);
    expect(await text(page.locator(':focus'))).toBe('Remove collection Rea <b>nu</b>');
    await expectCount(rows, 2);

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Remove collection' }).click();
    await expectText(dialog.getByRole('alert').locator('p'), 'It was not removed: the draft still needs it.');
    expect(await text(dialog.getByRole('alert').locator('li'))).toBe(
      'Collection “Skor”, parent collection: collection 1 does not exist',
    );
    expectRefused(400, /\/collections\/1$/);
    await review('25-configuration-remove-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await rows.nth(1).getByRole('button', { name: 'Remove collection Skor' }).click();
    await dialog.getByRole('button', { name: 'Remove collection' }).click();
    await expectText(
      status('collections'),
      /^Collection “Skor” removed from the draft\. It goes live when the draft is published/,
    );
    await expectCount(rows, 1);
    expect((await draftFromApi()).collections.map((c) => c.id)).toEqual([1]);
    expect((await draftInDb()).collections.map((c) => c.id)).toEqual([1]);
  });

  it('is usable by keyboard: site settings edited and saved with keys only, Escape closes a form', async () => {
    const { stack } = session;
    await signIn(stack.shop);
    const page = await openConfiguration();
    await section('markets').getByRole('button', { name: 'Add a market' }).focus();
    await page.keyboard.press('Enter');
    await expectText(page.locator('h3:focus'), 'Add a market');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.getAttribute("data-path")')).toBe('code');
    await page.keyboard.press('Escape');
    expect(await editor('markets').count()).toBe(0);
    expect(await text(page.locator(':focus'))).toBe('Add a market');

    await section('site-settings').getByRole('button', { name: 'Edit site settings' }).focus();
    await page.keyboard.press('Enter');
    await expectText(page.locator('h3:focus'), 'Edit site settings');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.getAttribute("data-path")')).toBe('$.name');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Nordic <i>Outlet</i>');
    await page.keyboard.press('Enter'); // submits the form, as Enter in a text field does
    await expectText(status('site-settings'), /^The settings of “Nordic <i>Outlet<\/i>” are saved in the draft\./);
    await expectCount(section('site-settings').locator('.cfg-status:focus'), 1);
    // The site's heading follows the new name, as text.
    expect(await text(page.locator('h1'))).toBe('Nordic <i>Outlet</i> outlet');
    expect(await page.locator('main i').count()).toBe(0);
    expect(await page.title()).toBe('Configuration · Nordic <i>Outlet</i> · Aisle admin');
    // PUT replaces the site's fields: every field the draft had is still there.
    expect((await draftInDb()).site).toEqual({
      code: 'outlet',
      name: 'Nordic <i>Outlet</i>',
      ecomSiteId: 1,
      active: true,
      devOrigins: [],
      assortment: { categoryRootIds: [], excludeInactive: true },
      urlPatterns: { product: '/p/{slug}', collection: '/k/{path}' },
    });
    await review('27-configuration-site-saved');
    await page.setViewportSize(TABLET);
    await review('28-configuration-tablet');
    await page.setViewportSize(NARROW);
    await section('facets').getByRole('button', { name: 'Edit facet maker' }).click();
    await review('29-configuration-narrow-form');
  });

  it('shows a read-only token the draft without edit controls', async () => {
    const { stack } = session;
    const viewer = await createAppPassword(stack.t.db, {
      tenantCode: 'console-shop',
      email: 'viewer@shop.example',
      name: 'read-only console test',
      access: 'read-only',
      permissions: [],
    });
    await signIn({ clientId: viewer.password.clientId, clientSecret: viewer.clientSecret });
    const page = await openConfiguration();
    await expectText(page.locator('.cfg-read-only'), /^Your access is read-only/);
    await expectCount(section('facets').locator('tbody tr'), 1);
    expect(await page.locator('.configuration button').count()).toBe(0);
    expect(await page.locator('.configuration form').count()).toBe(0);
    expect(await page.locator('.configuration th', { hasText: 'Actions' }).count()).toBe(0);
    await review('26-configuration-read-only');

    // The draft-only site: no market yet, and its name (markup in configuration) as text.
    const spring = (await listSites(stack.t.db, stack.shop.tenantId)).find((s) => s.draft.site.code === 'spring');
    await openConfiguration(spring?.id);
    expect(await text(section('site-settings').locator('dd').first())).toBe('Spring <b>campaign</b>');
    expect(await page.locator('main b').count()).toBe(0);
    expect(await text(section('markets').locator('.cfg-empty'))).toMatch(/^The draft has no market yet/);
    expect(await text(page.locator('.cfg-intro p').first())).toMatch(/The site has never been published\.$/);
  });

  it("shows another tenant's site as not found", async () => {
    const { stack } = session;
    await signIn(stack.empty);
    const page = session.page;
    await page.goto(configurationUrl(stack.shop.outletSiteId));
    await expectText(page.locator('h1'), 'Site not found');
    expectRefused(404, new RegExp(`/storefront/sites/${stack.shop.outletSiteId}$`));
  });
});
