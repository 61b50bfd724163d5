import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';
import { insertLine, insertOrder, SEEDED_STATUS } from '../sales-orders/order-rows';

// Spec: rules 1-5 (company profile, sales order lines, POST and PATCH /sales-orders), IdResultDto, 204s.
const PROFILE = '/tenant-settings/company-profile';
const LINE = { productNumber: 'X-1', description: 'Conformance line', quantity: 2, price: 10, vatRate: 25 };

describe('spec conformance: writes', () => {
  let h: BusinessApiHarness;
  let tenant: number;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startBusinessApi();
    tenant = await seedSmallTenant(h.t.db, 'conf-writes', 91);
    const db = h.t.db;
    ids.order = await insertOrder(db, tenant);
    ids.invoiced = await insertOrder(db, tenant, { status_id: SEEDED_STATUS.invInvoiced, invoice_number: 990_001 });
    ids.invoicedLine = await insertLine(db, tenant, ids.invoiced);
    ids.credited = await insertOrder(db, tenant);
    ids.creditedLine = await insertLine(db, tenant, ids.credited);
    await insertOrder(db, tenant, { status_id: SEEDED_STATUS.crCredited, credited_order_id: ids.credited });
    token = await h.token(tenant);
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const envelope = (code: string) => ({ code, message: expect.any(String), traceId: expect.any(String) });

  describe('sales order lines (rule 3)', () => {
    it('adds (200 IdResultDto), patches (204, no body) and deletes (204, no body) a line', async () => {
      const added = await h.call('post', `/sales-orders/${ids.order}/lines`, { token, body: LINE });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ id: expect.any(Number) });
      const lineId = added.body.id as number;
      const patched = await h.call('patch', `/sales-orders/${ids.order}/lines/${lineId}`, {
        token,
        body: { quantity: 3 },
      });
      expect([patched.status, patched.text]).toEqual([204, '']);
      const lines = await h.call('get', `/sales-orders/${ids.order}/lines`, { token });
      expect(lines.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: lineId, quantity: 3 })]));
      const deleted = await h.call('delete', `/sales-orders/${ids.order}/lines/${lineId}`, { token });
      expect([deleted.status, deleted.text]).toEqual([204, '']);
    });

    it.each(['invoiced', 'credited'])(
      'refuses add, patch and delete on an %s order with 400 bad_request',
      async (kind) => {
        const order = ids[kind];
        const line = ids[`${kind}Line`];
        const answers = [
          await h.call('post', `/sales-orders/${order}/lines`, { token, body: LINE }),
          await h.call('patch', `/sales-orders/${order}/lines/${line}`, { token, body: { description: 'changed' } }),
          await h.call('delete', `/sales-orders/${order}/lines/${line}`, { token }),
        ];
        for (const res of answers) expect([res.status, res.body]).toEqual([400, envelope('bad_request')]);
      },
    );

    it('answers 403 forbidden without the quantity or price permission the change needs', async () => {
      const line = await insertLine(h.t.db, tenant, ids.order);
      const noQuantity = await h.token(tenant, { permissions: ['price'] });
      const noPrice = await h.token(tenant, { permissions: ['quantity'] });
      const answers = [
        await h.call('post', `/sales-orders/${ids.order}/lines`, { token: noQuantity, body: LINE }),
        await h.call('patch', `/sales-orders/${ids.order}/lines/${line}`, { token: noQuantity, body: { quantity: 5 } }),
        await h.call('patch', `/sales-orders/${ids.order}/lines/${line}`, { token: noPrice, body: { price: 5 } }),
        await h.call('delete', `/sales-orders/${ids.order}/lines/${line}`, { token: noQuantity }),
      ];
      for (const res of answers) expect([res.status, res.body]).toEqual([403, envelope('forbidden')]);
    });
  });

  describe('POST /sales-orders (rule 4)', () => {
    it('creates an order: 200 SalesOrderCreatedDto', async () => {
      const res = await h.call('post', '/sales-orders', { token, body: { customerId: 1, lines: [LINE] } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: expect.any(Number) });
      expect((await h.call('get', `/sales-orders/${res.body.id}`, { token })).status).toBe(200);
    });

    it.each([
      ['an unknown company', { customerId: 987_654 }],
      ['an unknown company id 0', { customerId: 0 }],
      ['an unknown company id -1', { customerId: -1 }],
      ['an unknown currency', { customerId: 1, currencyIsoCode: 'XYZ' }],
      ['an unknown VAT type', { customerId: 1, vatTypeId: 987_654 }],
      ['an unknown VAT type id 0', { customerId: 1, vatTypeId: 0 }],
    ])('400 invalid_request for %s', async (_name, body) => {
      const res = await h.call('post', '/sales-orders', { token, body });
      expect([res.status, res.body]).toEqual([400, envelope('invalid_request')]);
    });
  });

  describe('PATCH /sales-orders/{id} (rule 5)', () => {
    it('changes only the fields sent: 200 SalesOrderPatchResultDto', async () => {
      const res = await h.call('patch', `/sales-orders/${ids.order}`, { token, body: { yourReference: 'PO-42' } });
      expect(res.status).toBe(200);
      expect((await h.call('get', `/sales-orders/${ids.order}`, { token })).body.yourReference).toBe('PO-42');
    });

    it.each([
      ['the order is invoiced', () => ids.invoiced, { yourReference: 'x' }],
      ['the order is credited', () => ids.credited, { yourReference: 'x' }],
      ['the VAT type is unknown', () => ids.order, { vatTypeId: 987_654 }],
      ['the currency is unknown', () => ids.order, { currencyIsoCode: 'XYZ' }],
    ])('400 invalid_request with a reason when %s', async (_name, order, body) => {
      const res = await h.call('patch', `/sales-orders/${order()}`, { token, body });
      expect([res.status, res.body]).toEqual([400, envelope('invalid_request')]);
      expect((res.body.message as string).length).toBeGreaterThan(10);
    });
  });

  describe('PATCH company profile (rules 1 and 2)', () => {
    it('changes only the fields sent; an empty string clears; the 200 body has the three lists', async () => {
      expect((await h.call('patch', PROFILE, { token, body: { region: 'Skåne' } })).body.changed).toEqual(['region']);
      const before = (await h.call('get', PROFILE, { token })).body as Record<string, unknown>;
      const res = await h.call('patch', PROFILE, { token, body: { city: 'Malmö', region: '', name: before.name } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ changed: ['city', 'region'], alreadyCorrect: ['name'], notSaved: [] });
      const after = (await h.call('get', PROFILE, { token })).body as Record<string, unknown>;
      expect(after).toEqual({ ...before, city: 'Malmö', region: null });
    });

    it('400 {error} when a field fails validation, and nothing is stored', async () => {
      const before = (await h.call('get', PROFILE, { token })).body;
      const res = await h.call('patch', PROFILE, { token, body: { city: 'Lund', email: 'not an e-mail' } });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect((await h.call('get', PROFILE, { token })).body).toEqual(before);
    });

    it('403 {error} without onboarding_company', async () => {
      const res = await h.call('patch', PROFILE, {
        token: await h.token(tenant, { permissions: ['price', 'quantity'] }),
        body: { city: 'Lund' },
      });
      expect([res.status, res.body]).toEqual([403, { error: expect.any(String) }]);
    });

    it('accepts a null body, or none ("(or null)": not required), as no change', async () => {
      const before = (await h.call('get', PROFILE, { token })).body;
      for (const options of [{ body: null, headers: { 'Content-Type': 'application/json' } }, {}]) {
        const res = await h.call('patch', PROFILE, { token, ...options });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ changed: [], alreadyCorrect: [], notSaved: [] });
      }
      expect((await h.call('get', PROFILE, { token })).body).toEqual(before);
      expect(h.document.paths['/tenant-settings/company-profile']?.patch?.requestBody).toMatchObject({
        required: false,
      });
      expect(h.document.paths['/sales-orders']?.post?.requestBody).toMatchObject({ required: true });
    });
  });
});
