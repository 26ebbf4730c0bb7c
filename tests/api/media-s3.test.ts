import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS as C, IMAGE_SIZE_WIDTHS, IMAGE_WIDTHS } from '../../src/contract/constants.js';
import { codeOf } from '../../src/contract/messages.js';
import type { NamedItem, Product } from '../../src/contract/types.js';
import type { Config } from '../../src/server/config.js';
import { BOM, csvLine, parseCsv } from '../../src/server/http/csv.js';
import { MEDIA_CACHE_CONTROL } from '../../src/server/media/backend.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { type FilePart, multipart, pngImage } from '../helpers/multipart.js';
import { createPicturedProduct, type Form, keysOf, picture, productKeyOf, sendFormAs } from '../helpers/pictures.js';
import { startRoundRobinProxy } from '../helpers/proxy.js';
import { type S3Server, startS3Server } from '../helpers/s3.js';
import { apiClient, unique } from '../helpers/shopping.js';
import { zipOf } from '../helpers/zip.js';

/**
 * MEDIA_STORE=s3 against a local S3-compatible server (tests/helpers/s3.ts): the same pictures,
 * keys and deletions as on disk (tests/api/media.test.ts), in a bucket, served from MEDIA_PUBLIC_URL.
 */

let s3: S3Server;
let t: TestApp;
let admin: Account;
let categoryId: string;
const { send, expectNo5xx } = apiClient(() => t);
/** Fewer than a 1200 × 1000 picture has. */
const MAX_PIXELS = 1_000_000;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ ...s3.config, maxImagePixels: MAX_PIXELS });
  admin = await createAccount(t, 'admin');
  const category = await sendForm('POST', '/categories', { name: unique('قسم') }, { image: await picture('#777') });
  expect(category.statusCode, category.body).toBe(201);
  categoryId = category.json().data.id;
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});
afterEach(expectNo5xx);

const sendForm = (...form: Form) => sendFormAs(t, admin, ...form);

/** The bucket's objects of a key: every width, or none. */
async function objectsOf(key: string): Promise<string[]> {
  const keys = (await s3.listKeys()).filter((name) => name.startsWith(`${key}-`));
  expect([0, IMAGE_WIDTHS.length]).toContain(keys.length);
  return keys;
}
const stored = async (key: string) => (await objectsOf(key)).length === IMAGE_WIDTHS.length;

const createProduct = (cover: FilePart, images: FilePart[]) =>
  createPicturedProduct(t, admin, categoryId, cover, images);

describe('pictures in the bucket', () => {
  it('every width as image/webp, immutable for a year; the URLs under MEDIA_PUBLIC_URL and served by S3', async () => {
    const [a, b] = await Promise.all(['#f00', '#0f0'].map(picture));
    if (!a || !b) throw new Error('pictures');
    const product = await createProduct(a, [a, b]);
    const keys = keysOf(product);
    expect(keys).toEqual([productKeyOf(a), productKeyOf(b)]);
    for (const key of keys) {
      expect(await objectsOf(key)).toEqual(IMAGE_WIDTHS.map((width) => `${key}-${width}.webp`).sort());
      for (const width of IMAGE_WIDTHS) {
        const object = await s3.object(`${key}-${width}.webp`);
        expect(object?.contentType).toBe('image/webp');
        expect(object?.cacheControl).toBe(MEDIA_CACHE_CONTROL);
      }
    }
    const urls = [
      product.imageCover,
      ...product.images,
      ...[product.imageCoverSizes, ...product.imagesSizes].flatMap((sizes) =>
        sizes ? [sizes.small, sizes.medium, sizes.large] : [],
      ),
    ];
    for (const url of urls) {
      expect(url?.startsWith(`${s3.publicUrl}/products/`), url ?? '').toBe(true);
      // Anonymous, as a browser or a CDN asks.
      const served = await fetch(url ?? '');
      expect(served.status, url ?? '').toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // A category's picture too; and the shop serves no /media/ of its own.
    const category: NamedItem = (await send('GET', `/categories/${categoryId}`)).json().data;
    expect(category.image?.startsWith(`${s3.publicUrl}/categories/`)).toBe(true);
    const own = await t.app.inject({ method: 'GET', url: `/media/${keys[0]}-${IMAGE_WIDTHS[0]}.webp` });
    expect(own.statusCode).toBe(404);
  });

  it('the same picture sent twice, in one product and in another, is one set of objects', async () => {
    const same = await picture('#abc');
    const before = (await s3.listKeys()).length;
    const first = await createProduct(same, [same]);
    const second = await createProduct(same, []);
    expect(keysOf(first)).toEqual([productKeyOf(same)]);
    expect(second.imageCoverSizes?.key).toBe(productKeyOf(same));
    expect((await s3.listKeys()).length - before).toBe(IMAGE_WIDTHS.length);
  });
});

describe('objects nothing refers to are deleted', () => {
  it("a replaced picture's objects go, kept and shared ones stay; a deleted product's go", async () => {
    const [a, b, c, shared] = await Promise.all(['#a00', '#0a0', '#00a', '#555'].map(picture));
    if (!a || !b || !c || !shared) throw new Error('pictures');
    const product = await createProduct(a, [a, b, shared]);
    const other = await createProduct(shared, []);
    const [keyA, keyB, keyShared] = keysOf(product) as [string, string, string];

    const replaced = await sendForm('PUT', `/products/${product.id}`, { keepImages: [keyA, 'new'] }, { images: [c] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(keysOf(replaced.json().data)).toEqual([keyA, productKeyOf(c)]);
    expect(await stored(keyB)).toBe(false);
    expect(await stored(keyShared)).toBe(true); // the other product's cover
    expect(await stored(productKeyOf(c))).toBe(true);

    const deleted = await send('DELETE', `/products/${product.id}`, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const key of [keyA, productKeyOf(c)]) expect(await stored(key)).toBe(false);
    expect(await stored(keyShared)).toBe(true);

    await send('DELETE', `/products/${other.id}`, { token: admin.token });
    expect(await stored(keyShared)).toBe(false);
  });

  it("a category's replaced picture goes", async () => {
    const made = await sendForm('POST', '/categories', { name: unique('اسم') }, { image: await picture('#fed') });
    const item: NamedItem = made.json().data;
    const firstKey = item.imageSizes?.key ?? '';
    expect(await stored(firstKey)).toBe(true);
    const replaced = await sendForm('PUT', `/categories/${item.id}`, {}, { image: await picture('#def') });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await stored(firstKey)).toBe(false);
    expect(await stored(replaced.json().data.imageSizes.key)).toBe(true);
  });
});

describe('a bad picture', () => {
  it('is refused with the same codes as on disk and leaves nothing in the bucket', async () => {
    const before = await s3.listKeys();
    const notPicture: FilePart = { filename: 'a.png', contentType: 'image/png', data: Buffer.from('not a picture') };
    const invalid = await sendForm(
      'POST',
      '/products',
      { title: unique('منتج'), description: 'وصف', quantity: 5, price: 100, category: categoryId },
      { imageCover: notPicture },
    );
    expect(invalid.statusCode).toBe(415);
    expect(invalid.json().code).toBe(codeOf('imageInvalid'));

    const tooMany = await sendForm(
      'POST',
      '/products',
      { title: unique('منتج'), description: 'وصف', quantity: 5, price: 100, category: categoryId },
      { imageCover: await pngImage(1200, 1000, '#000') },
    );
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().code).toBe(codeOf('imageTooManyPixels'));
    expect(await s3.listKeys()).toEqual(before);
  });
});

describe('a products import', () => {
  it("takes the export's bucket URLs back, and a zip's picture into the bucket", async () => {
    const [cover, zipped] = await Promise.all(['#124', '#421'].map(picture));
    if (!cover || !zipped) throw new Error('pictures');
    const product = await createProduct(cover, [cover]);
    const exported = parseCsv((await send('GET', '/products/export.csv', { token: admin.token })).body);
    if (!('records' in exported)) throw new Error('the export is not CSV');
    const [headings = [], ...rows] = exported.records.map((record) => record.cells);
    const row = rows.find((cells) => cells[headings.indexOf(C.productId)] === product.id) ?? [];
    expect(row[headings.indexOf(C.imageCover)]).toBe(product.imageCover);
    // The same product again, its cover from the export (a bucket URL), a second picture from the zip.
    row[headings.indexOf(C.images)] = `${product.imageCover} | new.png`;
    const csv = Buffer.from(BOM + csvLine(headings) + csvLine(row), 'utf8');
    const { payload, headers } = multipart(
      {},
      {
        file: { filename: 'products.csv', contentType: 'text/csv', data: csv },
        images: {
          filename: 'pictures.zip',
          contentType: 'application/zip',
          data: zipOf([{ name: 'new.png', data: zipped.data }]),
        },
      },
    );
    const applied = await send('POST', '/products/import?dryRun=false', { token: admin.token, payload, headers });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ images: 1, problems: [], products: { created: 0, updated: 1 } });
    const after: Product = (await send('GET', `/products/${product.id}`)).json().data;
    expect(keysOf(after)).toEqual([productKeyOf(cover), productKeyOf(zipped)]);
    expect(await stored(productKeyOf(zipped))).toBe(true);
  });
});

describe('disk behind a CDN (MEDIA_PUBLIC_URL without MEDIA_STORE=s3)', () => {
  it('the URLs lead to the CDN, which the shop still serves at /media/ with the same headers', async () => {
    const cdn = 'https://cdn.example.com/media';
    const shop = await createTestApp({ media: { store: 'disk', publicUrl: cdn } });
    try {
      const account = await createAccount(shop, 'admin');
      const made = await sendFormAs(
        shop,
        account,
        'POST',
        '/categories',
        { name: unique('قسم') },
        { image: await picture('#369') },
      );
      expect(made.statusCode, made.body).toBe(201);
      const item: NamedItem = made.json().data;
      const key = item.imageSizes?.key ?? '';
      expect(item.imageSizes?.small).toBe(`${cdn}/${key}-${IMAGE_SIZE_WIDTHS.small}.webp`);
      const origin = await shop.app.inject({ method: 'GET', url: new URL(item.image ?? '').pathname });
      expect(origin.statusCode).toBe(200);
      expect(origin.headers['content-type']).toBe('image/webp');
      expect(origin.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    } finally {
      await shop.close();
    }
  });
});

/** The shop's settings with another endpoint for the same bucket. */
function endpointAt(endpoint: string): Pick<Config, 'media'> {
  const { media } = s3.config;
  if (media.store !== 's3') throw new Error('not s3');
  return { media: { ...media, s3: { ...media.s3, endpoint } } };
}

describe("AWS without s3:ListBucket: a missing object's HEAD answers 403", () => {
  it('new pictures are still saved, every width in the bucket', async () => {
    // A proxy in front of the bucket answering as AWS does (its HeadObject reference: "If you don't
    // have the s3:ListBucket permission, Amazon S3 returns an HTTP status code 403").
    const aws = await startRoundRobinProxy([s3.endpoint], 0, (method, status) =>
      method === 'HEAD' && status === 404 ? 403 : status,
    );
    const app = await createTestApp(endpointAt(aws.origin));
    try {
      const file = await picture('#2a9');
      const made = await sendFormAs(
        app,
        await createAccount(app, 'admin'),
        'POST',
        '/categories',
        { name: unique('قسم') },
        { image: file },
      );
      expect(made.statusCode, made.body).toBe(201);
      const key: string = made.json().data.imageSizes.key;
      expect((await s3.listKeys()).filter((name) => name.startsWith(`${key}-`))).toHaveLength(IMAGE_WIDTHS.length);
    } finally {
      await app.close();
      await aws.close();
    }
  });
});

describe('a bucket that does not answer', () => {
  /** A shop whose bucket is at `endpoint`: a category's picture cannot be saved. */
  async function expectUnavailable(endpoint: string) {
    const app = await createTestApp(endpointAt(endpoint));
    try {
      const res = await sendFormAs(
        app,
        await createAccount(app, 'admin'),
        'POST',
        '/categories',
        { name: unique('قسم') },
        { image: await picture('#963') },
      );
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', code: codeOf('mediaStoreUnavailable') });
      expect(res.headers['retry-after']).toBe('5');
      const categories = await app.app.inject({ method: 'GET', url: '/api/v1/categories' });
      expect(categories.json().data).toEqual([]);
    } finally {
      await app.close();
    }
  }

  it('down (nothing listens): 503 MEDIA_STORE_UNAVAILABLE, nothing saved', async () => {
    const gone = await startS3Server();
    await gone.stop();
    await expectUnavailable(gone.endpoint);
  });

  // Two attempts of at most 5 s each (src/server/media/s3-backend.ts): well within the test's 30 s,
  // where the SDK's defaults would wait on for as long as the socket stays open.
  it('hanging (connects, never answers): the same 503 within seconds', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await expectUnavailable(`http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 30_000);
});
