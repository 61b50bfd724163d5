import type { Locator, Page } from 'playwright-core';

// Reading the demo shop's pages as a shopper sees them, for jest assertions (playwright-core has no test runner).

const WAIT_MS = 10_000;

/** Text as it reads: trimmed, any run of whitespace (non-breaking spaces of formatted money included) as one space. */
export const readable = (value: string | null) => (value ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

export async function text(locator: Locator): Promise<string> {
  return readable(await locator.first().textContent({ timeout: WAIT_MS }));
}

/**
 * Waits until the element's text is `expected` (or matches it): the page answers asynchronously. Then asserts
 * it, so a failure shows the text the shopper saw last.
 */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  const matches = (value: string) => (typeof expected === 'string' ? value === expected : expected.test(value));
  const deadline = Date.now() + WAIT_MS;
  let last = await text(locator).catch(() => '');
  while (!matches(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await text(locator).catch(() => '');
  }
  if (typeof expected === 'string') expect(last).toBe(expected);
  else expect(last).toMatch(expected);
}

/** Waits until the element's attribute has `value`, then asserts it. */
export async function expectAttribute(locator: Locator, name: string, value: string | null): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while ((await locator.getAttribute(name)) !== value && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await locator.getAttribute(name)).toBe(value);
}

/** The `data-value` of each element (facet values carry their filter value). */
export async function dataValues(locator: Locator): Promise<(string | null)[]> {
  return Promise.all((await locator.all()).map((item) => item.getAttribute('data-value')));
}

/** The URL the element's image was loaded from, once it has loaded (a broken image never settles this). */
export async function loadedImage(page: Page, selector: string): Promise<string> {
  const handle = await page.waitForFunction(
    `(() => { const img = document.querySelector(${JSON.stringify(selector)}); return img && img.complete && img.naturalWidth > 0 ? img.currentSrc : null; })()`,
    undefined,
    { timeout: WAIT_MS },
  );
  return String(await handle.jsonValue());
}

/** Waits until the page shows exactly `count` elements matching the locator. */
export async function expectCount(locator: Locator, count: number): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while ((await locator.count()) !== count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await locator.count()).toBe(count);
}

/** Money as the shop formats it (Intl, the market's locale). */
export const money = (amount: number, currency: string, locale: string) =>
  readable(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount));

/** The number of products the listing says it found. */
export async function countShown(page: Page): Promise<number> {
  return Number((await text(page.locator('.result-count'))).replace(/\D/g, ''));
}

export async function cardNames(page: Page): Promise<string[]> {
  return (await page.locator('.grid .card-name').allTextContents()).map(readable);
}

/** Waits until the grid shows exactly these product names, in order, then asserts them. */
export async function expectNames(page: Page, names: readonly string[]): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  const same = (shown: string[]) => shown.length === names.length && shown.every((name, i) => name === names[i]);
  while (!same(await cardNames(page)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await cardNames(page)).toEqual(names);
}

/** Script errors, console errors, failed requests and error answers on the page, as they happen. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    // A suggestion or facet search the next keystroke replaced is cancelled on purpose.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}
