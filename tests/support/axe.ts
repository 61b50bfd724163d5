import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

// axe-core in the page under test. Its source is evaluated through the DevTools protocol rather than added as a
// <script>: the pages' CSP (script-src 'self') rightly refuses inline scripts, and the test must not weaken it.

let source: Promise<string> | undefined;
const axeSource = () => (source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * The page's serious and critical accessibility violations (WCAG 2.1 A and AA, and axe's best practices), one line
 * each with the elements concerned; an empty list when there is none.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(`${await axeSource()}\n;undefined`);
  const violations = (await page.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }).then((r) => r.violations)`,
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
