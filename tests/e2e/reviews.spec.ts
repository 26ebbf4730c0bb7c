import { randomUUID } from 'node:crypto';
import type { AuthEnvelope, ListEnvelope, Product } from '../../src/contract/types';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from './fixtures';
import { createTestProduct, expectNoAxeViolations, hydrated, toast } from './support';

const ADMIN = { email: 'admin@matjar.local', password: 'Matjar-Admin-2026' };
const PASSWORD = 'Secret-pass-1';

// What a person reads (src/web/i18n/reviews.ts, product.ts), written out so a changed text fails here.
const t = {
  heading: 'التقييمات',
  formHeading: 'أضف تقييمك',
  text: 'نص التقييم',
  stars: 'عدد النجوم',
  submit: 'أضف التقييم',
  added: 'تمت إضافة التقييم بنجاح',
  reviewRequired: 'يجب كتابة تقييم',
  ratingRequired: 'يجب اختيار عدد النجوم',
  tooLong: /^التقييم طويل جداً، الحد الأقصى .+ حرف$/,
  duplicate: 'لقد قيّمت هذا المنتج من قبل',
  staff: 'لا يُسمح للمسؤولين بإضافة تقييم',
  signIn: 'سجّل الدخول لكتابة تقييم',
  yours: 'تقييمك',
  edit: 'تعديل',
  delete: 'حذف',
  deleteTitle: 'حذف التقييم',
  editTitle: 'تعديل تقييمك',
  save: 'حفظ التعديل',
  cancel: 'إلغاء',
  unchanged: 'لم تغيّر شيئاً',
  edited: 'تم تعديل التقييم بنجاح',
  confirmDelete: 'نعم، احذف التقييم',
  deleted: 'تم حذف التقييم',
  gone: 'هذا التقييم لم يعد موجوداً، ربما حُذف من قبل.',
  noReviews: 'لا توجد تقييمات بعد',
};

type Customer = { name: string; token: string };

async function signUp(request: APIRequestContext, name = 'ريم الحربي'): Promise<Customer> {
  const email = `reviewer-${randomUUID().slice(0, 8)}@example.com`;
  const res = await request.post('/api/v1/auth/signup', {
    data: { name, email, phone: '0551234567', password: PASSWORD, passwordConfirm: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { name, token: ((await res.json()) as AuthEnvelope).token };
}

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  return ((await res.json()) as AuthEnvelope).token;
}

/** A product of its own for each test, so reviews here never touch the seeded catalogue. */
const created: string[] = [];
async function createProduct(request: APIRequestContext): Promise<Product> {
  const product = await createTestProduct(request, 'منتج للتقييم');
  created.push(product.id);
  return product;
}

test.afterEach(async ({ request }) => {
  // The catalogue is shared with the other spec files: leave it as seeded (reviews go with the product).
  if (created.length === 0) return;
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  for (const id of created.splice(0)) await request.delete(`/api/v1/products/${id}`, { headers });
});

async function reviewByApi(request: APIRequestContext, who: Customer, productId: string, review: string, rating = 4) {
  const res = await request.post(`/api/v1/products/${productId}/reviews`, {
    headers: { authorization: `Bearer ${who.token}` },
    data: { review, rating },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function signInAs(context: BrowserContext, baseURL: string | undefined, token: string) {
  await context.clearCookies();
  await context.addCookies([{ name: 'matjar_session', value: token, url: baseURL ?? '' }]);
}

/** Opens the product page and waits until React owns it. */
async function openProduct(page: Page, productId: string, query = '') {
  await page.goto(`/products/${productId}${query}`);
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
  // The reviews come below the fold, their code once a person scrolls near them.
  await hydrated(section(page));
  // Set once per document: still there after a change means the page was not reloaded.
  await page.evaluate(() => {
    (window as { __samePage?: boolean }).__samePage = true;
  });
}
const notReloaded = (page: Page) => page.evaluate(() => (window as { __samePage?: boolean }).__samePage === true);

/** Watches for form posts: an invalid form must not be sent at all. */
function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  return posts;
}

const section = (page: Page) => page.getByRole('region', { name: /^التقييمات/ });
const reviewForm = (page: Page) => page.getByRole('form', { name: t.formHeading });
/** The customer's own review, above the list, with its «تعديل» and «حذف». */
const ownReview = (page: Page) => section(page).getByRole('region', { name: t.yours, exact: true });
const editForm = (page: Page) => ownReview(page).getByRole('form', { name: t.editTitle });
const articleBy = (page: Page, name: string) =>
  section(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
/** One half-star radio button by its exact Arabic name ('نجمتان' is not 'نجمتان ونصف'). */
const radio = (scope: Locator, name: string) => scope.getByRole('radio', { name, exact: true });
/** Chooses a rating the way a pointer does: the half star named e.g. 'نجمتان ونصف'. */
const chooseStars = (scope: Locator, name: string) => scope.getByTitle(name, { exact: true }).click();
const productRating = (page: Page) => page.getByRole('heading', { level: 1 }).locator('xpath=..');

test.describe('writing a review', () => {
  test('a guest is offered to sign in instead of the form, and comes back to the product', async ({
    page,
    request,
  }) => {
    const product = await createProduct(request);
    await openProduct(page, product.id);
    await expect(section(page).getByText(t.noReviews)).toBeVisible();
    await expect(page.getByLabel(t.text)).toHaveCount(0);
    const link = section(page).getByRole('link', { name: t.signIn });
    await expect(link).toHaveAttribute('href', `/login?redirectTo=/products/${product.id}`);
    await expectNoAxeViolations(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=/products/${product.id}$`));
  });

  test('a customer adds a review: messages first, then it shows at the top with the new count', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    const earlier = await signUp(request, 'منى السالم');
    await reviewByApi(request, earlier, product.id, 'جيد لكن التغليف ضعيف', 3);
    const me = await signUp(request, `هند ${randomUUID().slice(0, 4)}`);
    await signInAs(context, baseURL, me.token);
    await openProduct(page, product.id);
    const form = reviewForm(page);
    const text = form.getByLabel(t.text);
    const stars = form.getByRole('radiogroup', { name: t.stars });
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText(/^التقييمات\s*\(تقييم واحد\)$/);

    // Empty: both messages, tied to their fields, and nothing is sent.
    const posts = recordPosts(page);
    await form.getByRole('button', { name: t.submit }).click();
    await expect(text).toHaveAccessibleDescription(t.reviewRequired);
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(stars).toHaveAccessibleDescription(t.ratingRequired);
    await expect(text).toBeFocused();
    await expectNoAxeViolations(page);
    // Spaces only are no review either.
    await text.fill('   ');
    await chooseStars(form, '4 نجوم ونصف');
    await expect(stars).not.toHaveAttribute('aria-invalid');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(text).toHaveAccessibleDescription(t.reviewRequired);
    // Longer than the API takes (the box stops typing at the limit; a script could still put more in).
    await text.evaluate((el: HTMLTextAreaElement) => el.removeAttribute('maxlength'));
    await text.fill('أ'.repeat(2001));
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByText(t.tooLong)).toBeVisible();
    expect(posts).toEqual([]);

    await text.fill('هاتف ممتاز، البطارية تدوم يومين كاملين');
    await expect(radio(form, '4 نجوم ونصف')).toBeChecked();
    await form.getByRole('button', { name: t.submit }).click();
    await expect(toast(page, t.added)).toBeVisible();
    expect(posts).toHaveLength(1);

    // The form gives way to the review with its buttons; it is the first of the list; counts and averages follow.
    await expect(form).toHaveCount(0);
    await expect(ownReview(page).getByText('هاتف ممتاز، البطارية تدوم يومين كاملين')).toBeVisible();
    await expect(ownReview(page).getByRole('button', { name: t.edit })).toBeVisible();
    await expect(ownReview(page).getByRole('button', { name: t.delete })).toBeVisible();
    // Focus, on the form's button a moment ago, goes to the review that took the form's place.
    await expect(ownReview(page).getByRole('heading', { level: 3 })).toBeFocused();
    const mine = section(page).getByRole('article').first();
    await expect(mine.getByRole('heading', { level: 3 })).toHaveText(me.name);
    await expect(mine.getByText(t.yours, { exact: true })).toBeVisible();
    await expect(mine.getByText('هاتف ممتاز، البطارية تدوم يومين كاملين')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'تقييم 4.5 من 5' })).toBeVisible();
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText(/^التقييمات\s*\(تقييمان\)$/);
    await expect(productRating(page).getByRole('link', { name: 'تقييمان' })).toBeVisible();
    await expect(productRating(page).getByRole('img', { name: 'التقييم 3.8 من 5' })).toBeVisible();
    expect(await notReloaded(page)).toBe(true);
  });

  test('a review added meanwhile in another tab: the second is refused in Arabic, what was typed stays', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    const me = await signUp(request, `وعد ${randomUUID().slice(0, 4)}`);
    await signInAs(context, baseURL, me.token);
    await openProduct(page, product.id);
    await reviewByApi(request, me, product.id, 'من التبويب الآخر');
    const form = reviewForm(page);
    await form.getByLabel(t.text).fill('أريد أن أضيف رأياً آخر');
    await chooseStars(form, 'نجمتان');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('alert')).toHaveText(t.duplicate);
    await expect(form.getByLabel(t.text)).toHaveValue('أريد أن أضيف رأياً آخر');
    await expect(radio(form, 'نجمتان')).toBeChecked();
  });

  test('the stars are a radio group: arrow keys follow the right-to-left direction, each half named', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    await signInAs(context, baseURL, (await signUp(request)).token);
    await openProduct(page, product.id);
    const stars = reviewForm(page).getByRole('radiogroup', { name: t.stars });
    await expect(stars.getByRole('radio')).toHaveCount(10);
    const names = await stars
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label')));
    expect(names).toEqual([
      'نصف نجمة',
      'نجمة واحدة',
      'نجمة ونصف',
      'نجمتان',
      'نجمتان ونصف',
      '3 نجوم',
      '3 نجوم ونصف',
      '4 نجوم',
      '4 نجوم ونصف',
      '5 نجوم',
    ]);
    // Tab reaches the group; in Arabic more stars are to the left.
    await reviewForm(page).getByLabel(t.text).focus();
    await page.keyboard.press('Tab');
    await expect(radio(stars, 'نصف نجمة')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(radio(stars, 'نجمة ونصف')).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(radio(stars, 'نجمة واحدة')).toBeChecked();
    // The start half of a star is on its right: 0.5 lies to the right of 1.
    const box = async (name: string) => (await stars.getByTitle(name, { exact: true }).boundingBox())?.x ?? 0;
    expect(await box('نصف نجمة')).toBeGreaterThan(await box('نجمة واحدة'));
    expect(await box('نجمة واحدة')).toBeGreaterThan(await box('5 نجوم'));
  });

  test('the seeded admin reads that staff may not review, and gets no form', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    await signInAs(context, baseURL, await adminToken(request));
    await openProduct(page, product.id);
    await expect(section(page).getByText(t.staff)).toBeVisible();
    await expect(page.getByLabel(t.text)).toHaveCount(0);
    await expect(section(page).getByRole('link', { name: t.signIn })).toHaveCount(0);
  });

  test('adding from a later reviews page lands on the first, where the new review is', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    for (const name of ['أحمد', 'خالد', 'ليلى', 'فهد']) {
      await reviewByApi(request, await signUp(request, name), product.id, `رأي ${name}`);
    }
    const me = await signUp(request, `سلمى ${randomUUID().slice(0, 4)}`);
    await signInAs(context, baseURL, me.token);
    await openProduct(page, product.id, '?reviewsPage=2');
    await expect(section(page).getByRole('article')).toHaveCount(1);
    const form = reviewForm(page);
    await form.getByLabel(t.text).fill('وصلني بسرعة');
    await chooseStars(form, '5 نجوم');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(toast(page, t.added)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}#reviews$`));
    await expect(section(page).getByRole('article').first().getByRole('heading')).toHaveText(me.name);
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText(/\(5 تقييمات\)/);
    const pager = section(page).getByRole('navigation', { name: 'صفحات التقييمات' });
    await expect(pager.getByRole('link', { name: 'الصفحة 1', exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await notReloaded(page)).toBe(true);
  });
});

test.describe('editing and deleting one’s own review', () => {
  test('only the author sees their review in place of the form, with «تعديل» and «حذف»', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    const author = await signUp(request, `نوف ${randomUUID().slice(0, 4)}`);
    await reviewByApi(request, author, product.id, 'رأي الكاتبة');

    await signInAs(context, baseURL, (await signUp(request, 'زائر آخر')).token);
    await openProduct(page, product.id);
    await expect(articleBy(page, author.name)).toBeVisible();
    await expect(ownReview(page)).toHaveCount(0);
    await expect(reviewForm(page)).toBeVisible();
    await expect(section(page).getByRole('button', { name: t.edit })).toHaveCount(0);
    await expect(articleBy(page, author.name).getByText(t.yours)).toHaveCount(0);

    await context.clearCookies();
    await openProduct(page, product.id);
    await expect(ownReview(page)).toHaveCount(0);

    await signInAs(context, baseURL, author.token);
    await openProduct(page, product.id);
    await expect(reviewForm(page)).toHaveCount(0);
    await expect(ownReview(page).getByText('رأي الكاتبة')).toBeVisible();
    await expect(ownReview(page).getByRole('button', { name: t.edit })).toBeVisible();
    await expect(ownReview(page).getByRole('button', { name: t.delete })).toBeVisible();
    await expect(articleBy(page, author.name).getByText(t.yours, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the author’s review shows even when it is on another page of the list', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    // Newest first: the author's review, written first, is on page 2 of 3 a page.
    const author = await signUp(request, `شهد ${randomUUID().slice(0, 4)}`);
    await reviewByApi(request, author, product.id, 'أقدم رأي في القائمة', 3.5);
    for (const name of ['ماجد', 'نورة', 'هيا']) {
      await reviewByApi(request, await signUp(request, name), product.id, `رأي ${name}`);
    }
    await signInAs(context, baseURL, author.token);
    await openProduct(page, product.id);
    await expect(articleBy(page, author.name)).toHaveCount(0);
    await expect(reviewForm(page)).toHaveCount(0);
    await expect(ownReview(page).getByText('أقدم رأي في القائمة')).toBeVisible();
    await expect(ownReview(page).getByRole('img', { name: 'تقييم 3.5 من 5' })).toBeVisible();
  });

  test('the author edits in place: the same form filled in, messages, then the change shows', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    const author = await signUp(request, `جود ${randomUUID().slice(0, 4)}`);
    await reviewByApi(request, author, product.id, 'الشاشة واضحة', 4.5);
    await signInAs(context, baseURL, author.token);
    await openProduct(page, product.id);
    const editButton = ownReview(page).getByRole('button', { name: t.edit });
    await editButton.click();

    const form = editForm(page);
    await expect(form).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const text = form.getByLabel(t.text);
    const stars = form.getByRole('radiogroup', { name: t.stars });
    await expect(text).toHaveValue('الشاشة واضحة');
    await expect(text).toBeFocused();
    await expect(radio(stars, '4 نجوم ونصف')).toBeChecked();
    await expectNoAxeViolations(page);

    const posts = recordPosts(page);
    const save = form.getByRole('button', { name: t.save });
    // Nothing changed (spaces around the text do not count): said, not sent.
    await text.fill('  الشاشة واضحة ');
    await save.click();
    await expect(form.getByRole('alert')).toHaveText(t.unchanged);
    // Empty text: said on the field, not sent.
    await text.fill('');
    await save.click();
    await expect(text).toHaveAccessibleDescription(t.reviewRequired);
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect(posts).toEqual([]);

    await text.fill('الشاشة واضحة لكن السماعة ضعيفة');
    // Keyboard: in Arabic fewer stars are to the right.
    await radio(stars, '4 نجوم ونصف').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(radio(stars, 'نجمتان')).toBeChecked();
    await save.click();
    await expect(form).toHaveCount(0);
    await expect(toast(page, t.edited)).toBeVisible();
    expect(posts).toHaveLength(1);
    await expect(ownReview(page).getByText('الشاشة واضحة لكن السماعة ضعيفة')).toBeVisible();
    await expect(ownReview(page).getByRole('img', { name: 'تقييم 2 من 5' })).toBeVisible();
    await expect(articleBy(page, author.name).getByRole('img', { name: 'تقييم 2 من 5' })).toBeVisible();
    await expect(productRating(page).getByRole('img', { name: 'التقييم 2 من 5' })).toBeVisible();
    await expect(editButton).toBeFocused();
    expect(await notReloaded(page)).toBe(true);

    // Reopened, it shows the saved review; Escape leaves it without a change.
    await editButton.click();
    await expect(form.getByLabel(t.text)).toHaveValue('الشاشة واضحة لكن السماعة ضعيفة');
    await expect(radio(form, 'نجمتان')).toBeChecked();
    await form.getByLabel(t.text).fill('لن أحفظ هذا');
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(editButton).toBeFocused();
    await expect(ownReview(page).getByText('الشاشة واضحة لكن السماعة ضعيفة')).toBeVisible();
    // «إلغاء» too.
    await editButton.click();
    await form.getByRole('button', { name: t.cancel }).click();
    await expect(form).toHaveCount(0);
    await expect(editButton).toBeFocused();
  });

  test('a refusal from the API shows in Arabic above the fields, which keep what was typed', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    const author = await signUp(request, `دانة ${randomUUID().slice(0, 4)}`);
    const id = await reviewByApi(request, author, product.id, 'رأي أول', 3);
    await signInAs(context, baseURL, author.token);
    await openProduct(page, product.id);
    await ownReview(page).getByRole('button', { name: t.edit }).click();
    const form = editForm(page);
    await form.getByLabel(t.text).fill('رأي معدّل');

    // Meanwhile the review is deleted elsewhere (another tab, or staff).
    const removed = await request.delete(`/api/v1/reviews/${id}`, {
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(removed.status()).toBe(204);
    await form.getByRole('button', { name: t.save }).click();
    await expect(form.getByRole('alert')).toHaveText(t.gone);
    await expect(form.getByLabel(t.text)).toHaveValue('رأي معدّل');
    await expect(radio(form, '3 نجوم')).toBeChecked();
  });

  test('the author deletes after confirming; the form comes back and the counts update in place', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    const author = await signUp(request, `لمى ${randomUUID().slice(0, 4)}`);
    await reviewByApi(request, author, product.id, 'سأحذف هذا الرأي', 2);
    await signInAs(context, baseURL, author.token);
    await openProduct(page, product.id);
    const deleteButton = ownReview(page).getByRole('button', { name: t.delete });

    // Cancel keeps it; focus goes back to the button.
    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: t.deleteTitle });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: t.cancel })).toBeFocused();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: t.cancel }).click();
    await expect(confirm).toHaveCount(0);
    await expect(deleteButton).toBeFocused();
    await expect(articleBy(page, author.name)).toBeVisible();

    await deleteButton.click();
    await confirm.getByRole('button', { name: t.confirmDelete }).click();
    await expect(toast(page, t.deleted)).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(ownReview(page)).toHaveCount(0);
    await expect(section(page).getByText(t.noReviews)).toBeVisible();
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText(t.heading);
    await expect(productRating(page).getByRole('link', { name: 'لا توجد تقييمات' })).toBeVisible();
    await expect(section(page).getByRole('heading', { level: 2 })).toBeFocused();
    expect(await notReloaded(page)).toBe(true);
    // Gone from the API too, and the form is there for a new one.
    const list = (await (await request.get(`/api/v1/products/${product.id}/reviews`)).json()) as ListEnvelope<unknown>;
    expect(list.results).toBe(0);
    await expect(reviewForm(page)).toBeVisible();
  });

  test('deleting the only review of the last page lands on the page before', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    // Newest first: the author's review, written first, is alone on page 2.
    const author = await signUp(request, `غلا ${randomUUID().slice(0, 4)}`);
    await reviewByApi(request, author, product.id, 'أقدم رأي');
    for (const name of ['عمر', 'سعد', 'رنا']) {
      await reviewByApi(request, await signUp(request, name), product.id, `رأي ${name}`);
    }
    await signInAs(context, baseURL, author.token);
    await openProduct(page, product.id, '?reviewsPage=2');
    await expect(section(page).getByRole('article')).toHaveCount(1);
    await ownReview(page).getByRole('button', { name: t.delete }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.confirmDelete }).click();

    await expect(toast(page, t.deleted)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}#reviews$`));
    await expect(section(page).getByRole('article')).toHaveCount(3);
    await expect(section(page).getByRole('navigation')).toHaveCount(0);
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText(/\(3 تقييمات\)/);
    expect(await notReloaded(page)).toBe(true);
  });
});

test.describe('before JavaScript loads', () => {
  test.use({ javaScriptEnabled: false });

  test('the review form still posts: the message comes back with what was typed, then the review', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const product = await createProduct(request);
    const me = await signUp(request, `تالا ${randomUUID().slice(0, 4)}`);
    await signInAs(context, baseURL, me.token);
    await page.goto(`/products/${product.id}`);
    const form = reviewForm(page);
    await form.getByLabel(t.text).fill('جودة عالية');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('radiogroup', { name: t.stars })).toHaveAccessibleDescription(t.ratingRequired);
    await expect(form.getByLabel(t.text)).toHaveValue('جودة عالية');

    // The stars light up by CSS alone; the label of a half star chooses it.
    await chooseStars(form, '3 نجوم ونصف');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(ownReview(page).getByRole('status')).toHaveText(t.added);
    await expect(form).toHaveCount(0);
    await expect(articleBy(page, me.name).getByText('جودة عالية')).toBeVisible();
    await expect(articleBy(page, me.name).getByRole('img', { name: 'تقييم 3.5 من 5' })).toBeVisible();
  });
});
