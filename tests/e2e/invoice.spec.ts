import { currencyDigits } from '../../src/contract/money';
import type { Order } from '../../src/contract/types';
import { expect, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  placeCashOrder,
  signInWithCookie,
  stockedProducts,
} from './support';
import { VAT_SELLER } from './vat-shop';

/*
 * The printable simplified tax invoice (docs/invoices.md) in the VAT-registered cash-only shop:
 * the customer opens it from their orders, staff from the order's page; it prints without the
 * site's header and footer.
 */

const shopURL = () => process.env.E2E_CASH_ONLY_URL as string;

/** Money as the invoice writes it: Arabic digits, the currency's decimals. */
const money = (major: number, currency: string) =>
  new Intl.NumberFormat('ar', { style: 'currency', currency, minimumFractionDigits: currencyDigits(currency) }).format(
    major,
  );

test('a customer opens the tax invoice of a cash order; staff open it from the order page and the orders list', async ({
  page,
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: shopURL() });
  try {
    const customer = await createCustomer(request);
    const products = (await stockedProducts(request)).slice(0, 2);
    expect(products.length).toBeGreaterThan(0);
    const order: Order = await placeCashOrder(request, customer.token, products);
    expect(order.invoiceNumber).toEqual(expect.any(Number));

    await signInWithCookie(page.context(), shopURL(), customer.token);
    await page.goto(`${shopURL()}/user/allOrders`);
    await page
      .getByRole('link', { name: /^الفاتورة الضريبية/ })
      .first()
      .click();
    await expect(page).toHaveURL(`${shopURL()}/orders/${order.id}/invoice`);

    await expect(page.getByRole('heading', { level: 1, name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
    await expect(page.getByText(VAT_SELLER.legalName)).toBeVisible();
    await expect(page.getByText(VAT_SELLER.vatNumber)).toBeVisible();
    // The seller as ZATCA identifies it: its commercial registration and national address.
    const seller = page.locator('#tax-invoice dl').first();
    await expect(seller.locator('dt', { hasText: 'السجل التجاري' })).toBeVisible();
    await expect(seller).toContainText(VAT_SELLER.sellerId);
    await expect(seller).toContainText(
      `${VAT_SELLER.buildingNumber} ${VAT_SELLER.street}، ${VAT_SELLER.district}، ${VAT_SELLER.city} ${VAT_SELLER.postalCode} - ${VAT_SELLER.additionalNumber}`,
    );
    await expect(page.getByRole('img', { name: /رمز الاستجابة السريعة للفاتورة/ })).toBeVisible();
    const currency = 'SAR';
    const totals = page.locator('section[aria-labelledby="invoice-totals"]');
    await expect(totals).toContainText('الإجمالي شامل الضريبة');
    await expect(totals).toContainText(money(order.totalOrderPrice, currency));
    await expect(totals).toContainText(money(order.taxPrice, currency));
    await expect(totals).toContainText(
      money(Math.round((order.totalOrderPrice - order.taxPrice) * 100) / 100, currency),
    );
    const rows = page.getByRole('table', { name: 'بنود الفاتورة' }).locator('tbody tr');
    await expect(rows).toHaveCount(order.cartItems.length);
    const numberAsShown = new Intl.NumberFormat('ar', { useGrouping: false }).format(order.invoiceNumber ?? 0);
    await expect(page.locator('dt:text-is("رقم الفاتورة") + dd')).toHaveText(numberAsShown);

    const qr = page.getByRole('img', { name: /رمز الاستجابة السريعة/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await expectNoAxeViolations(page);

    // Printed: the invoice only, without the site's header, footer and the print button.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner').first()).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'طباعة الفاتورة' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    // Nothing runs off the side, even at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const staff = await browser.newContext({ locale: 'ar' });
    try {
      const staffPage = await staff.newPage();
      await signInWithCookie(staff, shopURL(), await apiToken(request, ADMIN));
      await staffPage.goto(`${shopURL()}/admin/orders/${order.id}`);
      await staffPage.getByRole('link', { name: /^الفاتورة الضريبية/ }).click();
      await expect(staffPage.getByRole('heading', { level: 1, name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
      await expect(staffPage.getByText(VAT_SELLER.vatNumber)).toBeVisible();
      // The orders list links it too, in the order's payment column.
      await staffPage.goto(`${shopURL()}/admin/allorders`);
      const orderNumber = new Intl.NumberFormat('ar', { useGrouping: false }).format(order.number);
      await staffPage.getByRole('link', { name: `الفاتورة الضريبية للطلب رقم ${orderNumber}` }).click();
      await expect(staffPage).toHaveURL(`${shopURL()}/orders/${order.id}/invoice`);
    } finally {
      await staff.close();
    }
  } finally {
    await request.dispose();
  }
});

test('after a refund the order page links its credit note, printed after the invoice with its reference and amount', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: shopURL() });
  try {
    const customer = await createCustomer(request);
    const order = await placeCashOrder(request, customer.token, (await stockedProducts(request)).slice(0, 1));
    const staff = bearer(await apiToken(request, ADMIN));
    expect((await request.put(`/api/v1/orders/${order.id}/pay`, { headers: staff })).status()).toBe(200);
    const refunded = await request.post(`/api/v1/orders/${order.id}/refunds`, {
      headers: staff,
      data: { amount: 1, reason: 'قطعة معيبة' },
    });
    expect(refunded.status()).toBe(201);
    const { creditNoteNumber } = (await refunded.json()).data as { creditNoteNumber: number };
    const code = (n: number) => new Intl.NumberFormat('ar', { useGrouping: false }).format(n);

    await signInWithCookie(page.context(), shopURL(), customer.token);
    await page.goto(`${shopURL()}/user/orders/${order.id}`);
    await page.getByRole('link', { name: `إشعار دائن رقم ${code(creditNoteNumber)}` }).click();
    await expect(page).toHaveURL(`${shopURL()}/orders/${order.id}/invoice#credit-note-${creditNoteNumber}`);

    const note = page.getByRole('article', { name: 'إشعار دائن' });
    await expect(note.getByRole('heading', { level: 2, name: 'إشعار دائن' })).toBeVisible();
    await expect(note).toContainText(`مرتبط بالفاتورة رقم ${code(order.invoiceNumber ?? 0)}`);
    await expect(note.locator('dt:text-is("رقم الإشعار") + dd')).toHaveText(code(creditNoteNumber));
    await expect(note.locator('dt:text-is("سبب الإشعار") + dd')).toHaveText('قطعة معيبة');
    await expect(note.locator('dt:text-is("المبلغ المسترد") + dd')).toHaveText(money(1, 'SAR'));
    await expect(note.getByRole('table', { name: `بنود الإشعار الدائن رقم ${code(creditNoteNumber)}` })).toContainText(
      money(1, 'SAR'),
    );
    await expect(note.getByRole('img', { name: /للإشعار الدائن رقم/ })).toBeVisible();
    // The invoice is still the page's heading, above it.
    await expect(page.getByRole('heading', { level: 1, name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await request.dispose();
  }
});

test('a customer cancels an unpaid cash order: its credit note says the order was cancelled before payment instead of an amount of zero', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: shopURL() });
  try {
    const customer = await createCustomer(request);
    const order = await placeCashOrder(request, customer.token, (await stockedProducts(request)).slice(0, 1));
    const cancelled = await request.post(`/api/v1/orders/${order.id}/cancel`, {
      headers: bearer(customer.token),
      data: { reason: 'غيّرت رأيي' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    const { history } = (await cancelled.json()).data as Order;
    const creditNoteNumber = history.at(-1)?.creditNoteNumber ?? 0;
    expect(creditNoteNumber).toBeGreaterThan(0);
    const code = (n: number) => new Intl.NumberFormat('ar', { useGrouping: false }).format(n);

    // The order's timeline links the cancel's credit note.
    await signInWithCookie(page.context(), shopURL(), customer.token);
    await page.goto(`${shopURL()}/user/orders/${order.id}`);
    await page.getByRole('link', { name: `إشعار دائن رقم ${code(creditNoteNumber)}` }).click();
    await expect(page).toHaveURL(`${shopURL()}/orders/${order.id}/invoice#credit-note-${creditNoteNumber}`);

    const note = page.getByRole('article', { name: 'إشعار دائن' });
    await expect(note.locator('dt:text-is("سبب الإشعار") + dd')).toHaveText('غيّرت رأيي');
    await expect(note.locator('dt:text-is("المبلغ المسترد") + dd')).toHaveText(
      'أُلغي الطلب قبل الدفع: لم يُسترد أي مبلغ',
    );
    await expect(note).not.toContainText(money(0, 'SAR'));
    // It still credits the whole invoice: its totals are the order's.
    await expect(
      note.getByRole('region', { name: `إجماليات الإشعار الدائن رقم ${code(creditNoteNumber)}` }),
    ).toContainText(money(order.totalOrderPrice, 'SAR'));
    await expectNoAxeViolations(page);
  } finally {
    await request.dispose();
  }
});

test('another customer cannot open the invoice', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: shopURL() });
  try {
    const owner = await createCustomer(request);
    const order = await placeCashOrder(request, owner.token, (await stockedProducts(request)).slice(0, 1));
    const stranger = await createCustomer(request, 'خالد');
    await signInWithCookie(page.context(), shopURL(), stranger.token);
    const res = await page.goto(`${shopURL()}/orders/${order.id}/invoice`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText(VAT_SELLER.vatNumber)).toHaveCount(0);
  } finally {
    await request.dispose();
  }
});
