import type { BusinessApiHarness } from '../../../../support/business-api';
import { purchasingFixture, startMatchingApi, type PurchasingFixture } from '../../../../support/purchasing-fixture';

type Candidate = {
  orderId: number;
  orderItemId: number;
  invTransactionId: number;
  score: number;
  reasons: string[];
  isAutoEligible: boolean;
};
type Suggestion = { invoiceLineIndex: number; productNumber: string; quantity: number; candidates: Candidate[] };

describe('GET /purchase-invoice-matches/{invoiceId}', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let a: PurchasingFixture;
  let token: string;

  beforeAll(async () => {
    ({ h, tenantA, tenantB, a } = await startMatchingApi());
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  });
  afterAll(() => h.close());

  const get = (id: number | string, as = token) => h.call('get', `/purchase-invoice-matches/${id}`, { token: as });
  const byLine = (body: { suggestions: Suggestion[] }) =>
    body.suggestions.map((s) => s.candidates.map((c) => c.invTransactionId));

  it("answers the spec's response: default tolerances, one suggestion per line, scored receipt candidates", async () => {
    const po = await a.purchaseOrder(1, ['blue', 'red']);
    const [b1, b2, r1] = [
      await a.receipt(po, 'blue', 6),
      await a.receipt(po, 'blue', 4, { daysBefore: 1 }),
      await a.receipt(po, 'red', 4),
    ];
    const draftId = await a.draft(
      1,
      [
        { product: 'blue', quantity: 10 },
        { product: 'red', quantity: 4, productNumber: null },
      ],
      { poNumber: po.purchaseNumber },
    );
    const res = await get(draftId);
    expect(res.status).toBe(200);
    expect(res.body.invoiceId).toBe(draftId);
    expect(res.body.tolerances).toEqual({
      qtyPercent: 0.05,
      pricePercent: 0.02,
      dateWindowDays: 30,
      autoEligibleScore: 80,
    });
    const [blue, red] = res.body.suggestions as Suggestion[];
    expect(blue).toMatchObject({ invoiceLineIndex: 0, productNumber: 'P-100', quantity: 10 });
    expect(
      blue.candidates
        .slice(0, 2)
        .map((c) => c.invTransactionId)
        .sort(),
    ).toEqual([b1, b2].sort());
    // The other receipt of the purchase order the invoice names is a weak candidate: another product.
    expect(blue.candidates[2]).toMatchObject({
      invTransactionId: r1,
      score: 15,
      reasons: ['DateWindow', 'OrderReference'],
      isAutoEligible: false,
    });
    expect(blue.candidates[0]).toEqual({
      orderId: po.orderId,
      orderItemId: po.line('blue'),
      invTransactionId: b1,
      score: 100,
      isAutoEligible: true,
      reasons: [
        'VendorSku',
        'ProductNumber',
        'Description',
        'QtyExact',
        'CombinedReceipts',
        'PriceExact',
        'DateWindow',
        'OrderReference',
      ],
    });
    expect(blue.candidates.map((c) => c.isAutoEligible)).toEqual([true, true, false]);
    // A line without a product number shows its vendor SKU.
    expect(red).toMatchObject({ invoiceLineIndex: 1, productNumber: 'V1-200', quantity: 4 });
    expect(red.candidates[0]).toMatchObject({ invTransactionId: r1, score: 95, isAutoEligible: true });
  });

  it("offers only unbooked receipts with quantity left, of the invoice's vendor", async () => {
    const po = await a.purchaseOrder(1, ['green']);
    const other = await a.purchaseOrder(2, ['green']);
    const open = await a.receipt(po, 'green', 5);
    await a.receipt(po, 'green', 5, { booked: true });
    const used = await a.receipt(po, 'green', 5);
    await a.receipt(other, 'green', 5);
    const earlier = await a.draft(1, [{ product: 'green', quantity: 5 }]);
    await h.t.db('purchase_invoice_matches').insert({
      tenant_id: tenantA,
      draft_id: earlier,
      invoice_line_index: 0,
      order_item_id: po.line('green'),
      receipt_id: used,
      qty: 5,
    });
    const draftId = await a.draft(1, [{ product: 'green', quantity: 5 }]);
    expect(byLine((await get(draftId)).body)).toEqual([[open]]);
  });

  it('counts what other drafts already matched: a partly matched receipt offers its remainder', async () => {
    const po = await a.purchaseOrder(1, ['green']);
    const receipt = await a.receipt(po, 'green', 8);
    const earlier = await a.draft(1, [{ product: 'green', quantity: 3 }]);
    await h.t.db('purchase_invoice_matches').insert({
      tenant_id: tenantA,
      draft_id: earlier,
      invoice_line_index: 0,
      order_item_id: po.line('green'),
      receipt_id: receipt,
      qty: 3,
    });
    const draftId = await a.draft(1, [{ product: 'green', quantity: 5 }], { poNumber: po.purchaseNumber });
    const [line] = (await get(draftId)).body.suggestions as Suggestion[];
    expect(line.candidates.find((c) => c.invTransactionId === receipt)?.reasons).toContain('QtyExact');
  });

  it('returns a line with no candidates as an empty list, and a draft with no lines as no suggestions', async () => {
    const lonely = await a.draft(2, [{ product: 'red', quantity: 1, productNumber: 'NOPE', vendorSku: 'NOPE' }]);
    await h.t
      .db('purchase_invoice_draft_lines')
      .where({ tenant_id: tenantA, draft_id: lonely })
      .update({ description: 'Nothing like it' });
    expect((await get(lonely)).body.suggestions).toEqual([
      { invoiceLineIndex: 0, productNumber: 'NOPE', quantity: 1, candidates: [] },
    ]);
    const bare = a.id();
    await h.t
      .db('purchase_invoice_drafts')
      .insert({ tenant_id: tenantA, id: bare, vendor_id: 1, invoice_number: 'EMPTY', currency_code: 'SEK' });
    expect((await get(bare)).body.suggestions).toEqual([]);
  });

  it("uses the tenant's own tolerances", async () => {
    const other = purchasingFixture(h.t.db, tenantB);
    await h.t.db('match_tolerances').insert({
      tenant_id: tenantB,
      qty_percent: 0.1,
      price_percent: 0.05,
      date_window_days: 7,
      auto_eligible_score: 60,
    });
    const po = await other.purchaseOrder(1, ['blue']);
    await other.receipt(po, 'blue', 10);
    const draftId = await other.draft(1, [{ product: 'blue', quantity: 10.9 }]);
    const res = await get(draftId, await h.token(tenantB));
    expect(res.body.tolerances).toEqual({
      qtyPercent: 0.1,
      pricePercent: 0.05,
      dateWindowDays: 7,
      autoEligibleScore: 60,
    });
    expect(res.body.suggestions[0].candidates[0]).toMatchObject({
      reasons: expect.arrayContaining(['QtyWithinTolerance']),
      isAutoEligible: true,
    });
  });

  it("answers 404 not_found for an unknown draft and for another tenant's", async () => {
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 1 }]);
    const res = await get(draftId, await h.token(tenantB));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
    expect((await get(999_999)).status).toBe(404);
  });

  it('answers 400 for an id that is not a 32-bit integer, 401 without a token', async () => {
    for (const bad of ['abc', '01', '2147483648']) expect((await get(bad)).status).toBe(400);
    expect((await h.call('get', '/purchase-invoice-matches/1')).status).toBe(401);
  });

  it('serves the same answer from memory for 30 seconds per draft', async () => {
    const po = await a.purchaseOrder(1, ['blue']);
    const draftId = await a.draft(1, [{ product: 'blue', quantity: 10 }], { poNumber: po.purchaseNumber });
    const before = (await get(draftId)).body;
    const later = await a.receipt(po, 'blue', 10);
    const again = (await get(draftId)).body;
    expect(again).toEqual(before);
    expect(byLine(again)[0]).not.toContain(later);
    const fresh = await a.draft(1, [{ product: 'blue', quantity: 10 }], { poNumber: po.purchaseNumber });
    expect(byLine((await get(fresh)).body)[0][0]).toBe(later);
  });
});
