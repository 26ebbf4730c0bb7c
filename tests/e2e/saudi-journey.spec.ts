import type { Address, Quote } from '../../src/contract/types';
import { formatPercent, formatPrice } from '../../src/web/lib/format';
import { expect, type Page, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  field,
  fillCart,
  hydrated,
  PASSWORD,
  PLACED_ORDER_URL,
  stockedProducts,
  toast,
  uniqueEmail,
} from './support';
import { VAT_SELLER } from './vat-shop';

/*
 * The whole Saudi purchase of docs/pricing.md and docs/invoices.md in one go, in the VAT-registered
 * cash-only shop: a customer signs up with a 05… number, saves an address in a city picked from the
 * list, sees shipping, the cash fee and the VAT on the payment screen, orders and opens the
 * simplified tax invoice.
 */

const shopURL = () => process.env.E2E_CASH_ONLY_URL as string;
const main = (page: Page) => page.getByRole('main');
/** How far the page sticks out sideways (0 or less: it fits). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** The value beside a term of the payment screen's bill. */
const billLine = (page: Page, term: string | RegExp) =>
  main(page)
    .getByRole('region', { name: 'تفاصيل المبلغ' })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');

/** A city of the Saudi list that no other test ships to, charged for by its own zone. */
const CITY = 'أبها';
/** 15 % as the screen writes it (Arabic digits and percent sign). */
const fifteenPercent = formatPercent(0.15);
const ZONE = { name: 'الجنوب', cities: [CITY], price: 30, codFee: 10, codAllowed: true };

test('a Saudi customer signs up with 05…, picks a city, sees shipping, fee and VAT, orders and opens the tax invoice', async ({
  page,
  playwright,
}) => {
  // The whole journey on a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  const shop = shopURL();
  const request = await playwright.request.newContext({ baseURL: shop });
  try {
    // The admin charges for delivery to the city, with a cash-on-delivery fee (the other project
    // running this test may have made the zone already).
    const adminToken = await apiToken(request, ADMIN);
    const zone = await request.post('/api/v1/shipping-zones', { headers: bearer(adminToken), data: ZONE });
    expect([201, 409], await zone.text()).toContain(zone.status());

    // Sign-up with a Saudi mobile in its local form, signed in at once.
    const email = uniqueEmail('saudi');
    await page.goto(`${shop}/register`);
    await field(page, 'الاسم').fill('نورة العتيبي');
    await field(page, 'البريد الإلكتروني').fill(email);
    await field(page, 'رقم الجوال').fill('0551234567');
    await field(page, 'كلمة المرور').fill(PASSWORD);
    await field(page, 'تأكيد كلمة المرور').fill(PASSWORD);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(toast(page, 'تم إنشاء حسابك وتسجيل دخولك بنجاح')).toBeVisible();
    await expect(page).toHaveURL(`${shop}/`);

    const token = await apiToken(request, { email, password: PASSWORD });
    const [product] = await stockedProducts(request);
    if (!product) throw new Error('no stocked product');
    const cartId = await fillCart(request, token, [product]);

    // An address in a city picked from the list the form offers.
    await page.goto(`${shop}/user/add-address`);
    const form = main(page).locator('form');
    await hydrated(form);
    const list = await field(page, 'المدينة').getAttribute('list');
    const offered = await page
      .locator(`datalist[id="${list}"] option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toContain(CITY);
    await field(page, 'اسم العنوان').fill('البيت');
    await field(page, 'تفاصيل العنوان').fill('حي المنسك، شارع الملك فيصل 12');
    await field(page, 'المدينة').fill(CITY);
    await page.getByRole('button', { name: 'حفظ العنوان' }).click();
    await expect(toast(page, 'تمت إضافة العنوان بنجاح')).toBeVisible();
    const saved = (await (await request.get('/api/v1/addresses', { headers: bearer(token) })).json()) as {
      data: Address[];
    };
    const address = saved.data.find((entry) => entry.alias === 'البيت');
    expect(address).toMatchObject({ city: CITY, phone: '+966551234567' });

    // The payment screen: the zone's shipping, the cash fee and the VAT the total includes.
    const quote = (
      (await (
        await request.get(
          `/api/v1/orders/quote?${new URLSearchParams({ cartId, addressId: address?._id ?? '', method: 'cash' })}`,
          { headers: bearer(token) },
        )
      ).json()) as { data: Quote }
    ).data;
    expect(quote).toMatchObject({ shippingPrice: 30, codFee: 10, currency: 'SAR' });
    expect(quote.taxPrice).toBeGreaterThan(0);
    await page.goto(`${shop}/order/paymethoud`);
    await main(page)
      .getByRole('combobox', { name: 'عنوان الشحن' })
      .selectOption(address?._id ?? '');
    await expect(main(page).getByRole('radio', { name: /الدفع عند الاستلام/ })).toBeChecked();
    await expect(billLine(page, /^الشحن$/)).toHaveText(formatPrice(30, 'SAR'));
    await expect(billLine(page, 'رسوم الدفع عند الاستلام')).toHaveText(formatPrice(10, 'SAR'));
    await expect(billLine(page, `ضريبة القيمة المضافة (${fifteenPercent}) مشمولة`)).toHaveText(
      formatPrice(quote.taxPrice, 'SAR'),
    );
    await expect(billLine(page, /^الإجمالي$/)).toHaveText(formatPrice(quote.total, 'SAR'));
    // The VAT amount stays beside its label on the label's first line (the rate may go under the
    // name), never wrapped under it.
    const vat = main(page).getByRole('region', { name: 'تفاصيل المبلغ' }).locator('[data-line="vat"]');
    const [term, amount] = await Promise.all([vat.locator('dt').boundingBox(), vat.locator('dd').boundingBox()]);
    if (!term || !amount) throw new Error('no VAT line');
    expect(Math.abs(amount.y - term.y), 'the amount on the label’s first line').toBeLessThan(amount.height / 2);
    expect(amount.x + amount.width, 'the amount beside the label, at its end side').toBeLessThanOrEqual(term.x + 1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await main(page).getByRole('button', { name: 'إتمام الشراء' }).click();
    await expect(page).toHaveURL(PLACED_ORDER_URL);

    // The order's tax invoice, from the order's page.
    await main(page)
      .getByRole('link', { name: /^الفاتورة الضريبية/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+\/invoice$/);
    await expect(page.getByRole('heading', { level: 1, name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
    await expect(page.getByText(VAT_SELLER.vatNumber)).toBeVisible();
    const totals = page.locator('section[aria-labelledby="invoice-totals"]');
    await expect(totals).toContainText(formatPrice(quote.total, 'SAR'));
    await expect(totals).toContainText(formatPrice(quote.taxPrice, 'SAR'));
    await expect(page.getByRole('img', { name: /رمز الاستجابة السريعة/ })).toBeVisible();
    // The lines fit the phone: no sideways scroll, neither of the page nor of the lines' own box;
    // each line is still a row of a table with its VAT rate in the shop's percent style.
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const lines = page.getByRole('region', { name: /^بنود/ });
    await expect(lines).toBeVisible();
    expect(await lines.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    expect(await lines.evaluate((box) => box.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    const row = lines.getByRole('row').filter({ has: page.getByRole('rowheader', { name: product.title }) });
    await expect(row.getByRole('cell', { name: fifteenPercent, exact: true })).toBeVisible();
  } finally {
    await request.dispose();
  }
});
