import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ListEnvelope, NamedItem, Product, Subcategory } from '../../src/contract/types';
import { ag } from '../../src/web/i18n/admin-groups';
import { plural } from '../../src/web/lib/plural';
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures';
import {
  ADMIN,
  adminSession,
  apiToken,
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
 * The admin brand, category and sub-category screens (issue 5): add with image and preview,
 * every validation message, offline, the lists under the forms with edit and delete, and what
 * the API refuses. Each test makes its own items and removes them again, so the seeded
 * catalogue the other spec files read stays as it was.
 */

type Kind = 'brand' | 'category';
const plurals = { brand: 'brands', category: 'categories', subcategory: 'subcategories' } as const;
const ADMIN_PAGE_SIZE = 12;
const SHOP_PAGE_SIZE = 6;

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });
const status = (page: Page) => main(page).getByRole('status').filter({ hasText: /./ });
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

let adminToken: string | undefined;
async function staffHeaders(request: APIRequestContext) {
  adminToken ??= await apiToken(request, ADMIN);
  return { authorization: `Bearer ${adminToken}` };
}

/** A small PNG made at test time, as a file the picker takes. */
async function pngFile(name = 'logo.png', background = '#0f766e') {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Everything of a kind (the API gives 100 a page; the shop has fewer). */
async function listAll<T>(request: APIRequestContext, kind: keyof typeof plurals): Promise<ListEnvelope<T>> {
  const res = await request.get(`/api/v1/${plurals[kind]}?limit=100`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ListEnvelope<T>;
}

const findByName = async <T extends { id: string; name: string }>(
  request: APIRequestContext,
  kind: keyof typeof plurals,
  name: string,
) => (await listAll<T>(request, kind)).data.find((item) => item.name === name);

/** Items a test made: removed after it, whatever happened. */
const made: { kind: keyof typeof plurals; name: string }[] = [];
test.afterEach(async ({ request }) => {
  const headers = await staffHeaders(request);
  // Sub-categories first: a category takes its own with it.
  for (const { kind, name } of made.splice(0).reverse()) {
    const item = await findByName(request, kind, name);
    if (item) await request.delete(`/api/v1/${plurals[kind]}/${item.id}`, { headers });
  }
});

async function createNamed(request: APIRequestContext, kind: Kind, name = unique(kind === 'brand' ? 'ماركة' : 'قسم')) {
  made.push({ kind, name });
  const res = await request.post(`/api/v1/${plurals[kind]}`, {
    headers: await staffHeaders(request),
    multipart: { name, image: await pngFile() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: NamedItem }).data;
}

async function createSubcategory(request: APIRequestContext, category: string, name = unique('فرعي')) {
  made.push({ kind: 'subcategory', name });
  const res = await request.post('/api/v1/subcategories', {
    headers: await staffHeaders(request),
    data: { name, category },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Subcategory }).data;
}

/** The list page under the add form where the newest item is: the last one. */
async function lastListPage(request: APIRequestContext, kind: keyof typeof plurals) {
  const { results } = await listAll(request, kind);
  const last = Math.ceil(results / ADMIN_PAGE_SIZE);
  return last > 1 ? `?page=${last}` : '';
}

const listSection = (page: Page, kind: keyof typeof plurals) =>
  main(page).getByRole('region', { name: ag[kind].listTitle });
const row = (page: Page, kind: keyof typeof plurals, name: string) =>
  listSection(page, kind).getByRole('listitem').filter({ hasText: name });

/** Measured in the page, frame by frame: from the success message showing to the name field emptying. */
function msFromSuccessToReset(page: Page, message: string) {
  return page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        let shownAt = 0;
        const tick = () => {
          const shown = [...document.querySelectorAll('main [role="status"]')].some((s) => s.textContent === text);
          if (!shownAt && shown) shownAt = performance.now();
          const name = document.querySelector<HTMLInputElement>('#field-name');
          if (shownAt && name?.value === '') resolve(performance.now() - shownAt);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    message,
  );
}

/** The picker's avatar: the placeholder until an image is chosen, then the image. */
const avatar = (scope: Locator) => scope.locator('label[for="field-image"] img');

test.describe('access', () => {
  test('guests sign in first and come back; customers go home', async ({ page, request, baseURL }) => {
    const id = randomUUID();
    const paths = [
      '/admin/addbrand',
      '/admin/addcategory',
      '/admin/addsubcategory',
      `/admin/editbrand/${id}`,
      `/admin/editcategory/${id}`,
      `/admin/editsubcategory/${id}`,
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${escapeRegExp(encodeURIComponent(path))}$`));
    }
    const customer = await createCustomer(request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });
});

const kinds: { kind: Kind; shopList: string; sidebar: string }[] = [
  { kind: 'brand', shopList: '/allbrands', sidebar: 'الماركات' },
  { kind: 'category', shopList: '/allcategory', sidebar: 'التصنيفات' },
];

for (const { kind, shopList, sidebar } of kinds) {
  const texts = ag[kind];

  test.describe(texts.addTitle, () => {
    test('each message, then a new one with its image: progress, success, reset, in the list and the shop', async ({
      page,
      request,
      baseURL,
    }) => {
      await adminSession(page, request, baseURL);
      const before = (await listAll(request, kind)).results;
      await page.goto(`/admin/add${kind}`);
      await expect(page).toHaveTitle(`${texts.addTitle} | متجر`);
      await expect(heading(page)).toHaveText(texts.addTitle);
      await expect(
        page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: sidebar, exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(listSection(page, kind)).toContainText(plural(before, texts.count));
      const form = main(page).locator('form').first();
      // The default avatar: no image until one is chosen.
      await expect(avatar(form)).toHaveCount(0);
      await expect(form).toContainText(ag.noImageYet);
      await expectNoAxeViolations(page);

      await hydrated(form);
      const posts = recordPosts(page);
      const image = field(page, texts.image);
      const name = field(page, texts.name);
      const save = form.getByRole('button', { name: texts.save });
      await save.click();
      await expect(image).toHaveAccessibleDescription(described(texts.imageRequired));
      await expect(image).toBeFocused();
      await expect(name).toHaveAccessibleDescription(texts.nameRequired);

      await name.fill('م');
      await save.click();
      await expect(image).toHaveAccessibleDescription(described(texts.imageRequired));
      await expect(name).toHaveAccessibleDescription(texts.nameTooShort);

      const title = unique(kind === 'brand' ? 'ماركة' : 'قسم');
      made.push({ kind, name: title });
      await name.fill(title);
      await image.setInputFiles([]);
      await save.click();
      await expect(image).toHaveAccessibleDescription(described(texts.imageRequired));
      await expect(name).not.toHaveAttribute('aria-invalid', 'true');
      expect(posts).toEqual([]);

      await image.setInputFiles(await pngFile('شعار.png'));
      await expect(avatar(form)).toHaveAttribute('src', /^blob:/);
      await expect(form).toContainText('شعار.png');
      await expect(form.getByText(ag.changeImage)).toBeVisible();
      await expect(image).not.toHaveAttribute('aria-invalid', 'true');

      // Hold the post to see the progress message.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const action = new RegExp(`/admin/add${kind}(\\.data)?(\\?.*)?$`);
      await page.route(action, async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      await save.click();
      await expect(status(page)).toHaveText(ag.saving);
      const resetAfter = msFromSuccessToReset(page, texts.added(title));
      release();
      await expect(status(page)).toHaveText(texts.added(title));
      await page.unroute(action);
      // The list below already has it; the form empties itself about a second later.
      await expect(listSection(page, kind)).toContainText(plural(before + 1, texts.count));
      await expect(name).toHaveValue('', { timeout: 5000 });
      expect(await resetAfter).toBeGreaterThan(900);
      await expect(avatar(form)).toHaveCount(0);
      await expect(form).toContainText(ag.noImageYet);
      await expect(status(page)).toHaveText(texts.added(title));

      const saved = await findByName<NamedItem>(request, kind, title);
      expect(saved?.image).toMatch(/\/media\/.+\.webp$/);

      // The same name again: the API's answer, in Arabic, on the name field; what was typed stays.
      await name.fill(title);
      await image.setInputFiles(await pngFile());
      await save.click();
      await expect(name).toHaveAccessibleDescription(texts.nameTaken);
      await expect(name).toHaveValue(title);
      // Messages and all, never wider than the screen (360 px on the phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectNoAxeViolations(page);

      // Customers find it in the shop (the newest is on the last page).
      const last = Math.ceil((before + 1) / SHOP_PAGE_SIZE);
      await page.goto(last > 1 ? `${shopList}?page=${last}` : shopList);
      await expect(main(page).getByRole('link', { name: title })).toHaveAttribute(
        'href',
        `/products/all${kind === 'brand' ? 'Brand' : 'Category'}/${saved?.id}`,
      );
    });

    test('edit: prefilled, each message, a new name keeps the image, a new image replaces it', async ({
      page,
      request,
      baseURL,
    }) => {
      await adminSession(page, request, baseURL);
      const item = await createNamed(request, kind);
      await page.goto(`/admin/add${kind}${await lastListPage(request, kind)}`);
      await row(page, kind, item.name)
        .getByRole('link', { name: texts.editNamed(item.name) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/edit${kind}/${item.id}$`));
      await expect(page).toHaveTitle(`${texts.editTitle}: ${item.name} | متجر`);
      await expect(
        page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: sidebar, exact: true }),
      ).toHaveAttribute('aria-current', 'true');
      const form = main(page).locator('form');
      const name = field(page, texts.name);
      await expect(name).toHaveValue(item.name);
      await expect(avatar(form)).toHaveAttribute('src', item.image ?? '');
      await expect(form).toContainText(ag.currentImage);
      await expectNoAxeViolations(page);

      await hydrated(form);
      const posts = recordPosts(page);
      await name.fill(' ');
      await form.getByRole('button', { name: ag.saveChanges }).click();
      await expect(name).toHaveAccessibleDescription(texts.nameRequired);
      await name.fill('x'.repeat(65));
      await form.getByRole('button', { name: ag.saveChanges }).click();
      await expect(name).toHaveAccessibleDescription(texts.nameTooLong);
      expect(posts).toEqual([]);

      const renamed = unique(kind === 'brand' ? 'ماركة معدلة' : 'قسم معدل');
      made.push({ kind, name: renamed });
      await name.fill(renamed);
      await form.getByRole('button', { name: ag.saveChanges }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/add${kind}$`));
      await expect(toast(page, texts.updated)).toBeVisible();
      const kept = await findByName<NamedItem>(request, kind, renamed);
      expect(kept?.id).toBe(item.id);
      expect(kept?.image).toBe(item.image);

      await page.goto(`/admin/edit${kind}/${item.id}`);
      await hydrated(main(page).locator('form'));
      await field(page, texts.image).setInputFiles(await pngFile('new.png', '#f59e0b'));
      await main(page).getByRole('button', { name: ag.saveChanges }).click();
      await expect(toast(page, texts.updated)).toBeVisible();
      const replaced = await findByName<NamedItem>(request, kind, renamed);
      expect(replaced?.image).toMatch(/\/media\/.+\.webp$/);
      expect(replaced?.image).not.toBe(item.image);

      for (const id of [randomUUID(), 'not-an-id']) {
        const response = await page.goto(`/admin/edit${kind}/${id}`);
        expect(response?.status()).toBe(404);
        await expect(heading(page)).toHaveText('الصفحة غير موجودة');
      }
    });

    test('delete asks first, then the row goes', async ({ page, request, baseURL }) => {
      await adminSession(page, request, baseURL);
      const item = await createNamed(request, kind);
      const sub = kind === 'category' ? await createSubcategory(request, item.id) : undefined;
      await page.goto(`/admin/add${kind}${await lastListPage(request, kind)}`);
      const remove = row(page, kind, item.name).getByRole('button', { name: texts.deleteNamed(item.name) });
      await hydrated(remove);
      await remove.click();
      const dialog = page.getByRole('alertdialog', { name: texts.deleteTitle });
      await expect(dialog).toContainText(texts.deleteQuestion(item.name));
      await expect(dialog.getByRole('button', { name: ag.cancel })).toBeFocused();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: ag.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();

      await remove.click();
      await dialog.getByRole('button', { name: ag.confirmDelete }).click();
      await expect(toast(page, texts.deleted)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row(page, kind, item.name)).toHaveCount(0);
      await expect(listSection(page, kind).getByRole('heading', { name: texts.listTitle })).toBeFocused();
      expect((await request.get(`/api/v1/${plurals[kind]}/${item.id}`)).status()).toBe(404);
      // A category's sub-categories go with it.
      if (sub) expect((await request.get(`/api/v1/subcategories/${sub.id}`)).status()).toBe(404);
    });
  });
}

test.describe('what the API refuses', () => {
  /** A brand, category or sub-category of the seeded catalogue that products still use, and its list page. */
  async function inUse(request: APIRequestContext, kind: keyof typeof plurals) {
    const { data } = await listAll<NamedItem>(request, kind);
    const products = await request.get('/api/v1/products?limit=100&sort=createdAt');
    const groupOf = (product: Product) => (kind === 'subcategory' ? product.subcategory[0] : product[kind]);
    const ids = ((await products.json()) as ListEnvelope<Product>).data.map(groupOf);
    const index = data.findIndex((item) => ids.includes(item.id));
    const used = data[index];
    if (!used) throw new Error(`no seeded ${kind} in use`);
    const page = Math.floor(index / ADMIN_PAGE_SIZE) + 1;
    return { used, listPath: `/admin/add${kind}${page > 1 ? `?page=${page}` : ''}` };
  }

  test('a brand, a category and a sub-category that still have products stay, and say why', async ({
    page,
    request,
    baseURL,
  }) => {
    await adminSession(page, request, baseURL);
    for (const kind of ['brand', 'category', 'subcategory'] as const) {
      const { used, listPath } = await inUse(request, kind);
      await page.goto(listPath);
      const remove = row(page, kind, used.name).getByRole('button', { name: ag[kind].deleteNamed(used.name) });
      await hydrated(remove);
      await remove.click();
      await page.getByRole('alertdialog').getByRole('button', { name: ag.confirmDelete }).click();
      await expect(toast(page, ag[kind].stillHasProducts)).toBeVisible();
      await expect(page.getByRole('alertdialog')).toBeHidden();
      await expect(remove).toBeFocused();
      await expect(row(page, kind, used.name)).toBeVisible();
      expect((await request.get(`/api/v1/${plurals[kind]}/${used.id}`)).status()).toBe(200);
    }
  });
});

test.describe(ag.subcategory.addTitle, () => {
  test('each message, offline sends nothing, then a new one under its category', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    const category = await createNamed(request, 'category');
    const before = (await listAll(request, 'subcategory')).results;
    await page.goto('/admin/addsubcategory');
    await expect(page).toHaveTitle(`${ag.subcategory.addTitle} | متجر`);
    await expect(heading(page)).toHaveText(ag.subcategory.addTitle);
    const parent = field(page, ag.parentCategory);
    await expect(parent.locator('option').first()).toHaveText(ag.chooseCategory);
    await expect(parent).toHaveValue('');
    await expectNoAxeViolations(page);

    const form = main(page).locator('form').first();
    await hydrated(form);
    const posts = recordPosts(page);
    const name = field(page, ag.subcategory.name);
    const save = form.getByRole('button', { name: ag.subcategory.save });
    await save.click();
    await expect(name).toHaveAccessibleDescription(ag.subcategory.nameRequired);
    await expect(name).toBeFocused();
    await expect(parent).toHaveAccessibleDescription(ag.categoryRequired);

    const title = unique('فرعي');
    made.push({ kind: 'subcategory', name: title });
    await name.fill(title);
    await save.click();
    await expect(parent).toHaveAccessibleDescription(ag.categoryRequired);
    await expect(parent).toBeFocused();
    await parent.selectOption(category.id);

    // Offline: said at once, and a save sends nothing.
    await page.context().setOffline(true);
    await expect(main(page).getByRole('alert')).toHaveText(ag.offline);
    await save.click();
    await expect(main(page).getByRole('alert')).toHaveText(ag.offlineNotSent);
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);
    await page.context().setOffline(false);
    await expect(main(page).getByRole('alert')).toHaveCount(0);

    await save.click();
    await expect(status(page)).toHaveText(ag.subcategory.added(title));
    await expect(listSection(page, 'subcategory')).toContainText(plural(before + 1, ag.subcategory.count));
    await expect(name).toHaveValue('', { timeout: 5000 });
    await expect(parent).toHaveValue('');
    const saved = await findByName<Subcategory>(request, 'subcategory', title);
    expect(saved?.category).toBe(category.id);
    const children = await request.get(`/api/v1/categories/${category.id}/subcategories`);
    expect(((await children.json()) as ListEnvelope<Subcategory>).data.map((s) => s.name)).toEqual([title]);

    // The same name in the same category: the API's answer on the name field.
    await name.fill(title);
    await parent.selectOption(category.id);
    await save.click();
    await expect(name).toHaveAccessibleDescription(ag.subcategory.nameTaken);

    await page.goto(`/admin/addsubcategory${await lastListPage(request, 'subcategory')}`);
    await expect(row(page, 'subcategory', title)).toContainText(ag.inCategory(category.name));
  });

  test('edit moves it to another category; delete asks first', async ({ page, request, baseURL }) => {
    await adminSession(page, request, baseURL);
    const first = await createNamed(request, 'category');
    const second = await createNamed(request, 'category');
    const sub = await createSubcategory(request, first.id);
    await page.goto(`/admin/addsubcategory${await lastListPage(request, 'subcategory')}`);
    await row(page, 'subcategory', sub.name)
      .getByRole('link', { name: ag.subcategory.editNamed(sub.name) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/editsubcategory/${sub.id}$`));
    await expect(page).toHaveTitle(`${ag.subcategory.editTitle}: ${sub.name} | متجر`);
    const name = field(page, ag.subcategory.name);
    const parent = field(page, ag.parentCategory);
    await expect(name).toHaveValue(sub.name);
    await expect(parent).toHaveValue(first.id);
    await expectNoAxeViolations(page);

    await hydrated(main(page).locator('form'));
    await parent.selectOption('');
    await main(page).getByRole('button', { name: ag.saveChanges }).click();
    await expect(parent).toHaveAccessibleDescription(ag.categoryRequired);
    const renamed = unique('فرعي معدل');
    made.push({ kind: 'subcategory', name: renamed });
    await name.fill(renamed);
    await parent.selectOption(second.id);
    await main(page).getByRole('button', { name: ag.saveChanges }).click();
    await expect(page).toHaveURL(/\/admin\/addsubcategory$/);
    await expect(toast(page, ag.subcategory.updated)).toBeVisible();
    const moved = await findByName<Subcategory>(request, 'subcategory', renamed);
    expect(moved).toMatchObject({ id: sub.id, category: second.id });

    await page.goto(`/admin/addsubcategory${await lastListPage(request, 'subcategory')}`);
    await expect(row(page, 'subcategory', renamed)).toContainText(ag.inCategory(second.name));
    const remove = row(page, 'subcategory', renamed).getByRole('button', {
      name: ag.subcategory.deleteNamed(renamed),
    });
    await hydrated(remove);
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: ag.subcategory.deleteTitle });
    await expect(dialog).toContainText(ag.subcategory.deleteQuestion(renamed));
    await dialog.getByRole('button', { name: ag.confirmDelete }).click();
    await expect(toast(page, ag.subcategory.deleted)).toBeVisible();
    await expect(row(page, 'subcategory', renamed)).toHaveCount(0);
    expect((await request.get(`/api/v1/subcategories/${sub.id}`)).status()).toBe(404);
  });
});

test.describe('before JavaScript loads', () => {
  test('adding a brand and deleting it work as a plain form and links', async ({ browser, request, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'ar' });
    await signInWithCookie(context, baseURL, await apiToken(request, ADMIN));
    const page = await context.newPage();
    await page.goto('/admin/addbrand');
    await page.getByRole('button', { name: ag.brand.save }).click();
    await expect(field(page, ag.brand.name)).toHaveAccessibleDescription(ag.brand.nameRequired);
    await expect(field(page, ag.brand.image)).toHaveAccessibleDescription(described(ag.brand.imageRequired));

    const title = unique('ماركة');
    made.push({ kind: 'brand', name: title });
    await field(page, ag.brand.name).fill(title);
    await field(page, ag.brand.image).setInputFiles(await pngFile());
    await page.getByRole('button', { name: ag.brand.save }).click();
    await expect(page).toHaveURL(/\/admin\/addbrand$/);
    expect((await findByName<NamedItem>(request, 'brand', title))?.image).toMatch(/\.webp$/);

    await page.goto(`/admin/addbrand${await lastListPage(request, 'brand')}`);
    await row(page, 'brand', title)
      .getByRole('link', { name: ag.brand.deleteNamed(title) })
      .click();
    const dialog = page.getByRole('alertdialog', { name: ag.brand.deleteTitle });
    await expect(dialog).toContainText(ag.brand.deleteQuestion(title));
    await dialog.getByRole('button', { name: ag.confirmDelete }).click();
    await expect(page).toHaveURL(/\/admin\/addbrand(\?page=\d+)?$/);
    await expect(row(page, 'brand', title)).toHaveCount(0);
    expect(await findByName(request, 'brand', title)).toBeUndefined();
    await context.close();
  });
});
