import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { seedTenant } from '../../../../../scripts/seed/seed-tenant';
import { SEED_AS_OF } from '../../../../support/business-data';

type Candidate = { invTransactionId: number; score: number; isAutoEligible: boolean; reasons: string[] };

/** The seed's supplier invoices: waiting drafts, each for one purchase order, a few quantities and prices a little off. */
describe('purchase-invoice matching on seeded data', () => {
  let h: BusinessApiHarness;
  let tenant: number;
  let token: string;
  let drafts: Array<{ id: number; order_id: number | null }>;

  beforeAll(async () => {
    h = await startBusinessApi();
    // Enough orders for a few dozen recent purchase orders with receipts still waiting for their invoice.
    ({ tenantId: tenant } = await seedTenant(h.t.db, {
      tenant: 'seeded',
      products: 200,
      orders: 2000,
      seed: 7,
      asOf: SEED_AS_OF,
      analyze: false,
    }));
    token = await h.token(tenant);
    drafts = await h.t
      .db('purchase_invoice_drafts as d')
      .leftJoin('orders as o', (j) =>
        j
          .on('o.tenant_id', 'd.tenant_id')
          .andOn('o.purchase_number', 'd.po_number')
          .andOn('o.vendor_id', 'd.vendor_id'),
      )
      .select('d.id', 'o.id as order_id')
      .where('d.tenant_id', tenant)
      .orderBy('d.id');
  }, 60_000);
  afterAll(() => h.close());

  it('has drafts to match', () => {
    expect(drafts.length).toBeGreaterThanOrEqual(3);
  });

  it('suggests a receipt for every line, and finds most lines auto-eligible', async () => {
    let lines = 0;
    let eligible = 0;
    for (const d of drafts) {
      const res = await h.call('get', `/purchase-invoice-matches/${d.id}`, { token });
      expect(res.status).toBe(200);
      for (const s of res.body.suggestions as Array<{ candidates: Candidate[] }>) {
        lines++;
        if (s.candidates.some((c) => c.isAutoEligible)) eligible++;
        expect(s.candidates.length).toBeLessThanOrEqual(5);
      }
    }
    expect(eligible / lines).toBeGreaterThan(0.5);
  });

  it('matches whole orders without matching any receipt beyond its quantity', async () => {
    const withOrder = drafts.filter((x) => x.order_id !== null);
    expect(withOrder.length).toBeGreaterThanOrEqual(3);
    const matchesOf = async (draftId: number) =>
      Number(
        (
          await h.t
            .db('purchase_invoice_matches')
            .where({ tenant_id: tenant, draft_id: draftId })
            .count<{ count: string }[]>('*')
        )[0]?.count,
      );
    let matched = 0;
    for (const d of withOrder) {
      const res = await h.call('post', `/purchase-invoice-matches/${d.id}/match-whole-order`, {
        token,
        body: { orderId: d.order_id },
      });
      // Each answer is checked against what it did: a 200 names the draft and attached receipts to it; a refusal
      // is invalid_request and attached nothing.
      const answer =
        res.status === 200
          ? { status: 200, invoiceId: res.body.invoiceId }
          : { status: res.status, code: res.body.code };
      const expected = res.status === 200 ? { status: 200, invoiceId: d.id } : { status: 400, code: 'invalid_request' };
      expect([d.id, answer, (await matchesOf(d.id)) > 0]).toEqual([d.id, expected, res.status === 200]);
      matched += Number(res.status === 200);
    }
    expect(matched).toBeGreaterThan(withOrder.length / 2);
    const { rows } = await h.t.db.raw(
      `select r.id from receipts r join purchase_invoice_matches m on m.tenant_id = r.tenant_id and m.receipt_id = r.id
       where r.tenant_id = ? group by r.id, r.quantity having sum(m.qty) > r.quantity`,
      [tenant],
    );
    expect(rows).toEqual([]);
  });
});
