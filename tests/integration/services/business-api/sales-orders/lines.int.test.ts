import type { Permission } from '../../../../../shared/auth/scopes';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, seedSmallTenant } from '../../../../support/business-data';
import { insertLine, insertOrder, SEEDED_STATUS } from './order-rows';

describe('/sales-orders/{id}/lines', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => SEED_AS_OF } });
    tenantA = await seedSmallTenant(h.t.db, 'so-lines-a', 61);
    tenantB = await seedSmallTenant(h.t.db, 'so-lines-b', 62);
    const db = h.t.db;
    ids.order = await insertOrder(db, tenantA, { price_list_id: 1, vat_type_id: 1 });
    ids.invoice = await insertOrder(db, tenantA, { status_id: SEEDED_STATUS.invInvoiced, invoice_number: 990001 });
    ids.credit = await insertOrder(db, tenantA, { status_id: SEEDED_STATUS.crCredited });
    ids.creditedOrder = await insertOrder(db, tenantA, {});
    await db('orders').where({ tenant_id: tenantA, id: ids.credit }).update({ credited_order_id: ids.creditedOrder });
    ids.purchase = (await db('orders').where('tenant_id', tenantA).whereNotNull('vendor_id').first('id')).id;
    ids.invoiceLine = await insertLine(db, tenantA, ids.invoice);
    ids.creditedLine = await insertLine(db, tenantA, ids.creditedOrder);
    ids.priced = (await db('prices').where({ tenant_id: tenantA, price_list_id: 1 }).first('product_id')).product_id;
  });
  afterAll(() => h.close());

  const token = (
    permissions: Permission[] = ['price', 'quantity'],
    access: 'read-write' | 'read-only' = 'read-write',
    tenant = tenantA,
  ) => h.token(tenant, { access, permissions });
  const add = async (orderId: number, body: object, t?: string) =>
    h.call('post', `/sales-orders/${orderId}/lines`, { token: t ?? (await token()), body });
  const patch = async (orderId: number, lineId: number, body: object, t?: string) =>
    h.call('patch', `/sales-orders/${orderId}/lines/${lineId}`, { token: t ?? (await token()), body });
  const del = async (orderId: number, lineId: number, t?: string) =>
    h.call('delete', `/sales-orders/${orderId}/lines/${lineId}`, { token: t ?? (await token()) });
  const getLines = async (orderId: number, t?: string) =>
    h.call('get', `/sales-orders/${orderId}/lines`, { token: t ?? (await token([], 'read-only')) });

  /** The order's stored totals, and the same totals summed from its lines. */
  async function totals(orderId: number) {
    const o = await h.t
      .db('orders')
      .where({ tenant_id: tenantA, id: orderId })
      .first('total_ex_vat', 'total_vat', 'total_inc_vat');
    const l = await h.t
      .db('order_lines')
      .where({ tenant_id: tenantA, order_id: orderId })
      .first(
        h.t.db.raw(
          'coalesce(sum(sum_ex_vat),0) as ex, coalesce(sum(sum_vat),0) as vat, coalesce(sum(sum_inc_vat),0) as inc',
        ),
      );
    return {
      stored: [Number(o.total_ex_vat), Number(o.total_vat), Number(o.total_inc_vat)],
      fromLines: [Number(l.ex), Number(l.vat), Number(l.inc)],
    };
  }

  it('GET lists the lines of a seeded order in position order', async () => {
    const order = (
      await h.t
        .db('orders')
        .where({ tenant_id: tenantA, status_id: SEEDED_STATUS.soBooked })
        .where('id', '<', 900_000)
        .first('id')
    ).id;
    const rows = await h.t.db('order_lines').where({ tenant_id: tenantA, order_id: order }).orderBy('position');
    const res = await getLines(order);
    expect(res.status).toBe(200);
    expect(res.body.map((l: { id: number }) => l.id)).toEqual(rows.map((r) => r.id));
    expect(res.body[0]).toMatchObject({
      productNumber: rows[0].product_number,
      quantity: Number(rows[0].quantity),
      sumIncVat: Number(rows[0].sum_inc_vat),
    });
  });

  it('GET and POST answer 404 for a purchase order, an unknown id and another tenant', async () => {
    for (const id of [ids.purchase, 1_999_999_999]) {
      expect((await getLines(id)).status).toBe(404);
      expect((await add(id, { productId: ids.priced, quantity: 1 })).body).toMatchObject({ code: 'not_found' });
    }
    const tokenB = await token(['price', 'quantity'], 'read-write', tenantB);
    expect((await getLines(ids.order, tokenB)).status).toBe(404);
    expect((await add(ids.order, { productId: ids.priced, quantity: 1 }, tokenB)).status).toBe(404);
    expect((await patch(ids.invoice, ids.invoiceLine, { quantity: 3 }, tokenB)).status).toBe(404);
    expect((await del(ids.invoice, ids.invoiceLine, tokenB)).status).toBe(404);
  });

  it('POST adds a line priced from the order price list and keeps the totals in step', async () => {
    const price = await h.t
      .db('prices')
      .where({ tenant_id: tenantA, price_list_id: 1, product_id: ids.priced })
      .first('amount', 'vat_rate');
    const product = await h.t
      .db('products')
      .where({ tenant_id: tenantA, id: ids.priced })
      .first('product_number', 'name');
    const res = await add(ids.order, { productId: ids.priced, quantity: 3 }, await token(['quantity']));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const exVat = Number((Number(price.amount) / (1 + Number(price.vat_rate) / 100)).toFixed(4));
    const sumEx = Math.round(exVat * 3 * 100) / 100;
    const lines = (await getLines(ids.order)).body;
    expect(lines).toEqual([
      expect.objectContaining({
        id: res.body.id,
        position: 1,
        productId: ids.priced,
        productNumber: product.product_number,
        description: product.name,
        quantity: 3,
        price: exVat,
        vatRate: Number(price.vat_rate),
        sumExVat: sumEx,
        qtyLeftToDeliver: 3,
      }),
    ]);
    const t = await totals(ids.order);
    expect(t.stored).toEqual(t.fromLines);
    expect(t.stored[0]).toBe(sumEx);
  });

  it('POST with an explicit price and discount needs the price permission', async () => {
    const body = { description: 'Service', quantity: 2, price: 99.95, discountPercent: 10, vatRate: 25 };
    expect((await add(ids.order, body, await token(['quantity']))).body).toMatchObject({ code: 'forbidden' });
    expect((await add(ids.order, body, await token(['price']))).body).toMatchObject({ code: 'forbidden' });
    const res = await add(ids.order, body, await token(['price', 'quantity']));
    expect(res.status).toBe(200);
    const line = (await getLines(ids.order)).body.find((l: { id: number }) => l.id === res.body.id);
    expect(line).toMatchObject({ position: 2, sumExVat: 179.91, sumVat: 44.98, sumIncVat: 224.89 });
    const t = await totals(ids.order);
    expect(t.stored).toEqual(t.fromLines);
  });

  it.each([
    ['an invoiced order', 'invoice', /invoiced/],
    ['a credit invoice', 'credit', /credit/],
    ['a credited order', 'creditedOrder', /credited/],
  ])('refuses to add, change or delete lines on %s with 400 bad_request', async (_name, key, message) => {
    const id = ids[key] as number;
    const line =
      key === 'invoice'
        ? ids.invoiceLine
        : key === 'creditedOrder'
          ? ids.creditedLine
          : await insertLine(h.t.db, tenantA, id);
    for (const res of [
      await add(id, { description: 'x', quantity: 1, price: 1, vatRate: 25 }),
      await patch(id, line, { quantity: 5 }),
      await del(id, line),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(message) });
    }
    expect((await getLines(id)).status).toBe(200);
  });

  it('POST refuses an unknown product or warehouse, and a product without a price, with 400 bad_request', async () => {
    expect((await add(ids.order, { productId: 1_999_999, quantity: 1 })).body).toMatchObject({ code: 'bad_request' });
    expect(
      (await add(ids.order, { description: 'x', quantity: 1, price: 1, vatRate: 25, warehouseId: 999 })).body,
    ).toMatchObject({ code: 'bad_request' });
    expect((await add(ids.order, { description: 'no price', quantity: 1 })).body).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/price/),
    });
  });

  it.each([
    ['a missing quantity', { description: 'x' }],
    ['a negative quantity', { description: 'x', quantity: -1 }],
    ['neither product nor description', { quantity: 1 }],
    ['a discount over 100', { description: 'x', quantity: 1, discountPercent: 120 }],
  ])('POST answers %s with ValidationProblemDetails', async (_name, body) => {
    const res = await add(ids.order, body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('writes are refused for read-only keys', async () => {
    const ro = await token(['price', 'quantity'], 'read-only');
    expect((await add(ids.order, { description: 'x', quantity: 1, price: 1, vatRate: 25 }, ro)).status).toBe(403);
    expect((await del(ids.order, 1, ro)).status).toBe(403);
  });

  it('PATCH changes the fields sent with the permission each needs, and keeps totals in step', async () => {
    const lineId = await (async () =>
      (await add(ids.order, { description: 'Patch me', quantity: 1, price: 10, vatRate: 25 })).body.id as number)();
    expect((await patch(ids.order, lineId, { quantity: 4 }, await token(['price']))).body).toMatchObject({
      code: 'forbidden',
    });
    expect((await patch(ids.order, lineId, { price: 12 }, await token(['quantity']))).body).toMatchObject({
      code: 'forbidden',
    });
    expect((await patch(ids.order, lineId, { description: 'Renamed' }, await token([]))).status).toBe(204);
    const res = await patch(ids.order, lineId, { quantity: 4, price: 12.5 });
    expect(res.status).toBe(204);
    const line = (await getLines(ids.order)).body.find((l: { id: number }) => l.id === lineId);
    expect(line).toMatchObject({
      description: 'Renamed',
      quantity: 4,
      price: 12.5,
      sumExVat: 50,
      sumVat: 12.5,
      sumIncVat: 62.5,
    });
    const t = await totals(ids.order);
    expect(t.stored).toEqual(t.fromLines);
  });

  it('PATCH refuses a quantity below what is delivered; 404 for a line of another order', async () => {
    const lineId = await insertLine(h.t.db, tenantA, ids.order, { quantity: 5, qty_delivered: 3, position: 9 });
    expect((await patch(ids.order, lineId, { quantity: 2 })).body).toMatchObject({ code: 'bad_request' });
    expect((await del(ids.order, lineId)).body).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/deliver/),
    });
    expect((await patch(ids.order, ids.invoiceLine, { quantity: 2 })).status).toBe(404);
    expect((await patch(ids.order, 1_999_999, { quantity: 2 })).body).toMatchObject({ code: 'not_found' });
  });

  it('DELETE needs the quantity permission, removes the line and keeps totals in step', async () => {
    const lineId = (await add(ids.order, { description: 'Delete me', quantity: 1, price: 10, vatRate: 25 })).body
      .id as number;
    expect((await del(ids.order, lineId, await token(['price']))).body).toMatchObject({ code: 'forbidden' });
    expect((await del(ids.order, lineId, await token(['quantity']))).status).toBe(204);
    expect((await getLines(ids.order)).body.map((l: { id: number }) => l.id)).not.toContain(lineId);
    expect((await del(ids.order, lineId)).status).toBe(404);
    const t = await totals(ids.order);
    expect(t.stored).toEqual(t.fromLines);
  });
});
