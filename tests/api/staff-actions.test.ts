/**
 * The log of staff actions (docs/staff-actions.md): every change staff make to the settings,
 * shipping zones, refunds and prices leaves exactly one line, written in the change's own
 * transaction — none for a PUT that changes nothing, none for a change refused or rolled back —
 * with who, what and the fields before and after; secrets never. Who may read it:
 * admin-authorization.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS as C } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { MASKED_VALUE } from '../../src/contract/staff-action-kinds.js';
import type { StaffAction } from '../../src/contract/staff-actions.js';
import type { Order, Product, ShippingZone } from '../../src/contract/types.js';
import { staffActions, users } from '../../src/db/schema.js';
import { csvLine, parseCsv } from '../../src/server/http/csv.js';
import { recordStaffAction } from '../../src/server/modules/staff-actions/service.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { multipart, pngImage } from '../helpers/multipart.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  firstError,
  insertProduct,
  unique,
} from '../helpers/shopping.js';

let t: TestApp;
let refs: { categoryId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const { category } = await createTaxonomy(t);
  refs = { categoryId: category.id };
});
afterAll(() => t.close());
afterEach(expectNo5xx);

/** A new staff member: each test reads only its own lines, by `actor`. */
const newAdmin = (name = 'سارة المديرة') => createAccount(t, 'admin', name);

async function logOf(reader: Account, query: string) {
  const res = await send('GET', `/admin/staff-actions?${query}`, { token: reader.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: number; data: StaffAction[]; paginationResult: { numberOfPages: number } };
}
const linesBy = async (admin: Account) => (await logOf(admin, `actor=${admin.id}&limit=100`)).data;

describe('settings', () => {
  it('a change is one line with the fields that changed; the same PUT again and a refused PUT leave none', async () => {
    const admin = await newAdmin();
    const before = (await send('GET', '/admin/settings', { token: admin.token })).json().data;
    const put = (payload: unknown) => send('PUT', '/settings', { token: admin.token, payload });

    const res = await put({ shopName: 'متجر النخبة', vatRate: 15, lowStockThreshold: before.lowStockThreshold + 1 });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await linesBy(admin);
    expect(lines).toHaveLength(1);
    // vatRate was given unchanged: only the two fields that changed.
    expect(lines[0]).toMatchObject({
      action: 'settings.updated',
      actor: { id: admin.id, name: 'سارة المديرة', email: admin.email },
      subject: { type: 'settings', id: null, label: 'متجر النخبة' },
      changes: [
        { field: 'shopName', before: before.shopName, after: 'متجر النخبة' },
        { field: 'lowStockThreshold', before: before.lowStockThreshold, after: before.lowStockThreshold + 1 },
      ],
    });

    expect((await put({ shopName: 'متجر النخبة', vatRate: 15 })).statusCode).toBe(200);
    expect(firstError(await put({ shopName: 'متجر آخر', vatNumber: '123' })).code).toBe('VAT_NUMBER_INVALID');
    expect(await linesBy(admin)).toHaveLength(1);
    expect((await send('GET', '/settings')).json().data.shopName).toBe('متجر النخبة');
  });
});

describe('shipping zones', () => {
  it('create, update and delete are a line each, amounts in major units; no change and refusals leave none', async () => {
    const admin = await newAdmin();
    const name = unique('الشرقية');
    const created = await send('POST', '/shipping-zones', {
      token: admin.token,
      payload: { name, cities: ['الدمام'], price: 25.5, codFee: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const zone = created.json().data as ShippingZone;
    const edit = (payload: unknown) => send('PUT', `/shipping-zones/${zone.id}`, { token: admin.token, payload });

    expect((await edit({ price: 30, name })).statusCode).toBe(200);
    // The same values again; a city another enabled zone lists (409): nothing logged.
    expect((await edit({ price: 30 })).statusCode).toBe(200);
    const other = await send('POST', '/shipping-zones', {
      token: admin.token,
      payload: { name: unique('الخبر'), cities: ['الخبر'] },
    });
    expect(other.statusCode, other.body).toBe(201);
    expect((await edit({ cities: ['الدمام', 'الخبر'] })).statusCode).toBe(409);
    expect((await send('DELETE', `/shipping-zones/${zone.id}`, { token: admin.token })).statusCode).toBe(204);

    const lines = (await linesBy(admin)).filter((line) => line.subject.id === zone.id);
    expect(lines.map((line) => line.action)).toEqual([
      'shipping_zone.deleted',
      'shipping_zone.updated',
      'shipping_zone.created',
    ]);
    const [deleted, updated, made] = lines;
    expect(made?.subject).toEqual({ type: 'shipping_zone', id: zone.id, label: name });
    // From nothing: every field but those still null (no free shipping).
    expect(made?.changes).toEqual([
      { field: 'name', before: null, after: name },
      { field: 'cities', before: null, after: ['الدمام'] },
      { field: 'price', before: null, after: 25.5 },
      { field: 'codAllowed', before: null, after: true },
      { field: 'codFee', before: null, after: 5 },
      { field: 'enabled', before: null, after: true },
    ]);
    expect(updated?.changes).toEqual([{ field: 'price', before: 25.5, after: 30 }]);
    expect(deleted?.changes).toContainEqual({ field: 'price', before: 30, after: null });

    // The default zone cannot be deleted: refused, and not logged.
    const all = (await send('GET', '/shipping-zones', { token: admin.token })).json().data as ShippingZone[];
    const fallback = all.find((item) => item.isDefault);
    expect((await send('DELETE', `/shipping-zones/${fallback?.id}`, { token: admin.token })).statusCode).toBe(409);
    expect((await linesBy(admin)).filter((line) => line.action === 'shipping_zone.deleted')).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('a refund is one line on the order, with its amount and reason; a replay and a refusal leave none', async () => {
    const admin = await newAdmin();
    const product = await insertProduct(t, refs, { price: 10_000 });
    const { user, cartId } = await customerWithCart(t, send, [{ productId: product.id }]);
    const placed = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as Order;
    expect((await send('PUT', `/orders/${order.id}/pay`, { token: admin.token })).statusCode).toBe(200);
    const refund = (amount: number) =>
      send('POST', `/orders/${order.id}/refunds`, {
        token: admin.token,
        payload: { amount, reason: 'منتج تالف' },
        headers: { 'idempotency-key': `refund-${amount}` },
      });

    expect((await refund(30.5)).statusCode).toBe(201);
    expect((await refund(30.5)).headers['idempotent-replayed']).toBe('true');
    expectFail(await refund(500), 409, m.refundTooLarge);

    const lines = await linesBy(admin);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'refund.created',
      subject: { type: 'order', id: order.id, label: String(order.number) },
      changes: [
        { field: 'amount', before: null, after: 30.5 },
        { field: 'reason', before: null, after: 'منتج تالف' },
      ],
    });
  });
});

describe('a staff cancel', () => {
  it('refunds what was paid, and that refund is logged on the order', async () => {
    const admin = await newAdmin();
    const product = await insertProduct(t, refs, { price: 4_000 });
    const { user, cartId } = await customerWithCart(t, send, [{ productId: product.id }]);
    const placed = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as Order;
    expect((await send('PUT', `/orders/${order.id}/pay`, { token: admin.token })).statusCode).toBe(200);
    const cancelled = await send('POST', `/orders/${order.id}/cancel`, {
      token: admin.token,
      payload: { reason: 'نفد المنتج' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const lines = await linesBy(admin);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'refund.created',
      subject: { type: 'order', id: order.id },
      changes: [
        { field: 'amount', before: null, after: order.totalOrderPrice },
        { field: 'reason', before: null, after: 'نفد المنتج' },
      ],
    });
  });
});

describe('prices', () => {
  const sendProduct = (admin: Account, id: string, fields: Record<string, string>) => {
    const form = multipart(fields, {});
    return send('PUT', `/products/${id}`, { token: admin.token, payload: form.payload, headers: form.headers });
  };

  it('a product’s price and sale price: one line; other edits and the same price again leave none', async () => {
    const admin = await newAdmin();
    const product = await insertProduct(t, refs, { price: 10_000 });
    expect((await sendProduct(admin, product.id, { price: '80', priceAfterDiscount: '75.25' })).statusCode).toBe(200);
    expect((await sendProduct(admin, product.id, { price: '80' })).statusCode).toBe(200);
    expect((await sendProduct(admin, product.id, { title: 'عنوان جديد للمنتج' })).statusCode).toBe(200);
    // A sale price above the price is refused: the change is not made, nor logged.
    expect((await sendProduct(admin, product.id, { priceAfterDiscount: '90' })).statusCode).toBe(400);

    const lines = await linesBy(admin);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'product.price_changed',
      subject: { type: 'product', id: product.id, label: product.title },
      changes: [
        { field: 'price', before: 100, after: 80 },
        { field: 'priceAfterDiscount', before: null, after: 75.25 },
      ],
    });
    expect(lines[0]?.changes[0]).not.toHaveProperty('variant');
  });

  it('variant prices: one line for the product, each change naming its variant', async () => {
    const admin = await newAdmin();
    const sku = unique('AL').replaceAll(' ', '-');
    const form = multipart(
      {
        title: unique('قميص'),
        description: 'قميص قطن',
        category: refs.categoryId,
        options: JSON.stringify([{ name: 'المقاس', values: ['S', 'M'] }]),
        variants: JSON.stringify([
          { sku: `${sku}-S`, options: { المقاس: 'S' }, price: 50, quantity: 3 },
          { sku: `${sku}-M`, options: { المقاس: 'M' }, price: 55, quantity: 3 },
        ]),
      },
      { imageCover: await pngImage() },
    );
    const created = await send('POST', '/products', {
      token: admin.token,
      payload: form.payload,
      headers: form.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const shirt = created.json().data as Product;
    // Creating a product is no price change.
    expect(await linesBy(admin)).toHaveLength(0);
    const [small, medium] = shirt.variants;
    const res = await sendProduct(admin, shirt.id, {
      options: JSON.stringify(shirt.options),
      variants: JSON.stringify([
        { id: small?.id, options: small?.options, price: 50, quantity: 3 },
        { id: medium?.id, options: medium?.options, price: 60, priceAfterDiscount: 58, quantity: 1 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await linesBy(admin);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.changes).toEqual([
      { field: 'price', before: 55, after: 60, variant: 'M' },
      { field: 'priceAfterDiscount', before: null, after: 58, variant: 'M' },
    ]);
  });

  it('an import: one line per product whose prices changed; a dry run leaves none', async () => {
    const admin = await newAdmin();
    const cheap = await insertProduct(t, refs, { price: 2_000 });
    const kept = await insertProduct(t, refs, { price: 3_000 });
    const exported = parseCsv((await send('GET', '/products/export.csv', { token: admin.token })).body);
    if (!('records' in exported)) throw new Error('the export is not CSV');
    const [headings = [], ...rows] = exported.records.map((record) => record.cells);
    const column = (heading: string) => headings.indexOf(heading);
    const ours = rows.filter((cells) => [cheap.id, kept.id].includes(cells[column(C.productId)] ?? ''));
    // Blank picture cells keep a product's pictures (these were made in the database, without files).
    const edited = ours.map((cells) => {
      const kept = cells.with(column(C.imageCover), '').with(column(C.images), '');
      return cells[column(C.productId)] === cheap.id ? kept.with(column(C.price), '٢٥') : kept;
    });
    const csv = Buffer.from([headings, ...edited].map(csvLine).join(''), 'utf8');
    const importIt = (dryRun: boolean) => {
      const body = multipart({}, { file: { filename: 'products.csv', contentType: 'text/csv', data: csv } });
      return send('POST', `/products/import?dryRun=${dryRun}`, {
        token: admin.token,
        payload: body.payload,
        headers: body.headers,
      });
    };
    expect((await importIt(true)).statusCode).toBe(200);
    expect(await linesBy(admin)).toHaveLength(0);
    const applied = await importIt(false);
    expect(applied.statusCode, applied.body).toBe(200);
    const lines = await linesBy(admin);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'product.price_changed',
      subject: { id: cheap.id, label: cheap.title },
      changes: [{ field: 'price', before: 20, after: 25 }],
    });
  });
});

describe('recordStaffAction', () => {
  it('records one line in the caller’s transaction: secrets masked, nothing without changes, nothing rolled back', async () => {
    const admin = await newAdmin('مدير الموظفين');
    const actor = { id: admin.id, name: 'مدير الموظفين', email: admin.email };
    const subject = { type: 'user' as const, id: admin.id, label: 'موظف جديد' };
    await t.database.db.transaction(async (tx) => {
      await recordStaffAction(tx, actor, {
        action: 'staff.role_changed',
        subject,
        changes: [
          { field: 'role', before: 'staff', after: 'admin' },
          { field: 'smtpPassword', before: 'old-secret', after: 'new-secret' },
          { field: 'apiKey', before: null, after: 'sk_live_123' },
        ],
      });
      await recordStaffAction(tx, actor, { action: 'staff.disabled', subject, changes: [] });
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordStaffAction(tx, actor, {
          action: 'staff.invited',
          subject,
          changes: [{ field: 'role', before: null, after: 'staff' }],
        });
        throw new Error('the change failed after its line was written');
      }),
    ).rejects.toThrow('the change failed');

    const res = await send('GET', `/admin/staff-actions?actor=${admin.id}`, { token: admin.token });
    expect(res.body).not.toMatch(/secret|sk_live/);
    const lines = (res.json() as { data: StaffAction[] }).data;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'staff.role_changed',
      changes: [
        { field: 'role', before: 'staff', after: 'admin' },
        { field: 'smtpPassword', before: MASKED_VALUE, after: MASKED_VALUE },
        { field: 'apiKey', before: MASKED_VALUE, after: MASKED_VALUE },
      ],
    });
  });

  it('a line outlives its actor’s account: the name and e-mail stay, the id goes', async () => {
    const gone = await newAdmin('موظف سابق');
    const reader = await newAdmin();
    const product = await insertProduct(t, refs, { price: 5_000 });
    expect((await send('PUT', '/settings', { token: gone.token, payload: { lowStockThreshold: 7 } })).statusCode).toBe(
      200,
    );
    const form = multipart({ price: '49' }, {});
    const res = await send('PUT', `/products/${product.id}`, {
      token: gone.token,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await linesBy(gone);
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    const after = (await logOf(reader, 'action=product.price_changed&limit=100')).data.find(
      (row) => row.id === line?.id,
    );
    expect(after?.actor).toEqual({ id: null, name: 'موظف سابق', email: gone.email });
  });
});

describe('GET /admin/staff-actions', () => {
  it('newest first, in pages, filtered by kind, actor and shop days', async () => {
    const admin = await newAdmin();
    for (const threshold of [11, 12, 13]) {
      const res = await send('PUT', '/settings', { token: admin.token, payload: { lowStockThreshold: threshold } });
      expect(res.statusCode).toBe(200);
    }
    const page1 = await logOf(admin, `actor=${admin.id}&limit=2`);
    expect(page1.results).toBe(3);
    expect(page1.paginationResult.numberOfPages).toBe(2);
    expect(page1.data.map((line) => line.changes[0]?.after)).toEqual([13, 12]);
    const page2 = await logOf(admin, `actor=${admin.id}&limit=2&page=2`);
    expect(page2.data.map((line) => line.changes[0]?.after)).toEqual([11]);

    expect((await logOf(admin, `actor=${admin.id}&action=settings.updated`)).results).toBe(3);
    expect((await logOf(admin, `actor=${admin.id}&action=refund.created`)).results).toBe(0);
    // An empty filter, as a GET form sends it, is no filter.
    expect((await logOf(admin, `actor=${admin.id}&action=&from=&to=`)).results).toBe(3);

    // The oldest line moved to 20:59 UTC on 1 March: 2 March already in Riyadh (UTC+3).
    const oldest = page2.data[0]?.id ?? '';
    await t.database.db
      .update(staffActions)
      .set({ createdAt: new Date('2026-03-01T21:30:00Z') })
      .where(eq(staffActions.id, oldest));
    const onDay = async (query: string) => (await logOf(admin, `actor=${admin.id}&${query}`)).data.map((l) => l.id);
    expect(await onDay('from=2026-03-02&to=2026-03-02')).toEqual([oldest]);
    expect(await onDay('from=٢٠٢٦-٠٣-٠٢&to=2026-03-02')).toEqual([oldest]);
    expect(await onDay('from=2026-03-01&to=2026-03-01')).toEqual([]);
    expect(await onDay('from=2026-03-03')).toHaveLength(2);
  });

  it('refuses what it cannot read with a clear 400 and its code', async () => {
    const admin = await newAdmin();
    const query = (q: string) => send('GET', `/admin/staff-actions?${q}`, { token: admin.token });
    expect(firstError(await query('action=product.deleted'))).toMatchObject({
      code: 'STAFF_ACTION_KIND_INVALID',
      param: 'action',
    });
    expect(firstError(await query('actor=nobody')).code).toBe('INVALID_ID');
    expect(firstError(await query('from=2026-02-30')).code).toBe('DATE_FILTER_INVALID');
    expect(firstError(await query('from=2026-03-02&to=2026-03-01')).code).toBe('DATE_RANGE_INVALID');
    expect(firstError(await query('page=0')).code).toBe('PAGE_INVALID');
  });
});
