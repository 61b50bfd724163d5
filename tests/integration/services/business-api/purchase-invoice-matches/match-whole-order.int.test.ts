import type { BusinessApiHarness } from '../../../../support/business-api';
import { startMatchingApi, type PurchasingFixture } from '../../../../support/purchasing-fixture';

describe('POST /purchase-invoice-matches/{invoiceId}/match-whole-order', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let a: PurchasingFixture;
  let token: string;

  beforeAll(async () => {
    ({ h, tenantA, tenantB, a } = await startMatchingApi({ seedTenantB: false }));
    token = await h.token(tenantA);
  });
  afterAll(() => h.close());

  const wholeOrder = (draftId: number, orderId: number, as = token) =>
    h.call('post', `/purchase-invoice-matches/${draftId}/match-whole-order`, { token: as, body: { orderId } });

  it('attaches every unbooked receipt of the order, each on the line of its product, split deliveries together', async () => {
    const po = await a.purchaseOrder(1, ['blue', 'red']);
    const [b1, b2, red] = [
      await a.receipt(po, 'blue', 6),
      await a.receipt(po, 'blue', 4),
      await a.receipt(po, 'red', 4),
    ];
    await a.receipt(po, 'red', 2, { booked: true });
    const draftId = await a.draft(1, [
      { product: 'red', quantity: 4 },
      { product: 'blue', quantity: 10 },
    ]);
    const res = await wholeOrder(draftId, po.orderId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invoiceId: draftId });
    expect(await a.pairs(draftId)).toEqual([
      { line: 0, orderItemId: po.line('red'), receipt: red, qty: 4 },
      { line: 1, orderItemId: po.line('blue'), receipt: b1, qty: 6 },
      { line: 1, orderItemId: po.line('blue'), receipt: b2, qty: 4 },
    ]);
    expect(
      (await h.t.db('purchase_invoice_drafts').where({ tenant_id: tenantA, id: draftId }).first('booked')).booked,
    ).toBe(false);
  });

  it('spreads by best fit, not first come: each delivery goes to the line invoicing its quantity', async () => {
    const po = await a.purchaseOrder(1, ['green']);
    const [small, large] = [await a.receipt(po, 'green', 4), await a.receipt(po, 'green', 6)];
    const draftId = await a.draft(1, [
      { product: 'green', quantity: 6 },
      { product: 'green', quantity: 4 },
    ]);
    expect((await wholeOrder(draftId, po.orderId)).status).toBe(200);
    expect((await a.pairs(draftId)).map((p) => [p.line, p.receipt, p.qty])).toEqual([
      [0, large, 6],
      [1, small, 4],
    ]);
  });

  it('pairs only what the invoice still needs and keeps the rest of a receipt open', async () => {
    const po = await a.purchaseOrder(1, ['blue']);
    const receipt = await a.receipt(po, 'blue', 10);
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 9.5 }]);
    expect((await wholeOrder(draftId, po.orderId)).status).toBe(200);
    expect((await a.pairs(draftId)).map((p) => [p.receipt, p.qty])).toEqual([[receipt, 9.5]]);
  });

  it('answers 200 and changes nothing when repeated; refuses when others already matched everything', async () => {
    const po = await a.purchaseOrder(1, ['red']);
    await a.receipt(po, 'red', 4);
    const [first, second] = [
      await a.draft(1, [{ product: 'red', quantity: 4 }]),
      await a.draft(1, [{ product: 'red', quantity: 4 }]),
    ];
    expect((await wholeOrder(first, po.orderId)).status).toBe(200);
    expect((await wholeOrder(first, po.orderId)).status).toBe(200);
    expect(await a.pairs(first)).toHaveLength(1);
    const res = await wholeOrder(second, po.orderId);
    expect(res.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/already matched to other invoices/),
    });
  });

  it('refuses, storing nothing, when a receipt fits no line of its product with quantity left', async () => {
    const po = await a.purchaseOrder(1, ['blue', 'green']);
    await a.receipt(po, 'blue', 10);
    const green = await a.receipt(po, 'green', 2);
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 10 }]);
    const res = await wholeOrder(draftId, po.orderId);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining(`Receipts ${green} of purchase order ${po.orderId} fit no invoice line`),
    });
    expect(await a.pairs(draftId)).toEqual([]);
  });

  it.each([
    ['an order of another vendor', async () => (await a.purchaseOrder(2, ['blue'])).orderId, /from another vendor/],
    ['an unknown order', async () => 987_654, /is not a purchase order of this tenant/],
    [
      'an order with no unbooked receipts',
      async () => (await a.purchaseOrder(1, ['blue'])).orderId,
      /has no unbooked receipts/,
    ],
  ])('refuses %s with 400 invalid_request', async (_name, orderOf, message) => {
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 1 }]);
    const res = await wholeOrder(draftId, await orderOf());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
  });

  it('refuses a sales order id', async () => {
    const orderId = a.id();
    await h.t
      .db('orders')
      .insert({ tenant_id: tenantA, id: orderId, status_id: 2, customer_id: 1, name: 'SO', currency_code: 'SEK' });
    const res = await wholeOrder(await a.draft(1, [{ product: 'blue', quantity: 1 }]), orderId);
    expect(res.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/is not a purchase order/),
    });
  });

  it("answers 404 for another tenant's draft and 403 for a read-only key", async () => {
    const po = await a.purchaseOrder(1, ['blue']);
    await a.receipt(po, 'blue', 1);
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 1 }]);
    const other = await wholeOrder(draftId, po.orderId, await h.token(tenantB));
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'not_found' });
    const readOnly = await wholeOrder(draftId, po.orderId, await h.token(tenantA, { access: 'read-only' }));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ code: 'forbidden' });
    expect(await a.pairs(draftId)).toEqual([]);
  });

  it('drops the cached suggestions of the draft', async () => {
    const po = await a.purchaseOrder(1, ['red']);
    const receipt = await a.receipt(po, 'red', 4);
    const draftId = await a.draft(1, [{ product: 'red', quantity: 4 }]);
    const ids = async () =>
      (await h.call('get', `/purchase-invoice-matches/${draftId}`, { token })).body.suggestions[0].candidates.map(
        (c: { invTransactionId: number }) => c.invTransactionId,
      );
    expect(await ids()).toContain(receipt);
    expect((await wholeOrder(draftId, po.orderId)).status).toBe(200);
    expect(await ids()).not.toContain(receipt);
  });
});
