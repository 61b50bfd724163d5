import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { ADMIN_SCREENSHOT_DIR, chromiumDecision, launchChromium, screenshot } from './browser';
import { startAdminConsoleStack, type AdminConsoleStack, type Credentials } from './admin-console-stack';
import { expectText, watchProblems } from './shop-page';

// What every admin console browser test does: one stack and one Chromium per file, a fresh context per test,
// signing in through the consent page, and reviewing a page (axe, then a screenshot under test-artifacts/admin/).

export const LAPTOP = { width: 1366, height: 900 };
export const TABLET = { width: 820, height: 1180 };
// A tablet in split view, or a small window.
export const NARROW = { width: 640, height: 1000 };

const decision = chromiumDecision(process.env);

/** `describe` where Chromium was found; elsewhere `describe.skip`, with the reason printed once per file. */
export function describeConsoleInBrowser(): jest.Describe {
  if (decision.kind === 'skip') console.log(`Skipping the admin console browser tests: ${decision.reason}`);
  return decision.kind === 'found' ? describe : describe.skip;
}

export interface ConsoleSession {
  stack: AdminConsoleStack;
  page: Page;
  /** Every script error, CSP violation and failed call the page has had (afterEach expects none). */
  problems: string[];
  /** From the console's sign-in page through the identity provider's consent page, with an app password. */
  signIn: (credentials: Credentials, decisionButton?: 'Allow' | 'Deny') => Promise<void>;
  /** No serious or critical axe violation, then a full-page screenshot `test-artifacts/admin/<name>.png`. */
  review: (name: string) => Promise<void>;
}

/**
 * Registers the hooks of a console browser test file and returns the session its tests use (filled in by the hooks).
 * Each test starts signed out in a new laptop-sized context; afterEach fails the test on any page problem.
 */
export function consoleSession(): ConsoleSession {
  let browser: Browser;
  let context: BrowserContext;
  const session = {} as ConsoleSession;
  session.signIn = async ({ clientId, clientSecret }, decisionButton = 'Allow') => {
    const { page, stack } = session;
    await page.goto(stack.consoleUrl);
    await page.getByRole('button', { name: 'Sign in with an app password' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stack.identityUrl}/oauth/authorize?`));
    await expectText(page.locator('h1'), 'Allow Aisle admin console?');
    await page.getByLabel('App password client ID').fill(clientId);
    await page.getByLabel('App password secret').fill(clientSecret);
    await page.getByRole('button', { name: decisionButton }).click();
    await page.waitForURL(`${stack.consoleUrl}/`);
  };
  session.review = async (name) => {
    expect(await seriousViolations(session.page)).toEqual([]);
    await screenshot(session.page, name, ADMIN_SCREENSHOT_DIR);
  };
  beforeAll(async () => {
    session.stack = await startAdminConsoleStack();
    browser = await launchChromium(decision.kind === 'found' ? decision.path : '');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await session.stack?.cleanup();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: LAPTOP, locale: 'en-US' });
    session.page = await context.newPage();
    session.problems = watchProblems(session.page);
  });
  afterEach(async () => {
    await context.close();
    // No script error, no CSP violation, no failed or refused call (CORS included) on any page the test visited.
    expect(session.problems).toEqual([]);
  });
  return session;
}
