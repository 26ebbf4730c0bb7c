import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { SAUDI_SELLER } from '../helpers/sellers.js';
import { apiClient, firstError } from '../helpers/shopping.js';

/* The store settings (docs/pricing.md): anyone reads them, staff change them; the VAT number's form follows SHOP_COUNTRY. */

let sa: TestApp;
let eg: TestApp;
let admin: Account;
let customer: Account;
let egAdmin: Account;
let current: TestApp;
const { send, expectNo5xx } = apiClient(() => current);

beforeAll(async () => {
  sa = await createTestApp({ country: 'SA', currency: 'SAR' });
  eg = await createTestApp({ country: 'EG', currency: 'EGP' });
  current = sa;
  admin = await createAccount(sa, 'admin');
  customer = await createAccount(sa);
  egAdmin = await createAccount(eg, 'admin');
});
afterAll(async () => {
  await sa?.close();
  await eg?.close();
});
afterEach(expectNo5xx);

const put = (payload: unknown, token = admin.token, app = sa) => send('PUT', '/settings', { token, payload, app });

describe('GET /settings', () => {
  it('is public and starts from the market: SA 15 %, prices with VAT, no VAT number so no tax invoices', async () => {
    const res = await send('GET', '/settings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      shopName: sa.config.shopName,
      vatRate: 15,
      pricesIncludeVat: true,
      vatNumber: null,
      issuesTaxInvoices: false,
      sellerIdScheme: 'CRN',
      currency: 'SAR',
      country: 'SA',
    });
    const egypt = await send('GET', '/settings', { app: eg });
    expect(egypt.json().data).toMatchObject({ vatRate: 14, currency: 'EGP', country: 'EG' });
  });

  it('shows anyone but staff none of the owner’s own: low stock, basket reminders, what tax invoices lack', async () => {
    const ownerOnly = [
      'lowStockThreshold',
      'basketRemindersEnabled',
      'basketReminderDelayHours',
      'missingForTaxInvoices',
      'staffRefundLimit',
    ];
    for (const token of [undefined, customer.token, admin.token]) {
      const res = await send('GET', '/settings', { token });
      expect(res.statusCode, res.body).toBe(200);
      for (const field of ownerOnly) expect(res.json().data, field).not.toHaveProperty(field);
    }
  });
});

describe('GET /admin/settings', () => {
  it('shows staff the public settings and the owner’s own; no one else', async () => {
    const res = await send('GET', '/admin/settings', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const {
      lowStockThreshold,
      basketRemindersEnabled,
      basketReminderDelayHours,
      missingForTaxInvoices,
      staffRefundLimit,
      ...shown
    } = res.json().data;
    expect({
      lowStockThreshold,
      basketRemindersEnabled,
      basketReminderDelayHours,
      missingForTaxInvoices,
      staffRefundLimit,
    }).toEqual({
      staffRefundLimit: 0,
      lowStockThreshold: 5,
      basketRemindersEnabled: false,
      basketReminderDelayHours: 3,
      missingForTaxInvoices: [
        'legalName',
        'vatNumber',
        'sellerId',
        'buildingNumber',
        'street',
        'district',
        'city',
        'postalCode',
      ],
    });
    expect(shown).toEqual((await send('GET', '/settings')).json().data);
    expect((await send('GET', '/admin/settings')).statusCode).toBe(401);
    expect((await send('GET', '/admin/settings', { token: customer.token })).statusCode).toBe(403);
  });
});

describe('PUT /settings', () => {
  it('anonymous 401, customer 403, staff change every field', async () => {
    const body = {
      shopName: 'متجر النخبة',
      legalName: 'شركة النخبة للتجارة',
      vatNumber: '300000000000003',
      address: 'الرياض، حي العليا',
      sellerIdScheme: '700',
      sellerId: '7001234567',
      buildingNumber: '2322',
      street: 'طريق الملك فهد',
      district: 'العليا',
      city: 'الرياض',
      postalCode: '12214',
      additionalNumber: '',
      email: 'Shop@Example.com',
      phone: '٠١١٢٣٤٥٦٧٨',
      vatRate: 15,
      pricesIncludeVat: true,
    };
    expect((await put(body, '')).statusCode).toBe(401);
    expect((await put(body, customer.token)).statusCode).toBe(403);
    expect((await send('GET', '/settings')).json().data.vatNumber).toBeNull();
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      ...body,
      email: 'shop@example.com',
      phone: '0112345678',
      issuesTaxInvoices: true,
      missingForTaxInvoices: [],
    });
    expect((await send('GET', '/settings')).json().data).toMatchObject({
      shopName: 'متجر النخبة',
      issuesTaxInvoices: true,
    });
  });

  it('SA: a VAT number is 15 digits starting and ending with 3; Arabic-Indic digits are stored ASCII; empty clears it', async () => {
    const arabic = await put({ vatNumber: '٣١٠١٢٣٤٥٦٧٨٩٠٠٣' });
    expect(arabic.statusCode, arabic.body).toBe(200);
    expect(arabic.json().data.vatNumber).toBe('310123456789003');
    for (const bad of ['300000000000004', '400000000000003', '30000000000003', '3000000000000033', 'abc', '٣٠٠']) {
      const res = await put({ vatNumber: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(firstError(res)).toMatchObject({ param: 'vatNumber', code: 'VAT_NUMBER_INVALID' });
    }
    expect((await send('GET', '/settings')).json().data.vatNumber).toBe('310123456789003');
    const cleared = await put({ vatNumber: '' });
    expect(cleared.json().data).toMatchObject({ vatNumber: null, issuesTaxInvoices: false });
  });

  it('other markets: 9 to 15 digits', async () => {
    const ok = await put({ vatNumber: '123-456-789' }, egAdmin.token, eg);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.vatNumber).toBe('123456789');
    const bad = await put({ vatNumber: '12345678' }, egAdmin.token, eg);
    expect(firstError(bad)).toMatchObject({ param: 'vatNumber', code: 'VAT_NUMBER_INVALID' });
  });

  it('the VAT rate is a percentage from 0 to 100 with at most two decimals', async () => {
    expect((await put({ vatRate: '١٢٫٥' })).json().data.vatRate).toBe(12.5);
    expect((await put({ vatRate: 0 })).json().data.vatRate).toBe(0);
    for (const bad of [-1, 100.01, 15.555, 'خمسة عشر', null]) {
      const res = await put({ vatRate: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(firstError(res)).toMatchObject({ param: 'vatRate', code: 'VAT_RATE_INVALID' });
    }
    expect((await put({ vatRate: 15 })).json().data.vatRate).toBe(15);
  });

  it('the low-stock threshold starts at 5 and takes whole numbers of 0 or more, Arabic-Indic digits too', async () => {
    expect((await send('GET', '/admin/settings', { token: admin.token })).json().data.lowStockThreshold).toBe(5);
    expect((await put({ lowStockThreshold: '١٢' })).json().data.lowStockThreshold).toBe(12);
    expect((await put({ lowStockThreshold: 0 })).json().data.lowStockThreshold).toBe(0);
    for (const bad of [-1, 2.5, 'خمسة', null, 1e12]) {
      const res = await put({ lowStockThreshold: bad });
      expect(firstError(res)).toMatchObject({ param: 'lowStockThreshold', code: 'LOW_STOCK_THRESHOLD_INVALID' });
    }
    expect((await send('GET', '/admin/settings', { token: admin.token })).json().data.lowStockThreshold).toBe(0);
    expect((await put({ lowStockThreshold: 5 })).json().data.lowStockThreshold).toBe(5);
    expect((await put({ lowStockThreshold: 9 }, customer.token)).statusCode).toBe(403);
  });

  it('refuses an empty shop name, a bad e-mail and too long text', async () => {
    expect(firstError(await put({ shopName: '  ' }))).toMatchObject({ param: 'shopName', code: 'SHOP_NAME_REQUIRED' });
    expect(firstError(await put({ email: 'not-mail' }))).toMatchObject({ param: 'email', code: 'EMAIL_INVALID' });
    expect(firstError(await put({ address: 'ع'.repeat(501) }))).toMatchObject({
      param: 'address',
      code: 'VALUE_TOO_LONG',
    });
    expect(firstError(await put({ pricesIncludeVat: 'yes' }))).toMatchObject({ param: 'pricesIncludeVat' });
    expect((await put({ email: '' })).json().data.email).toBe('');
  });

  it('SA: the seller id and national address; Arabic-Indic digits are stored ASCII; each bad part has its code', async () => {
    const typed = await put({
      sellerIdScheme: 'MOM',
      sellerId: '١٠١٠-٠١٠٠٠٠',
      buildingNumber: '٢٣٢٢',
      postalCode: '١٢٢١٤',
      additionalNumber: '٨٢٢٨',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data).toMatchObject({
      sellerIdScheme: 'MOM',
      sellerId: '1010010000',
      buildingNumber: '2322',
      postalCode: '12214',
      additionalNumber: '8228',
    });
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [{ sellerIdScheme: 'VAT' }, 'sellerIdScheme', 'SELLER_ID_SCHEME_INVALID'],
      [{ sellerIdScheme: null }, 'sellerIdScheme', 'SELLER_ID_SCHEME_INVALID'],
      [{ sellerId: 'سجل 1010' }, 'sellerId', 'SELLER_ID_INVALID'],
      [{ sellerId: '1'.repeat(51) }, 'sellerId', 'SELLER_ID_INVALID'],
      [{ buildingNumber: '232' }, 'buildingNumber', 'BUILDING_NUMBER_INVALID'],
      [{ buildingNumber: '23222' }, 'buildingNumber', 'BUILDING_NUMBER_INVALID'],
      [{ buildingNumber: 'A232' }, 'buildingNumber', 'BUILDING_NUMBER_INVALID'],
      [{ postalCode: '1221' }, 'postalCode', 'POSTAL_CODE_INVALID'],
      [{ postalCode: '-12214' }, 'postalCode', 'POSTAL_CODE_INVALID'],
      [{ additionalNumber: '82' }, 'additionalNumber', 'ADDITIONAL_NUMBER_INVALID'],
      [{ street: 'ش'.repeat(128) }, 'street', 'VALUE_TOO_LONG'],
      [{ city: 7 }, 'city', 'VALUE_TYPE_INVALID'],
    ];
    for (const [payload, param, code] of refused) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(firstError(res), JSON.stringify(payload)).toMatchObject({ param, code });
    }
    // Nothing refused was kept.
    expect((await send('GET', '/settings')).json().data).toMatchObject({
      sellerIdScheme: 'MOM',
      buildingNumber: '2322',
    });
    // The additional number is optional: empty clears it.
    expect((await put({ additionalNumber: '' })).json().data.additionalNumber).toBe('');
  });

  it('SA: says what is missing for tax invoices, in the form’s order, down to a 0 % rate', async () => {
    expect((await put({ ...SAUDI_SELLER, vatRate: 15 })).json().data).toMatchObject({
      issuesTaxInvoices: true,
      missingForTaxInvoices: [],
    });
    const lacking = await put({ sellerId: '', district: '  ', legalName: '' });
    expect(lacking.json().data).toMatchObject({
      issuesTaxInvoices: false,
      missingForTaxInvoices: ['legalName', 'sellerId', 'district'],
    });
    await put(SAUDI_SELLER);
    expect((await put({ vatRate: 0 })).json().data.missingForTaxInvoices).toEqual(['vatRate']);
    expect((await put({ vatRate: 15 })).json().data.missingForTaxInvoices).toEqual([]);
  });

  it('SA in another currency: told it cannot issue Saudi tax invoices', async () => {
    const usd = await createTestApp({ country: 'SA', currency: 'USD' });
    try {
      const usdAdmin = await createAccount(usd, 'admin');
      const res = await put(SAUDI_SELLER, usdAdmin.token, usd);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ issuesTaxInvoices: false, missingForTaxInvoices: ['currency'] });
    } finally {
      await usd.close();
    }
  });

  it('other markets need the legal name and the VAT number only', async () => {
    const res = await put({ legalName: 'شركة النيل', vatNumber: '123456789' }, egAdmin.token, eg);
    expect(res.json().data).toMatchObject({ issuesTaxInvoices: true, missingForTaxInvoices: [] });
    const unnamed = await put({ legalName: '' }, egAdmin.token, eg);
    expect(unnamed.json().data).toMatchObject({ issuesTaxInvoices: false, missingForTaxInvoices: ['legalName'] });
  });
});

describe('PUT /settings: the footer’s contact links (docs/store-pages.md § The footer)', () => {
  const links = {
    instagramUrl: 'https://www.instagram.com/nokhba.shop',
    xUrl: 'https://x.com/nokhba',
    tiktokUrl: 'https://www.tiktok.com/@nokhba',
    snapchatUrl: 'https://snapchat.com/add/nokhba',
    facebookUrl: 'https://facebook.com/nokhba',
  };

  it('start empty; staff save a WhatsApp number (any form, stored E.164) and each network’s https page', async () => {
    expect((await send('GET', '/settings')).json().data).toMatchObject({
      whatsapp: '',
      instagramUrl: '',
      xUrl: '',
      tiktokUrl: '',
      snapchatUrl: '',
      facebookUrl: '',
    });
    const res = await put({ whatsapp: '٠٥٠ ١٢٣ ٤٥٦٧', ...links });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ whatsapp: '+966501234567', ...links });
    expect((await send('GET', '/settings')).json().data).toMatchObject({ whatsapp: '+966501234567', ...links });
    // Another market's mobile with its calling code; twitter.com is X's too.
    const other = await put({ whatsapp: '+201012345678', xUrl: 'https://twitter.com/nokhba' });
    expect(other.json().data).toMatchObject({ whatsapp: '+201012345678', xUrl: 'https://twitter.com/nokhba' });
    // Empty clears one; fields not sent stay as they were (old clients send none of them).
    const cleared = await put({ whatsapp: '', facebookUrl: '' });
    expect(cleared.json().data).toMatchObject({ whatsapp: '', facebookUrl: '', instagramUrl: links.instagramUrl });
    const oldClient = await put({ shopName: 'متجر النخبة' });
    expect(oldClient.json().data).toMatchObject({ instagramUrl: links.instagramUrl, tiktokUrl: links.tiktokUrl });
  });

  it('refuses a link that is not https on the network’s own site, and a number that is no mobile', async () => {
    const before = (await send('GET', '/settings')).json().data;
    const bad: [string, unknown][] = [
      ['instagramUrl', 'http://instagram.com/shop'],
      ['instagramUrl', 'instagram.com/shop'],
      ['instagramUrl', 'https://instagram.com.evil.example/shop'],
      ['instagramUrl', 'https://evilinstagram.com/shop'],
      ['instagramUrl', 'https://instagram.com@evil.example/'],
      ['instagramUrl', 'https://user:pass@instagram.com/'],
      ['xUrl', 'javascript:alert(1)//x.com'],
      ['xUrl', 'https://facebook.com/shop'],
      ['tiktokUrl', 'data:text/html,<script>alert(1)</script>'],
      ['snapchatUrl', `https://snapchat.com/${'a'.repeat(300)}`],
      ['facebookUrl', 42],
      ['whatsapp', '12345'],
      ['whatsapp', '+966'],
      ['whatsapp', 'واتساب'],
      ['whatsapp', '0112345678'],
    ];
    for (const [param, value] of bad) {
      const res = await put({ [param]: value });
      expect(res.statusCode, `${param} ${value}`).toBe(400);
      expect(firstError(res)).toMatchObject({
        param,
        code: param === 'whatsapp' ? 'WHATSAPP_INVALID' : 'SOCIAL_LINK_INVALID',
      });
    }
    expect((await send('GET', '/settings')).json().data).toEqual(before);
  });
});
