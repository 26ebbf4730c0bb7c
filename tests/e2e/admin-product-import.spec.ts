import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PRODUCT_CSV_COLUMNS as C, PRODUCT_CSV_HEADINGS } from '../../src/contract/constants';
import type { ListEnvelope, Product } from '../../src/contract/types';
import { BOM, csvLine, parseCsv } from '../../src/server/http/csv';
import { pi } from '../../src/web/i18n/admin-product-import';
import { ap } from '../../src/web/i18n/admin-products';
import { errorText } from '../../src/web/lib/api-errors';
import { formatNumber, formatPrice } from '../../src/web/lib/format';
import { plural } from '../../src/web/lib/plural';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  createCustomer,
  escapeRegExp,
  expectNoAxeViolations,
  field,
  sidewaysOverflow,
  signInWithCookie,
} from './support';

/*
 * The admin products CSV screens (docs/product-import.md § The admin screens): the export link of
 * the products list, and the import page's dry run, confirmed apply, problems and file failures.
 * A test that changes a seeded product puts its exported row back afterwards, and products a test
 * adds are deleted, so the catalogue the other spec files read stays as it was.
 */

const CURRENCY = 'SAR'; // the shop's default; the test server does not change it
const IMPORT_PATH = '/admin/products/import';

type Row = Record<string, string>;

const main = (page: Page) => page.getByRole('main');
const unique = () => randomUUID().slice(0, 6);
/** A code's Arabic, from the one table the screens use. */
const say = (code: string, details: Record<string, unknown> = {}) =>
  errorText(code, { phoneCountry: 'SA', details }) ?? `no text for ${code}`;

/** A CSV as the export writes it: the byte order mark, the headings, a line a row. */
const csvOf = (rows: Row[], headings: readonly string[] = PRODUCT_CSV_HEADINGS) =>
  BOM + csvLine([...headings]) + rows.map((row) => csvLine(headings.map((heading) => row[heading] ?? ''))).join('');
const csvFile = (text: string, name = 'products.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

/** The rows of a CSV by heading. */
function rowsOf(text: string): Row[] {
  const parsed = parseCsv(text);
  if (!('records' in parsed)) throw new Error(`unreadable CSV: ${JSON.stringify(parsed)}`);
  const [headings, ...records] = parsed.records;
  return records.map(({ cells }) =>
    Object.fromEntries((headings?.cells ?? []).map((heading, i) => [heading, cells[i] ?? ''])),
  );
}

async function exportedRows(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/products/export.csv', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return rowsOf((await res.body()).toString('utf8'));
}

/** A published product of one row (no options), with a cover and a category: safe to change and put back. */
function plainProduct(rows: Row[]): Row {
  const rowsPerProduct = new Map<string, number>();
  for (const row of rows)
    rowsPerProduct.set(row[C.productId] ?? '', (rowsPerProduct.get(row[C.productId] ?? '') ?? 0) + 1);
  const found = rows.find(
    (row) =>
      rowsPerProduct.get(row[C.productId] ?? '') === 1 &&
      !row['الخيار 1'] &&
      row[C.status] === 'منشور' &&
      row[C.imageCover] &&
      row[C.category],
  );
  if (!found) throw new Error('no plain product in the export');
  return found;
}

async function importThroughApi(request: APIRequestContext, token: string, text: string) {
  const res = await request.post('/api/v1/products/import?dryRun=false', {
    headers: bearer(token),
    multipart: { file: csvFile(text) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function productsMatching(request: APIRequestContext, keyword: string) {
  const res = await request.get(`/api/v1/products?keyword=${encodeURIComponent(keyword)}&limit=50`);
  return ((await res.json()) as ListEnvelope<Product>).data;
}

/** What a test changed: exported rows to import again, and titles of products it added. */
const undo = { rows: [] as Row[], titles: [] as string[] };

test.afterEach(async ({ request }) => {
  const token = await apiToken(request, ADMIN);
  const rows = undo.rows.splice(0);
  if (rows.length > 0) await importThroughApi(request, token, csvOf(rows));
  for (const title of undo.titles.splice(0)) {
    for (const product of (await productsMatching(request, title)).filter((p) => p.title === title)) {
      await request.delete(`/api/v1/products/${product.id}`, { headers: bearer(token) });
    }
  }
});

async function adminSession(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const token = await apiToken(request, ADMIN);
  await signInWithCookie(page.context(), baseURL, token);
  return token;
}

const checkButton = (page: Page) => main(page).getByRole('button', { name: pi.check });
const applyButton = (page: Page) => main(page).getByRole('button', { name: pi.apply });
const countLines = (counts: { rows: number; products: number[]; variants: number[]; images: number }) => {
  const c = pi.counts;
  const [productsCreated = 0, productsUpdated = 0] = counts.products;
  const [variantsCreated = 0, variantsUpdated = 0] = counts.variants;
  return [
    plural(counts.rows, c.rows),
    plural(productsCreated, c.productsCreated),
    plural(productsUpdated, c.productsUpdated),
    plural(variantsCreated, c.variantsCreated),
    plural(variantsUpdated, c.variantsUpdated),
    plural(counts.images, c.images),
  ];
};

test.describe('products CSV screens', () => {
  test('guests sign in first; customers go home', async ({ page, request, baseURL }) => {
    for (const path of [IMPORT_PATH, '/admin/products/export.csv']) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const customer = await createCustomer(request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    await page.goto(IMPORT_PATH);
    await expect(page).toHaveURL(/\/$/);
  });

  test('export from the list, change a price and the stock, add a product, check, then import', async ({
    page,
    request,
    baseURL,
  }) => {
    await adminSession(page, request, baseURL);
    await page.goto('/admin/allproducts');
    const downloading = page.waitForEvent('download');
    await main(page).getByRole('link', { name: pi.exportCsv }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    // UTF-8 with a byte order mark (Excel shows the Arabic), then the headings.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(PRODUCT_CSV_HEADINGS.join(','));

    const original = plainProduct(rowsOf(text));
    const productId = original[C.productId] ?? '';
    undo.rows.push(original);
    const before = (await (await request.get(`/api/v1/products/${productId}`)).json()).data as Product;
    const title = `منتج مستورد ${unique()}`;
    undo.titles.push(title);
    const changed: Row = { ...original, [C.price]: '87.25', [C.priceAfterDiscount]: '', [C.quantity]: '31' };
    const added: Row = {
      [C.sku]: `IMP-${unique()}`,
      [C.title]: title,
      [C.description]: 'منتج أضافه ملف CSV في اختبار الاستيراد',
      [C.category]: original[C.category] ?? '',
      [C.status]: 'منشور',
      [C.price]: '45',
      [C.quantity]: '6',
      // A picture this shop already has, by its URL in the export.
      [C.imageCover]: original[C.imageCover] ?? '',
    };

    await main(page).getByRole('link', { name: pi.importCsv }).click();
    await expect(page).toHaveURL(new RegExp(`${IMPORT_PATH}$`));
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(pi.title);
    await field(page, pi.file).setInputFiles(csvFile(csvOf([changed, added])));
    // The chosen file by its name, beside the shop's own button (not the browser's English one).
    await expect(main(page).getByText('products.csv', { exact: true })).toBeVisible();
    await expect(main(page).getByText(pi.changeFile, { exact: true })).toBeVisible();

    // The dry run: what the import would do, and nothing written yet.
    await checkButton(page).click();
    const checked = main(page).getByRole('region', { name: pi.checkedTitle });
    await expect(checked).toContainText(pi.checkedClean);
    await expect(checked.getByRole('listitem')).toHaveText(
      countLines({ rows: 2, products: [1, 1], variants: [1, 1], images: 0 }),
    );
    const unchanged = (await (await request.get(`/api/v1/products/${productId}`)).json()).data as Product;
    expect(unchanged.variants[0]?.quantity).toBe(before.variants[0]?.quantity);
    expect(await productsMatching(request, title)).toEqual([]);

    // The apply asks first; cancelling it sends nothing.
    await applyButton(page).click();
    const dialog = page.getByRole('alertdialog', { name: pi.confirmTitle });
    await expect(dialog).toContainText(pi.confirmQuestion);
    await dialog.getByRole('button', { name: pi.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(checked).toBeVisible();
    await applyButton(page).click();
    await page.getByRole('alertdialog', { name: pi.confirmTitle }).getByRole('button', { name: pi.confirm }).click();
    const applied = main(page).getByRole('region', { name: pi.appliedTitle });
    await expect(applied).toBeVisible({ timeout: 20_000 });
    await expect(applied.getByRole('listitem')).toHaveText(
      countLines({ rows: 2, products: [1, 1], variants: [1, 1], images: 0 }),
    );

    // The new price on the product's page, its stock through the API.
    const after = (await (await request.get(`/api/v1/products/${productId}`)).json()).data as Product;
    expect(after.variants[0]?.quantity).toBe(31);
    await page.goto(`/products/${productId}`);
    await expect(main(page).getByText(formatPrice(87.25, CURRENCY), { exact: true }).first()).toBeVisible();

    // The new product in the admin list.
    await page.goto(`/admin/allproducts?keyword=${encodeURIComponent(title)}`);
    await expect(main(page).getByText(title, { exact: true }).first()).toBeVisible();
  });

  test('the success links back to the list', async ({ page, request, baseURL }) => {
    const token = await adminSession(page, request, baseURL);
    // The product's own row, unchanged: an apply that writes what is there already.
    const original = plainProduct(await exportedRows(request, token));
    await page.goto(IMPORT_PATH);
    await field(page, pi.file).setInputFiles(csvFile(csvOf([original])));
    await applyButton(page).click();
    await page.getByRole('alertdialog', { name: pi.confirmTitle }).getByRole('button', { name: pi.confirm }).click();
    const applied = main(page).getByRole('region', { name: pi.appliedTitle });
    await expect(applied.getByRole('listitem')).toHaveText(
      countLines({ rows: 1, products: [0, 1], variants: [0, 1], images: 0 }),
    );
    await applied.getByRole('link', { name: ap.backToProducts }).click();
    await expect(page).toHaveURL(/\/admin\/allproducts$/);
  });

  test('a dry run lists every bad row by number, column and Arabic message, and changes nothing', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminSession(page, request, baseURL);
    const sample = plainProduct(await exportedRows(request, token));
    const id = unique();
    const base = {
      [C.description]: 'وصف',
      [C.category]: sample[C.category] ?? '',
      [C.quantity]: '1',
      [C.imageCover]: sample[C.imageCover] ?? '',
    };
    const unknownCategory = `تصنيف لا يوجد ${id}`;
    const repeated = `BAD-${id}-2`;
    const csv = csvOf([
      {
        ...base,
        [C.sku]: `BAD-${id}-1`,
        [C.title]: 'منتج بتصنيف مجهول',
        [C.category]: unknownCategory,
        [C.price]: '10',
      },
      { ...base, [C.sku]: repeated, [C.title]: 'منتج بسعر سالب', [C.price]: '-5' },
      { ...base, [C.sku]: repeated, [C.title]: 'منتج بالرمز نفسه', [C.price]: '10' },
    ]);

    await page.goto(IMPORT_PATH);
    await field(page, pi.file).setInputFiles(csvFile(csv));
    await checkButton(page).click();
    const checked = main(page).getByRole('region', { name: pi.checkedTitle });
    await expect(checked).toContainText(pi.checkedProblems(plural(3, pi.problemCount)));
    // No counts of what a refused file would do: only its rows.
    await expect(checked.getByRole('listitem')).toHaveText([plural(3, pi.counts.rows)]);
    const table = checked.getByRole('region', { name: pi.problems.caption });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0).getByRole('columnheader')).toHaveText([
      pi.problems.row,
      pi.problems.column,
      pi.problems.message,
      pi.problems.value,
    ]);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([
      formatNumber(2),
      C.category,
      say('CATEGORY_NOT_FOUND'),
      unknownCategory,
    ]);
    await expect(rows.nth(2).getByRole('cell')).toHaveText([formatNumber(3), C.price, say('PRICE_INVALID'), '-5']);
    await expect(rows.nth(3).getByRole('cell')).toHaveText([
      formatNumber(4),
      C.sku,
      say('IMPORT_SKU_REPEATED'),
      repeated,
    ]);
    await expectNoAxeViolations(page);
    // Nothing was written.
    expect(await productsMatching(request, `BAD-${id}`)).toEqual([]);

    // On a 360 px phone the table scrolls inside its box; the page does not.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  });

  test('a file without the export’s headings is refused beside the file field, naming the columns', async ({
    page,
    request,
    baseURL,
  }) => {
    await adminSession(page, request, baseURL);
    await page.goto(IMPORT_PATH);
    // Nothing chosen: the form says so before sending.
    await checkButton(page).click();
    await expect(field(page, pi.file)).toHaveAccessibleDescription(
      new RegExp(`^${escapeRegExp(say('IMPORT_FILE_REQUIRED'))}`),
    );

    // Columns the shop knows, but not the SKU.
    await field(page, pi.file).setInputFiles(
      csvFile(csvOf([{ [C.title]: 'شيء', [C.price]: '10' }], [C.title, C.price])),
    );
    await checkButton(page).click();
    const missing = say('IMPORT_FILE_INVALID', { missing: [C.sku] });
    expect(missing).toContain(C.sku);
    await expect(field(page, pi.file)).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(missing)}`));

    // Another shop's CSV.
    await field(page, pi.file).setInputFiles(csvFile('name,price\r\nshirt,10\r\n', 'other.csv'));
    await checkButton(page).click();
    const unknown = say('IMPORT_FILE_INVALID', { unknown: ['name', 'price'] });
    await expect(field(page, pi.file)).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(unknown)}`));
    await expect(main(page).getByRole('region', { name: pi.checkedTitle })).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a plain form checks the file, and imports only with the box ticked', async ({ page, request, baseURL }) => {
      const token = await adminSession(page, request, baseURL);
      const original = plainProduct(await exportedRows(request, token));
      const file = csvFile(csvOf([original]));
      await page.goto(IMPORT_PATH);
      await field(page, pi.file).setInputFiles(file);
      await checkButton(page).click();
      await expect(main(page).getByRole('region', { name: pi.checkedTitle })).toContainText(pi.checkedClean);

      // «استيراد» without the box: refused, nothing written.
      await field(page, pi.file).setInputFiles(file);
      await applyButton(page).click();
      await expect(field(page, pi.confirmBox)).toHaveAccessibleDescription(pi.confirmRequired);
      await expect(main(page).getByRole('region', { name: pi.appliedTitle })).toHaveCount(0);

      await field(page, pi.file).setInputFiles(file);
      await field(page, pi.confirmBox).check();
      await applyButton(page).click();
      await expect(main(page).getByRole('region', { name: pi.appliedTitle })).toBeVisible({ timeout: 20_000 });
    });
  });
});
