import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { HomeSlide, Product } from '../../src/contract/types';
import { hp } from '../../src/web/i18n/home-page';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  createTestProduct,
  described,
  expectNoAxeViolations,
  field,
  hydrated,
  recordPosts,
  sidewaysOverflow,
  toast,
} from './support';

/*
 * The home page chosen by the owner (docs/home-page.md): slides with pictures, featured products.
 * Every test puts the home page back to its defaults (no slides, no featured choice), which the
 * other spec files (home.spec.ts) expect.
 */

const carousel = (page: Page) => page.getByRole('region', { name: 'العروض' });
const slidesOf = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');
const madeProducts: Product[] = [];

async function pngFile(name = 'عرض.png', background = '#be123c') {
  const buffer = await sharp({ create: { width: 200, height: 120, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function adminHeaders(request: APIRequestContext) {
  return bearer(await apiToken(request, ADMIN));
}

async function createSlide(request: APIRequestContext, title: string) {
  const res = await request.post('/api/v1/admin/home/slides', {
    headers: await adminHeaders(request),
    multipart: { title, alt: `صورة ${title}`, link: '/products', image: await pngFile() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: HomeSlide }).data;
}

test.afterEach(async ({ request }) => {
  const headers = await adminHeaders(request);
  const slides = (await (await request.get('/api/v1/admin/home/slides', { headers })).json()) as { data: HomeSlide[] };
  for (const slide of slides.data) await request.delete(`/api/v1/admin/home/slides/${slide.id}`, { headers });
  await request.put('/api/v1/admin/home/featured', { headers, data: { categoryIds: [], productIds: [] } });
  for (const product of madeProducts.splice(0)) await request.delete(`/api/v1/products/${product.id}`, { headers });
});

test('the owner adds a slide with a picture (the form says what is wrong in Arabic) and sees it on the home page', async ({
  page,
  request,
  baseURL,
}) => {
  await adminSession(page, request, baseURL);
  await page.goto('/admin/home');
  await expect(page.getByRole('heading', { level: 1, name: hp.title })).toBeVisible();
  await expect(page.getByText(hp.noSlides)).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole('link', { name: hp.addSlide }).click();
  await expect(page.getByRole('heading', { level: 1, name: hp.newSlideTitle })).toBeVisible();
  const save = page.getByRole('button', { name: hp.save });
  await hydrated(save);
  const image = field(page, hp.image);
  const alt = field(page, hp.alt);
  const title = field(page, hp.slideTitle);
  const link = field(page, hp.link);
  const posts = recordPosts(page);

  // Nothing filled: every required field says so, and nothing is sent.
  await save.click();
  await expect(image).toHaveAccessibleDescription(described('اختر صورة للشريحة'));
  await expect(alt).toHaveAccessibleDescription(described('اكتب وصفاً قصيراً للصورة لمن لا يراها'));
  await expect(title).toHaveAccessibleDescription(described('اكتب عنوان الشريحة'));
  await expect(link).toHaveAccessibleDescription(described('اكتب رابطاً داخل المتجر يبدأ بـ /'));

  // A script link, and a window that ends before it starts.
  const name = `عرض ${randomUUID().slice(0, 6)}`;
  await image.setInputFiles(await pngFile());
  await alt.fill('حقائب ملونة على رف');
  await title.fill(name);
  await field(page, hp.text).fill('خصم حتى ٥٠٪');
  await link.fill('javascript:alert(1)');
  await field(page, hp.activeFrom).fill('2026-12-02T09:00');
  await field(page, hp.activeUntil).fill('2026-12-01T09:00');
  await save.click();
  await expect(link).toHaveAccessibleDescription(described('اكتب رابطاً داخل المتجر يبدأ بـ /'));
  await expect(field(page, hp.activeUntil)).toHaveAccessibleDescription(
    described('يجب أن يكون موعد انتهاء العرض بعد موعد بدايته'),
  );
  expect(posts).toEqual([]);
  await expectNoAxeViolations(page);

  await link.fill('/products?sort=-sold');
  await field(page, hp.activeFrom).fill('');
  await field(page, hp.activeUntil).fill('');
  await save.click();
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(toast(page, hp.added)).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(hp.states.shown);

  await page.goto('/');
  await expect(slidesOf(page)).toHaveCount(1);
  const slide = slidesOf(page).first();
  await expect(slide).toContainText(name);
  await expect(slide).toContainText('خصم حتى ٥٠٪');
  const picture = slide.getByRole('img', { name: 'حقائب ملونة على رف' });
  await expect(picture).toHaveAttribute('loading', 'eager');
  await expect(picture).toHaveAttribute('width', '960');
  await expect(picture).toHaveAttribute('height', '960');
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(slide.getByRole('link', { name: 'تسوّق الآن' })).toHaveAttribute('href', '/products?sort=-sold');
  await expectNoAxeViolations(page);
});

test('the owner orders slides and deletes one after confirming', async ({ page, request, baseURL }) => {
  const first = await createSlide(request, `أولى ${randomUUID().slice(0, 4)}`);
  const second = await createSlide(request, `ثانية ${randomUUID().slice(0, 4)}`);
  await adminSession(page, request, baseURL);
  await page.goto('/admin/home');
  const slideList = page.getByRole('region', { name: hp.slides }).getByRole('listitem');
  await expect(slideList).toHaveText([new RegExp(first.title), new RegExp(second.title)]);

  await page.getByRole('button', { name: hp.moveDownNamed(first.title) }).click();
  await expect(toast(page, hp.moved)).toBeVisible();
  await expect(slideList).toHaveText([new RegExp(second.title), new RegExp(first.title)]);
  await page.goto('/');
  await expect(slidesOf(page).first()).toContainText(second.title);

  // Edited: the form shows what is saved, the window in the shop's time (Riyadh, UTC+3).
  await page.goto('/admin/home');
  await page.getByRole('link', { name: hp.editNamed(first.title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: hp.editSlideTitle(first.title) })).toBeVisible();
  await expect(field(page, hp.alt)).toHaveValue(first.alt);
  const renamed = `${first.title} معدلة`;
  await field(page, hp.slideTitle).fill(renamed);
  await field(page, hp.activeUntil).fill('2099-01-01T09:30');
  await page.getByRole('button', { name: hp.save }).click();
  await expect(toast(page, hp.saved)).toBeVisible();
  const headers = await adminHeaders(request);
  const saved = (await (await request.get('/api/v1/admin/home/slides', { headers })).json()) as { data: HomeSlide[] };
  expect(saved.data.find((slide) => slide.id === first.id)).toMatchObject({
    title: renamed,
    activeUntil: '2099-01-01T06:30:00.000Z',
  });
  first.title = renamed;

  await page.goto('/admin/home');
  const remove = page.getByRole('button', { name: hp.removeNamed(second.title) });
  await hydrated(remove);
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: hp.deleteTitle });
  await expect(dialog).toContainText(hp.deleteQuestion(second.title));
  await dialog.getByRole('button', { name: hp.cancel }).click();
  await expect(slideList).toHaveCount(2);
  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: hp.confirmDelete }).click();
  await expect(toast(page, hp.deleted)).toBeVisible();
  await expect(slideList).toHaveText([new RegExp(first.title)]);
});

test('the owner features products found by search, orders them, and shoppers see them first', async ({
  page,
  request,
  baseURL,
}) => {
  const [one, two] = [await createTestProduct(request, 'مختار أول'), await createTestProduct(request, 'مختار ثان')];
  madeProducts.push(one, two);
  await adminSession(page, request, baseURL);
  await page.goto('/admin/home');
  const panel = page.getByRole('region', { name: hp.featuredProducts });
  await expect(panel).toContainText(hp.noFeaturedProducts);

  for (const product of [one, two]) {
    await panel.getByRole('searchbox', { name: hp.searchProducts }).fill(product.title);
    await panel.getByRole('button', { name: hp.search }).click();
    await panel.getByRole('button', { name: hp.addNamed(product.title) }).click();
    await expect(toast(page, hp.featuredSaved).last()).toBeVisible();
  }
  const chosen = panel.getByRole('list').first().getByRole('listitem');
  await expect(chosen).toHaveText([new RegExp(one.title), new RegExp(two.title)]);
  await panel.getByRole('button', { name: hp.moveUpNamed(two.title) }).click();
  await expect(chosen).toHaveText([new RegExp(two.title), new RegExp(one.title)]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  await page.goto('/');
  const featured = page.getByRole('region', { name: 'مختارات المتجر' });
  await expect(featured.getByRole('listitem').getByRole('heading')).toHaveText([two.title, one.title]);
  // The other blocks stay: the latest products and the categories.
  await expect(page.getByRole('region', { name: 'أحدث الأزياء' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'التصنيفات' }).getByRole('listitem')).toHaveCount(5);
  await expectNoAxeViolations(page);
});
