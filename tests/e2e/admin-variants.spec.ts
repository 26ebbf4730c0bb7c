import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { NamedItem, Product } from '../../src/contract/types';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  expectNoAxeViolations,
  field,
  hydrated,
  recordPosts,
  toast,
} from './support';

/*
 * The product form's «الخيارات والأصناف» (docs/variants.md): options, the table of their
 * combinations, fill-all, a row of its own, the messages on the right row, and what the API keeps.
 * The test makes its own category and product and removes them afterwards.
 */

// What a person reads (src/web/i18n/admin-products.ts), written out so a changed text fails here.
const t = {
  title: 'اسم المنتج',
  description: 'وصف المنتج',
  category: 'التصنيف الرئيسي',
  chooseImages: 'اختيار صور',
  price: 'السعر قبل الخصم',
  addOption: 'إضافة خيار',
  optionName: (n: number) => `اسم الخيار ${n}`,
  sizeValues: 'قيم المقاس',
  pickColor: 'اختيار لون للخيار «اللون»',
  addColor: 'إضافة اللون إلى «اللون»',
  productColors: 'الألوان المتاحة',
  fillPrice: 'السعر لكل الأصناف',
  fillQuantity: 'الكمية لكل الأصناف',
  fillAll: 'تطبيق على الكل',
  table: 'جدول الأصناف',
  quantityOf: (row: string) => `الكمية (${row})`,
  discountOf: (row: string) => `السعر بعد الخصم (${row})`,
  save: 'حفظ المنتج',
  saveChanges: 'حفظ التعديلات',
  added: 'تمت إضافة المنتج بنجاح',
  updated: 'تم حفظ تعديلات المنتج بنجاح',
  discountNotLower: 'السعر بعد الخصم يجب أن يكون أقل من السعر قبل الخصم',
  skuOf: (row: string) => `رمز المنتج (${row})`,
  skuTaken: 'رمز المنتج (SKU) مستخدم لصنف آخر',
  checkRows: 'راجع الأصناف المعلَّمة في جدول الأصناف',
};

const SIZE = 'المقاس';
const COLOR = 'اللون';
const SAVED = { timeout: 20_000 };
const main = (page: Page) => page.getByRole('main');
const made = { products: [] as string[], categories: [] as string[] };

test.afterEach(async ({ request }) => {
  const headers = bearer(await apiToken(request, ADMIN));
  for (const id of made.products.splice(0)) await request.delete(`/api/v1/products/${id}`, { headers });
  for (const id of made.categories.splice(0)) await request.delete(`/api/v1/categories/${id}`, { headers });
});

async function png(name: string) {
  const buffer = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#334155' } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function createCategory(request: APIRequestContext, token: string): Promise<NamedItem> {
  const res = await request.post('/api/v1/categories', {
    headers: bearer(token),
    multipart: { name: `تصنيف ${randomUUID().slice(0, 6)}`, image: await png('group.png') },
  });
  expect(res.status(), await res.text()).toBe(201);
  const category = ((await res.json()) as { data: NamedItem }).data;
  made.categories.push(category.id);
  return category;
}

async function productTitled(request: APIRequestContext, title: string): Promise<Product> {
  const res = await request.get(`/api/v1/products?keyword=${encodeURIComponent(title)}`);
  const [found] = ((await res.json()) as { data: Product[] }).data.filter((p) => p.title === title);
  if (!found) throw new Error(`no product ${title}`);
  return ((await (await request.get(`/api/v1/products/${found.id}`)).json()) as { data: Product }).data;
}

const variantOf = (product: Product, size: string, color: string) =>
  product.variants.find((v) => v.options[SIZE] === size && v.options[COLOR] === color);

test('sizes 41–43 in two colours, fill-all, one row’s stock; then a size removed and a bad row refused in Arabic', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await adminSession(page, request, baseURL);
  const category = await createCategory(request, token);
  const title = `حذاء بمقاسات ${randomUUID().slice(0, 6)}`;

  await page.goto('/admin/addproducts');
  const form = main(page).locator('form');
  await hydrated(form);
  await page.getByLabel(t.chooseImages, { exact: true }).setInputFiles(await png('shoe.png'));
  await field(page, t.title).fill(title);
  await field(page, t.description).fill('حذاء جري خفيف بمقاسات ولونين');
  await field(page, t.category).selectOption(category.id);

  await expect(main(page).getByRole('group', { name: t.productColors })).toHaveCount(1);
  // Two options: sizes typed as a list, colours picked.
  await page.getByRole('button', { name: t.addOption }).click();
  await field(page, t.optionName(1)).fill(SIZE);
  await field(page, t.sizeValues).fill('41، 42، 43');
  await page.getByRole('button', { name: t.addOption }).click();
  await field(page, t.optionName(2)).fill(COLOR);
  for (const color of ['#000000', '#ffffff']) {
    await field(page, t.pickColor).fill(color);
    await page.getByRole('button', { name: t.addColor, exact: true }).click();
  }
  // The variants carry the prices and the colours: the product's own fields are gone.
  await expect(field(page, t.price)).toHaveCount(0);
  await expect(main(page).getByRole('group', { name: t.productColors })).toHaveCount(0);
  const table = page.getByRole('region', { name: t.table });
  await expect(table.getByRole('row')).toHaveCount(7);
  await expect(table.getByRole('rowheader')).toHaveText([
    'المقاس 41، أسود',
    'المقاس 41، أبيض',
    'المقاس 42، أسود',
    'المقاس 42، أبيض',
    'المقاس 43، أسود',
    'المقاس 43، أبيض',
  ]);

  await field(page, t.fillPrice).fill('٢٥٠');
  await field(page, t.fillQuantity).fill('5');
  await page.getByRole('button', { name: t.fillAll }).click();
  await expect(field(page, t.quantityOf('المقاس 43، أبيض'))).toHaveValue('5');
  await field(page, t.quantityOf('المقاس 42، أسود')).fill('2');

  // On a phone the table scrolls inside its box; the page does not.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: t.save }).click();
  await expect(toast(page, t.added)).toBeVisible(SAVED);

  const created = await productTitled(request, title);
  made.products.push(created.id);
  expect(created.options).toEqual([
    { name: SIZE, values: ['41', '42', '43'] },
    { name: COLOR, values: ['#000000', '#ffffff'] },
  ]);
  expect(created.variants).toHaveLength(6);
  expect(created.variants.every((v) => v.price === 250)).toBe(true);
  expect(variantOf(created, '42', '#000000')?.quantity).toBe(2);
  expect(created.quantity).toBe(5 * 5 + 2);

  // Editing: size 43 removed, a discount above its price refused on its row before anything is sent.
  await page.goto(`/admin/editproducts/${created.id}`);
  await hydrated(main(page).locator('form'));
  await expect(field(page, t.quantityOf('المقاس 42، أسود'))).toHaveValue('2');
  await field(page, t.sizeValues).fill('41، 42');
  await expect(table.getByRole('rowheader')).toHaveCount(4);
  const badCell = field(page, t.discountOf('المقاس 41، أبيض'));
  await badCell.fill('300');
  const posts = recordPosts(page);
  await page.getByRole('button', { name: t.saveChanges }).click();
  await expect(badCell).toHaveAccessibleDescription(t.discountNotLower);
  await expect(badCell).toHaveAttribute('aria-invalid', 'true');
  await expect(main(page).getByText(t.checkRows)).toBeVisible();
  await expect(badCell).toBeFocused();
  expect(posts).toHaveLength(0);

  await badCell.fill('199.5');
  await expect(badCell).not.toHaveAttribute('aria-invalid', 'true');
  // A SKU another product uses: only the API knows; its answer shows in Arabic above the table.
  const seeded = ((await (await request.get('/api/v1/products?limit=1')).json()) as { data: Product[] }).data[0];
  const takenSku = seeded?.variants[0]?.sku ?? '';
  expect(takenSku).not.toBe('');
  const skuCell = field(page, t.skuOf('المقاس 42، أبيض'));
  const ownSku = await skuCell.inputValue();
  await skuCell.fill(takenSku);
  await page.getByRole('button', { name: t.saveChanges }).click();
  await expect(main(page).getByText(t.skuTaken)).toBeVisible(SAVED);
  await skuCell.fill(ownSku);
  await page.getByRole('button', { name: t.saveChanges }).click();
  await expect(toast(page, t.updated)).toBeVisible(SAVED);

  const edited = await productTitled(request, title);
  expect(edited.options[0]).toEqual({ name: SIZE, values: ['41', '42'] });
  expect(edited.variants).toHaveLength(4);
  // The rows kept keep their variants (and so their sales and carts).
  for (const size of ['41', '42']) {
    for (const color of ['#000000', '#ffffff']) {
      expect(variantOf(edited, size, color)?.id).toBe(variantOf(created, size, color)?.id);
    }
  }
  expect(variantOf(edited, '41', '#ffffff')).toMatchObject({ price: 250, priceAfterDiscount: 199.5 });
  expect(variantOf(edited, '42', '#000000')?.quantity).toBe(2);
});
