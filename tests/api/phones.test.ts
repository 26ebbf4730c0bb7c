import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseStoredPhones } from '../../src/db/phones.js';
import { addresses, orders, users } from '../../src/db/schema.js';
import { seedDatabase } from '../../src/db/seed/index.js';
import { mediaStoreOf } from '../../src/server/media/store.js';
import { bearer, createAccount, createTestApp, type TestApp } from '../helpers/app.js';

/*
 * Phones in E.164 (docs/decisions/0014-phone-numbers.md): numbers stored in the old national form
 * are rewritten at start-up, and the seeded accounts follow SHOP_COUNTRY.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('numbers stored before E.164', () => {
  it('are rewritten once, by the shop’s phone rules; unreadable ones are kept as they were', async () => {
    const db = t.database.db;
    const account = await createAccount(t);
    await db.update(users).set({ phone: '٠٥٥ ١٢٣ ٤٥٦٧' }).where(eq(users.id, account.id));
    const [unreadable] = await db
      .insert(users)
      .values({ name: 'قديم', email: `old-${account.id}@example.com`, phone: '12345', passwordHash: 'x' })
      .returning();
    const [address] = await db
      .insert(addresses)
      .values({ userId: account.id, alias: 'البيت', details: 'شارع العليا 5', phone: '0561234567', city: 'الرياض' })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({
        userId: account.id,
        shippingAddress: { details: 'شارع العليا 5', phone: '0571234567', city: 'الرياض', postalCode: '' },
        totalOrderPrice: 1000,
        paymentMethodType: 'cash',
      })
      .returning();
    if (!unreadable || !address || !order) throw new Error('insert failed');

    expect(await normaliseStoredPhones(db, t.config.phoneCountry)).toBe(3);
    const [user] = await db.select().from(users).where(eq(users.id, account.id));
    expect(user?.phone).toBe('+966551234567');
    const [addressRow] = await db.select().from(addresses).where(eq(addresses.id, address.id));
    expect(addressRow?.phone).toBe('+966561234567');
    const [orderRow] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow?.shippingAddress).toEqual({
      details: 'شارع العليا 5',
      phone: '+966571234567',
      city: 'الرياض',
      postalCode: '',
    });
    const [kept] = await db.select().from(users).where(eq(users.id, unreadable.id));
    expect(kept?.phone).toBe('12345');
    // Idempotent: nothing left to rewrite.
    expect(await normaliseStoredPhones(db, t.config.phoneCountry)).toBe(0);
    // The API answers the rewritten number.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer(account) });
    expect(me.json().data.phone).toBe('+966551234567');
  });
});

describe('the seeded accounts', () => {
  it('get numbers of the shop’s market: Saudi by default, Egyptian with SHOP_COUNTRY=EG', async () => {
    const media = (app: TestApp) => mediaStoreOf(app.config);
    await seedDatabase({ db: t.database.db, config: { ...t.config, seedDemo: false }, media: media(t) });
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, t.config.seedAdminEmail));
    expect(admin?.phone).toMatch(/^\+9665\d{8}$/);

    const egypt = await createTestApp({ country: 'EG', phoneCountry: 'EG', currency: 'EGP', seedDemo: false });
    try {
      await seedDatabase({ db: egypt.database.db, config: egypt.config, media: media(egypt) });
      const [egyptAdmin] = await egypt.database.db
        .select()
        .from(users)
        .where(eq(users.email, egypt.config.seedAdminEmail));
      expect(egyptAdmin?.phone).toMatch(/^\+201[0125]\d{8}$/);
    } finally {
      await egypt.close();
    }
  });
});
