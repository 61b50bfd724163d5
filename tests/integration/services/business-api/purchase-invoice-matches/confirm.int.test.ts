import type { BusinessApiHarness } from '../../../../support/business-api';
import { startMatchingApi, type PurchasingFixture } from '../../../../support/purchasing-fixture';

type Pair = { invoiceLineIndex: number; orderItemId: number; invTransactionId: number };

describe('POST /purchase-invoice-matches/{invoiceId}/confirm', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let a: PurchasingFixture;
  let b: PurchasingFixture;
  let token: string;

  beforeAll(async () => {
    ({ h, tenantA, tenantB, a, b } = await startMatchingApi());
    token = await h.token(tenantA);
  });
  afterAll(() => h.close());

  const confirm = (draftId: number, matches: Pair[], as = token) =>
    h.call('post', `/purchase-invoice-matches/${draftId}/confirm`, { token: as, body: { matches } });
  const get = (draftId: number) => h.call('get', `/purchase-invoice-matches/${draftId}`, { token });

  /** A purchase order with blue received in two parts and red once, and a draft invoicing both lines. */
  async function world() {
    const po = await a.purchaseOrder(1, ['blue', 'red']);
    const receipts = {
      blue1: await a.receipt(po, 'blue', 6),
      blue2: await a.receipt(po, 'blue', 4),
      red: await a.receipt(po, 'red', 4),
    };
    const draftId = await a.draft(
      1,
      [
        { product: 'blue', quantity: 10 },
        { product: 'red', quantity: 4 },
      ],
      { poNumber: po.purchaseNumber },
    );
    const pair = (
      line: number,
      receipt: number,
      orderItemId = line === 0 ? po.line('blue') : po.line('red'),
    ): Pair => ({ invoiceLineIndex: line, orderItemId, invTransactionId: receipt });
    return { po, receipts, draftId, pair };
  }

  it('stores the pairs, several receipts on one line, and answers {invoiceId}; the invoice stays unbooked', async () => {
    const { receipts: r, draftId, pair, po } = await world();
    const res = await confirm(draftId, [pair(0, r.blue1), pair(0, r.blue2), pair(1, r.red)]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invoiceId: draftId });
    expect(await a.pairs(draftId)).toEqual([
      { line: 0, orderItemId: po.line('blue'), receipt: r.blue1, qty: 6 },
      { line: 0, orderItemId: po.line('blue'), receipt: r.blue2, qty: 4 },
      { line: 1, orderItemId: po.line('red'), receipt: r.red, qty: 4 },
    ]);
    const draft = await h.t.db('purchase_invoice_drafts').where({ tenant_id: tenantA, id: draftId }).first('booked');
    expect(draft.booked).toBe(false);
    expect(
      await h.t.db('receipts').where({ tenant_id: tenantA }).whereIn('id', Object.values(r)).where('booked', true),
    ).toEqual([]);
  });

  it('pairs no more than the line still needs, so one receipt can be split over two lines', async () => {
    const po = await a.purchaseOrder(1, ['green']);
    const receipt = await a.receipt(po, 'green', 10);
    const draftId = await a.draft(1, [
      { product: 'green', quantity: 6 },
      { product: 'green', quantity: 4 },
    ]);
    const pairs = [0, 1].map((line) => ({
      invoiceLineIndex: line,
      orderItemId: po.line('green'),
      invTransactionId: receipt,
    }));
    expect((await confirm(draftId, pairs)).status).toBe(200);
    expect((await a.pairs(draftId)).map((p) => [p.line, p.qty])).toEqual([
      [0, 6],
      [1, 4],
    ]);
  });

  it('leaves pairs the draft already has as they are (a repeated confirm is harmless)', async () => {
    const { receipts: r, draftId, pair } = await world();
    expect((await confirm(draftId, [pair(1, r.red)])).status).toBe(200);
    expect((await confirm(draftId, [pair(1, r.red)])).status).toBe(200);
    expect((await a.pairs(draftId)).map((p) => [p.receipt, p.qty])).toEqual([[r.red, 4]]);
  });

  it('refuses invalid references with 400 invalid_request naming them, and stores nothing', async () => {
    const { receipts: r, draftId, pair, po } = await world();
    const booked = await a.receipt(po, 'red', 1, { booked: true });
    const otherVendor = await a.purchaseOrder(2, ['red']);
    const foreign = await a.receipt(otherVendor, 'red', 4);
    const cases: Array<[Pair, RegExp]> = [
      [pair(7, r.red), /invoiceLineIndex 7 is not a line/],
      [pair(1, 987_654), /invTransactionId 987654 is not a receipt/],
      [
        pair(1, r.red, po.line('blue')),
        new RegExp(`Receipt ${r.red} is against order item ${po.line('red')}, not ${po.line('blue')}`),
      ],
      [pair(1, foreign, otherVendor.line('red')), new RegExp(`Receipt ${foreign} is not from the invoice's vendor`)],
      [pair(1, booked), new RegExp(`Receipt ${booked} is already booked`)],
    ];
    for (const [bad, message] of cases) {
      const res = await confirm(draftId, [pair(0, r.blue1), bad]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
    }
    const twice = await confirm(draftId, [pair(0, r.blue1), pair(0, r.blue1)]);
    expect(twice.body.message).toMatch(/listed twice/);
    expect(await a.pairs(draftId)).toEqual([]);
  });

  it("refuses a receipt another tenant's id would name: ids are per tenant", async () => {
    const bPo = await b.purchaseOrder(1, ['blue']);
    const bReceipt = await b.receipt(bPo, 'blue', 10);
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 10 }]);
    const res = await confirm(draftId, [
      { invoiceLineIndex: 0, orderItemId: bPo.line('blue'), invTransactionId: bReceipt },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/is not a receipt of this tenant|is against order item/);
  });

  it('refuses a receipt already matched in full, counting other drafts', async () => {
    const { receipts: r, draftId, pair } = await world();
    const other = await a.draft(1, [{ product: 'red', quantity: 4 }]);
    expect((await confirm(other, [{ ...pair(1, r.red), invoiceLineIndex: 0 }])).status).toBe(200);
    const res = await confirm(draftId, [pair(1, r.red)]);
    expect(res.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(`Receipt ${r.red} has no quantity left`),
    });
  });

  it('refuses another receipt on a line that is already fully matched', async () => {
    const { receipts: r, draftId, pair, po } = await world();
    const spare = await a.receipt(po, 'blue', 3);
    expect((await confirm(draftId, [pair(0, r.blue1), pair(0, r.blue2)])).status).toBe(200);
    const res = await confirm(draftId, [pair(0, spare)]);
    expect(res.body).toMatchObject({ code: 'invalid_request', message: 'Invoice line 0 is already fully matched.' });
  });

  it('refuses changes to a booked invoice', async () => {
    const po = await a.purchaseOrder(1, ['blue']);
    const receipt = await a.receipt(po, 'blue', 1);
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 1 }], { booked: true });
    const res = await confirm(draftId, [
      { invoiceLineIndex: 0, orderItemId: po.line('blue'), invTransactionId: receipt },
    ]);
    expect(res.body).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/is booked/) });
  });

  it("answers 404 for an unknown draft or another tenant's, 403 for a read-only key", async () => {
    const { receipts: r, draftId, pair } = await world();
    expect((await confirm(draftId, [pair(1, r.red)], await h.token(tenantB))).status).toBe(404);
    expect((await confirm(999_999, [pair(1, r.red)])).body).toMatchObject({ code: 'not_found' });
    const readOnly = await confirm(draftId, [pair(1, r.red)], await h.token(tenantA, { access: 'read-only' }));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ code: 'forbidden' });
    expect(await a.pairs(draftId)).toEqual([]);
  });

  it('answers a body that cannot be bound with ValidationProblemDetails', async () => {
    const { draftId } = await world();
    for (const body of [
      {},
      { matches: [] },
      { matches: [{ invoiceLineIndex: 0, orderItemId: 1 }] },
      { matches: [{ invoiceLineIndex: 0.5, orderItemId: 1, invTransactionId: 1 }] },
    ]) {
      const res = await h.call('post', `/purchase-invoice-matches/${draftId}/confirm`, { token, body });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('drops the cached suggestions of the draft when pairs are confirmed', async () => {
    const { receipts: r, draftId, pair } = await world();
    const before = (await get(draftId)).body;
    expect(before.suggestions[1].candidates.map((c: { invTransactionId: number }) => c.invTransactionId)).toContain(
      r.red,
    );
    expect((await confirm(draftId, [pair(1, r.red)])).status).toBe(200);
    const after = (await get(draftId)).body;
    expect(after.suggestions[1].candidates.map((c: { invTransactionId: number }) => c.invTransactionId)).not.toContain(
      r.red,
    );
  });
});
