import type { Worker } from 'bullmq';
import { createLocalJWKSet, SignJWT } from 'jose';
import request from 'supertest';
import { createWorker } from '../../../../indexer/worker';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { createApp } from '../../../../services/business-api/app';
import { createTokenVerifier } from '../../../../services/business-api/auth/token-verifier';
import { formatScope } from '../../../../shared/auth/scopes';
import { createLogger } from '../../../../shared/logger';
import { createRedis, type Redis } from '../../../../shared/redis';
import { saveMarket, saveQueryRule, saveSite } from '../../../../shared/storefront-config/drafts';
import { createKey, findActiveKey } from '../../../../shared/storefront-config/keys';
import { requireEnv } from '../../../support/admin-db';
import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { insertTenant, silentLogger, tempSigningKey, TEST_AUDIENCE, TEST_ISSUER } from '../../../support/identity';
import { createTestEngine, twoPriceLists, type EmbeddedTestEngine } from '../../../support/storefront-fixture';
import { until } from '../../../support/until';

type Run = {
  id: number;
  mode: string;
  outcome: string;
  indexName: string | null;
  warnings: { code: string; productId?: string }[];
};
type Method = 'get' | 'post' | 'delete';

describe('storefront admin REST API: keys, publishing, index runs, search preview', () => {
  let h: BusinessApiHarness;
  let e: EmbeddedTestEngine;
  let worker: Worker;
  let workerRedis: Redis;
  let tenantId: number;
  let siteId: number;
  let bareSite: number;
  let token: string;
  let readOnly: string;
  let stranger: string;
  let strangerKey: number;
  const site = (tail = '') => `/storefront/sites/${siteId}${tail}`;

  /** Every operation of this group, as the owner would send it (the key id is filled in later). */
  const routes = (keyId = 1): [Method, string, object?][] => [
    ['get', site('/keys')],
    ['post', site('/keys'), { kind: 'publishable', label: 'x' }],
    ['delete', site(`/keys/${keyId}`)],
    ['get', site('/draft-diff')],
    ['post', site('/publish'), { note: 'x' }],
    ['get', site('/versions')],
    ['post', site('/reindex'), { mode: 'full' }],
    ['post', site('/runs/confirm-gated')],
    ['post', site('/rollback')],
    ['get', site('/runs')],
    ['get', site('/search-preview?queries=shirt')],
  ];
  const runs = async (): Promise<{ status: string; runs: Run[] }> =>
    (await h.call('get', site('/runs'), { token, query: { limit: 50 } })).body;
  /** The newest finished run of a mode, once there are `count` finished ones of it. */
  const finished =
    (mode: string, count = 1) =>
    async () => {
      const done = (await runs()).runs.filter((r) => r.mode === mode && r.outcome !== 'running');
      return done.length >= count ? done[0] : undefined;
    };
  const reindex = (mode: string) => h.call('post', site('/reindex'), { token, body: { mode } });
  const activeRoots = () =>
    h.t
      .db('products')
      .where({ tenant_id: tenantId, is_active: true })
      .whereNull('parent_id')
      .orderBy('id')
      .pluck<number[]>('id');

  beforeAll(async () => {
    let engineRef: EmbeddedTestEngine | undefined;
    h = await startBusinessApi({ engine: async () => engineRef!.engine });
    e = engineRef = await createTestEngine(h.t.db);
    tenantId = (
      await seedTenant(h.t.db, {
        tenant: 'admin-ops',
        products: 30,
        orders: 0,
        seed: 25,
        asOf: new Date('2025-06-01T00:00:00Z'),
        analyze: false,
      })
    ).tenantId;
    const other = await insertTenant(h.t.db, 'admin-ops-other');
    siteId = await saveSite(h.t.db, tenantId, { code: 'ops-shop', name: 'Ops shop', ecomSiteId: 1 });
    const [list] = await twoPriceLists(h.t.db, tenantId);
    await saveMarket(h.t.db, tenantId, siteId, {
      code: 'main',
      language: 'en',
      currency: list!.currency,
      country: 'SE',
      urlTemplate: 'https://ops.example/{path}',
      priceListId: list!.id,
      isDefault: true,
    });
    bareSite = await saveSite(h.t.db, tenantId, { code: 'bare', name: 'No markets', ecomSiteId: 1 });
    strangerKey = (
      await createKey(
        h.t.db,
        other,
        await saveSite(h.t.db, other, { code: 'theirs', name: 'Theirs', ecomSiteId: 1 }),
        'secret',
        'theirs',
      )
    ).key.id;
    [token, readOnly, stranger] = await Promise.all([
      h.token(tenantId),
      h.token(tenantId, { access: 'read-only' }),
      h.token(other),
    ]);
    workerRedis = createRedis(requireEnv('REDIS_URL'), { maxRetriesPerRequest: null });
    const logger = createLogger({ name: 'test', level: 'silent' });
    worker = createWorker({
      db: h.t.db,
      engine: e.engine,
      logger,
      gateFraction: 0.5,
      batchSize: 100,
      connection: workerRedis,
      prefix: h.queue.opts.prefix,
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    workerRedis?.disconnect();
    await h.close();
    await e?.cleanup();
  });

  it('refuses every operation without a token (401), writes with a read-only token (403), and another tenant (404)', async () => {
    for (const [method, path, body] of routes()) {
      const what = `${method} ${path}`;
      expect([what, (await h.call(method, path, { body })).status]).toEqual([what, 401]);
      expect([what, (await h.call(method, path, { token: stranger, body })).body.code]).toEqual([what, 'not_found']);
      if (method !== 'get')
        expect([what, (await h.call(method, path, { token: readOnly, body })).body.code]).toEqual([what, 'forbidden']);
    }
    expect(await h.t.db('storefront_keys').where({ site_id: siteId })).toEqual([]);
    expect(await h.t.db('storefront_config_versions').where({ site_id: siteId })).toEqual([]);
  });

  it('answers bad input with ValidationProblemDetails naming every field', async () => {
    const errors = async (method: Method, path: string, body?: object) => {
      const res = await h.call(method, path, { token, body });
      expect([path, res.status, res.headers['content-type']]).toEqual([
        path,
        400,
        expect.stringMatching(/^application\/problem\+json/),
      ]);
      return Object.keys(res.body.errors as object).sort();
    };
    expect(await errors('post', site('/keys'), { kind: 'master', label: 'x'.repeat(201) })).toEqual([
      '$.kind',
      '$.label',
    ]);
    expect(await errors('post', site('/publish'), {})).toEqual(['$.note']);
    expect(await errors('post', site('/reindex'), { mode: 'delta' })).toEqual(['$.mode']);
    expect(await errors('get', `${site('/runs')}?limit=0`)).toEqual(['limit']);
    expect(await errors('get', `${site('/versions')}?limit=x`)).toEqual(['limit']);
    expect(await errors('delete', '/storefront/sites/x/keys/y')).toEqual(['keyId', 'siteId']);
    expect(await errors('get', `${site('/search-preview')}?queries=${'q'.repeat(201)}`)).toEqual(['queries.0']);
    // A rule of the configuration, named by its field: no searches recorded to preview, a draft without markets.
    expect(await errors('get', site('/search-preview'))).toEqual(['queries']);
    expect(await errors('post', `/storefront/sites/${bareSite}/publish`, { note: 'x' })).toEqual(['markets']);
  });

  it('creates a key shown once, lists keys without it, and the draft diff names it among the changes', async () => {
    const created = await h.call('post', site('/keys'), { token, body: { kind: 'publishable', label: 'web' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'publishable',
      label: 'web',
      siteId,
      publishedVersion: null,
      revokedAt: null,
      key: expect.stringMatching(/^sfk_pub_/),
    });
    const listed = await h.call('get', site('/keys'), { token: readOnly });
    expect(listed.body.keys).toEqual([
      expect.objectContaining({ id: created.body.id, hint: created.body.key.slice(0, 12) }),
    ]);
    expect(listed.text).not.toContain(created.body.key);
    const diff = (await h.call('get', site('/draft-diff'), { token: readOnly })).body;
    expect(diff.publishedVersion).toBeNull();
    expect(diff.changes).toContainEqual(expect.objectContaining({ op: 'add', path: 'markets.main' }));
    expect(diff.keysToPublish.map((k: { id: number }) => k.id)).toEqual([created.body.id]);
  });

  it('publishes with a note, lists the version, and the queued runs reach ok with warnings naming dropped products', async () => {
    const [dropped] = await activeRoots();
    await h.t.db('products').where({ tenant_id: tenantId, id: dropped }).update({ is_active: false });
    expect(await runs()).toEqual({ siteId, status: 'never-run', runs: [], live: null, rollbackTo: null });
    const published = await h.call('post', site('/publish'), { token, body: { note: 'launch' } });
    expect(published.body).toEqual({ siteId, version: 1, first: true });
    const versions = await h.call('get', site('/versions'), { token: readOnly });
    expect(versions.body).toEqual({
      siteId,
      versions: [{ version: 1, note: 'launch', publishedAt: expect.any(String) }],
    });
    expect((await until(finished('full')))?.outcome).toBe('ok');
    const queued = await reindex('full');
    expect([queued.status, queued.body]).toEqual([
      202,
      expect.objectContaining({ siteId, mode: 'full', queued: expect.any(String) }),
    ]);
    const second = await until(finished('full', 2));
    expect(second).toMatchObject({ outcome: 'ok', indexName: expect.any(String) });
    expect(second?.warnings).toContainEqual({ code: 'INACTIVE', productId: String(dropped) });
    expect((await runs()).status).toBe('ok');
    expect((await reindex('preview')).status).toBe(202);
    expect((await until(finished('preview')))?.outcome).toBe('ok');
  }, 60_000);

  it('previews what a draft rule changes in search results, for a read-only token too', async () => {
    const names = await h.t
      .db('product_descriptions')
      .where({ tenant_id: tenantId })
      .whereIn('product_id', await activeRoots())
      .pluck<string[]>('name');
    const words = [
      ...new Set(names.flatMap((n) => n.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4)),
    ].slice(0, 20);
    const preview = async (queries: string[]) =>
      (
        await h.call(
          'get',
          `${site('/search-preview')}?${queries.map((q) => `queries=${encodeURIComponent(q)}`).join('&')}`,
          { token: readOnly },
        )
      ).body;
    const before = await preview([...words, 'zzzz-nothing']);
    expect(before).toMatchObject({
      siteId,
      market: 'main',
      source: 'given',
      indices: { live: `sf${siteId}-ops-shop`, draft: `sf${siteId}-ops-shop.preview` },
    });
    expect(before.queries.every((q: { changed: boolean }) => !q.changed)).toBe(true);
    const found = (before.queries as { query: string; live: { id: string }[] }[]).find((q) => q.live.length > 0);
    const top = found!.live[0]!.id;
    await saveQueryRule(h.t.db, tenantId, siteId, { query: found!.query, hide: [top] });
    const [after, nothing] = (await preview([found!.query, 'zzzz-nothing'])).queries;
    expect(after).toMatchObject({
      query: found!.query,
      changed: true,
      left: [expect.objectContaining({ id: top, position: 1 })],
    });
    expect(nothing).toMatchObject({ changed: false, live: [], draft: [] });
  });

  it('gates a run that loses most documents; confirming puts it live, rollback the one before; 409 when nothing awaits', async () => {
    const conflict = async (path: string) => {
      const res = await h.call('post', path, { token });
      expect([res.status, res.body.code]).toEqual([409, 'conflict']);
    };
    await conflict(site('/runs/confirm-gated'));
    await conflict(`/storefront/sites/${bareSite}/rollback`);
    const live = await e.engine.resolveAlias(`sf${siteId}-ops-shop`);
    const off = (await activeRoots()).filter((_, i) => i % 5 < 3);
    await h.t.db('products').where({ tenant_id: tenantId }).whereIn('id', off).update({ is_active: false });
    await reindex('full');
    const gated = await until(finished('full', 3));
    expect(gated).toMatchObject({
      outcome: 'gated',
      warnings: expect.arrayContaining([expect.objectContaining({ code: 'GATED' })]),
    });
    const held = (await h.call('get', site('/runs'), { token, query: { limit: 50 } })).body;
    expect([held.status, held.runs[0].gate?.check, held.live?.indexName, held.live?.documentCount]).toEqual([
      'gated',
      'count',
      live,
      await e.engine.count(live!),
    ]);
    expect((await h.call('post', site('/runs/confirm-gated'), { token })).body).toEqual({
      siteId,
      confirmed: gated!.indexName,
    });
    const confirmed = (await h.call('get', site('/runs'), { token })).body;
    expect([confirmed.status, confirmed.live?.indexName, confirmed.rollbackTo?.indexName]).toEqual([
      'ok',
      gated!.indexName,
      live,
    ]);
    expect((await h.call('post', site('/rollback'), { token })).body).toEqual({ siteId, live });
    await h.t.db('products').where({ tenant_id: tenantId }).whereIn('id', off).update({ is_active: true });
  }, 60_000);

  it('revokes a key at once, and finds no key of another site or tenant', async () => {
    const created = (await h.call('post', site('/keys'), { token, body: { kind: 'secret', label: 'server' } })).body;
    await h.call('post', site('/publish'), { token, body: { note: 'the server key' } });
    expect(await findActiveKey(h.t.db, created.key)).not.toBeNull();
    const revoked = await h.call('delete', site(`/keys/${created.id}`), { token });
    expect(revoked.body).toMatchObject({ id: created.id, revokedAt: expect.any(String) });
    expect(revoked.body).not.toHaveProperty('key');
    expect(await findActiveKey(h.t.db, created.key)).toBeNull();
    expect((await h.call('delete', site(`/keys/${strangerKey}`), { token })).status).toBe(404);
    expect((await h.call('delete', `/storefront/sites/${bareSite}/keys/${created.id}`, { token })).status).toBe(404);
    expect((await h.t.db('storefront_keys').where({ id: strangerKey }).first()).revoked_at).toBeNull();
    const versions = (await h.call('get', site('/versions'), { token })).body.versions;
    expect(versions.map((v: { version: number; note: string }) => [v.version, v.note])).toEqual([
      [2, 'the server key'],
      [1, 'launch'],
    ]);
  });

  it('answers 503 where indexing is needed on a server built without the storefront services; reads still work', async () => {
    const keys = await tempSigningKey();
    try {
      const verifyToken = createTokenVerifier({
        keys: createLocalJWKSet({ keys: [keys.signingKey.publicJwk] }),
        issuer: TEST_ISSUER,
        audience: TEST_AUDIENCE,
      });
      const app = createApp({ db: h.t.db, redis: workerRedis, logger: silentLogger, verifyToken });
      const bearer = `Bearer ${await new SignJWT({ iid: tenantId, scope: formatScope('read-write', []) }).setProtectedHeader({ alg: 'ES256', kid: keys.signingKey.kid }).setIssuer(TEST_ISSUER).setAudience(TEST_AUDIENCE).setSubject('1').setExpirationTime('5m').sign(keys.signingKey.privateKey)}`;
      for (const [method, path, body] of routes()) {
        const res = await request(app)[method](`/api/v1${path}`).set('Authorization', bearer).send(body);
        const needs = ['/publish', '/reindex', '/confirm-gated', '/rollback', '/search-preview'].some((tail) =>
          path.split('?')[0]!.endsWith(tail),
        );
        if (needs) expect([path, res.status, res.body.code]).toEqual([path, 503, 'unavailable']);
        else expect([path, res.status]).not.toEqual([path, 503]);
      }
    } finally {
      await keys.cleanup();
    }
  });
});
