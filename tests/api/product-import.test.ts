import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS as C, PRODUCT_CSV_HEADINGS } from '../../src/contract/constants.js';
import type { ImportProblem, ProductImportReport } from '../../src/contract/product-import.js';
import type { Product } from '../../src/contract/types.js';
import { categories, productSubcategories, products, productVariants, subcategories } from '../../src/db/schema.js';
import { BOM, csvLine, parseCsv } from '../../src/server/http/csv.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { type FilePart, multipart, pngImage } from '../helpers/multipart.js';
import { postgresUrl } from '../helpers/server.js';
import { apiClient, createTaxonomy, expectFail, firstError, unique } from '../helpers/shopping.js';
import { zipOf } from '../helpers/zip.js';

/*
 * The products CSV import (docs/product-import.md): created or updated by SKU, a dry run that
 * names every wrong cell by row and column, an apply in one transaction, pictures by this shop's
 * media URL or from a zip.
 */

let t: TestApp;
let admin: Account;
let taxonomy: Awaited<ReturnType<typeof createTaxonomy>>;
let png: FilePart;
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  taxonomy = await createTaxonomy(t);
  png = await pngImage();
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const SIZE = 'المقاس';
const CAPACITY = 'السعة';
type Row = Partial<Record<string, string>>;

/** A CSV of these rows under these headings (all of the export's by default), as a spreadsheet saves it. */
function csvOf(rows: Row[], headings: readonly string[] = PRODUCT_CSV_HEADINGS): Buffer {
  return Buffer.from(
    BOM + csvLine([...headings]) + rows.map((row) => csvLine(headings.map((h) => row[h] ?? ''))).join(''),
    'utf8',
  );
}

function importFile(csv: Buffer, options: { dryRun?: boolean; zip?: Buffer; token?: string } = {}) {
  const form = multipart(
    {},
    {
      file: { filename: 'products.csv', contentType: 'text/csv', data: csv },
      ...(options.zip
        ? { images: { filename: 'pictures.zip', contentType: 'application/zip', data: options.zip } }
        : {}),
    },
  );
  return send('POST', `/products/import?dryRun=${options.dryRun ?? true}`, {
    token: options.token ?? admin.token,
    payload: form.payload,
    headers: form.headers,
  });
}

async function report(csv: Buffer, options: { dryRun?: boolean; zip?: Buffer } = {}) {
  const res = await importFile(csv, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ProductImportReport;
}

/** A shoe in sizes 41 and 42, made through the API. */
async function createShoe() {
  const sku = unique('IM').replaceAll(' ', '-');
  const form = multipart(
    {
      title: unique('حذاء استيراد'),
      description: 'حذاء للاختبار',
      category: taxonomy.category.id,
      options: JSON.stringify([{ name: SIZE, values: ['41', '42'] }]),
      variants: JSON.stringify([
        { sku: `${sku}-41`, options: { [SIZE]: '41' }, price: 300, quantity: 5 },
        { sku: `${sku}-42`, options: { [SIZE]: '42' }, price: 320, priceAfterDiscount: 280, quantity: 2 },
      ]),
    },
    { imageCover: png },
  );
  const res = await send('POST', '/products', { token: admin.token, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Product;
}

const productOf = async (id: string) =>
  (await send('GET', `/products/${id}`, { token: admin.token })).json().data as Product;

/** The export's rows of one product, by heading. */
async function exportedRows(productId: string): Promise<Row[]> {
  const res = await send('GET', '/products/export.csv', { token: admin.token });
  const parsed = parseCsv(res.body);
  if (!('records' in parsed)) throw new Error('the export is not CSV');
  const [headings, ...rows] = parsed.records.map((record) => record.cells);
  return rows
    .map((cells) => Object.fromEntries((headings ?? []).map((heading, i) => [heading, cells[i] ?? ''])))
    .filter((row) => row[C.productId] === productId);
}

const problemsOf = (found: ImportProblem[]) => found.map(({ row, column, code }) => ({ row, column, code }));

describe('POST /products/import: who may', () => {
  it('is for staff only', async () => {
    const customer = await createAccount(t);
    const csv = csvOf([]);
    expect((await importFile(csv, { token: '' })).statusCode).toBe(401);
    expect((await importFile(csv, { token: customer.token })).statusCode).toBe(403);
  });
});

describe('a round trip through the export', () => {
  it('reads the export back unchanged, then applies edits: prices, stock, a new size and a new product', async () => {
    const shoe = await createShoe();
    const rows = await exportedRows(shoe.id);
    expect(rows).toHaveLength(2);

    // The export as it is: every row updates its variant, nothing is wrong.
    const unchanged = await report(csvOf(rows));
    expect(unchanged).toMatchObject({
      dryRun: true,
      rows: 2,
      products: { created: 0, updated: 1 },
      variants: { created: 0, updated: 2 },
      problems: [],
    });

    const [row41, row42] = rows as [Row, Row];
    const newSku = unique('NEW').replaceAll(' ', '-');
    const edited = csvOf([
      // Arabic-Indic digits, as a phone keyboard types them.
      { ...row41, [C.price]: '٣٥٠', [C.quantity]: '٧' },
      // An empty discount cell removes the discount.
      { ...row42, [C.priceAfterDiscount]: '' },
      { ...row41, [C.sku]: `${row41[C.sku]}-43`, 'القيمة 1': '43', [C.price]: '360', [C.quantity]: '4' },
      {
        [C.sku]: newSku,
        [C.title]: 'قميص قطني مستورد',
        [C.description]: 'قميص من القطن',
        [C.category]: taxonomy.category.name,
        [C.brand]: taxonomy.brand.name,
        [C.status]: 'مسودة',
        [C.price]: '99.50',
        [C.quantity]: '12',
        [C.imageCover]: row41[C.imageCover],
      },
    ]);
    const dry = await report(edited);
    expect(dry).toMatchObject({
      dryRun: true,
      rows: 4,
      products: { created: 1, updated: 1 },
      variants: { created: 2, updated: 2 },
      problems: [],
    });
    // A dry run writes nothing.
    expect((await productOf(shoe.id)).variants).toHaveLength(2);

    const applied = await report(edited, { dryRun: false });
    expect(applied).toMatchObject({ dryRun: false, products: { created: 1, updated: 1 }, problems: [] });
    const after = await productOf(shoe.id);
    const bySize = Object.fromEntries(after.variants.map((v) => [v.options[SIZE], v]));
    expect(bySize['41']).toMatchObject({ sku: row41[C.sku], price: 350, quantity: 7 });
    expect(bySize['42']).toMatchObject({ price: 320, quantity: 2 });
    expect(bySize['42']).not.toHaveProperty('priceAfterDiscount');
    expect(bySize['43']).toMatchObject({ sku: `${row41[C.sku]}-43`, price: 360, quantity: 4 });
    expect(after.options).toEqual([{ name: SIZE, values: ['41', '42', '43'] }]);
    // The product keeps the sums of its variants.
    expect(after.quantity).toBe(13);

    const [created] = await t.database.db.select().from(productVariants).where(eq(productVariants.sku, newSku));
    const shirt = await productOf(created?.productId ?? '');
    expect(shirt).toMatchObject({
      title: 'قميص قطني مستورد',
      status: 'draft',
      price: 99.5,
      quantity: 12,
      options: [],
      imageCover: shoe.imageCover,
    });
    expect(shirt.brand).toBe(taxonomy.brand.id);
    // Indexed for the staff's search at once.
    const found = await send('GET', `/products?status=all&keyword=${encodeURIComponent(newSku)}`, {
      token: admin.token,
    });
    expect(found.json().data.map((p: Product) => p.id)).toEqual([shirt.id]);
  });

  it('updates from a sheet of a few columns only, keeping what it does not name', async () => {
    const shoe = await createShoe();
    const sku41 = shoe.variants.find((v) => v.options[SIZE] === '41')?.sku ?? '';
    // Any case: SKUs are matched whatever their case.
    await report(csvOf([{ [C.sku]: sku41.toLowerCase(), [C.quantity]: '0' }], [C.sku, C.quantity]), {
      dryRun: false,
    });
    const after = await productOf(shoe.id);
    expect(after.variants.find((v) => v.sku === sku41)).toMatchObject({ price: 300, quantity: 0 });
    expect(after.variants.find((v) => v.options[SIZE] === '42')).toMatchObject({ priceAfterDiscount: 280 });
    expect(after.title).toBe(shoe.title);
  });

  it('gives a product without options its first options, keeping its sales on the first new variant', async () => {
    // A simple product: one default variant.
    const plain = multipart(
      { title: unique('كوب'), description: 'كوب', category: taxonomy.category.id, price: 20, quantity: 3 },
      { imageCover: png },
    );
    const made = (
      await send('POST', '/products', { token: admin.token, payload: plain.payload, headers: plain.headers })
    ).json().data as Product;
    const [only] = made.variants;
    await t.database.db
      .update(productVariants)
      .set({ sold: 4 })
      .where(eq(productVariants.id, only?.id ?? ''));
    const applied = await report(
      csvOf([
        { [C.productId]: made.id, 'الخيار 1': 'السعة', 'القيمة 1': 'صغير', [C.price]: '20', [C.quantity]: '3' },
        { [C.productId]: made.id, 'الخيار 1': 'السعة', 'القيمة 1': 'كبير', [C.price]: '25', [C.quantity]: '2' },
      ]),
      { dryRun: false },
    );
    expect(applied.variants).toEqual({ created: 2, updated: 0 });
    const after = await productOf(made.id);
    expect(after.options).toEqual([{ name: 'السعة', values: ['صغير', 'كبير'] }]);
    expect(after.variants.find((v) => v.options[CAPACITY] === 'صغير')?.id).toBe(only?.id);
    expect(after.sold).toBe(4);
  });

  it('reads back a title the export guarded against spreadsheet formulas', async () => {
    const shoe = await createShoe();
    await t.database.db.update(products).set({ title: '=خصم خاص' }).where(eq(products.id, shoe.id));
    const rows = await exportedRows(shoe.id);
    expect(rows[0]?.[C.title]).toBe("'=خصم خاص");
    await report(csvOf(rows), { dryRun: false });
    expect((await productOf(shoe.id)).title).toBe('=خصم خاص');
  });
});

describe('a dry run with wrong rows', () => {
  it('names every wrong cell by row and column, and an apply then writes nothing', async () => {
    const shoe = await createShoe();
    const [row41, row42] = (await exportedRows(shoe.id)) as [Row, Row];
    const base = {
      [C.title]: 'منتج جديد للاختبار',
      [C.description]: 'وصف',
      [C.category]: taxonomy.category.name,
      [C.imageCover]: row41[C.imageCover],
      [C.quantity]: '1',
    };
    const csv = csvOf([
      { ...row41, [C.price]: '-5' }, // row 2
      { ...row42, [C.title]: 'اسم آخر', [C.barcode]: '1234567890123' }, // row 3
      { ...base, [C.sku]: 'DUP-1', [C.category]: 'تصنيف لا يوجد', [C.price]: '10' }, // row 4
      { ...base, [C.sku]: 'dup-1', [C.title]: 'منتج ثان', [C.price]: '10' }, // row 5
      { ...base, [C.sku]: 'ST-1', [C.title]: 'منتج ثالث', [C.status]: 'معروض', [C.price]: '10' }, // row 6
      {
        ...base,
        [C.sku]: 'IMG-1',
        [C.title]: 'منتج رابع',
        [C.price]: '10',
        [C.imageCover]: 'https://evil.example/x.png',
      }, // row 7
      { ...base, [C.sku]: 'NOC-1', [C.title]: 'منتج خامس', [C.price]: '10', [C.imageCover]: '' }, // row 8
      { [C.sku]: 'ID-1', [C.productId]: '00000000-0000-4000-8000-000000000000', [C.price]: '10' }, // row 9
      { ...base, [C.sku]: 'Q-1', [C.title]: 'منتج سادس', [C.price]: '10', [C.quantity]: '1.5' }, // row 10
    ]);
    const dry = await report(csv);
    expect(problemsOf(dry.problems)).toEqual([
      { row: 2, column: C.price, code: 'PRICE_INVALID' },
      { row: 3, column: C.title, code: 'IMPORT_ROW_DISAGREES' },
      { row: 3, column: C.barcode, code: 'BARCODE_INVALID' },
      { row: 4, column: C.category, code: 'CATEGORY_NOT_FOUND' },
      { row: 5, column: C.sku, code: 'IMPORT_SKU_REPEATED' },
      { row: 6, column: C.status, code: 'IMPORT_STATUS_INVALID' },
      { row: 7, column: C.imageCover, code: 'IMPORT_IMAGE_UNKNOWN' },
      { row: 8, column: C.imageCover, code: 'IMAGE_COVER_REQUIRED' },
      { row: 9, column: C.productId, code: 'IMPORT_PRODUCT_NOT_FOUND' },
      { row: 10, column: C.quantity, code: 'QUANTITY_INVALID' },
    ]);
    expect(dry.problems[0]).toMatchObject({ value: '-5', message: expect.any(String) });

    const refused = await importFile(csv, { dryRun: false });
    expectFail(refused, 400);
    expect(refused.json().code).toBe('IMPORT_ROWS_INVALID');
    expect(problemsOf(refused.json().problems)).toEqual(problemsOf(dry.problems));
    const after = await productOf(shoe.id);
    expect(after.variants.map((v) => [v.price, v.quantity])).toEqual(shoe.variants.map((v) => [v.price, v.quantity]));
    const made = await t.database.db.select().from(productVariants).where(eq(productVariants.sku, 'ST-1'));
    expect(made).toEqual([]);
  });

  it('refuses a SKU another product has, and a combination twice', async () => {
    const shoe = await createShoe();
    const other = await createShoe();
    const [row41] = (await exportedRows(shoe.id)) as [Row];
    const otherSku = other.variants[0]?.sku ?? '';
    const dry = await report(
      csvOf([
        { ...row41, [C.sku]: otherSku },
        { ...row41, [C.sku]: `${row41[C.sku]}-B` },
      ]),
    );
    expect(problemsOf(dry.problems)).toEqual([
      { row: 2, column: C.sku, code: 'IMPORT_SKU_OF_OTHER_PRODUCT' },
      { row: 3, column: 'القيمة 1', code: 'VARIANT_DUPLICATE' },
    ]);
  });
});

describe('the file', () => {
  const expectFileRefused = async (csv: Buffer, code: string, status = 400) => {
    const res = await importFile(csv);
    expectFail(res, status);
    expect(res.json().code).toBe(code);
    return res.json();
  };

  it('must be UTF-8 CSV with the export headings and the SKU', async () => {
    // «سعر» in Windows-1256, as an old Excel saves "CSV" in an Arabic Windows.
    await expectFileRefused(Buffer.from([0xd3, 0xda, 0xd1, 0x2c, 0x0d, 0x0a]), 'IMPORT_FILE_INVALID');
    // The same sheet in UTF-16 without its byte order mark: valid UTF-8, but full of NULs.
    const utf16 = Buffer.from(`${csvLine([C.sku, C.quantity])}A-1,1\r\n`, 'utf16le');
    await expectFileRefused(utf16, 'IMPORT_FILE_INVALID');
    expect((await expectFileRefused(csvOf([{}], ['رمز', C.price]), 'IMPORT_FILE_INVALID')).unknown).toEqual(['رمز']);
    expect((await expectFileRefused(csvOf([{ [C.price]: '1' }], [C.price]), 'IMPORT_FILE_INVALID')).missing).toEqual([
      C.sku,
    ]);
    const open = Buffer.from(`${csvLine([C.sku, C.title])}A-1,"قميص\r\nB-2,x\r\n`);
    expect((await expectFileRefused(open, 'IMPORT_CSV_MALFORMED')).row).toBe(2);
    // A sheet with only its headings imports nothing: said, not silently done.
    await expectFileRefused(csvOf([]), 'IMPORT_FILE_INVALID');
  });

  it('is required, and holds at most 5000 rows', async () => {
    const res = await send('POST', '/products/import', {
      token: admin.token,
      ...(() => {
        const form = multipart({ note: 'x' });
        return { payload: form.payload, headers: form.headers };
      })(),
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ param: 'file', code: 'IMPORT_FILE_REQUIRED' });
    const many = csvOf(
      Array.from({ length: 5001 }, (_, i) => ({ [C.sku]: `R-${i}`, [C.quantity]: '1' })),
      [C.sku, C.quantity],
    );
    await expectFileRefused(many, 'IMPORT_TOO_MANY_ROWS', 413);
  });
});

describe('pictures from a zip', () => {
  it('saves the pictures the rows name, by file name in any folder and case', async () => {
    const red = await pngImage(60, 60, '#f00');
    const blue = await pngImage(60, 60, '#00f');
    const sku = unique('ZIP').replaceAll(' ', '-');
    const csv = csvOf([
      {
        [C.sku]: sku,
        [C.title]: 'منتج بصور من ملف مضغوط',
        [C.description]: 'وصف',
        [C.category]: taxonomy.category.name,
        [C.price]: '10',
        [C.quantity]: '1',
        [C.imageCover]: 'Red.PNG',
        [C.images]: 'red.png | أزرق.png',
      },
    ]);
    const zip = zipOf([
      { name: 'photos/red.png', data: red.data },
      { name: 'photos/أزرق.png', data: blue.data },
      { name: '__MACOSX/photos/._red.png', data: Buffer.from('junk') },
    ]);
    expect(await report(csv, { zip })).toMatchObject({ images: 2, problems: [] });
    await report(csv, { zip, dryRun: false });
    const [variant] = await t.database.db.select().from(productVariants).where(eq(productVariants.sku, sku));
    const product = await productOf(variant?.productId ?? '');
    expect(product.images).toHaveLength(2);
    expect(product.imageCover).toBe(product.images[0]);
    const picture = await send('GET', new URL(product.images[1] ?? '').pathname);
    expect(picture.statusCode).toBe(200);
  });

  it('refuses a picture that is not one, one past the upload limit, and a file that is not a zip', async () => {
    const base = {
      [C.title]: 'منتج بصورة سيئة',
      [C.description]: 'وصف',
      [C.category]: taxonomy.category.name,
      [C.price]: '10',
      [C.quantity]: '1',
    };
    const csv = csvOf([
      { ...base, [C.sku]: unique('BAD').replaceAll(' ', '-'), [C.imageCover]: 'notes.png' },
      {
        ...base,
        [C.sku]: unique('BOMB').replaceAll(' ', '-'),
        [C.title]: 'منتج بصورة ضخمة',
        [C.imageCover]: 'huge.png',
      },
      { ...base, [C.sku]: unique('MISS').replaceAll(' ', '-'), [C.title]: 'منتج بلا صورة', [C.imageCover]: 'gone.png' },
    ]);
    const zip = zipOf([
      { name: 'notes.png', data: Buffer.from('not a picture') },
      // Six megabytes of zeros pack into a few kilobytes: inflated only up to the limit.
      { name: 'huge.png', data: Buffer.alloc(6 * 1024 * 1024) },
    ]);
    const dry = await report(csv, { zip });
    expect(problemsOf(dry.problems)).toEqual([
      { row: 2, column: C.imageCover, code: 'IMPORT_IMAGE_INVALID' },
      { row: 3, column: C.imageCover, code: 'IMPORT_IMAGE_INVALID' },
      { row: 4, column: C.imageCover, code: 'IMPORT_IMAGE_UNKNOWN' },
    ]);
    // An entry that says it is small but inflates past what it says.
    const lying = zipOf([{ name: 'notes.png', data: Buffer.alloc(100_000), declaredSize: 100 }]);
    expect(problemsOf((await report(csv, { zip: lying })).problems)[0]).toEqual({
      row: 2,
      column: C.imageCover,
      code: 'IMPORT_IMAGE_INVALID',
    });
    const notZip = await importFile(csv, { zip: Buffer.from('PK not really') });
    expectFail(notZip, 400);
    expect(notZip.json().code).toBe('IMPORT_ZIP_INVALID');
  });
});

describe('a picture that fails only when decoded', () => {
  it('is reported at its row and column by the apply, which writes nothing', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const sku = unique('CUT').replaceAll(' ', '-');
    const csv = csvOf([
      {
        [C.sku]: sku,
        [C.title]: 'منتج بصورة مقطوعة',
        [C.description]: 'وصف',
        [C.category]: taxonomy.category.name,
        [C.price]: '10',
        [C.quantity]: '1',
        [C.imageCover]: 'cut.jpg',
      },
    ]);
    // Half a JPEG: its header reads, its pixels do not.
    const zip = zipOf([{ name: 'cut.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }]);
    // The dry run reads headers only: it passes.
    expect((await report(csv, { zip })).problems).toEqual([]);
    const res = await importFile(csv, { zip, dryRun: false });
    expectFail(res, 400);
    expect(problemsOf(res.json().problems)).toEqual([{ row: 2, column: C.imageCover, code: 'IMPORT_IMAGE_INVALID' }]);
    expect(await t.database.db.select().from(productVariants).where(eq(productVariants.sku, sku))).toEqual([]);
  });
});

describe('what a sheet leaves alone', () => {
  it('keeps sales made since the export when the stock cell was left as exported', async () => {
    const shoe = await createShoe();
    const rows = await exportedRows(shoe.id);
    const row41 = rows.find((row) => row['القيمة 1'] === '41') as Row;
    expect(row41[C.exportedQuantity]).toBe('5');
    // Two units of size 41 sell after the export…
    const variant41 = shoe.variants.find((v) => v.options[SIZE] === '41');
    await t.database.db
      .update(productVariants)
      .set({ quantity: 3 })
      .where(eq(productVariants.id, variant41?.id ?? ''));
    // …then the sheet comes back with a new price, the stock cells untouched, and size 42 counted again.
    await report(
      csvOf(
        rows.map((row) => ({
          ...row,
          [C.price]: '333',
          ...(row['القيمة 1'] === '42' ? { [C.quantity]: '10' } : {}),
        })),
      ),
      { dryRun: false },
    );
    const after = await productOf(shoe.id);
    expect(after.variants.find((v) => v.options[SIZE] === '41')).toMatchObject({ price: 333, quantity: 3 });
    expect(after.variants.find((v) => v.options[SIZE] === '42')).toMatchObject({ price: 333, quantity: 10 });
  });

  it('drops the sub-categories of the old category when a row moves a product to another', async () => {
    const shoe = await createShoe();
    const [sub] = await t.database.db
      .insert(subcategories)
      .values({ name: unique('فرعي'), slug: unique('sub').replaceAll(' ', '-'), categoryId: taxonomy.category.id })
      .returning();
    await t.database.db.insert(productSubcategories).values({ productId: shoe.id, subcategoryId: sub?.id ?? '' });
    const other = await createTaxonomy(t);
    const rows = await exportedRows(shoe.id);
    await report(csvOf(rows.map((row) => ({ ...row, [C.category]: other.category.name }))), { dryRun: false });
    const after = await productOf(shoe.id);
    expect(after.category).toBe(other.category.id);
    expect(
      await t.database.db.select().from(productSubcategories).where(eq(productSubcategories.productId, shoe.id)),
    ).toEqual([]);
  });

  it('refuses two rows for one variant, and a cell beyond the headings, but takes an empty last heading', async () => {
    const shoe = await createShoe();
    const { [C.sku]: _sku, ...row41 } = ((await exportedRows(shoe.id)) as Row[])[0] as Row;
    const twice = await report(
      csvOf([
        { ...row41, [C.price]: '1' },
        { ...row41, [C.price]: '2' },
      ]),
    );
    expect(problemsOf(twice.problems)).toEqual([{ row: 3, column: 'القيمة 1', code: 'VARIANT_DUPLICATE' }]);
    const sku = shoe.variants[0]?.sku ?? '';
    const shifted = Buffer.from(`${csvLine([C.sku, C.quantity, ''])}${sku},4,\r\n${sku},4,5\r\n`);
    const stray = await report(shifted);
    expect(problemsOf(stray.problems)).toEqual([{ row: 3, column: '', code: 'IMPORT_CELL_WITHOUT_HEADING' }]);
  });

  it('keeps the one variant of a product without options on the row that names its SKU', async () => {
    const plain = multipart(
      { title: unique('قميص'), description: 'قميص', category: taxonomy.category.id, price: 20, quantity: 3 },
      { imageCover: png },
    );
    const made = (
      await send('POST', '/products', { token: admin.token, payload: plain.payload, headers: plain.headers })
    ).json().data as Product;
    const only = made.variants[0];
    await report(
      csvOf([
        {
          [C.productId]: made.id,
          [C.sku]: `${only?.sku}-S`,
          'الخيار 1': SIZE,
          'القيمة 1': 'S',
          [C.price]: '20',
          [C.quantity]: '1',
        },
        { [C.sku]: only?.sku, 'الخيار 1': SIZE, 'القيمة 1': 'M', [C.price]: '20', [C.quantity]: '2' },
      ]),
      { dryRun: false },
    );
    const after = await productOf(made.id);
    expect(after.variants.find((v) => v.options[SIZE] === 'M')).toMatchObject({ id: only?.id, sku: only?.sku });
    expect(after.variants).toHaveLength(2);
  });
});

describe('at the same time', () => {
  it('an apply and an order on the same variant both finish, and the sheet sets the stock', async () => {
    const shoe = await createShoe();
    const rows = await exportedRows(shoe.id);
    const customer = await createAccount(t);
    const variant = shoe.variants[0];
    const cart = await send('POST', '/cart', {
      token: customer.token,
      payload: { productId: shoe.id, variantId: variant?.id },
    });
    const cartId = cart.json().data._id;
    const [imported, ordered] = await Promise.all([
      importFile(csvOf(rows.map((row) => ({ ...row, [C.quantity]: '9' }))), { dryRun: false }),
      send('POST', `/orders/${cartId}`, { token: customer.token, payload: { shippingAddress } }),
      importFile(csvOf(rows), { dryRun: false }),
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const after = await productOf(shoe.id);
    expect(after.variants.reduce((sum, v) => sum + v.quantity, 0)).toBe(after.quantity);
  });

  it.skipIf(!postgresUrl())(
    'PostgreSQL: a category deleted while an apply plans names the row, never a 500',
    async () => {
      const [category] = await t.database.db
        .insert(categories)
        .values({ name: unique('قسم يحذف'), slug: unique('gone') })
        .returning();
      if (!category) throw new Error('category');
      const shoe = await createShoe();
      const [row41] = (await exportedRows(shoe.id)) as [Row];
      const csv = csvOf([
        {
          [C.sku]: unique('GONE').replaceAll(' ', '-'),
          [C.title]: 'منتج في قسم يحذف',
          [C.description]: 'وصف',
          [C.category]: category.name,
          [C.price]: '10',
          [C.quantity]: '1',
          [C.imageCover]: row41[C.imageCover],
        },
      ]);
      // Another session deletes the category and holds its transaction open while the apply starts.
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('DELETE FROM categories WHERE id = $1', [category.id]);
        const applied = importFile(csv, { dryRun: false });
        // The apply waits on the deleted row (its lock on the categories it reads), then commits go.
        for (let waited = 0; ; waited++) {
          const { rows } = await other.query(
            "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          if (rows[0].waiting > 0) break;
          if (waited === 200) throw new Error('the apply never waited on the category');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await other.query('COMMIT');
        const refused = await applied;
        expectFail(refused, 400);
        expect(refused.json().code).toBe('IMPORT_ROWS_INVALID');
        expect(problemsOf(refused.json().problems)).toEqual([
          { row: 2, column: C.category, code: 'CATEGORY_NOT_FOUND' },
        ]);
      } finally {
        await other.end();
      }
    },
  );
});
