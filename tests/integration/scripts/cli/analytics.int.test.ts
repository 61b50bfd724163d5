import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { analyticsCommand, runAnalytics } from '../../../../scripts/cli/analytics';
import { UsageError } from '../../../../scripts/cli/command';
import { writeRollups } from '../../../../shared/search-analytics/analytics-store';
import type { SearchFact, SearchPlace } from '../../../../shared/search-analytics/search-fact';
import { SearchRollup } from '../../../../shared/search-analytics/search-rollup';
import { saveSite } from '../../../../shared/storefront-config/drafts';
import { insertTenant } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';

const ROOT = path.resolve(__dirname, '../../../..');
const RANGE = ['--from', '2025-06-01', '--to', '2025-06-30'];
const fact = (query: string, over: Partial<SearchFact> = {}): SearchFact => ({
  kind: 'listing',
  query,
  total: 4,
  corrected: false,
  redirected: false,
  ruled: false,
  filters: [],
  page: 1,
  ...over,
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) },
    json: () => JSON.parse(out.join('\n')) as Record<string, unknown>,
    out,
    err,
  };
}

describe('npm run cli -- analytics', () => {
  let t: TestDb;
  let siteId: number;
  let otherSite: number;
  const saved = { ...process.env };

  beforeAll(async () => {
    t = await createTestDb();
    const tenantId = await insertTenant(t.db, 'cli-analytics');
    const otherTenant = await insertTenant(t.db, 'cli-elsewhere');
    siteId = await saveSite(t.db, tenantId, { code: 'shop', name: 'Shop', ecomSiteId: 1 });
    otherSite = await saveSite(t.db, otherTenant, { code: 'theirs', name: 'Theirs', ecomSiteId: 1 });
    const se: SearchPlace = { tenantId, siteId, market: 'se', language: 'sv' };
    const rollup = new SearchRollup();
    const june20 = Date.parse('2025-06-20T12:00:00Z');
    for (let i = 0; i < 3; i++) rollup.record(se, fact('jacka', { filters: ['brand=acme'] }), june20);
    rollup.record(se, fact('jakka', { total: 0 }), june20);
    rollup.record({ ...se, tenantId: otherTenant, siteId: otherSite }, fact('theirs'), june20);
    await writeRollups(t.db, rollup.drain(), { queriesPerGroup: 100, filtersPerGroup: 100 });
    // The command finds its database through the environment, as it does under `npm run cli`.
    process.env.DATABASE_URL = t.url;
  });
  afterAll(async () => {
    process.env = saved;
    await t.drop();
  });

  const run = async (...args: string[]) => {
    const c = capture();
    return { code: await runAnalytics(t.db, args, c.io), ...c };
  };

  it('prints a report as JSON, the site named by code or id', async () => {
    const byCode = await run('--tenant', 'cli-analytics', '--site', 'shop', '--report', 'top-queries', ...RANGE);
    expect(byCode.code).toBe(0);
    expect(byCode.json()).toEqual({
      siteId,
      report: 'top-queries',
      from: '2025-06-01',
      to: '2025-06-30',
      market: null,
      limit: 20,
      totals: { requests: 4, noHitRequests: 1 },
      items: [
        { query: 'jacka', count: 3, noHits: 0, latestTotal: 4, share: 0.75 },
        { query: 'jakka', count: 1, noHits: 1, latestTotal: 0, share: 0.25 },
      ],
    });
    expect(
      (await run('--tenant', 'cli-analytics', '--site', String(siteId), '--report', 'top-queries', ...RANGE)).json(),
    ).toEqual(byCode.json());
  });

  it('passes market and limit, and runs every report', async () => {
    expect(
      (
        await run(
          '--tenant',
          'cli-analytics',
          '--site',
          'shop',
          '--report',
          'no-hit-queries',
          ...RANGE,
          '--market',
          'se',
          '--limit',
          '5',
        )
      ).json(),
    ).toMatchObject({
      market: 'se',
      limit: 5,
      items: [{ query: 'jakka', count: 1, noHits: 1, latestTotal: 0 }],
    });
    expect(
      (await run('--tenant', 'cli-analytics', '--site', 'shop', '--report', 'top-filters', ...RANGE)).json(),
    ).toMatchObject({ items: [{ filter: 'brand=acme', count: 3 }] });
    expect(
      (await run('--tenant', 'cli-analytics', '--site', 'shop', '--report', 'suggest-queries', ...RANGE)).json(),
    ).toMatchObject({ totals: { requests: 0 }, items: [] });
    expect(
      (
        await run('--tenant', 'cli-analytics', '--site', 'shop', '--report', 'top-queries', '--market', 'no', ...RANGE)
      ).json(),
    ).toMatchObject({ items: [] });
    const volume = (
      await run('--tenant', 'cli-analytics', '--site', 'shop', '--report', 'volume', ...RANGE)
    ).json() as { items: unknown[]; totals: unknown };
    expect([volume.items.length, volume.totals]).toEqual([30, { requests: 4, noHitRequests: 1 }]);
  });

  it("does not read another tenant's site, by id or by code: exit 1 naming it", async () => {
    for (const site of [String(otherSite), 'theirs']) {
      const refused = await run('--tenant', 'cli-analytics', '--site', site, '--report', 'top-queries', ...RANGE);
      expect([refused.code, refused.out]).toEqual([1, []]);
      expect(refused.err.join('\n')).toBe(`site '${site}' not found`);
    }
  });

  it.each([
    ['no --report', ['--tenant', 'cli-analytics', '--site', 'shop'], /--report is required/],
    [
      'an unknown report',
      ['--tenant', 'cli-analytics', '--site', 'shop', '--report', 'top-brands'],
      /report: Invalid option/,
    ],
    ['no --site', ['--tenant', 'cli-analytics', '--report', 'top-queries'], /--site is required/],
    [
      'a limit that is not a number',
      ['--tenant', 'cli-analytics', '--site', 'shop', '--report', 'top-queries', '--limit', 'ten'],
      /--limit must be a whole number/,
    ],
    [
      'limit 101',
      ['--tenant', 'cli-analytics', '--site', 'shop', '--report', 'top-queries', '--limit', '101'],
      /limit: Too big/,
    ],
    [
      'from after to',
      [
        '--tenant',
        'cli-analytics',
        '--site',
        'shop',
        '--report',
        'top-queries',
        '--from',
        '2025-06-02',
        '--to',
        '2025-06-01',
      ],
      /from \(2025-06-02\) is after to \(2025-06-01\)/,
    ],
    [
      'a day that does not exist',
      ['--tenant', 'cli-analytics', '--site', 'shop', '--report', 'top-queries', '--to', '2025-02-29'],
      /to: must be a calendar date/,
    ],
    [
      'an unknown option',
      ['--tenant', 'cli-analytics', '--site', 'shop', '--report', 'top-queries', '--language', 'sv'],
      /language/,
    ],
  ])('refuses %s as a usage error, before touching a database', async (_name, args, message) => {
    const io = capture().io;
    // A database that cannot be reached: only a refusal made before connecting is a UsageError.
    process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';
    try {
      await expect(analyticsCommand.run(args, io)).rejects.toThrow(UsageError);
      await expect(analyticsCommand.run(args, io)).rejects.toThrow(message);
    } finally {
      process.env.DATABASE_URL = t.url;
    }
  });

  it('refuses an unknown tenant as a usage error', async () => {
    await expect(run('--tenant', 'nobody', '--site', 'shop', '--report', 'top-queries')).rejects.toThrow(
      "unknown tenant 'nobody'",
    );
  });

  it('runs as `npm run cli -- analytics` does: through the dispatcher, on DATABASE_URL', async () => {
    const args = [
      'scripts/cli.ts',
      'analytics',
      '--tenant',
      'cli-analytics',
      '--site',
      'shop',
      '--report',
      'top-filters',
      ...RANGE,
    ];
    const { stdout } = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), args, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: t.url },
    });
    expect(JSON.parse(stdout)).toMatchObject({
      siteId,
      report: 'top-filters',
      items: [{ filter: 'brand=acme', count: 3, share: 0.75 }],
    });
    const usage = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/cli.ts', 'analytics', '--tenant', 'cli-analytics'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.url } },
    ).catch((err: { code: number; stderr: string }) => err);
    expect(usage).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage:\nnpm run cli -- analytics --tenant T --site S --report'),
    });
  }, 60_000);
});
