import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ListEnvelope, NamedItem, Product, Subcategory } from '../../src/contract/types';
import { formatPrice } from '../../src/web/lib/format';
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
  bearer,
  closeToast,
  createCustomer,
  described,
  escapeRegExp,
  expectNoAxeViolations,
  field,
  hydrated,
  recordPosts,
  signInWithCookie,
  toast,
} from './support';

/*
 * The admin product screens: the list (/admin/allproducts), the add form and the edit form.
 * Every test makes its own category, sub-category, brand and products through the API and
 * removes them afterwards, so the seeded catalogue the other spec files read stays as it was.
 */

const CURRENCY = 'SAR';
/** Saving re-encodes every picture (sharp, three widths each): give it longer than a click's answer. */
const SAVED = { timeout: 20_000 };

// What a person reads (src/web/i18n/admin-products.ts), written out so a changed text fails here.
const t = {
  listTitle: 'إدارة المنتجات',
  addTitle: 'إضافة منتج جديد',
  chooseImages: 'اختيار صور',
  title: 'اسم المنتج',
  description: 'وصف المنتج',
  price: 'السعر قبل الخصم',
  discount: 'السعر بعد الخصم (اختياري)',
  quantity: 'الكمية المتاحة',
  category: 'التصنيف الرئيسي',
  brand: 'الماركة (اختياري)',
  pickColor: 'اختيار اللون',
  addColor: 'إضافة اللون',
  save: 'حفظ المنتج',
  saveChanges: 'حفظ التعديلات',
  added: 'تمت إضافة المنتج بنجاح',
  updated: 'تم حفظ تعديلات المنتج بنجاح',
  deleted: 'تم حذف المنتج بنجاح',
  noImages: 'لم تُختر صور بعد.',
  tooMany: 'لا يمكنك رفع أكثر من 4 صور',
  tooNarrow: 'لا يمكن أن يقل عرض الصورة عن 300 بكسل',
  imageRequired: 'أضف صورة واحدة على الأقل للمنتج، وتكون الأولى صورة الغلاف',
  titleRequired: 'اسم المنتج مطلوب',
  titleTooShort: 'اسم المنتج قصير جداً، 3 أحرف على الأقل',
  titleTooLong: 'اسم المنتج طويل جداً، 200 حرف على الأكثر',
  descriptionRequired: 'وصف المنتج مطلوب',
  descriptionTooLong: 'وصف المنتج طويل جداً، 5000 حرف على الأكثر',
  priceRequired: 'السعر قبل الخصم مطلوب',
  priceNotNumber: 'أدخل السعر رقماً، مثل 199.50',
  priceInvalid: 'السعر يجب أن يكون أكبر من صفر وضمن الحد المسموح',
  discountNotNumber: 'أدخل السعر بعد الخصم رقماً، أو اتركه فارغاً',
  discountInvalid: 'السعر بعد الخصم يجب ألا يقل عن صفر وأن يكون ضمن الحد المسموح',
  discountNotLower: 'السعر بعد الخصم يجب أن يكون أقل من السعر قبل الخصم',
  quantityRequired: 'الكمية المتاحة مطلوبة',
  quantityInvalid: 'الكمية يجب أن تكون عدداً صحيحاً لا يقل عن صفر',
  categoryRequired: 'اختر التصنيف الرئيسي للمنتج',
  sku: 'رمز المنتج (SKU)',
  barcode: 'الباركود (اختياري)',
  barcodeInvalid: 'الباركود يجب أن يكون رقم GTIN صحيحاً من 8 أو 12 أو 13 أو 14 رقماً',
  skuTaken: 'رمز المنتج (SKU) مستخدم لصنف آخر',
};

type Png = { name: string; mimeType: string; buffer: Buffer };
type Group = { category: NamedItem; subcategory: Subcategory; otherSubcategory: Subcategory; brand: NamedItem };

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;
const main = (page: Page) => page.getByRole('main');

/** A solid PNG made at test time. */
async function png(width: number, height: number, background: string, name = 'image.png'): Promise<Png> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const asFile = (image: Png) => new File([new Uint8Array(image.buffer)], image.name, { type: image.mimeType });

/** What this file made through the API or the screens, removed after each test. */
const made = {
  products: [] as string[],
  subcategories: [] as string[],
  categories: [] as string[],
  brands: [] as string[],
};

test.afterEach(async ({ request }) => {
  const headers = bearer(await apiToken(request, ADMIN));
  for (const [kind, ids] of [
    ['products', made.products],
    ['subcategories', made.subcategories],
    ['categories', made.categories],
    ['brands', made.brands],
  ] as const) {
    for (const id of ids.splice(0)) await request.delete(`/api/v1/${kind}/${id}`, { headers });
  }
});

async function createNamed(request: APIRequestContext, token: string, kind: 'categories' | 'brands', name: string) {
  const res = await request.post(`/api/v1/${kind}`, {
    headers: bearer(token),
    multipart: { name, image: await png(320, 320, '#64748b', 'group.png') },
  });
  expect(res.status(), await res.text()).toBe(201);
  const item = ((await res.json()) as { data: NamedItem }).data;
  made[kind].push(item.id);
  return item;
}

async function createSubcategory(request: APIRequestContext, token: string, category: string, name: string) {
  const res = await request.post('/api/v1/subcategories', { headers: bearer(token), data: { name, category } });
  expect(res.status(), await res.text()).toBe(201);
  const item = ((await res.json()) as { data: Subcategory }).data;
  made.subcategories.push(item.id);
  return item;
}

/** A category with two sub-categories, and a brand, of this test's own. */
async function createGroup(request: APIRequestContext, token: string): Promise<Group> {
  const category = await createNamed(request, token, 'categories', unique('تصنيف'));
  const subcategory = await createSubcategory(request, token, category.id, unique('فرعي'));
  const otherSubcategory = await createSubcategory(request, token, category.id, unique('فرعي آخر'));
  const brand = await createNamed(request, token, 'brands', unique('ماركة'));
  return { category, subcategory, otherSubcategory, brand };
}

/** A product through the API: the cover is also the first of its images, as the form sends it. */
async function createProduct(
  request: APIRequestContext,
  token: string,
  group: Group,
  title: string,
  images: Png[],
): Promise<Product> {
  const form = new FormData();
  const fields: Record<string, string> = {
    title,
    description: 'منتج أُنشئ لاختبار شاشات الإدارة',
    quantity: '7',
    price: '120',
    priceAfterDiscount: '99.5',
    category: group.category.id,
    brand: group.brand.id,
    subcategory: group.subcategory.id,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const color of ['#ff0000', '#000000']) form.append('availableColors', color);
  const [cover] = images;
  if (cover) form.append('imageCover', asFile(cover));
  for (const image of images) form.append('images', asFile(image));
  const res = await request.post('/api/v1/products', { headers: bearer(token), multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  const product = ((await res.json()) as { data: Product }).data;
  made.products.push(product.id);
  return product;
}

async function findByTitle(request: APIRequestContext, title: string): Promise<Product[]> {
  const res = await request.get(`/api/v1/products?keyword=${encodeURIComponent(title)}`);
  return ((await res.json()) as ListEnvelope<Product>).data.filter((p) => p.title === title);
}

/** Most tests' start: the browser signed in as staff, and a category, sub-categories and brand of the test's own. */
async function staffWithGroup(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const token = await adminSession(page, request, baseURL);
  return { token, group: await createGroup(request, token) };
}

/** A product as the API has it now. */
async function savedProduct(request: APIRequestContext, id: string): Promise<Product> {
  return ((await (await request.get(`/api/v1/products/${id}`)).json()) as { data: Product }).data;
}

/** The colour of one pixel of a served picture. */
async function pixel(request: APIRequestContext, url: string, x: number, y: number) {
  const res = await request.get(new URL(url).pathname);
  expect(res.status()).toBe(200);
  const raw = await sharp(await res.body())
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer();
  return [...raw];
}

const chooser = (page: Page) => page.getByLabel(t.chooseImages, { exact: true });
const preview = (scope: Page | Locator, position: number, total: number) =>
  scope.getByRole('img', { name: `الصورة ${position} من ${total}` });

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('who may see the product screens', () => {
  test('a guest signs in first; a customer goes home', async ({ page, request, baseURL }) => {
    for (const path of ['/admin/allproducts', '/admin/addproducts', `/admin/editproducts/${randomUUID()}`]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${escapeRegExp(encodeURIComponent(path))}$`));
    }
    const customer = await createCustomer(request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    for (const path of ['/admin/allproducts', '/admin/addproducts']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    // The sub-category choices are staff-only too.
    const res = await page.request.get(`/admin/categories/${randomUUID()}/subcategories`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/');
  });
});

test.describe('adding a product', () => {
  test('two cropped pictures (one moved to the front), every field, two colours less one; then in the shop', async ({
    page,
    request,
    baseURL,
  }) => {
    const { group } = await staffWithGroup(page, request, baseURL);
    const title = unique('حذاء رياضي');

    await page.goto('/admin/addproducts');
    await expect(page).toHaveTitle(`${t.addTitle} | متجر`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(t.addTitle);
    await expect(
      page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'المنتجات', exact: true }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(main(page).getByText(t.noImages)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSideScroll(page);
    await hydrated(main(page).locator('form'));

    // A picture narrower than 300 px is refused; the others are taken.
    await chooser(page).setInputFiles(await png(200, 400, '#00aa00', 'narrow.png'));
    await expect(chooser(page)).toHaveAccessibleDescription(described(t.tooNarrow));
    await expect(main(page).getByText(t.noImages)).toBeVisible();
    await chooser(page).setInputFiles([
      await png(600, 400, '#ff0000', 'red.png'),
      await png(800, 500, '#0000ff', 'blue.png'),
    ]);
    await expect(preview(main(page), 1, 2)).toBeVisible();
    await expect(preview(main(page), 2, 2)).toBeVisible();
    await expect(chooser(page)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByText('الغلاف', { exact: true })).toHaveCount(1);

    // Crop the second (blue, 800 × 500) to a 300 px square: a square cut has no white padding.
    const cropButton = main(page).getByRole('button', { name: 'قص الصورة 2' });
    await cropButton.click();
    const dialog = page.getByRole('dialog', { name: 'قص الصورة 2' });
    await expect(dialog).toContainText('يكون عرض منطقة القص بين 300 و800 بكسل');
    const zoom = dialog.getByRole('slider', { name: 'التكبير' });
    await expect(dialog.getByText(/^عرض منطقة القص: 500 بكسل$/)).toBeVisible();
    await zoom.focus();
    await page.keyboard.press('End');
    await expect(dialog.getByText(/^عرض منطقة القص: 300 بكسل$/)).toBeVisible();
    await dialog.getByRole('group', { name: 'منطقة القص، اسحبها أو حرّكها بالأسهم' }).press('ArrowLeft');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'قص الصورة' }).click();
    await expect(dialog).toBeHidden();
    await expect(cropButton).toBeFocused();
    await expect(main(page).getByText('مقصوصة', { exact: true })).toBeVisible();

    // The cropped picture moves to the front and becomes the cover; focus follows it.
    await main(page).getByRole('button', { name: 'تقديم الصورة 2' }).click();
    await expect(main(page).getByRole('button', { name: 'تأخير الصورة 1' })).toBeFocused();
    await expect(main(page).getByRole('button', { name: 'تقديم الصورة 1' })).toBeDisabled();
    await expect(main(page).getByRole('listitem').filter({ hasText: 'الغلاف' })).toContainText('مقصوصة');
    // The red one (now second) is cropped too, at the widget's first choice: a square, no padding.
    await main(page).getByRole('button', { name: 'قص الصورة 2' }).click();
    const second = page.getByRole('dialog', { name: 'قص الصورة 2' });
    await second.getByRole('button', { name: 'قص الصورة' }).click();
    await expect(second).toBeHidden();
    await expect(main(page).getByText('مقصوصة', { exact: true })).toHaveCount(2);

    await field(page, t.title).fill(title);
    await field(page, t.description).fill('حذاء خفيف للجري بنعل مريح');
    await field(page, t.price).fill('250');
    await field(page, t.discount).fill('199.5');
    // Typed on an Arabic keyboard.
    await field(page, t.quantity).fill('١٢');
    await expect(main(page).getByText('اختر التصنيف الرئيسي أولاً لتظهر تصنيفاته الفرعية.')).toBeVisible();
    await field(page, t.category).selectOption({ label: group.category.name });
    await main(page).getByRole('checkbox', { name: group.subcategory.name }).check();
    await expect(main(page).getByRole('checkbox', { name: group.otherSubcategory.name })).not.toBeChecked();
    await field(page, t.brand).selectOption({ label: group.brand.name });

    await field(page, t.pickColor).fill('#ff0000');
    await main(page).getByRole('button', { name: t.addColor }).click();
    await field(page, t.pickColor).fill('#0000ff');
    await main(page).getByRole('button', { name: t.addColor }).click();
    await expect(main(page).getByRole('button', { name: /^إزالة اللون / })).toHaveCount(2);
    // The same colour twice is refused.
    await main(page).getByRole('button', { name: t.addColor }).click();
    await expect(main(page).getByText('اللون أزرق مضاف بالفعل')).toBeVisible();
    await main(page).getByRole('button', { name: 'إزالة اللون أحمر' }).click();
    await expect(main(page).getByRole('button', { name: 'إزالة اللون أحمر' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'إزالة اللون أزرق' })).toBeFocused();
    await expectNoAxeViolations(page);

    await main(page).getByRole('button', { name: t.save }).click();
    await expect(toast(page, t.added)).toBeVisible(SAVED);
    // Every field starts again.
    await expect(field(page, t.title)).toHaveValue('');
    await expect(field(page, t.price)).toHaveValue('');
    await expect(main(page).getByText(t.noImages)).toBeVisible();
    await expect(main(page).getByRole('button', { name: /^إزالة اللون / })).toHaveCount(0);
    await expect(field(page, t.category)).toHaveValue('');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeFocused();

    const [product] = await findByTitle(request, title);
    if (!product) throw new Error('the product was not created');
    made.products.push(product.id);
    expect(product).toMatchObject({
      description: 'حذاء خفيف للجري بنعل مريح',
      price: 250,
      priceAfterDiscount: 199.5,
      quantity: 12,
      category: group.category.id,
      subcategory: [group.subcategory.id],
      brand: group.brand.id,
      availableColors: ['#0000ff'],
    });
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toBe(product.imageCover);
    // The cover is the cropped blue square: blue to its edge, where an uncropped 800 × 500 picture is white.
    const [r, g, b] = await pixel(request, product.imageCover ?? '', 480, 5);
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
    expect(g).toBeLessThan(60);
    // The second picture is the red one, cropped square: red to its edge as well.
    const [red] = await pixel(request, product.images[1] ?? '', 480, 480);
    expect(red).toBeGreaterThan(200);
    const [edgeRed, edgeGreen] = await pixel(request, product.images[1] ?? '', 480, 5);
    expect(edgeRed).toBeGreaterThan(200);
    expect(edgeGreen).toBeLessThan(60);

    // In the shop.
    await page.goto(`/products/${product.id}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(main(page)).toContainText(formatPrice(199.5, CURRENCY));
    await expect(main(page)).toContainText(formatPrice(250, CURRENCY));
  });

  test('more than four pictures are refused, at once or one by one', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    await page.goto('/admin/addproducts');
    await hydrated(main(page).locator('form'));
    const five = await Promise.all(
      ['#111111', '#222222', '#333333', '#444444', '#555555'].map((c, i) => png(320, 320, c, `p${i}.png`)),
    );
    await chooser(page).setInputFiles(five);
    await expect(chooser(page)).toHaveAccessibleDescription(described(t.tooMany));
    await expect(main(page).getByText(t.noImages)).toBeVisible();

    await chooser(page).setInputFiles(five.slice(0, 4));
    await expect(preview(main(page), 4, 4)).toBeVisible();
    await expect(chooser(page)).not.toHaveAttribute('aria-invalid', 'true');
    await chooser(page).setInputFiles(five.slice(4));
    await expect(chooser(page)).toHaveAccessibleDescription(described(t.tooMany));
    await expect(preview(main(page), 4, 4)).toBeVisible();
    await expect(main(page).getByRole('img', { name: /^الصورة 5 / })).toHaveCount(0);

    // Removing one makes room again; focus goes to the next picture's remove button.
    await main(page).getByRole('button', { name: 'إزالة الصورة 2' }).click();
    await expect(preview(main(page), 3, 3)).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'إزالة الصورة 2' })).toBeFocused();
    await chooser(page).setInputFiles(five.slice(4));
    await expect(preview(main(page), 4, 4)).toBeVisible();
    await expect(chooser(page)).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('every message of the form, before anything is sent', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    await page.goto('/admin/addproducts');
    const form = main(page).locator('form');
    await hydrated(form);
    const posts = recordPosts(page);
    const save = main(page).getByRole('button', { name: t.save });

    await save.click();
    await expect(chooser(page)).toHaveAccessibleDescription(described(t.imageRequired));
    await expect(chooser(page)).toBeFocused();
    await expect(field(page, t.title)).toHaveAccessibleDescription(t.titleRequired);
    await expect(field(page, t.description)).toHaveAccessibleDescription(t.descriptionRequired);
    await expect(field(page, t.price)).toHaveAccessibleDescription(t.priceRequired);
    await expect(field(page, t.quantity)).toHaveAccessibleDescription(t.quantityRequired);
    await expect(field(page, t.category)).toHaveAccessibleDescription(t.categoryRequired);
    await expect(field(page, t.discount)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, t.brand)).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    const cases: [string, string, string][] = [
      [t.title, 'ab', t.titleTooShort],
      [t.title, 'ا'.repeat(201), t.titleTooLong],
      [t.description, 'و'.repeat(5001), t.descriptionTooLong],
      [t.price, 'abc', t.priceNotNumber],
      [t.price, '0', t.priceInvalid],
      [t.price, '0.001', t.priceInvalid],
      [t.price, '30000000', t.priceInvalid],
      [t.quantity, '1.5', t.quantityInvalid],
      [t.quantity, '-2', t.quantityInvalid],
      [t.discount, 'x', t.discountNotNumber],
      [t.discount, '-1', t.discountInvalid],
    ];
    for (const [label, value, message] of cases) {
      await field(page, label).fill(value);
      await save.click();
      await expect(field(page, label)).toHaveAccessibleDescription(described(message));
    }
    await field(page, t.price).fill('100');
    for (const discount of ['100', '150']) {
      await field(page, t.discount).fill(discount);
      await save.click();
      await expect(field(page, t.discount)).toHaveAccessibleDescription(described(t.discountNotLower));
    }
    // A message goes as soon as its field is edited.
    await field(page, t.discount).fill('90');
    await expect(field(page, t.discount)).not.toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
  });
});

test.describe('before JavaScript loads', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts its files; the action checks the same rules and keeps what was typed', async ({
    page,
    request,
    baseURL,
  }) => {
    const { group } = await staffWithGroup(page, request, baseURL);
    const title = unique('قميص قطني');
    await page.goto('/admin/addproducts');
    await chooser(page).setInputFiles(await png(200, 200, '#00aa00', 'narrow.png'));
    await field(page, t.title).fill('ab');
    await field(page, t.price).fill('100');
    await field(page, t.discount).fill('150');
    await field(page, t.quantity).fill('2.5');
    await main(page).getByRole('button', { name: t.save }).click();

    await expect(chooser(page)).toHaveAccessibleDescription(described(t.tooNarrow));
    await expect(field(page, t.title)).toHaveAccessibleDescription(t.titleTooShort);
    await expect(field(page, t.title)).toHaveValue('ab');
    await expect(field(page, t.description)).toHaveAccessibleDescription(t.descriptionRequired);
    await expect(field(page, t.discount)).toHaveAccessibleDescription(described(t.discountNotLower));
    await expect(field(page, t.quantity)).toHaveAccessibleDescription(t.quantityInvalid);
    await expect(field(page, t.category)).toHaveAccessibleDescription(t.categoryRequired);

    await chooser(page).setInputFiles([
      await png(400, 400, '#ff0000', 'one.png'),
      await png(400, 400, '#00ff00', 'two.png'),
    ]);
    await field(page, t.title).fill(title);
    await field(page, t.description).fill('قميص من القطن المصري');
    await field(page, t.discount).fill('');
    await field(page, t.quantity).fill('3');
    await field(page, t.category).selectOption({ label: group.category.name });
    await main(page).getByRole('button', { name: t.save }).click();
    await expect(page).toHaveURL(/\/admin\/addproducts$/);
    await expect(field(page, t.title)).toHaveValue('');

    const [product] = await findByTitle(request, title);
    if (!product) throw new Error('the product was not created');
    made.products.push(product.id);
    expect(product).toMatchObject({ price: 100, quantity: 3, category: group.category.id, availableColors: [] });
    expect(product.images).toHaveLength(2);
    expect(product.images[0]).toBe(product.imageCover);
  });
});

test.describe('editing a product', () => {
  test('prefilled; a new price keeps the pictures; then one picture fewer', async ({ page, request, baseURL }) => {
    const { token, group } = await staffWithGroup(page, request, baseURL);
    const title = unique('ساعة يد');
    const product = await createProduct(request, token, group, title, [
      await png(400, 400, '#ff0000', 'a.png'),
      await png(400, 400, '#00ff00', 'b.png'),
    ]);
    expect(product.images).toHaveLength(2);

    await page.goto(`/admin/editproducts/${product.id}`);
    await expect(page).toHaveTitle(`تعديل المنتج: ${title} | متجر`);
    await expect(field(page, t.title)).toHaveValue(title);
    await expect(field(page, t.description)).toHaveValue('منتج أُنشئ لاختبار شاشات الإدارة');
    await expect(field(page, t.price)).toHaveValue('120');
    await expect(field(page, t.discount)).toHaveValue('99.5');
    await expect(field(page, t.quantity)).toHaveValue('7');
    await expect(field(page, t.category)).toHaveValue(group.category.id);
    await expect(main(page).getByRole('checkbox', { name: group.subcategory.name })).toBeChecked();
    await expect(main(page).getByRole('checkbox', { name: group.otherSubcategory.name })).not.toBeChecked();
    await expect(field(page, t.brand)).toHaveValue(group.brand.id);
    await expect(main(page).getByRole('button', { name: /^إزالة اللون / })).toHaveCount(2);
    await expect(main(page).getByRole('button', { name: 'إزالة اللون أحمر' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'إزالة اللون أسود' })).toBeVisible();
    await expect(preview(main(page), 2, 2)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'المنتجات', exact: true }),
    ).toHaveAttribute('aria-current', 'true');
    await expectNoAxeViolations(page);
    await expectNoSideScroll(page);

    await hydrated(main(page).locator('form'));
    await field(page, t.price).fill('300');
    await field(page, t.discount).fill('');
    await main(page).getByRole('button', { name: t.saveChanges }).click();
    await expect(toast(page, t.updated)).toBeVisible(SAVED);
    await expect(field(page, t.price)).toHaveValue('300');
    await expect(field(page, t.discount)).toHaveValue('');

    const saved = await savedProduct(request, product.id);
    expect(saved.price).toBe(300);
    expect(saved).not.toHaveProperty('priceAfterDiscount');
    expect(saved.imageCover).toBe(product.imageCover);
    expect(saved.images).toEqual(product.images);
    expect(saved.availableColors).toEqual(product.availableColors);
    expect(saved.subcategory).toEqual([group.subcategory.id]);
    await closeToast(page, t.updated);

    // One picture fewer: the one that remains is kept by its key, neither downloaded nor uploaded again.
    const posts: string[] = [];
    const mediaFetches: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST') posts.push(sent.postDataBuffer()?.toString('latin1') ?? '');
      if (sent.resourceType() === 'fetch' && sent.url().includes('/media/')) mediaFetches.push(sent.url());
    });
    await main(page).getByRole('button', { name: 'إزالة الصورة 2' }).click();
    await expect(preview(main(page), 1, 1)).toBeVisible();
    await main(page).getByRole('button', { name: t.saveChanges }).click();
    await expect(toast(page, t.updated)).toBeVisible(SAVED);
    const fewer = await savedProduct(request, product.id);
    expect(fewer.images).toHaveLength(1);
    expect(fewer.images[0]).toBe(fewer.imageCover);
    // The same file: a picture sent again would be a new upload under a new key.
    expect(fewer.imageCoverSizes).toEqual(product.imageCoverSizes);
    const save = posts.find((body) => body.includes('name="keepImages"'));
    expect(save).toContain(product.imageCoverSizes?.key);
    expect(save).not.toContain('filename=');
    expect(mediaFetches).toEqual([]);
    // The removed picture's files are gone from the store.
    expect((await request.get(new URL(product.images[1] ?? '').pathname)).status()).toBe(404);
    await closeToast(page, t.updated);

    // A new picture moved in front becomes the cover; the saved one follows under its own key (not sent again).
    await chooser(page).setInputFiles(await png(400, 400, '#0000ff', 'c.png'));
    await expect(preview(main(page), 2, 2)).toBeVisible();
    await main(page).getByRole('button', { name: 'تقديم الصورة 2' }).click();
    await main(page).getByRole('button', { name: t.saveChanges }).click();
    await expect(toast(page, t.updated)).toBeVisible(SAVED);
    const reordered = await savedProduct(request, product.id);
    expect(reordered.imagesSizes).toHaveLength(2);
    expect(reordered.imagesSizes[1]).toEqual(product.imageCoverSizes);
    expect(reordered.imageCoverSizes).toEqual(reordered.imagesSizes[0]);
    expect(reordered.imageCover).not.toBe(product.imageCover);
    expect(mediaFetches).toEqual([]);
    const [r, g] = await pixel(request, fewer.imageCover ?? '', 480, 480);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);

    await page.goto(`/products/${product.id}`);
    await expect(main(page)).toContainText(formatPrice(300, CURRENCY));
  });

  test('a product without options: its SKU and barcode in the form, a taken SKU refused, the SKU on its page', async ({
    page,
    request,
    baseURL,
  }) => {
    const { token, group } = await staffWithGroup(page, request, baseURL);
    const cover = await png(320, 320, '#a855f7', 'cover.png');
    const other = await createProduct(request, token, group, unique('كوب'), [cover]);
    const product = await createProduct(request, token, group, unique('إبريق'), [cover]);
    const sku = `JUG-${randomUUID().slice(0, 6).toUpperCase()}`;

    await page.goto(`/admin/editproducts/${product.id}`);
    // The shop made its SKU; there is no barcode yet.
    await expect(field(page, t.sku)).toHaveValue(product.variants[0]?.sku ?? '-');
    await expect(field(page, t.barcode)).toHaveValue('');
    await hydrated(main(page).locator('form'));

    await field(page, t.barcode).fill('4006381333932');
    await main(page).getByRole('button', { name: t.saveChanges }).click();
    await expect(field(page, t.barcode)).toHaveAccessibleDescription(described(t.barcodeInvalid));
    // A SKU another product has, in another case: the API's answer lands on the field.
    await field(page, t.barcode).fill('٤٠٠٦٣٨١٣٣٣٩٣١');
    await field(page, t.sku).fill(other.variants[0]?.sku.toLowerCase() ?? '-');
    await main(page).getByRole('button', { name: t.saveChanges }).click();
    await expect(field(page, t.sku)).toHaveAccessibleDescription(described(t.skuTaken));
    await expectNoAxeViolations(page);

    await field(page, t.sku).fill(sku);
    await main(page).getByRole('button', { name: t.saveChanges }).click();
    await expect(toast(page, t.updated)).toBeVisible(SAVED);
    const saved = await savedProduct(request, product.id);
    expect(saved.variants).toEqual([expect.objectContaining({ sku, barcode: '4006381333931', options: {} })]);

    await page.goto(`/products/${product.id}`);
    await expect(main(page).getByText(`رمز المنتج: ${sku}`)).toBeVisible();
  });

  test('an unknown or malformed id is not found', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await page.goto(`/admin/editproducts/${id}`);
      expect(response?.status()).toBe(404);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
    }
  });
});

test.describe('the product list', () => {
  test('the card view: count, twenty a page, search; deleting the last one of the last page goes to the page before', async ({
    page,
    request,
    baseURL,
  }) => {
    const { token, group } = await staffWithGroup(page, request, baseURL);
    const word = `قائمة${randomUUID().slice(0, 6)}`;
    const cover = await png(320, 320, '#f59e0b', 'cover.png');
    const products: Product[] = [];
    for (let i = 1; i <= 21; i++) products.push(await createProduct(request, token, group, `${word} ${i}`, [cover]));

    await page.goto('/admin/allproducts?view=cards');
    await expect(page).toHaveTitle(`${t.listTitle} | متجر`);
    // Any count in its Arabic plural form: منتجات (3–10), منتجاً (11–99), منتج (100…), as the shop grows.
    await expect(main(page)).toContainText(/\d[\d,]* (منتج|منتجاً|منتجات) في المتجر/);
    await expect(main(page).getByRole('article')).toHaveCount(20);
    await expect(page.getByRole('navigation', { name: 'صفحات المنتجات' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSideScroll(page);

    const search = main(page).getByRole('searchbox', { name: 'ابحث في المنتجات' });
    await search.fill(word);
    await main(page).getByRole('button', { name: 'بحث' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?keyword=${escapeRegExp(encodeURIComponent(word))}&.*view=cards`));
    await expect(main(page)).toContainText('21 نتيجة');
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(20);
    // Newest first: the last product made leads.
    const newest = cards.first();
    await expect(newest.getByRole('heading', { level: 2 })).toHaveText(`${word} 21`);
    await expect(newest).toContainText(formatPrice(99.5, CURRENCY));
    await expect(newest.locator('s')).toContainText(formatPrice(120, CURRENCY));
    await expect(newest).toContainText('الكمية المتاحة: 7');
    await expect(newest.getByRole('img')).toHaveCount(0); // the picture is decorative (alt="")
    await expect(newest.getByRole('link', { name: `تعديل المنتج «${word} 21»` })).toHaveAttribute(
      'href',
      `/admin/editproducts/${products[20]?.id}`,
    );

    await page.getByRole('navigation', { name: 'صفحات المنتجات' }).getByRole('link', { name: 'الصفحة 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(page).toHaveTitle(`${t.listTitle} — الصفحة 2 | متجر`);
    await expect(cards).toHaveCount(1);
    const last = cards.first();
    await expect(last.getByRole('heading', { level: 2 })).toHaveText(`${word} 1`);

    const remove = last.getByRole('button', { name: `حذف المنتج «${word} 1»` });
    await hydrated(remove);
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'حذف المنتج' });
    await expect(dialog).toContainText(`هل تريد حذف المنتج «${word} 1»؟`);
    await expect(dialog.getByRole('button', { name: 'إلغاء' })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();

    await remove.click();
    await dialog.getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(toast(page, t.deleted)).toBeVisible();
    await expect(dialog).toBeHidden();
    // Page 2 is empty now: the page before, in place.
    await expect(page).toHaveURL(new RegExp(`/admin/allproducts\\?keyword=${escapeRegExp(encodeURIComponent(word))}&`));
    await expect(page).not.toHaveURL(/page=2/);
    await expect(main(page)).toContainText('20 نتيجة');
    await expect(cards).toHaveCount(20);
    await expect(page.getByRole('navigation', { name: 'صفحات المنتجات' })).toHaveCount(0);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeFocused();
    expect((await request.get(`/api/v1/products/${products[0]?.id}`)).status()).toBe(404);
    await closeToast(page, t.deleted);

    // A page that keeps products after the deletion stays, the list revalidated in place.
    await cards
      .first()
      .getByRole('button', { name: `حذف المنتج «${word} 21»` })
      .click();
    await dialog.getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(toast(page, t.deleted)).toBeVisible();
    await expect(main(page)).toContainText('19 نتيجة');
    await expect(cards).toHaveCount(19);
    await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(`${word} 20`);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeFocused();

    // From a card to its edit page.
    await cards
      .first()
      .getByRole('link', { name: `تعديل المنتج «${word} 20»` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/editproducts/${products[19]?.id}$`));
    await expect(field(page, t.title)).toHaveValue(`${word} 20`);

    // A search that matches nothing says so.
    await page.goto(`/admin/allproducts?keyword=${encodeURIComponent(`${word}-لا-شيء`)}`);
    await expect(main(page).getByText(`لا توجد منتجات تطابق «${word}-لا-شيء»`)).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'عرض كل المنتجات' })).toHaveAttribute(
      'href',
      '/admin/allproducts',
    );
    await expectNoAxeViolations(page);
  });

  test('the table: stock flags, filters in the URL, bulk delete with its question and bulk publish', async ({
    page,
    request,
    baseURL,
  }) => {
    const { token, group } = await staffWithGroup(page, request, baseURL);
    const word = `جدول${randomUUID().slice(0, 6)}`;
    const cover = await png(320, 320, '#0ea5e9', 'cover.png');
    const [out, low, plenty, draft] = [
      await createProduct(request, token, group, `${word} نفد`, [cover]),
      await createProduct(request, token, group, `${word} قليل`, [cover]),
      await createProduct(request, token, group, `${word} كثير`, [cover]),
      await createProduct(request, token, group, `${word} مسودة`, [cover]),
    ];
    const change = async (product: Product | undefined, fields: Record<string, string>) => {
      const res = await request.put(`/api/v1/products/${product?.id}`, { headers: bearer(token), multipart: fields });
      expect(res.status(), await res.text()).toBe(200);
    };
    await change(out, { quantity: '0' });
    await change(low, { quantity: '3' });
    await change(plenty, { quantity: '50' });
    await change(draft, { status: 'draft' });
    // A draft is nobody's but staff's: not by id, not in the sitemap.
    expect((await request.get(`/api/v1/products/${draft?.id}`)).status()).toBe(404);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(draft?.id ?? '-');

    await page.goto(`/admin/allproducts?category=${group.category.id}`);
    const table = main(page).getByRole('table', { name: 'المنتجات' });
    const row = (title: string) => table.getByRole('row').filter({ hasText: title });
    await expect(table.getByRole('row')).toHaveCount(5); // the header and four products
    await expect(row(`${word} نفد`)).toContainText('نفد');
    await expect(row(`${word} قليل`)).toContainText('مخزون منخفض');
    await expect(row(`${word} كثير`)).not.toContainText('مخزون منخفض');
    await expect(row(`${word} مسودة`)).toContainText('مسودة');
    await expect(row(`${word} كثير`)).toContainText('منشور');
    await expectNoAxeViolations(page);

    // The filters are a GET form: the choice lands in the URL.
    const filters = main(page).getByRole('search', { name: 'تصفية المنتجات' });
    await filters.getByLabel('المخزون', { exact: true }).selectOption({ label: 'مخزون منخفض' });
    await filters.getByRole('button', { name: 'تطبيق' }).click();
    await expect(page).toHaveURL(/[?&]stock=low(&|$)/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row(`${word} قليل`)).toBeVisible();
    await filters.getByLabel('المخزون', { exact: true }).selectOption({ label: 'الكل' });
    await filters.getByLabel('الحالة', { exact: true }).selectOption({ label: 'مسودة' });
    await filters.getByRole('button', { name: 'تطبيق' }).click();
    await expect(page).toHaveURL(/[?&]status=draft(&|$)/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row(`${word} مسودة`)).toBeVisible();

    // Bulk delete: ticked rows, then a question naming how many.
    await page.goto(`/admin/allproducts?category=${group.category.id}&sort=title`);
    const bulk = main(page).getByRole('form', { name: 'إجراء على المحدد' });
    await hydrated(table.getByRole('checkbox', { name: 'تحديد كل منتجات الصفحة' }));
    await table.getByRole('checkbox', { name: `تحديد المنتج «${word} نفد»` }).check();
    await table.getByRole('checkbox', { name: `تحديد المنتج «${word} كثير»` }).check();
    await expect(main(page)).toContainText('المحدد: 2');
    await bulk.getByLabel('إجراء على المحدد', { exact: true }).selectOption({ label: 'حذف المحدد' });
    await bulk.getByRole('button', { name: 'تنفيذ' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'حذف المنتجات المحددة' });
    await expect(dialog).toContainText('هل تريد حذف منتجين؟ لا يمكن التراجع عن ذلك.');
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row')).toHaveCount(5);
    await bulk.getByRole('button', { name: 'تنفيذ' }).click();
    await dialog.getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(toast(page, 'تم حذف منتجين')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    expect((await request.get(`/api/v1/products/${out?.id}`)).status()).toBe(404);
    await closeToast(page, 'تم حذف منتجين');

    // Bulk publish: the draft goes on sale.
    await table.getByRole('checkbox', { name: `تحديد المنتج «${word} مسودة»` }).check();
    await bulk.getByLabel('إجراء على المحدد', { exact: true }).selectOption({ label: 'نشر' });
    await bulk.getByRole('button', { name: 'تنفيذ' }).click();
    await expect(toast(page, 'تم تحديث منتج واحد')).toBeVisible();
    await expect(row(`${word} مسودة`)).toContainText('منشور');
    expect((await request.get(`/api/v1/products/${draft?.id}`)).status()).toBe(200);

    // The edit form sets the status too: the product leaves the shop.
    await page.goto(`/admin/editproducts/${low?.id}`);
    await expect(field(page, 'الحالة')).toHaveValue('active');
    await hydrated(main(page).locator('form'));
    await field(page, 'الحالة').selectOption({ label: 'مسودة: لا يراه إلا فريق المتجر' });
    await main(page).getByRole('button', { name: t.saveChanges }).click();
    await expect(toast(page, t.updated)).toBeVisible(SAVED);
    expect((await request.get(`/api/v1/products/${low?.id}`)).status()).toBe(404);

    // A 360 px phone: the table scrolls in its own region, the page does not.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/admin/allproducts?category=${group.category.id}`);
    await expect(row(`${word} قليل`)).toContainText('مسودة');
    await expectNoSideScroll(page);
  });
});

test.describe('the table before JavaScript loads', () => {
  test.use({ javaScriptEnabled: false });

  test('a bulk move works as a plain form; a bulk delete still asks first', async ({ page, request, baseURL }) => {
    const { token, group } = await staffWithGroup(page, request, baseURL);
    const other = await createNamed(request, token, 'categories', unique('تصنيف آخر'));
    const word = `بلاجافا${randomUUID().slice(0, 6)}`;
    const cover = await png(320, 320, '#22c55e', 'cover.png');
    const first = await createProduct(request, token, group, `${word} أول`, [cover]);
    const second = await createProduct(request, token, group, `${word} ثان`, [cover]);

    await page.goto(`/admin/allproducts?category=${group.category.id}`);
    const table = main(page).getByRole('table', { name: 'المنتجات' });
    await expect(table.getByRole('row')).toHaveCount(3);
    const bulk = main(page).getByRole('form', { name: 'إجراء على المحدد' });

    // Move the first to the other category.
    await table.getByRole('checkbox', { name: `تحديد المنتج «${word} أول»` }).check();
    await bulk.getByLabel('إجراء على المحدد', { exact: true }).selectOption({ label: 'نقل إلى تصنيف' });
    await bulk.getByLabel('التصنيف الجديد', { exact: true }).selectOption({ label: other.name });
    await bulk.getByRole('button', { name: 'تنفيذ' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    const moved = await savedProduct(request, first.id);
    expect(moved.category).toBe(other.id);

    // Delete the second: the question comes first, from the server.
    await table.getByRole('checkbox', { name: `تحديد المنتج «${word} ثان»` }).check();
    await bulk.getByLabel('إجراء على المحدد', { exact: true }).selectOption({ label: 'حذف المحدد' });
    await bulk.getByRole('button', { name: 'تنفيذ' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'حذف المنتجات المحددة' });
    await expect(dialog).toContainText('هل تريد حذف منتج واحد؟');
    expect((await request.get(`/api/v1/products/${second.id}`)).status()).toBe(200);
    await dialog.getByRole('button', { name: 'نعم، احذف' }).click();
    await expect(main(page)).toContainText('لا توجد منتجات تطابق التصفية');
    expect((await request.get(`/api/v1/products/${second.id}`)).status()).toBe(404);
  });
});
