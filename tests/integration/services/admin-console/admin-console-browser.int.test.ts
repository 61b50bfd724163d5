import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../../../support/axe';
import { ADMIN_SCREENSHOT_DIR, chromiumDecision, launchChromium, screenshot } from '../../../support/browser';
import { startAdminConsoleStack, type AdminConsoleStack, type Credentials } from '../../../support/admin-console-stack';
import { expectCount, expectText, text, watchProblems } from '../../../support/shop-page';

// The admin console in Debian's Chromium, against the real identity provider (its consent page) and business-api
// on loopback ports: signing in with an app password, the overview of the tenant's sites, and signing out.

const decision = chromiumDecision(process.env);
if (decision.kind === 'skip') console.log(`Skipping the admin console browser tests: ${decision.reason}`);
const describeInBrowser = decision.kind === 'found' ? describe : describe.skip;

const LAPTOP = { width: 1366, height: 900 };
const TABLET = { width: 820, height: 1180 };
// A tablet in split view, or a small window: each site becomes a labelled card.
const NARROW = { width: 640, height: 1000 };

describeInBrowser('the admin console in a browser', () => {
  let stack: AdminConsoleStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  /** Reviews the page as it stands: no serious or critical axe violation, and a screenshot to look at. */
  const review = async (name: string) => {
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, name, ADMIN_SCREENSHOT_DIR);
  };

  /** From the console's sign-in page through the identity provider's consent page, with an app password. */
  const signIn = async ({ clientId, clientSecret }: Credentials, decisionButton: 'Allow' | 'Deny' = 'Allow') => {
    await page.goto(stack.consoleUrl);
    await page.getByRole('button', { name: 'Sign in with an app password' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stack.identityUrl}/oauth/authorize?`));
    await expectText(page.locator('h1'), 'Allow Aisle admin console?');
    await page.getByLabel('App password client ID').fill(clientId);
    await page.getByLabel('App password secret').fill(clientSecret);
    await page.getByRole('button', { name: decisionButton }).click();
    await page.waitForURL(`${stack.consoleUrl}/`);
  };

  const storage = () => page.evaluate('({ session: Object.keys(sessionStorage), local: localStorage.length })');

  beforeAll(async () => {
    stack = await startAdminConsoleStack();
    browser = await launchChromium(decision.kind === 'found' ? decision.path : '');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.cleanup();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: LAPTOP, locale: 'en-US' });
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterEach(async () => {
    await context.close();
    // No script error, no CSP violation, no failed or refused call (CORS included) on any page the test visited.
    expect(problems).toEqual([]);
  });

  it('signs in through the consent page with an app password and lists the sites, on a laptop and a tablet', async () => {
    await page.goto(stack.consoleUrl);
    await expectText(page.locator('h1'), 'Sign in to the shop admin');
    await review('01-sign-in');
    await page.getByRole('button', { name: 'Sign in with an app password' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stack.identityUrl}/oauth/authorize?`));
    const authorize = new URL(page.url()).searchParams;
    expect([authorize.get('code_challenge_method'), authorize.get('redirect_uri')]).toEqual(['S256', `${stack.consoleUrl}/callback`]);
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
    expect(await text(outlet.locator('[data-label="Index status"]'))).toBe('OK');
    expect(await text(outlet.locator('.run-head'))).toBe('OK Delta run');
    expect(await text(outlet.locator('.run-age'))).toMatch(/^Finished (now|\d+ seconds? ago)$/);
    expect(await text(outlet.locator('.run-detail'))).toBe('2 documents · 2 warnings'); // non-breaking spaces read as spaces
    expect(await text(outlet.locator('[data-label="Markets"]'))).toBe('se');
    // A name from configuration is text, never markup.
    const spring = rows.filter({ hasText: 'Spring <b>campaign</b>' });
    expect(await spring.locator('b').count()).toBe(0);
    expect(await text(spring.locator('[data-label="Live version"]'))).toBe('Not published');
    expect(await text(spring.locator('[data-label="Index status"]'))).toBe('Never indexed');
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
    await signIn(stack.empty);
    await expectText(page.locator('h2'), 'No storefront sites yet');
    expect(await text(page.locator('.access'))).toBe('Read-only access');
    await review('06-empty-state');
  });

  it('refuses a denied sign-in and a callback this tab did not start, keeping no token', async () => {
    await signIn(stack.shop, 'Deny');
    await expectText(page.getByRole('alert'), 'Access was denied on the sign-in page.');
    await review('07-sign-in-denied');
    await page.goto(`${stack.consoleUrl}/callback?code=stolen&state=forged`);
    await expectText(page.getByRole('alert'), 'This sign-in was not started in this tab, or it was already used. Sign in again.');
    expect(page.url()).toBe(`${stack.consoleUrl}/`);
    expect(await storage()).toEqual({ session: [], local: 0 });
  });
});
