import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { insertTenant } from '../../../../support/identity';
import { purchasingFixture, type PurchasingFixture } from '../../../../support/purchasing-fixture';

const PARALLEL = 8;

describe('concurrent writes to purchase-invoice matches', () => {
  let h: BusinessApiHarness;
  let tenant: number;
  let a: PurchasingFixture;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi();
    tenant = await insertTenant(h.t.db, 'a');
    a = purchasingFixture(h.t.db, tenant);
    await a.base();
    token = await h.token(tenant);
  });
  afterAll(() => h.close());

  const post = (draftId: number, action: 'confirm' | 'match-whole-order', body: object) =>
    h.call('post', `/purchase-invoice-matches/${draftId}/${action}`, { token, body });

  /** Quantity paired per receipt over every draft, against what was received. */
  async function overMatched(): Promise<unknown[]> {
    const { rows } = await h.t.db.raw(
      `select r.id, r.quantity, sum(m.qty) as matched from receipts r join purchase_invoice_matches m on m.tenant_id = r.tenant_id and m.receipt_id = r.id
       where r.tenant_id = ? group by r.id, r.quantity having sum(m.qty) > r.quantity`,
      [tenant],
    );
    return rows;
  }

  it('confirms racing for one receipt on one draft: one wins, the rest are refused, nothing is matched twice', async () => {
    const po = await a.purchaseOrder(1, ['blue']);
    const receipt = await a.receipt(po, 'blue', 10);
    const draftId = await a.draft(
      1,
      Array.from({ length: PARALLEL }, () => ({ product: 'blue' as const, quantity: 10 })),
    );
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, line) =>
        post(draftId, 'confirm', {
          matches: [{ invoiceLineIndex: line, orderItemId: po.line('blue'), invTransactionId: receipt }],
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(PARALLEL - 1).fill(400)]);
    expect(results.filter((r) => r.status === 400).every((r) => /no quantity left/.test(r.body.message))).toBe(true);
    expect((await a.pairs(draftId)).map((p) => p.qty)).toEqual([10]);
    expect(await overMatched()).toEqual([]);
  });

  it('confirms of partial receipts on one line never take more than the line needs', async () => {
    const po = await a.purchaseOrder(1, ['red']);
    const receipts = await Promise.all(Array.from({ length: PARALLEL }, () => a.receipt(po, 'red', 3)));
    const draftId = await a.draft(1, [{ product: 'red', quantity: 10 }]);
    const results = await Promise.all(
      receipts.map((id) =>
        post(draftId, 'confirm', {
          matches: [{ invoiceLineIndex: 0, orderItemId: po.line('red'), invTransactionId: id }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    const pairs = await a.pairs(draftId);
    expect(pairs.reduce((sum, p) => sum + p.qty, 0)).toBe(10);
    expect(pairs.map((p) => p.qty).sort()).toEqual([1, 3, 3, 3]);
  });

  it('drafts racing for the same receipts through confirm and match-whole-order stay consistent', async () => {
    const po = await a.purchaseOrder(1, ['green']);
    const receipts = [await a.receipt(po, 'green', 5), await a.receipt(po, 'green', 5)];
    const drafts = await Promise.all(
      Array.from({ length: 4 }, () =>
        a.draft(1, [{ product: 'green', quantity: 10 }], { poNumber: po.purchaseNumber }),
      ),
    );
    const results = await Promise.all([
      ...drafts.slice(0, 2).map((d) => post(d, 'match-whole-order', { orderId: po.orderId })),
      ...drafts.slice(2).map((d) =>
        post(d, 'confirm', {
          matches: receipts.map((id) => ({
            invoiceLineIndex: 0,
            orderItemId: po.line('green'),
            invTransactionId: id,
          })),
        }),
      ),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await overMatched()).toEqual([]);
    const matched = await h.t
      .db('purchase_invoice_matches')
      .where({ tenant_id: tenant })
      .whereIn('receipt_id', receipts)
      .sum({ qty: 'qty' })
      .first();
    expect(Number(matched?.qty)).toBe(10);
  });
});
