import type { Page } from 'playwright-core';
import { finishRun, startRun } from '../../../../indexer/runs/sync-runs';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import type { Credentials } from '../../../support/admin-console-stack';
import {
  consoleSession,
  describeConsoleInBrowser,
  LAPTOP,
  NARROW,
  TABLET,
} from '../../../support/admin-console-browser';
import { expectCount, expectText, readable, text } from '../../../support/shop-page';

// The Index runs page in Chromium against the console stack: business-api with the indexer's queue and an
// in-process worker on an embedded engine, the seeded outlet site (20 products, a made-up run history, no real
// index until a run here builds one). A reindex from the page reaches ok; a run that loses most products is gated
// and shown beside the live index, confirmed, then rolled back; warnings name products; read-only sees no buttons.

const RUN_MS = 60_000;

/** Waits until `probe` gives a value (the worker runs, the page polls), failing the test after `ms`. */
async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = RUN_MS): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The table's rows as a shop admin reads them, newest first. */
async function rows(page: Page) {
  return Promise.all(
    (await page.locator('table.runs-table tbody tr').all()).map(async (row) => ({
      id: Number(await row.getAttribute('data-run-id')),
      mode: await row.getAttribute('data-mode'),
      outcome: readable(await row.locator('[data-label="Outcome"]').textContent()),
      documents: readable(await row.locator('[data-label="Documents"]').textContent()),
      live: (await row.locator('.badge-live').count()) === 1,
    })),
  );
}

/** The value of one fact of the live index panel ("Documents", "Built by", ...). */
const liveFact = (page: Page, term: string) =>
  text(
    page
      .locator('.live-panel .index-facts > div')
      .filter({ has: page.locator(`dt:text-is("${term}")`) })
      .locator('dd'),
  );

/** Waits until the page's status line (announced politely) says `expected`. */
const announced = (page: Page, expected: RegExp) => expectText(page.locator('p.status-line[role="status"]'), expected);

describeConsoleInBrowser()('the Index runs page', () => {
  const session = consoleSession();
  const { signIn, review } = session;
  const runsPath = () => `${session.stack.consoleUrl}/sites/${session.stack.shop.outletSiteId}/runs`;

  async function openRuns(credentials: Credentials = session.stack.shop): Promise<Page> {
    const { page } = session;
    await signIn(credentials);
    await page.goto(runsPath());
    await expectText(page.locator('h1'), 'Nordic Outlet outlet');
    await page.locator('table.runs-table').waitFor();
    return page;
  }

  /** Presses "Reindex now" and waits for the page to announce the run's end; returns the run's id and outcome. */
  async function reindexFromPage(page: Page): Promise<{ id: number; outcome: string }> {
    const before = Math.max(0, ...(await rows(page)).map((r) => r.id));
    await page.getByRole('button', { name: 'Reindex now' }).click();
    await announced(page, /^Full run queued\./);
    const ended = await until(async () => {
      const said = await text(page.locator('p.status-line[role="status"]'));
      return /^Run #\d+ \(full run\)/.test(said) ? said : undefined;
    }, 'the run to end');
    const id = Number(/^Run #(\d+)/.exec(ended)![1]);
    expect(id).toBeGreaterThan(before);
    return { id, outcome: ended };
  }

  /** A live index built by a real run (the first test builds one; a test run alone builds its own). */
  async function ensureLiveIndex(page: Page): Promise<void> {
    if ((await page.locator('.live-panel .index-facts').count()) === 0) await reindexFromPage(page);
    await page.locator('.live-panel .index-facts').waitFor();
  }

  it('triggers a reindex from the page and watches the run reach ok, the live index beside it', async () => {
    const page = await openRuns();
    // The made-up history: one full run (deltas are hidden by default), and no index the engine holds.
    expect(await rows(page)).toEqual([
      expect.objectContaining({ mode: 'full', outcome: 'OK', documents: '19', live: false }),
    ]);
    await expectText(
      page.locator('.live-panel .live-body'),
      'No live index: the shop has nothing to search until a full run finishes.',
    );
    expect(await page.getByRole('button', { name: 'Roll back…' }).getAttribute('aria-disabled')).toBe('true');
    await expectText(page.locator('#rollback-hint'), 'There is no earlier index to roll back to.');

    const run = await reindexFromPage(page);
    expect(run.outcome).toMatch(new RegExp(`^Run #${run.id} \\(full run\\) finished: OK, \\d+ documents`));
    const newest = await until(
      async () => ((await rows(page))[0]?.id === run.id ? (await rows(page))[0] : undefined),
      'the new row',
    );
    expect(newest).toMatchObject({ mode: 'full', outcome: 'OK', live: true });
    expect(Number(newest.documents)).toBeGreaterThan(0);
    // The live index is the new run's, counted by the engine.
    expect(await liveFact(page, 'Documents')).toBe(newest.documents);
    expect(await liveFact(page, 'Built by')).toBe(`Run #${run.id}, configuration version 1`);
    await expectText(page.locator('.reindex-panel .idle-text'), 'No run in progress.');
    expect(await page.getByRole('button', { name: 'Reindex now' }).getAttribute('aria-disabled')).toBeNull();
    await review('60-runs-laptop');
  }, 120_000);

  it("shows a run in progress with its documents done of the total (the worker's 20 products go in one batch, so the answer is doctored)", async () => {
    const { page } = session;
    await page.route(/\/api\/v1\/storefront\/sites\/\d+\/runs\?/, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const answer = await response.json();
      const running = {
        ...answer.runs[0],
        id: 999,
        indexName: 'sf1-outlet.full.in-progress',
        outcome: 'running',
        documentCount: 0,
        total: 20,
        progress: { done: 8, total: 20 },
        warnings: [],
        errors: [],
        finishedAt: null,
        swappedAt: null,
        timings: {},
      };
      // The real answer's headers (CORS included), with the run in progress put first.
      await route.fulfill({ response, json: { ...answer, status: 'running', runs: [running, ...answer.runs] } });
    });
    try {
      await openRuns();
      const progress = page.locator('.reindex-panel .run-progress');
      await expectText(progress.locator('.progress-text'), 'Run #999, full run: 8 of 20 documents');
      const bar = page.getByRole('progressbar', { name: 'Run #999, full run: 8 of 20 documents' });
      expect([await bar.getAttribute('value'), await bar.getAttribute('max')]).toEqual(['8', '20']);
      const row = page.locator('tr[data-run-id="999"]');
      expect([
        await text(row.locator('[data-label="Outcome"]')),
        await text(row.locator('[data-label="Documents"]')),
      ]).toEqual(['Running', '8 of 20']);
      expect(await text(row.locator('[data-label="Duration"]'))).toMatch(/^Running for /);
      await review('61-runs-progress');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('groups warnings by code with the products they name, expandable by keyboard, deltas included on request', async () => {
    const page = await openRuns();
    const seeded = page.locator('table.runs-table tbody tr').last();
    const noPrice = seeded.locator('details[data-code="NO_PRICE"]');
    expect(await text(noPrice.locator('summary'))).toBe('NO_PRICE · 1 product');
    expect(await noPrice.getAttribute('open')).toBeNull();
    await noPrice.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expectText(noPrice.locator('.product-ids'), 'Product 7');
    expect(await text(noPrice.locator('.warning-body p').first())).toBe(
      'Left out: no price on any market of the site.',
    );
    // Deltas run every few seconds in production: listed only when asked for.
    await page.getByLabel('Show').selectOption('all');
    const delta = page.locator('tr[data-mode="delta"]');
    await expectCount(delta, 1);
    expect(await text(delta.locator('[data-label="Documents"]'))).toBe('2');
    const groups = delta.locator('details.warning-group');
    expect((await groups.locator('summary').allTextContents()).map(readable)).toEqual([
      'INACTIVE · 1 product',
      'NO_PRICE · 1 product',
    ]);
    await groups.last().locator('summary').click();
    await expectText(groups.last().locator('.product-ids'), 'Product 9');
    // The group opened before the table was redrawn (for the deltas) is still open.
    expect(await noPrice.getAttribute('open')).toBe('');
    await review('62-runs-warnings');
  });

  it('gates a run that lost most products, shows its figures beside the live index, confirms it, then rolls back', async () => {
    const { stack } = session;
    const page = await openRuns();
    await ensureLiveIndex(page);
    const liveBefore = Number(await liveFact(page, 'Documents'));
    const liveRun = await liveFact(page, 'Built by');
    const roots = stack.t.db('products').where({ tenant_id: stack.shop.tenantId }).whereNull('parent_id');
    const kept = await roots.clone().where({ is_active: true }).orderBy('id').limit(2).pluck<number[]>('id');
    const off = await roots.clone().where({ is_active: true }).whereNotIn('id', kept).pluck<number[]>('id');
    await stack.t.db('products').whereIn('id', off).update({ is_active: false });
    try {
      const gated = await reindexFromPage(page);
      expect(gated.outcome).toBe(
        `Run #${gated.id} (full run) was held back by the gate: it is not live. Its figures are shown beside the live index's.`,
      );
      const panel = page.locator('.gated-panel');
      await expectText(panel.locator('h2'), `Run #${gated.id} was held back: the shop still searches the live index`);
      expect(await text(panel.locator('.gate-reason'))).toMatch(
        /^Why: It has fewer than half the documents of the live index: \d+ documents? against \d+ live \(below 50%\)\.$/,
      );
      // The figure that tripped the gate is marked.
      expect(
        await panel.locator('tr.tripped').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-figure'))),
      ).toEqual(['Documents']);
      const documents = panel.locator('tr[data-figure="Documents"]');
      const gatedCount = Number(await text(documents.locator('[data-side="gated"]')));
      expect(gatedCount).toBeLessThanOrEqual(kept.length);
      expect(Number(await text(documents.locator('[data-side="live"]')))).toBe(liveBefore);
      expect(await text(page.locator(`tr[data-run-id="${gated.id}"] [data-label="Outcome"]`))).toBe(
        'Gated: awaits confirmation',
      );
      // The products the run left out are named in its warnings.
      const inactive = Number(
        (await roots.clone().where({ is_active: false }).count<{ count: string }[]>({ count: '*' }))[0]!.count,
      );
      expect(await text(page.locator(`tr[data-run-id="${gated.id}"] details[data-code="INACTIVE"] summary`))).toBe(
        `INACTIVE · ${inactive} products`,
      );
      await review('63-runs-gated');
      await page.setViewportSize(TABLET);
      await review('68-runs-gated-tablet');
      await page.setViewportSize(NARROW);
      await review('69-runs-gated-narrow');
      await page.setViewportSize(LAPTOP);

      // Cancelling the confirmation changes nothing and gives the focus back.
      const confirm = page.getByRole('button', { name: `Put run #${gated.id} live…` });
      await confirm.click();
      const dialog = page.getByRole('dialog', { name: `Put run #${gated.id} live?` });
      await expectText(
        dialog.locator('.confirm-body p').first(),
        `The shop will search the index of run #${gated.id}: ${gatedCount} ${gatedCount === 1 ? 'document' : 'documents'}, against ${liveBefore} in the live index now.`,
      );
      await review('64-runs-confirm-step');
      await page.keyboard.press('Escape');
      await expectCount(dialog, 0);
      expect(await page.evaluate('document.activeElement?.textContent')).toBe(`Put run #${gated.id} live…`);
      expect(await liveFact(page, 'Built by')).toBe(liveRun);

      await confirm.click();
      await dialog.getByRole('button', { name: `Put run #${gated.id} live` }).click();
      await announced(page, new RegExp(`^Run #${gated.id} is live: the shop now searches its \\d+ documents?\\.$`));
      await expectCount(page.locator('.gated-panel:not([hidden])'), 0);
      await expectText(page.locator('.live-panel .index-facts dd').nth(1), `Run #${gated.id}, configuration version 1`);
      expect(Number(await liveFact(page, 'Documents'))).toBe(gatedCount);
      await expectText(page.locator(`tr[data-run-id="${gated.id}"] [data-label="Outcome"]`), 'Gated, then confirmed');
      expect((await rows(page)).find((r) => r.id === gated.id)?.live).toBe(true);
      await expectText(
        page.locator('#rollback-hint'),
        `The index of run #${liveRun.replace(/^Run #(\d+).*$/, '$1')} (${liveBefore} documents, configuration version 1) goes live again.`,
      );
      await review('65-runs-confirmed');

      await page.getByRole('button', { name: 'Roll back…' }).click();
      const rollback = page.getByRole('dialog', { name: 'Roll back the live index?' });
      expect(await text(rollback.locator('.confirm-body'))).toMatch(
        new RegExp(`in place of the index of run #${gated.id} \\(${gatedCount} documents?\\)`),
      );
      await rollback.getByRole('button', { name: 'Roll back' }).click();
      await announced(
        page,
        /^Rolled back: the index of run #\d+ \(\d+ documents, configuration version 1\) is live again\.$/,
      );
      await expectText(page.locator('.live-panel .index-facts dd').nth(1), liveRun);
      expect(Number(await liveFact(page, 'Documents'))).toBe(liveBefore);
      await review('66-runs-rolled-back');
    } finally {
      await stack.t.db('products').whereIn('id', off).update({ is_active: true });
    }
  }, 180_000);

  it('shows a read-only token the runs, the live index and a gated run without any button that changes them', async () => {
    const { stack } = session;
    const scope = { tenantId: stack.shop.tenantId, siteId: stack.shop.outletSiteId };
    // A gated run as the worker records one (the index it names is never looked up by this page).
    const gated = await startRun(stack.t.db, scope, {
      mode: 'full',
      jobId: null,
      attempt: 1,
      configVersion: 1,
      indexName: 'sf1-outlet.full.read-only-test',
    });
    const warnings = [
      { code: 'NO_PRICE', productId: '7' },
      { code: 'GATED', detail: 'count: 3 documents against 20 live (below 50%)' },
    ];
    await finishRun(stack.t.db, gated, {
      outcome: 'gated',
      documentCount: 3,
      warnings,
      timings: { totalMs: 700 },
      stats: { count: 3, facetValues: { brand: 2 }, inStockShare: 1 },
    });
    try {
      const viewer = await createAppPassword(stack.t.db, {
        tenantCode: 'console-shop',
        email: 'viewer@shop.example',
        name: 'runs viewer',
        access: 'read-only',
        permissions: [],
      });
      const page = await openRuns({ clientId: viewer.password.clientId, clientSecret: viewer.clientSecret });
      expect(await text(page.locator('.access'))).toBe('Read-only access');
      await expectText(
        page.locator('.gated-panel h2'),
        `Run #${gated} was held back: the shop still searches the live index`,
      );
      expect(await text(page.locator('.gated-panel tr[data-figure="Documents"] [data-side="gated"]'))).toBe('3');
      for (const name of ['Reindex now', 'Build the draft preview', 'Roll back…', /^Put run #\d+ live/])
        expect([name, await page.getByRole('button', { name }).count()]).toEqual([name, 0]);
      expect(await text(page.locator('.gated-panel p.muted'))).toBe('Confirming a gated run needs read-write access.');
      expect(await text(page.locator('.live-panel p.muted'))).toBe('Rolling back needs read-write access.');
      await expectText(page.locator('.reindex-panel h2'), 'Runs in progress');
      expect(await text(page.locator('.reindex-panel p.muted').first())).toBe(
        'Your access is read-only: reindexing needs read-write access. Runs in progress are shown here.',
      );
      expect((await rows(page))[0]).toMatchObject({ id: gated, outcome: 'Gated: awaits confirmation' });
      await review('67-runs-read-only');
    } finally {
      await stack.t.db('storefront_sync_runs').where({ id: gated }).delete();
    }
  });
});
