import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';
import { insertTenant } from '../../../support/identity';

const PROFILE = '/tenant-settings/company-profile';

describe('tenant settings', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let bare: number;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'set-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'set-b', 2);
    await h.t.db('company_profiles').where({ tenant_id: tenantB }).update({ name: 'Tenant B Ltd', city: 'Oslo' });
    bare = await insertTenant(h.t.db, 'set-bare');
    token = await h.token(tenantA);
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const patch = (body: unknown, t = token) => h.call('patch', PROFILE, { token: t, body });
  const profileOf = async (tenantId: number) =>
    (await h.call('get', PROFILE, { token: await h.token(tenantId, { access: 'read-only', permissions: [] }) })).body;

  describe('GET company-profile', () => {
    it('returns the stored profile, for a read-only key', async () => {
      const res = await h.call('get', PROFILE, {
        token: await h.token(tenantA, { access: 'read-only', permissions: [] }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'Nordhem',
        legalName: 'Nordhem Handel AB',
        orgno: '556677-8899',
        city: 'Stockholm',
        countryCode: 'SE',
        street2: null,
        plusgiro: null,
      });
    });

    it('reads an empty profile for a tenant without one', async () => {
      const body = await profileOf(bare);
      expect(body.name).toBe('');
      expect(
        Object.entries(body)
          .filter(([k]) => k !== 'name')
          .every(([, v]) => v === null),
      ).toBe(true);
    });
  });

  describe('PATCH company-profile', () => {
    it('changes only the fields sent and lists changed, already correct and not saved', async () => {
      const res = await patch({
        city: 'Uppsala',
        email: 'hello@nordhem.example.com',
        phone: null,
        countryCode: 'no',
        fax: '+46 1',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        changed: ['city', 'countryCode'],
        alreadyCorrect: ['email'],
        notSaved: ['fax'],
      });
      const stored = await profileOf(tenantA);
      expect(stored).toMatchObject({
        city: 'Uppsala',
        countryCode: 'NO',
        phone: '+46 8 123 456 78',
        legalName: 'Nordhem Handel AB',
      });
      expect(res.body.profile).toEqual(stored);
    });

    it('clears a field with an empty string', async () => {
      const res = await patch({ website: '', street2: '' });
      expect(res.body).toMatchObject({ changed: ['website'], alreadyCorrect: ['street2'], notSaved: [] });
      expect((await profileOf(tenantA)).website).toBeNull();
    });

    it('changes nothing for a null body', async () => {
      const before = await profileOf(tenantA);
      const res = await h.call('patch', PROFILE, {
        token,
        body: 'null',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ changed: [], alreadyCorrect: [], notSaved: [], profile: before });
    });

    it('creates the profile of a tenant without one', async () => {
      const res = await patch({ name: 'Bare AB', city: 'Lund' }, await h.token(bare));
      expect(res.body).toMatchObject({ changed: ['name', 'city'], alreadyCorrect: [], notSaved: [] });
      expect(await profileOf(bare)).toMatchObject({ name: 'Bare AB', city: 'Lund', email: null });
    });

    it.each<[string, Record<string, unknown>, RegExp]>([
      ['an invalid e-mail', { email: 'not-an-address', city: 'Malmö' }, /email/],
      ['an empty name', { name: '', city: 'Malmö' }, /name/],
      ['a currency the company does not have', { defaultCurrencyCode: 'JPY', city: 'Malmö' }, /defaultCurrencyCode/],
      ['an invalid country code', { countryCode: 'Sweden', city: 'Malmö' }, /countryCode/],
      ['a web address without http', { website: 'ftp://x.example', city: 'Malmö' }, /website/],
      ['an over-long field', { street: 'x'.repeat(201), city: 'Malmö' }, /street/],
    ])('answers %s with 400 {error} and stores nothing', async (_name, body, message) => {
      const before = await profileOf(tenantA);
      const res = await patch(body);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatch(message);
      expect(await profileOf(tenantA)).toEqual(before);
    });

    it('answers a field of the wrong type with ValidationProblemDetails', async () => {
      const wrong = await patch({ city: 5 });
      expect(wrong.status).toBe(400);
      expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys(wrong.body.errors)).toEqual(['$.city']);
    });

    it('reads a missing body as null: no change (the body is "CompanyProfileUpdateDto (or null)", not required)', async () => {
      const before = await profileOf(tenantA);
      const missing = await h.call('patch', PROFILE, { token });
      expect(missing.status).toBe(200);
      expect(missing.body).toMatchObject({ changed: [], alreadyCorrect: [], notSaved: [] });
      expect(await profileOf(tenantA)).toEqual(before);
    });

    it('answers 415 for a body that is not JSON', async () => {
      const res = await h.call('patch', PROFILE, {
        token,
        body: 'city=Lund',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(415);
    });

    it('answers 403 {error} without onboarding_company, and 403 forbidden for a read-only key', async () => {
      const before = await profileOf(tenantA);
      const noPermission = await patch({ city: 'Kiruna' }, await h.token(tenantA, { permissions: ['payment_manage'] }));
      expect(noPermission.status).toBe(403);
      expect(noPermission.body).toEqual({ error: expect.stringContaining('onboarding_company') });
      const readOnly = await patch(
        { city: 'Kiruna' },
        await h.token(tenantA, { access: 'read-only', permissions: ['onboarding_company'] }),
      );
      expect(readOnly.status).toBe(403);
      expect(readOnly.body).toMatchObject({ code: 'forbidden' });
      expect(await profileOf(tenantA)).toEqual(before);
    });

    it('answers 500 with the groups read back from storage when the write fails, and a retry then succeeds', async () => {
      await h.t.db.raw(
        "alter table company_profiles add constraint test_no_atlantis check (city is distinct from 'Atlantis')",
      );
      try {
        const before = await profileOf(tenantA);
        const res = await patch({ city: 'Atlantis', phone: '+46 8 000 000', email: before.email });
        expect(res.status).toBe(500);
        expect(res.body).toEqual({
          error: expect.any(String),
          traceId: expect.any(String),
          changed: [],
          alreadyCorrect: ['email'],
          notSaved: ['city', 'phone'],
        });
        expect(await profileOf(tenantA)).toEqual(before);
      } finally {
        await h.t.db.raw('alter table company_profiles drop constraint test_no_atlantis');
      }
      const retry = await patch({ city: 'Atlantis', phone: '+46 8 000 000' });
      expect(retry.body).toMatchObject({ changed: ['city', 'phone'], notSaved: [] });
    });

    it("never writes another tenant's profile", async () => {
      const before = await profileOf(tenantB);
      await patch({ city: 'Gävle', legalName: 'Only A' });
      expect(await profileOf(tenantB)).toEqual(before);
      const res = await patch({ city: 'Bergen' }, await h.token(tenantB));
      expect(res.body).toMatchObject({ changed: ['city'], profile: { name: 'Tenant B Ltd', city: 'Bergen' } });
      expect((await profileOf(tenantA)).city).toBe('Gävle');
    });

    it('needs a token', async () => {
      expect((await h.call('patch', PROFILE, { body: { city: 'X' } })).status).toBe(401);
      expect((await h.call('get', PROFILE)).status).toBe(401);
    });
  });

  describe('GET vat-configuration', () => {
    it('returns settings, codes and VAT types as stored', async () => {
      const db = h.t.db;
      const settings = await db('vat_settings').where({ tenant_id: tenantA }).first();
      const codes = await db('vat_codes').where({ tenant_id: tenantA }).orderBy(['country_code', 'code']);
      const types = await db('vat_types').where({ tenant_id: tenantA }).orderBy('id');
      const res = await h.call('get', '/tenant-settings/vat-configuration', {
        token: await h.token(tenantA, { access: 'read-only', permissions: [] }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        registered: settings.registered,
        pricesIncludeVat: settings.prices_include_vat,
        reportingPeriod: settings.reporting_period,
        defaultVatCode: settings.default_vat_code,
        vatCodes: codes.map((c) => ({
          id: c.id,
          code: c.code,
          name: c.name,
          rate: num(c.rate),
          kind: c.kind,
          countryCode: c.country_code,
          salesAccount: c.sales_account,
          purchaseAccount: c.purchase_account,
          isDefault: c.is_default,
          active: c.active,
        })),
        vatTypes: types.map((t) => ({
          id: t.id,
          code: t.code,
          name: t.name,
          reverseCharge: t.reverse_charge,
          export: t.export,
        })),
      });
      expect(res.body.vatCodes).toContainEqual(expect.objectContaining({ code: 'SE25', rate: 25, isDefault: true }));
    });

    it('reads as not registered, with no codes, for a tenant that never configured VAT', async () => {
      const res = await h.call('get', '/tenant-settings/vat-configuration', { token: await h.token(bare) });
      expect(res.body).toEqual({
        registered: false,
        pricesIncludeVat: true,
        reportingPeriod: null,
        defaultVatCode: null,
        vatCodes: [],
        vatTypes: [],
      });
    });

    it("never shows another tenant's codes", async () => {
      await h.t.db('vat_codes').insert({
        tenant_id: tenantB,
        id: 99,
        code: 'NO25',
        name: 'Norway standard',
        rate: 25,
        kind: 'standard',
        country_code: 'NO',
      });
      const a = await h.call('get', '/tenant-settings/vat-configuration', { token });
      expect(a.body.vatCodes.map((c: { code: string }) => c.code)).not.toContain('NO25');
      const b = await h.call('get', '/tenant-settings/vat-configuration', { token: await h.token(tenantB) });
      expect(b.body.vatCodes.map((c: { code: string }) => c.code)).toContain('NO25');
    });

    it('needs a token', async () => {
      expect((await h.call('get', '/tenant-settings/vat-configuration')).status).toBe(401);
    });
  });
});
