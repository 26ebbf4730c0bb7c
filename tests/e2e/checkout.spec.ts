import type { Address, ListEnvelope } from '../../src/contract/types';
import { expect, type Page, test } from './fixtures';
import {
  type Account,
  bearer,
  createCustomer,
  described,
  expectNoAxeViolations,
  field,
  fillCart,
  SA_PHONE_INVALID,
  SHIPPING,
  sidewaysOverflow,
  signInWithCookie,
  stockedProducts,
  toast,
} from './support';

/**
 * Checkout on one page (docs/orders.md § The customer's screens): an address is added in a dialog
 * on the payment page and comes back selected; the only saved address is chosen already. The card
 * round trip (same tab, cancel, pay again) is in cart.spec.ts with the other card tests.
 */

test.describe.configure({ timeout: 60_000 });

const PAYMENT = '/order/paymethoud';
const main = (page: Page) => page.getByRole('main');
const addressChoice = (page: Page) => main(page).getByRole('combobox', { name: 'عنوان الشحن' });
const bill = (page: Page) => main(page).getByRole('region', { name: 'تفاصيل المبلغ' });

/** A new customer with something in the cart, signed in in this browser. */
async function shopper(page: Page, request: Parameters<typeof stockedProducts>[0], baseURL: string | undefined) {
  const customer = await createCustomer(request);
  const [product] = await stockedProducts(request);
  if (!product) throw new Error('no stocked product');
  await fillCart(request, customer.token, [product]);
  await signInWithCookie(page.context(), baseURL, customer.token);
  return customer;
}

async function savedAddresses(request: Parameters<typeof stockedProducts>[0], customer: Account) {
  const res = await request.get('/api/v1/addresses', { headers: bearer(customer.token) });
  return ((await res.json()) as ListEnvelope<Address>).data;
}

async function saveAddress(request: Parameters<typeof stockedProducts>[0], customer: Account, alias: string) {
  const res = await request.post('/api/v1/addresses', {
    headers: bearer(customer.token),
    data: { alias, ...SHIPPING },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('checkout on one page', () => {
  test('an address added in a dialog on the payment page, at 360 px, comes back selected and priced', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const customer = await shopper(page, request, baseURL);
    await page.goto(PAYMENT);
    await expect(addressChoice(page)).toHaveValue('');
    await main(page)
      .getByRole('radio', { name: /الدفع عند الاستلام/ })
      .check();

    await main(page).getByRole('button', { name: 'أضف عنواناً جديداً' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة عنوان جديد' });
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(PAYMENT);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // The address book's own checks, on the dialog's fields.
    await field(dialog, 'اسم العنوان').fill('البيت');
    await field(dialog, 'تفاصيل العنوان').fill(SHIPPING.details);
    await field(dialog, 'رقم الجوال').fill('12345');
    await field(dialog, 'المدينة').fill(SHIPPING.city);
    await dialog.getByRole('button', { name: 'حفظ العنوان' }).click();
    await expect(field(dialog, 'رقم الجوال')).toHaveAccessibleDescription(described(SA_PHONE_INVALID));
    expect(await savedAddresses(request, customer)).toHaveLength(0);

    await field(dialog, 'رقم الجوال').fill(SHIPPING.phone);
    await dialog.getByRole('button', { name: 'حفظ العنوان' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'تمت إضافة العنوان بنجاح')).toBeVisible();
    const [saved] = await savedAddresses(request, customer);
    expect(saved).toMatchObject({ alias: 'البيت', details: SHIPPING.details, city: SHIPPING.city });
    // Still the payment page, the new address chosen, the method kept, and the bill for both.
    expect(new URL(page.url()).pathname).toBe(PAYMENT);
    await expect(addressChoice(page)).toHaveValue(saved?._id ?? 'missing');
    await expect(main(page).getByRole('radio', { name: /الدفع عند الاستلام/ })).toBeChecked();
    await expect(bill(page).getByText('الإجمالي', { exact: true })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('the dialog closes without saving; the only saved address is chosen already, two are not', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await shopper(page, request, baseURL);
    await saveAddress(request, customer, 'المنزل');
    await page.goto(PAYMENT);
    const [only] = await savedAddresses(request, customer);
    await expect(addressChoice(page)).toHaveValue(only?._id ?? 'missing');
    // Its bill comes as soon as a method is chosen.
    await main(page)
      .getByRole('radio', { name: /الدفع عند الاستلام/ })
      .check();
    await expect(bill(page).getByText('الإجمالي', { exact: true })).toBeVisible();

    await main(page).getByRole('button', { name: 'أضف عنواناً جديداً' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة عنوان جديد' });
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(page).getByRole('button', { name: 'أضف عنواناً جديداً' })).toBeFocused();
    expect(await savedAddresses(request, customer)).toHaveLength(1);

    await saveAddress(request, customer, 'العمل');
    await page.goto(PAYMENT);
    await expect(addressChoice(page)).toHaveValue('');
  });
});

test.describe('checkout on one page, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the dialog is a plain form on the payment page; a refused one stays open, a saved one is selected', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await shopper(page, request, baseURL);
    await page.goto(PAYMENT);
    await main(page).getByRole('link', { name: 'أضف عنواناً جديداً' }).click();
    await expect(page).toHaveURL(`${PAYMENT}?address=new`);
    const form = page.getByRole('dialog', { name: 'إضافة عنوان جديد' });
    await field(form, 'اسم العنوان').fill('البيت');
    await field(form, 'تفاصيل العنوان').fill(SHIPPING.details);
    await field(form, 'رقم الجوال').fill('12345');
    await field(form, 'المدينة').fill(SHIPPING.city);
    await form.getByRole('button', { name: 'حفظ العنوان' }).click();
    // Checked on the server the same way; the dialog is still there with what was typed.
    await expect(field(form, 'رقم الجوال')).toHaveAccessibleDescription(described(SA_PHONE_INVALID));
    await expect(field(form, 'اسم العنوان')).toHaveValue('البيت');

    await field(form, 'رقم الجوال').fill(SHIPPING.phone);
    await form.getByRole('button', { name: 'حفظ العنوان' }).click();
    const [saved] = await savedAddresses(request, customer);
    await expect(page).toHaveURL(`${PAYMENT}?addressId=${saved?._id}`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(addressChoice(page)).toHaveValue(saved?._id ?? 'missing');
  });
});
