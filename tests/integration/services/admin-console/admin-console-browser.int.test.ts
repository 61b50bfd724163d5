import { ADMIN_SCREENSHOT_DIR, screenshot } from '../../../support/browser';
import { consoleSession, describeConsoleInBrowser, NARROW, TABLET } from '../../../support/admin-console-browser';
import { expectCount, expectText, text } from '../../../support/shop-page';

// The admin console in Debian's Chromium, against the real identity provider (its consent page) and business-api
// on loopback ports: signing in with an app password, the overview of the tenant's sites, and signing out.

describeConsoleInBrowser()('the admin console in a browser', () => {
  const session = consoleSession();
  const { signIn, review } = session;
  const storage = () => session.page.evaluate('({ session: Object.keys(sessionStorage), local: localStorage.length })');

  it('signs in through the consent page with an app password and lists the sites, on a laptop and a tablet', async () => {
    const { page, stack } = session;
    await page.goto(stack.consoleUrl);
    await expectText(page.locator('h1'), 'Sign in to the shop admin');
    await review('01-sign-in');
    await page.getByRole('button', { name: 'Sign in with an app password' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stack.identityUrl}/oauth/authorize?`));
    const authorize = new URL(page.url()).searchParams;
    expect([authorize.get('code_challenge_method'), authorize.get('redirect_uri')]).toEqual([
      'S256',
      `${stack.consoleUrl}/callback`,
    ]);
    await screenshot(page, '02-consent', ADMIN_SCREENSHOT_DIR);

    await page.getByLabel('App password client ID').fill(stack.shop.clientId);
    await page.getByLabel('App password secret').fill(stack.shop.clientSecret);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${stack.consoleUrl}/`);
    await expectText(page.locator('h1'), 'Sites');
    const rows = page.locator('table.sites tbody tr');
    await expectCount(rows, 2);
    const outlet = rows.filter({ hasText: 'Nordic Outlet' });
    expect(await text(outlet.locator('[data-label="Live version"]'))).toBe('Version 1');
    expect(await text(outlet.locator('[data-label="Health"]'))).toBe('OK');
    // The seeded run history is made up: no index was built, so none is live (admin-flows builds one and sees its size).
    expect(await text(outlet.locator('[data-label="Index size"]'))).toBe('No live index');
    expect(await text(outlet.locator('.run-head'))).toBe('OK Delta run');
    expect(await text(outlet.locator('.run-age'))).toMatch(/^Finished (now|\d+ seconds? ago)$/);
    expect(await text(outlet.locator('.run-detail'))).toBe('2 documents · 2 warnings'); // non-breaking spaces read as spaces
    expect(await text(outlet.locator('[data-label="Markets"]'))).toBe('se');
    // A name from configuration is text, never markup.
    const spring = rows.filter({ hasText: 'Spring <b>campaign</b>' });
    expect(await spring.locator('b').count()).toBe(0);
    expect(await text(spring.locator('[data-label="Live version"]'))).toBe('Not published');
    expect(await text(spring.locator('[data-label="Health"]'))).toBe('Never indexed');
    expect(await text(spring.locator('[data-label="Index size"]'))).toBe('No live index');
    expect(await text(spring.locator('[data-label="Last run"]'))).toBe('No run yet');
    expect(await text(page.locator('.access'))).toBe('Read-write access');
    // The code left the address bar; the token is in this tab's session storage only.
    expect(page.url()).toBe(`${stack.consoleUrl}/`);
    expect(await storage()).toEqual({ session: ['aisle-admin:token'], local: 0 });
    await review('03-overview-laptop');
    await page.setViewportSize(TABLET);
    await review('04-overview-tablet');
    await page.setViewportSize(NARROW);
    await review('05-overview-narrow');
  });

  it('is usable by keyboard: skip link, refresh and sign-out, which forgets the token', async () => {
    const { page, stack } = session;
    await signIn(stack.shop);
    await expectCount(page.locator('table.sites tbody tr'), 2);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(page.url()).toBe(`${stack.consoleUrl}/#main`);
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.focus();
    await page.keyboard.press('Enter');
    await expectCount(page.locator('table.sites tbody tr'), 2);
    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    await expectText(page.locator('h1'), 'Sign in to the shop admin');
    await expectText(page.getByRole('status'), 'You are signed out.');
    expect(await storage()).toEqual({ session: [], local: 0 });
    await page.reload();
    await expectText(page.locator('h1'), 'Sign in to the shop admin');
  });

  it('shows an empty state to a tenant without sites, signed in read-only', async () => {
    const { page, stack } = session;
    await signIn(stack.empty);
    await expectText(page.locator('h2'), 'No storefront sites yet');
    expect(await text(page.locator('.access'))).toBe('Read-only access');
    await review('06-empty-state');
  });

  it('refuses a denied sign-in and a callback this tab did not start, keeping no token', async () => {
    const { page, stack } = session;
    await signIn(stack.shop, 'Deny');
    await expectText(page.getByRole('alert'), 'Access was denied on the sign-in page.');
    await review('07-sign-in-denied');
    await page.goto(`${stack.consoleUrl}/callback?code=stolen&state=forged`);
    await expectText(
      page.getByRole('alert'),
      'This sign-in was not started in this tab, or it was already used. Sign in again.',
    );
    expect(page.url()).toBe(`${stack.consoleUrl}/`);
    expect(await storage()).toEqual({ session: [], local: 0 });
  });
});
