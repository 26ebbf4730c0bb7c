import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { users } from '../../src/db/schema.js';
import { inProcessTransport } from '../../src/server/web.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { pngImage } from '../helpers/multipart.js';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  // The visitors below come to shop.test: the shop's public address (without PUBLIC_URL only a
  // loopback host may name the shop in absolute URLs, SECURITY.md § 4).
  t = await createTestApp({ authRateLimitPerMinute: 2, publicUrl: 'http://shop.test' });
  // Sign-ins are limited to two a minute here: the upload tests share one admin.
  admin = await createAccount(t, 'admin');
});
afterAll(() => t.close());

const visitor = (ip: string) => ({ host: 'shop.test', protocol: 'http' as const, ip });
const wrongLogin = { email: 'nobody@example.com', password: 'whatever-pass' };

describe('the web’s in-process API transport', () => {
  it('counts sign-in attempts per visitor, not for the whole shop', async () => {
    const first = inProcessTransport(t.app, visitor('203.0.113.7'));
    const second = inProcessTransport(t.app, visitor('198.51.100.20'));
    for (let i = 0; i < 2; i++) {
      expect((await first({ method: 'POST', path: '/auth/login', body: wrongLogin })).status).toBe(400);
    }
    const blocked = await first({ method: 'POST', path: '/auth/login', body: wrongLogin });
    expect(blocked).toEqual({
      status: 429,
      body: { status: 'fail', message: m.tooManyRequests, code: 'TOO_MANY_REQUESTS' },
    });
    // Another visitor signing in at the same moment is not held back by the first one.
    expect((await second({ method: 'POST', path: '/auth/login', body: wrongLogin })).status).toBe(400);
  });

  it('sends the session token as the bearer header', async () => {
    const account = await createAccount(t);
    const call = inProcessTransport(t.app, visitor('192.0.2.1'));
    const me = await call({ method: 'GET', path: '/users/getMe', token: account.token });
    expect(me.status).toBe(200);
    expect((me.body as { data: { email: string } }).data.email).toBe(account.email);
    expect((await call({ method: 'GET', path: '/users/getMe' })).status).toBe(401);
  });

  it('sends a FormData as a multipart upload, files included', async () => {
    const call = inProcessTransport(t.app, visitor('192.0.2.2'));
    const form = new FormData();
    form.set('name', 'ماركة مرفوعة');
    form.set('image', new Blob([new Uint8Array((await pngImage()).data)], { type: 'image/png' }), 'logo.png');
    const created = await call({ method: 'POST', path: '/brands', token: admin.token, body: form });
    expect(created.status).toBe(201);
    const brand = (created.body as { data: { name: string; image: string } }).data;
    expect(brand.name).toBe('ماركة مرفوعة');
    // The image went through sharp: it has its own media URL on the shop's public address.
    expect(brand.image).toMatch(/^http:\/\/shop\.test\/media\/brands\/[\w-]+-\d+\.webp$/);
  });

  it('sends a FormData as multipart, files included (the product form’s images)', async () => {
    const call = inProcessTransport(t.app, visitor('192.0.2.2'));
    const image = await pngImage(320, 320, '#0a0');
    const categoryForm = new FormData();
    categoryForm.append('name', `قسم ${Date.now()}`);
    categoryForm.append('image', new File([new Uint8Array(image.data)], 'c.png', { type: 'image/png' }));
    const category = await call({ method: 'POST', path: '/categories', token: admin.token, body: categoryForm });
    expect(category.status, JSON.stringify(category.body)).toBe(201);

    const cover = new File([new Uint8Array(image.data)], 'cover.png', { type: 'image/png' });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'منتج تجريبي',
      description: 'وصف',
      quantity: '3',
      price: '10',
    })) {
      form.append(name, value);
    }
    form.append('category', (category.body as { data: { id: string } }).data.id);
    form.append('availableColors', '#ff0000');
    form.append('availableColors', '#0000ff');
    form.append('imageCover', cover);
    form.append('images', cover);
    const created = await call({ method: 'POST', path: '/products', token: admin.token, body: form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = (created.body as { data: { imageCover: string; images: string[]; availableColors: string[] } })
      .data;
    expect(product.availableColors).toEqual(['#ff0000', '#0000ff']);
    expect(product.images).toEqual([product.imageCover]);
  });
});

describe('one page request, one check of its token', () => {
  it('the calls of one page share the check; outside it, and after it, each call checks again', async () => {
    // Signed up from an address of its own: this file allows two sign-ins a minute per address.
    const signup = inProcessTransport(t.app, visitor('192.0.2.77'));
    const joined = await signup({
      method: 'POST',
      path: '/auth/signup',
      body: {
        name: 'زائرة الصفحة',
        email: `visit-${randomUUID().slice(0, 8)}@example.com`,
        phone: '0551234567',
        password: 'Visit-page-9',
        passwordConfirm: 'Visit-page-9',
      },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const { token, data } = joined.body as { token: string; data: { _id: string } };
    const visit = t.app.pageVisits.open();
    const page = inProcessTransport(t.app, visitor('192.0.2.9'), undefined, visit);
    const alone = inProcessTransport(t.app, visitor('192.0.2.9'));
    const me = { method: 'GET', path: '/users/getMe', token } as const;
    const firstAnswer = await page(me);
    expect(firstAnswer.status, JSON.stringify(firstAnswer.body)).toBe(200);
    // Disabled meanwhile: the page under way keeps the answer its first call got…
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, data._id));
    const second = await page(me);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    // …a call of no page, or of a page that made the visit id up, is checked anew and refused…
    expect((await alone(me)).status).toBe(401);
    const madeUp = inProcessTransport(t.app, visitor('192.0.2.9'), undefined, randomUUID());
    expect((await madeUp(me)).status).toBe(401);
    // …and so is the next call once the page has ended.
    t.app.pageVisits.close(visit);
    expect((await page(me)).status).toBe(401);
  });
});
