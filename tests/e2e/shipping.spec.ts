import { randomUUID } from 'node:crypto';
import type { Order, Quote, ShippingZone, StoreSettingsView } from '../../src/contract/types';
import { formatPercent, formatPrice } from '../../src/web/lib/format';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  closeToast,
  createCustomer,
  expectNoAxeViolations,
  field,
  fillCart,
  openFromAdminMenu,
  placeCashOrder,
  SHIPPING,
  signInWithCookie,
  stockedProducts,
} from './support';

/*
 * The store settings and shipping zones screens, and the payment screen's bill (docs/pricing.md).
 * Zones made here list cities of their own (never the other tests' addresses) and are deleted
 * after each test; the settings are put back.
 */

const PREFIX = 'منطقة-e2e';
const main = (page: Page) => page.getByRole('main');
const city = () => `مدينة-e2e-${randomUUID().slice(0, 6)}`;
const bill = (page: Page) => main(page).getByRole('region', { name: 'تفاصيل المبلغ' });
/** The value beside a term of the bill. */
const line = (page: Page, term: string | RegExp) =>
  bill(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');

async function adminToken(request: APIRequestContext) {
  return apiToken(request, ADMIN);
}

/** The settings as staff read them (what tax invoices lack is the owner's own, docs/pricing.md). */
async function settings(request: APIRequestContext) {
  const res = await request.get('/api/v1/admin/settings', { headers: bearer(await adminToken(request)) });
  return ((await res.json()) as { data: StoreSettingsView }).data;
}

async function addZoneApi(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post('/api/v1/shipping-zones', {
    headers: bearer(await adminToken(request)),
    data: { name: `${PREFIX} ${randomUUID().slice(0, 4)}`, ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as ShippingZone;
}

let savedSettings: StoreSettingsView | undefined;
test.beforeEach(async ({ request }) => {
  savedSettings = await settings(request);
});
test.afterEach(async ({ request }) => {
  const token = await adminToken(request);
  const zones = (await (await request.get('/api/v1/shipping-zones', { headers: bearer(token) })).json()) as {
    data: ShippingZone[];
  };
  for (const zone of zones.data) {
    if (zone.name.startsWith(PREFIX))
      await request.delete(`/api/v1/shipping-zones/${zone.id}`, { headers: bearer(token) });
  }
  if (savedSettings) {
    const { legalName, vatNumber, pricesIncludeVat, vatRate, sellerIdScheme, sellerId } = savedSettings;
    const { buildingNumber, street, district, city, postalCode, additionalNumber } = savedSettings;
    await request.put('/api/v1/settings', {
      headers: bearer(token),
      data: {
        legalName,
        vatNumber: vatNumber ?? '',
        pricesIncludeVat,
        vatRate,
        sellerIdScheme,
        sellerId,
        buildingNumber,
        street,
        district,
        city,
        postalCode,
        additionalNumber,
      },
    });
  }
});

test.describe('admin: store settings and shipping zones', () => {
  test('edits the Saudi seller: the notice lists what is missing, bad parts are refused in Arabic, the notice goes once complete', async ({
    page,
    request,
    baseURL,
  }) => {
    // The main e2e shop is Saudi (SHOP_COUNTRY's default) and starts without a VAT registration.
    expect((await settings(request)).country).toBe('SA');
    await openFromAdminMenu(page, request, baseURL, 'إعدادات المتجر');
    await expect(page).toHaveURL('/admin/settings');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('إعدادات المتجر');
    const notice = main(page).getByRole('note');
    await expect(notice).toContainText('لن يصدر المتجر فواتير ضريبية حتى تكمل:');
    await expect(notice.getByRole('listitem')).toHaveText([
      'الاسم القانوني للبائع',
      'الرقم الضريبي',
      'رقم السجل التجاري أو المعرّف',
      'رقم المبنى',
      'الشارع',
      'الحي',
      'المدينة',
      'الرمز البريدي',
    ]);

    await field(main(page), 'الاسم القانوني للبائع').fill('شركة متجر التجريبية');
    await field(main(page), 'الرقم الضريبي').fill('12ab');
    await field(main(page), 'رقم المبنى').fill('١٢');
    await main(page).getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await expect(main(page).getByText('الرقم الضريبي يتكون من 15 رقماً يبدأ وينتهي بالرقم 3')).toBeVisible();
    await expect(main(page).getByText('رقم المبنى 4 أرقام')).toBeVisible();
    await expect(field(main(page), 'الرقم الضريبي')).toBeFocused();
    await expect(field(main(page), 'رقم المبنى')).toHaveAttribute('aria-invalid', 'true');

    // Arabic-Indic digits are fine; the API keeps them as ASCII.
    await field(main(page), 'الرقم الضريبي').fill('٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣');
    await main(page).getByLabel('نوع معرّف البائع').selectOption('CRN');
    await field(main(page), 'رقم السجل التجاري أو المعرّف').fill('١٠١٠٠١٠٠٠٠');
    await field(main(page), 'رقم المبنى').fill('٢٣٢٢');
    await field(main(page), 'الشارع').fill('طريق الملك فهد');
    await field(main(page), 'الحي').fill('العليا');
    await field(main(page), 'المدينة').fill('الرياض');
    await field(main(page), 'الرمز البريدي').fill('١٢٢١٤');
    await main(page).getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await closeToast(page, 'حُفظت إعدادات المتجر');
    await expect(main(page).getByRole('note')).toHaveCount(0);
    expect(await settings(request)).toMatchObject({
      legalName: 'شركة متجر التجريبية',
      vatNumber: '300000000000003',
      sellerIdScheme: 'CRN',
      sellerId: '1010010000',
      buildingNumber: '2322',
      postalCode: '12214',
      additionalNumber: '',
      issuesTaxInvoices: true,
      missingForTaxInvoices: [],
    });
    await expectNoAxeViolations(page);
  });

  test('adds a zone with a price and a cash fee; it is listed, and the default zone cannot be deleted', async ({
    page,
    request,
    baseURL,
  }) => {
    await openFromAdminMenu(page, request, baseURL, 'مناطق الشحن');
    await expect(page).toHaveURL('/admin/shipping-zones');
    const fallback = main(page).getByRole('article').filter({ hasText: 'المنطقة الافتراضية' });
    await expect(fallback).toHaveCount(1);
    await expect(fallback.getByRole('button', { name: /حذف/ })).toHaveCount(0);
    await expect(fallback.getByRole('link', { name: /حذف/ })).toHaveCount(0);

    const name = `${PREFIX} ${randomUUID().slice(0, 4)}`;
    const town = city();
    await field(main(page), 'اسم المنطقة').fill(name);
    await field(main(page), 'المدن').fill(`${town}\n${town}-2`);
    await field(main(page), 'سعر الشحن').fill('-5');
    await main(page).getByRole('button', { name: 'إضافة منطقة' }).click();
    await expect(main(page).getByText('أدخل مبلغاً من 0 فأكثر')).toBeVisible();
    await field(main(page), 'سعر الشحن').fill('٢٥');
    await field(main(page), 'رسوم الدفع عند الاستلام').fill('7');
    await main(page).getByRole('button', { name: 'إضافة منطقة' }).click();
    await closeToast(page, 'أُضيفت المنطقة');
    const card = main(page)
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
    await expect(card).toContainText(`الشحن: ${formatPrice(25, (await settings(request)).currency)}`);
    await expect(card).toContainText(`رسوم الاستلام: ${formatPrice(7, (await settings(request)).currency)}`);
    await expect(card).toContainText(town);
    await expectNoAxeViolations(page);
  });
});

test.describe('the payment screen bill', () => {
  test('shipping, cash fee and VAT follow the address and the method; cash is refused where the zone takes none', async ({
    page,
    request,
    baseURL,
  }) => {
    const { currency, vatRate } = await settings(request);
    const town = city();
    const noCashTown = city();
    await addZoneApi(request, { cities: [town], price: 25, codFee: 7 });
    await addZoneApi(request, { cities: [noCashTown], price: 40, codAllowed: false });
    const customer = await createCustomer(request);
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('no stocked product');
    const cartId = await fillCart(request, customer.token, [product]);
    const address = async (alias: string, cityName: string) => {
      const res = await request.post('/api/v1/addresses', {
        headers: bearer(customer.token),
        data: { alias, details: 'شارع الاختبار 1', phone: customer.phone, city: cityName },
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()).data as { _id: string; alias: string }[]).find((a) => a.alias === alias)?._id ?? '';
    };
    const home = await address('البيت', town);
    const far = await address('المزرعة', noCashTown);
    const quote = async (addressId: string, method: string) =>
      (
        (await (
          await request.get(`/api/v1/orders/quote?${new URLSearchParams({ cartId, addressId, method })}`, {
            headers: bearer(customer.token),
          })
        ).json()) as { data: Quote }
      ).data;

    await signInWithCookie(page.context(), baseURL, customer.token);
    await page.goto('/order/paymethoud');
    await expect(bill(page)).toContainText('اختر العنوان وطريقة الدفع');
    await main(page).getByRole('combobox', { name: 'عنوان الشحن' }).selectOption(home);
    await main(page)
      .getByRole('radio', { name: /الدفع عند الاستلام/ })
      .check();

    const cash = await quote(home, 'cash');
    expect(cash).toMatchObject({ shippingPrice: 25, codFee: 7 });
    await expect(line(page, /^الشحن$/)).toHaveText(formatPrice(25, currency));
    await expect(line(page, 'رسوم الدفع عند الاستلام')).toHaveText(formatPrice(7, currency));
    const vatTerm = `ضريبة القيمة المضافة (${formatPercent(vatRate / 100, 2)}) مشمولة`;
    await expect(line(page, vatTerm)).toHaveText(formatPrice(cash.taxPrice, currency));
    await expect(line(page, /^الإجمالي$/)).toHaveText(formatPrice(cash.total, currency));
    // One total on the whole screen, one name for each amount (docs/pricing.md): «الإجمالي» is what
    // the customer pays — the goods («قيمة المنتجات»), shipping and the fee (and VAT when on top).
    const goods = product.priceAfterDiscount ?? product.price;
    await expect(line(page, 'قيمة المنتجات')).toHaveText(formatPrice(goods, currency));
    await expect(main(page).getByText('الإجمالي', { exact: true })).toHaveCount(1);
    const vatOnTop = cash.pricesIncludeVat ? 0 : cash.taxPrice;
    expect(cash.total).toBe(Math.round((goods + 25 + 7 + vatOnTop) * 100) / 100);

    // Card: no cash fee, a smaller total and the VAT it holds.
    await main(page)
      .getByRole('radio', { name: /الدفع بالبطاقة/ })
      .check();
    const card = await quote(home, 'card');
    await expect(line(page, /^الإجمالي$/)).toHaveText(formatPrice(card.total, currency));
    await expect(line(page, 'رسوم الدفع عند الاستلام')).toHaveCount(0);
    await expect(line(page, vatTerm)).toHaveText(formatPrice(card.taxPrice, currency));
    expect(card.total).toBe(cash.total - 7);

    // A city whose zone takes no cash.
    await main(page).getByRole('combobox', { name: 'عنوان الشحن' }).selectOption(far);
    await expect(line(page, /^الشحن$/)).toHaveText(formatPrice(40, currency));
    await main(page)
      .getByRole('radio', { name: /الدفع عند الاستلام/ })
      .check();
    await expect(bill(page)).toContainText('الدفع عند الاستلام غير متاح لمدينة هذا العنوان، ادفع بالبطاقة');
    await expectNoAxeViolations(page);
  });
});

test.describe('a city no zone lists and the city table does not know', () => {
  test('staff see it flagged in Arabic on the order page and the packing slip; a known city is not flagged', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await createCustomer(request);
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('no stocked product');
    const cartId = await fillCart(request, customer.token, [product]);
    const res = await request.post(`/api/v1/orders/${cartId}`, {
      headers: bearer(customer.token),
      data: { shippingAddress: { ...SHIPPING, city: city() } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const unknown = (await res.json()).data as Order;
    expect(unknown.shippingAddress.cityRecognised).toBe(false);
    const known = await placeCashOrder(request, customer.token, [product]);

    await signInWithCookie(page.context(), baseURL, await adminToken(request));
    const flag = 'مدينة غير معروفة';
    await page.goto(`/admin/orders/${unknown.id}`);
    const address = main(page).getByRole('region', { name: 'عنوان الشحن' });
    await expect(address).toContainText(unknown.shippingAddress.city);
    await expect(address).toContainText(`${flag}: لا تذكرها أي منطقة شحن`);
    await expectNoAxeViolations(page);
    await page.goto(`/admin/orders/${unknown.id}/packing-slip`);
    await expect(page.getByRole('article', { name: 'إيصال تجهيز الطلب' })).toContainText(flag);

    await page.goto(`/admin/orders/${known.id}`);
    await expect(main(page).getByRole('region', { name: 'عنوان الشحن' })).toContainText(SHIPPING.city);
    await expect(main(page).getByText(flag)).toHaveCount(0);
  });
});
