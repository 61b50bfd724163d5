import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findOrInstallChromium } from '../../scripts/services/chromium';
import { projectRoot } from '../../scripts/services/paths';
import { errorMessage } from '../../shared/errors';

// Browser tests drive Debian's Chromium with playwright-core. Jest's global setup finds it, or installs it as the
// services step installs Redis, once per run, and hands the decision to the test files through the environment.

export const CHROMIUM_DECISION_ENV = 'AISLE_TEST_CHROMIUM';

export type ChromiumDecision = { kind: 'found'; path: string } | { kind: 'skip'; reason: string };

/** Finds Chromium, installing it when it is missing and this process may (root with apt-get). */
export async function detectChromium(): Promise<ChromiumDecision> {
  try {
    return { kind: 'found', path: await findOrInstallChromium() };
  } catch (error) {
    return { kind: 'skip', reason: `no Chromium for the browser tests: ${errorMessage(error)}` };
  }
}

/** The decision global setup stored. */
export function chromiumDecision(env: NodeJS.ProcessEnv): ChromiumDecision {
  const stored = env[CHROMIUM_DECISION_ENV];
  if (stored === undefined)
    return { kind: 'skip', reason: 'Chromium detection did not run (tests/support/global-setup.ts)' };
  const decision = JSON.parse(stored) as ChromiumDecision;
  return decision.kind === 'found' || decision.kind === 'skip'
    ? decision
    : { kind: 'skip', reason: `unreadable ${CHROMIUM_DECISION_ENV}: ${stored}` };
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** Where browser tests leave their screenshots (a test artifact, not committed). */
export const SCREENSHOT_DIR = path.join(projectRoot, 'test-artifacts', 'browser');

/** Where the admin console's browser tests leave theirs (issue 25 asks for them there, to review as a shop admin). */
export const ADMIN_SCREENSHOT_DIR = path.join(projectRoot, 'test-artifacts', 'admin');

/** A full-page screenshot under test-artifacts/browser/<name>.png (or another directory). */
export async function screenshot(page: Page, name: string, dir = SCREENSHOT_DIR): Promise<void> {
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
