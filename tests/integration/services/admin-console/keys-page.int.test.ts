import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import {
  consoleSession,
  describeConsoleInBrowser,
  LAPTOP,
  NARROW,
  TABLET,
} from '../../../support/admin-console-browser';
import { expectCount, expectText, text } from '../../../support/shop-page';
import { until } from '../../../support/until';

// The Keys page (issue 25, "a key created and revoked") in Chromium: a key is created with its raw value shown once
// (copied with the copy button, never shown again after a reload), starts answering the storefront API when the site
// is published, and is refused with 401 once revoked after a confirmation. A read-only session sees the list only.

describeConsoleInBrowser()('the keys page', () => {
  const session = consoleSession();
  const { signIn, review } = session;
  const sitePage = (section: string) =>
    `${session.stack.consoleUrl}/sites/${session.stack.shop.outletSiteId}/${section}`;
  /** A storefront call as a shop's browser code makes it: the key in X-Site-Key (the storefront spec). */
  const storefront = (key: string) =>
    fetch(`${session.stack.storefrontUrl}/v1/site`, { headers: { 'X-Site-Key': key } });
  const statusOf = async (key: string) => (await storefront(key)).status;

  it('creates a key shown once with a copy button, makes it answer by publishing, and revokes it', async () => {
    const { page, stack } = session;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.consoleUrl });
    await signIn(stack.shop);
    await page.goto(sitePage('keys'));
    const rows = page.locator('table.keys tbody tr');
    await expectCount(rows, 1);
    const seeded = rows.filter({ hasText: 'console test shop' });
    expect(await text(seeded.locator('.key-state .badge'))).toBe('Working');
    expect(await text(seeded.locator('.key-state-detail'))).toBe('Live since version 1');
    expect(await text(seeded.locator('.key-hint'))).toBe(`${stack.shop.outletKey.slice(0, 12)}…`);
    await review('50-keys-list');

    await page.getByLabel('Kind').selectOption('publishable');
    await page.getByLabel('Name').fill('Checkout <i>widget</i>');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expectText(page.locator('.new-key h2'), 'New key: Checkout <i>widget</i>');
    const raw = await page.locator('#new-key-value').inputValue();
    expect(raw).toMatch(/^sfk_pub_[A-Za-z0-9_-]{43}$/);
    expect(await text(page.locator('.new-key-warning strong'))).toBe('Copy this key now: it will not be shown again.');
    expect(await page.locator('.new-key i').count()).toBe(0); // the label is text, never markup
    // The new panel has the focus, so a screen reader reads the warning first.
    expect(await page.evaluate('document.activeElement?.className')).toBe('new-key');
    await page.getByRole('button', { name: 'Copy key' }).click();
    await expectText(page.locator('.copy-status'), 'Copied to the clipboard.');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(raw);
    await expectCount(rows, 2);
    const created = rows.filter({ hasText: 'Checkout <i>widget</i>' });
    expect(await text(created.locator('.key-state .badge'))).toBe('Not working yet');
    expect(await text(created.locator('.key-state-detail'))).toBe('Starts working with the next publish');
    expect(await text(created.locator('.key-hint'))).toBe(`${raw.slice(0, 12)}…`);
    expect(await text(rows.first().locator('th'))).toBe('Checkout <i>widget</i>'); // newest first
    await review('51-keys-created');
    // Inert until a published version contains it.
    expect(await statusOf(raw)).toBe(401);

    // Never shown again: a reload lists the key by its first characters only.
    await page.reload();
    await expectCount(rows, 2);
    expect(await page.locator('.new-key').count()).toBe(0);
    expect(await page.content()).not.toContain(raw);
    await review('52-keys-after-reload');

    // Publishing (the Publish tab) names the key it makes live; the key then answers the storefront API.
    await page.locator('.site-nav').getByRole('link', { name: 'Publish' }).click();
    await expectText(page.locator('.diff-keys li'), `Checkout <i>widget</i> · publishable key ${raw.slice(0, 12)}…`);
    await page.getByLabel('Note for the version history').fill('A key for the checkout widget');
    await page.getByRole('button', { name: 'Publish version 2' }).click();
    await expectText(page.locator('.published-panel h3'), 'Version 2 is published');
    expect(await text(page.locator('.published-panel p').nth(1))).toBe(
      'The storefront serves version 2 within about a second. The new key works from now on.',
    );
    await until(async () => ((await statusOf(raw)) === 200 ? true : undefined), 60_000, 250);
    const site = (await (await storefront(raw)).json()) as { site: { code: string }; configVersion: number };
    expect([site.site.code, site.configVersion]).toEqual(['outlet', 2]);

    await page.locator('.site-nav').getByRole('link', { name: 'Keys' }).click();
    await expectText(created.locator('.key-state-detail'), 'Live since version 2');
    expect(await text(created.locator('.key-state .badge'))).toBe('Working');

    // Revoking asks first; Escape cancels and gives the focus back to the button.
    const revokeButton = created.getByRole('button', { name: 'Revoke Checkout <i>widget</i>' });
    await revokeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “Checkout <i>widget</i>”?' });
    await expectCount(dialog, 1);
    await review('53-keys-revoke-confirm');
    await page.keyboard.press('Escape');
    await expectCount(dialog, 0);
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe(
      'Revoke Checkout <i>widget</i>',
    );
    expect(await statusOf(raw)).toBe(200);

    await revokeButton.click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expectCount(dialog, 0);
    await expectText(created.locator('.key-state .badge'), 'Revoked');
    expect(await text(created.locator('.key-state-detail'))).toMatch(/^Revoked (now|\d+ seconds? ago)$/);
    expect(await created.getByRole('button').count()).toBe(0);
    await expectText(
      page.locator('.keys-table-part .status-line'),
      '“Checkout <i>widget</i>” is revoked: storefronts using it are refused from now on.',
    );
    await review('54-keys-revoked');
    // Refused at once (no publish needed); the other key still answers.
    await until(async () => ((await statusOf(raw)) === 401 ? true : undefined), 10_000, 200);
    expect(await statusOf(stack.shop.outletKey)).toBe(200);

    await page.setViewportSize(TABLET);
    await review('55-keys-tablet');
    await page.setViewportSize(NARROW);
    await review('56-keys-narrow');
    await page.setViewportSize(LAPTOP);
  }, 180_000);

  it('hides the new key when asked, and says why when the browser refuses the clipboard', async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    await page.goto(sitePage('keys'));
    // A browser that refuses the clipboard (a policy, an old browser): the key is selected for Ctrl+C instead.
    await page.evaluate(
      "navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'))",
    );
    await page.getByLabel('Kind').selectOption('secret');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expectText(page.locator('.new-key h2'), 'New key: secret');
    const raw = await page.locator('#new-key-value').inputValue();
    expect(raw).toMatch(/^sfk_sec_/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await expectText(
      page.locator('.copy-status'),
      'The browser did not allow copying: the key is selected, press Ctrl+C (or ⌘C) to copy it.',
    );
    expect(
      await page.evaluate(
        '[document.activeElement?.id, window.getSelection()?.toString() || document.activeElement?.value.slice(document.activeElement.selectionStart, document.activeElement.selectionEnd)]',
      ),
    ).toEqual(['new-key-value', raw]);
    await page.getByRole('button', { name: 'I have copied it: hide the key' }).click();
    expect(await page.locator('.new-key').count()).toBe(0);
    expect(await page.content()).not.toContain(raw);
    await expectText(page.locator('.keys-table-part .status-line'), 'The new key is hidden; it is not shown again.');
  });

  it('shows a read-only session the keys without creating or revoking', async () => {
    const { page, stack } = session;
    const viewer = await createAppPassword(stack.t.db, {
      tenantCode: 'console-shop',
      email: 'keys-viewer@shop.example',
      name: 'keys viewer',
      access: 'read-only',
      permissions: [],
    });
    await signIn({ clientId: viewer.password.clientId, clientSecret: viewer.clientSecret });
    await page.goto(sitePage('keys'));
    await expectCount(page.locator('table.keys tbody tr'), 3);
    expect(await page.getByRole('button', { name: /^(Create key|Revoke)/ }).count()).toBe(0);
    expect(await page.getByLabel('Kind').count()).toBe(0);
    expect(await text(page.locator('.keys-create-part .notice'))).toBe(
      'Creating and revoking keys needs read-write access: this session is read-only.',
    );
    await review('57-keys-read-only');
  });
});
