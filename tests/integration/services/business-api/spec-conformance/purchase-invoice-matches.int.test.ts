import type { BusinessApiHarness } from '../../../../support/business-api';
import { purchasingFixture, startMatchingApi, type PurchasingFixture } from '../../../../support/purchasing-fixture';

// Spec: "Purchase invoice match response", rules 11-12, Limits (top 5 candidates), the three match endpoints.
describe('spec conformance: purchase-invoice matching', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let a: PurchasingFixture;
  let token: string;

  beforeAll(async () => {
    ({ h, tenantA, tenantB, a } = await startMatchingApi());
    token = await h.token(tenantA);
  });
  afterAll(() => h.close());

  it('answers the response shape with at most 5 candidates per invoice line', async () => {
    const po = await a.purchaseOrder(1, ['blue']);
    for (let i = 0; i < 7; i++) await a.receipt(po, 'blue', 2, { daysBefore: i + 1 });
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 2 }]);
    const res = await h.call('get', `/purchase-invoice-matches/${draftId}`, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['invoiceId', 'suggestions', 'tolerances']);
    expect(Object.keys(res.body.tolerances).sort()).toEqual([
      'autoEligibleScore',
      'dateWindowDays',
      'pricePercent',
      'qtyPercent',
    ]);
    const [line] = res.body.suggestions;
    expect(line).toMatchObject({ invoiceLineIndex: 0, productNumber: expect.any(String), quantity: 2 });
    expect(line.candidates).toHaveLength(5);
    for (const c of line.candidates) {
      expect(c).toMatchObject({
        orderId: po.orderId,
        orderItemId: po.line('blue'),
        score: expect.any(Number),
        reasons: expect.any(Array),
        isAutoEligible: expect.any(Boolean),
      });
      expect(Number.isInteger(c.score)).toBe(true);
    }
  });

  it('confirm and match-whole-order answer 200 {invoiceId}; the draft stays unbooked', async () => {
    const po = await a.purchaseOrder(1, ['red', 'green']);
    const red = await a.receipt(po, 'red', 3);
    await a.receipt(po, 'green', 4);
    const draftId = await a.draft(1, [
      { product: 'red', quantity: 3 },
      { product: 'green', quantity: 4 },
    ]);
    const confirm = await h.call('post', `/purchase-invoice-matches/${draftId}/confirm`, {
      token,
      body: { matches: [{ invoiceLineIndex: 0, orderItemId: po.line('red'), invTransactionId: red }] },
    });
    expect([confirm.status, confirm.body]).toEqual([200, { invoiceId: draftId }]);
    const whole = await h.call('post', `/purchase-invoice-matches/${draftId}/match-whole-order`, {
      token,
      body: { orderId: po.orderId },
    });
    expect([whole.status, whole.body]).toEqual([200, { invoiceId: draftId }]);
    const draft = await h.t.db('purchase_invoice_drafts').where({ tenant_id: tenantA, id: draftId }).first('booked');
    expect(draft.booked).toBe(false);
  });

  it("answers 404 not_found for an unknown draft and another tenant's, on all three endpoints", async () => {
    const other = await purchasingFixture(h.t.db, tenantB).draft(1, [{ product: 'blue', quantity: 1 }]);
    for (const id of [987_654, other]) {
      const answers = [
        await h.call('get', `/purchase-invoice-matches/${id}`, { token }),
        await h.call('post', `/purchase-invoice-matches/${id}/confirm`, {
          token,
          body: { matches: [{ invoiceLineIndex: 0, orderItemId: 1, invTransactionId: 1 }] },
        }),
        await h.call('post', `/purchase-invoice-matches/${id}/match-whole-order`, { token, body: { orderId: 1 } }),
      ];
      for (const res of answers) expect([id, res.status, res.body.code]).toEqual([id, 404, 'not_found']);
    }
  });
});
