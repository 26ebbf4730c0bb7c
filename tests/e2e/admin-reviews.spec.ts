import type { Product } from '../../src/contract/types';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  closeToast,
  createCustomer,
  createTestProduct,
  expectNoAxeViolations,
  field,
  hydrated,
  recordPosts,
  sidewaysOverflow,
  signInWithCookie,
  toast,
} from './support';

/*
 * Review moderation (/admin/reviews and its log, docs/reviews.md § Moderation). Each test reviews
 * a product of its own, deleted afterwards, so the seeded catalogue's ratings stay as they were.
 */

// What a person reads (src/web/i18n/admin-reviews.ts), written out so a changed text fails here.
const t = {
  title: 'المراجعات',
  hide: 'إخفاء',
  show: 'إظهار',
  delete: 'حذف',
  hideTitle: 'إخفاء المراجعة',
  deleteTitle: 'حذف المراجعة',
  reason: 'السبب',
  reasonRequired: 'اكتب سبب الإخفاء أو الحذف',
  confirmHide: 'نعم، أخفِ المراجعة',
  confirmDelete: 'نعم، احذف المراجعة',
  hidden: 'أُخفيت المراجعة',
  shown: 'عادت المراجعة إلى الظهور',
  deleted: 'حُذفت المراجعة',
  badge: 'مخفية',
  log: 'سجل الإشراف',
  hiddenByShop: 'أخفى المتجر تقييمك: لا يراه غيرك ولا يُحسب في متوسط التقييم.',
};

const created: string[] = [];
test.afterEach(async ({ request }) => {
  const headers = bearer(await apiToken(request, ADMIN));
  for (const id of created.splice(0)) await request.delete(`/api/v1/products/${id}`, { headers });
});

async function reviewedProduct(request: APIRequestContext, text: string, rating: number) {
  const product = await createTestProduct(request, 'منتج للإشراف');
  created.push(product.id);
  const author = await createCustomer(request, 'ليلى المراجِعة');
  const res = await request.post(`/api/v1/products/${product.id}/reviews`, {
    headers: bearer(author.token),
    data: { review: text, rating },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { product, author };
}

const main = (page: Page) => page.getByRole('main');
const cardOf = (page: Page, product: Product) =>
  main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
const dialog = (page: Page) => page.getByRole('alertdialog');

test.describe('review moderation', () => {
  test('staff hide a review with a reason, show it again, then delete it; the log says who and why', async ({
    page,
    request,
    baseURL,
  }) => {
    const { product, author } = await reviewedProduct(request, 'منتج سيئ وكلام مسيء', 1);
    await adminSession(page, request, baseURL);
    await page.goto('/admin/reviews');
    await expect(main(page).getByRole('heading', { level: 1 })).toContainText(t.title);
    const card = cardOf(page, product);
    await expect(card).toContainText('منتج سيئ وكلام مسيء');
    await expect(card.getByRole('img', { name: 'التقييم 1 من 5' })).toBeVisible();

    // Hiding asks for a reason and sends nothing without one.
    const hideButton = card.getByRole('button', { name: 'إخفاء مراجعة ليلى المراجِعة' });
    await hydrated(hideButton);
    await hideButton.click();
    await expect(dialog(page).getByRole('heading', { name: t.hideTitle })).toBeVisible();
    const posts = recordPosts(page);
    await dialog(page).getByRole('button', { name: t.confirmHide }).click();
    await expect(dialog(page).getByText(t.reasonRequired)).toBeVisible();
    expect(posts).toEqual([]);
    await field(dialog(page), t.reason).fill('ألفاظ مسيئة');
    await dialog(page).getByRole('button', { name: t.confirmHide }).click();
    await expect(toast(page, t.hidden)).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expect(card.getByText(t.badge, { exact: true })).toBeVisible();
    await expect(card).toContainText('سبب الإخفاء: ألفاظ مسيئة');

    // Shoppers no longer see it; its author does, with a word on why.
    const anonymous = await request.get(`/api/v1/products/${product.id}/reviews`);
    expect((await anonymous.json()).results).toBe(0);
    const authorPage = await page.context().browser()?.newPage();
    if (!authorPage) throw new Error('no second page');
    await signInWithCookie(authorPage.context(), baseURL, author.token);
    await authorPage.goto(`/products/${product.id}`);
    await expect(authorPage.getByText(t.hiddenByShop)).toBeVisible();
    await authorPage.close();

    // The hidden filter finds it; axe finds nothing wrong with the screen.
    await page.getByLabel('الحالة', { exact: true }).selectOption('hidden');
    await page.getByRole('button', { name: 'تصفية', exact: true }).click();
    await expect(page).toHaveURL(/status=hidden/);
    await expect(cardOf(page, product)).toBeVisible();
    await expectNoAxeViolations(page);

    await cardOf(page, product).getByRole('button', { name: 'إظهار مراجعة ليلى المراجِعة' }).click();
    await expect(toast(page, t.shown)).toBeVisible();
    await expect(cardOf(page, product)).toHaveCount(0);

    await page.goto('/admin/reviews');
    const deleteButton = cardOf(page, product).getByRole('button', { name: 'حذف مراجعة ليلى المراجِعة' });
    await hydrated(deleteButton);
    await deleteButton.click();
    await expect(dialog(page).getByRole('heading', { name: t.deleteTitle })).toBeVisible();
    await field(dialog(page), t.reason).fill('مراجعة لا تخص المنتج');
    await dialog(page).getByRole('button', { name: t.confirmDelete }).click();
    await expect(toast(page, t.deleted)).toBeVisible();
    await expect(cardOf(page, product)).toHaveCount(0);
    // Toasts animate in and out: axe below reads the log page alone.
    await closeToast(page, t.deleted);

    await main(page).getByRole('link', { name: t.log }).click();
    await expect(page).toHaveURL(/\/admin\/reviews\/log$/);
    const entries = main(page).getByRole('listitem').filter({ hasText: product.title });
    await expect(entries.first()).toContainText(`${ADMIN.name} حذف مراجعة ليلى المراجِعة`);
    await expect(entries.first()).toContainText('السبب: مراجعة لا تخص المنتج');
    await expect(entries.first()).toContainText('منتج سيئ وكلام مسيء');
    await expect(entries.nth(1)).toContainText(`${ADMIN.name} أظهر مراجعة`);
    await expect(entries.nth(2)).toContainText('السبب: ألفاظ مسيئة');
    await expectNoAxeViolations(page);
  });

  test('the screen fits a 360 px phone, and works before JavaScript loads', async ({ browser, request, baseURL }) => {
    const { product } = await reviewedProduct(request, 'كلام طويل '.repeat(30), 4.5);
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await adminSession(page, request, baseURL);
    await page.goto('/admin/reviews?rating=4');
    const card = cardOf(page, product);
    await expect(card).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Without JavaScript the opener is a link to the page with its dialog open.
    await card.getByRole('link', { name: 'إخفاء مراجعة ليلى المراجِعة' }).click();
    await expect(page).toHaveURL(/[?&]hide=/);
    await field(dialog(page), t.reason).fill('تكرار');
    await dialog(page).getByRole('button', { name: t.confirmHide }).click();
    // Back on the list without the dialog, the review marked hidden.
    await expect(page).toHaveURL(/\/admin\/reviews\?rating=4$/);
    await expect(cardOf(page, product).getByText(t.badge, { exact: true })).toBeVisible();
    await context.close();
  });

  test('customers cannot open it', async ({ page, request, baseURL }) => {
    const customer = await createCustomer(request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    await page.goto('/admin/reviews');
    await expect(page).toHaveURL(/\/$/);
  });
});
