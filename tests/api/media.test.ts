import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZE_WIDTHS, IMAGE_WIDTHS } from '../../src/contract/constants.js';
import { codeOf } from '../../src/contract/messages.js';
import type { NamedItem, Product, StoredImage } from '../../src/contract/types.js';
import type { Tx } from '../../src/db/client.js';
import { products } from '../../src/db/schema.js';
import { claimUploads, releaseMedia } from '../../src/server/media/references.js';
import { mediaStoreOf } from '../../src/server/media/store.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import type { FieldValue, FilePart } from '../helpers/multipart.js';
import { createPicturedProduct, type Form, keysOf, picture, productKeyOf, sendFormAs } from '../helpers/pictures.js';
import { apiClient, customerWithCart, firstError, unique } from '../helpers/shopping.js';

/** Keys kept by an edit, files deleted when nothing refers to them (docs/architecture.md § Images). */

let t: TestApp;
let admin: Account;
let categoryId: string;
const { send, expectNo5xx } = apiClient(() => t);
const address = { details: 'شارع العليا 5', phone: '0551234567', city: 'الرياض', postalCode: '11511' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t, 'admin');
  const category = await sendForm('POST', '/categories', { name: unique('قسم') }, { image: await picture('#777') });
  expect(category.statusCode, category.body).toBe(201);
  categoryId = category.json().data.id;
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const sendForm = (...form: Form) => sendFormAs(t, admin, ...form);

/** Whether every width of a stored key is on disk. */
function stored(key: string): boolean {
  const files = IMAGE_WIDTHS.map((width) => path.join(t.config.dataDir, 'media', `${key}-${width}.webp`));
  const present = files.filter((file) => existsSync(file)).length;
  // Never half a picture: all widths or none.
  expect([0, files.length]).toContain(present);
  return present === files.length;
}

const modified = (key: string) =>
  statSync(path.join(t.config.dataDir, 'media', `${key}-${IMAGE_SIZE_WIDTHS.large}.webp`)).mtimeMs;

const createProduct = (cover: FilePart, images: FilePart[]) =>
  createPicturedProduct(t, admin, categoryId, cover, images);

const coverKey = (product: Product) => product.imageCoverSizes?.key ?? '';

describe('every size of every image in the answer', () => {
  it('a product, its category and a cart line give each size by key; the plain fields stay the large URLs', async () => {
    const product = await createProduct(await picture('#f00'), [await picture('#f00'), await picture('#0f0')]);
    const expectSizes = async (sizes: StoredImage | null, large: string | null) => {
      if (!sizes) throw new Error('no sizes');
      expect(sizes.large).toBe(large);
      expect(sizes.key).toMatch(/^products\/[0-9a-f]{32}$|^categories\/[0-9a-f]{32}$/);
      for (const [size, width] of Object.entries(IMAGE_SIZE_WIDTHS)) {
        const url = sizes[size as keyof typeof IMAGE_SIZE_WIDTHS];
        expect(url.endsWith(`/media/${sizes.key}-${width}.webp`)).toBe(true);
        const served = await send('GET', new URL(url).pathname);
        expect(served.statusCode).toBe(200);
      }
    };
    await expectSizes(product.imageCoverSizes, product.imageCover);
    expect(product.imagesSizes).toHaveLength(2);
    for (const [i, sizes] of product.imagesSizes.entries()) await expectSizes(sizes, product.images[i] ?? null);
    // The same file as cover and first image is one key.
    expect(product.imagesSizes[0]?.key).toBe(coverKey(product));

    const category: NamedItem = (await send('GET', `/categories/${categoryId}`)).json().data;
    await expectSizes(category.imageSizes, category.image);

    const { user } = await customerWithCart(t, send, [{ productId: product.id }]);
    const cart = (await send('GET', '/cart', { token: user.token })).json().data;
    expect(cart.products[0].product.imageCoverSizes).toEqual(product.imageCoverSizes);
  });
});

describe('an edit keeps saved images by key', () => {
  it('kept in the order sent, new files placed, removed ones deleted from the store; kept files untouched', async () => {
    const [a, b, c, d] = await Promise.all(['#a00', '#0a0', '#00a', '#aa0'].map(picture));
    if (!a || !b || !c || !d) throw new Error('pictures');
    const product = await createProduct(a, [a, b, c]);
    const [keyA, keyB, keyC] = keysOf(product) as [string, string, string];
    const before = modified(keyC);

    const res = await sendForm(
      'PUT',
      `/products/${product.id}`,
      { keepImages: [keyC, 'new', keyA], keepImageCover: keyC },
      { images: [d] },
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited: Product = res.json().data;
    const keyD = keysOf(edited)[1] ?? '';
    expect(keysOf(edited)).toEqual([keyC, keyD, keyA]);
    expect(coverKey(edited)).toBe(keyC);
    expect(edited.imageCover).toBe(product.images[2]);
    // Nothing but the new file was written; the dropped one is gone, the kept ones stay.
    expect(modified(keyC)).toBe(before);
    expect(stored(keyB)).toBe(false);
    for (const key of [keyA, keyC, keyD]) expect(stored(key)).toBe(true);

    // Without `new` slots the new files follow the kept ones; one empty value keeps none.
    const appended = await sendForm('PUT', `/products/${product.id}`, { keepImages: [keyA] }, { images: [b] });
    expect(appended.statusCode, appended.body).toBe(200);
    expect(keysOf(appended.json().data)).toEqual([keyA, keyB]);
    expect(stored(keyD)).toBe(false);
    expect(stored(keyC)).toBe(true); // still the cover

    const none = await sendForm('PUT', `/products/${product.id}`, { keepImages: '', keepImageCover: keyA });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data.imagesSizes).toEqual([]);
    expect(coverKey(none.json().data)).toBe(keyA);
    for (const key of [keyB, keyC]) expect(stored(key)).toBe(false);
    expect(stored(keyA)).toBe(true);
  });

  it("refuses another product's key or any other path with a 400 code, changes nothing and keeps no upload", async () => {
    const mine = await createProduct(await picture('#123'), [await picture('#123')]);
    const theirs = await createProduct(await picture('#321'), [await picture('#321')]);
    const fresh = await picture('#456');
    const attempts: Record<string, FieldValue>[] = [
      { keepImages: coverKey(theirs) },
      { keepImages: ['new', '../../../etc/passwd'] },
      { keepImages: `products/${'0'.repeat(32)}` },
      { keepImages: 'new', keepImageCover: coverKey(theirs) },
      { keepImages: 'new', keepImageCover: theirs.imageCover ?? '' },
    ];
    for (const fields of attempts) {
      const res = await sendForm('PUT', `/products/${mine.id}`, fields, { images: [fresh] });
      const error = firstError(res);
      expect(error.code, JSON.stringify(fields)).toBe(codeOf('imageNotOfProduct'));
      expect(['keepImages', 'keepImageCover']).toContain(error.param);
    }
    const after: Product = (await send('GET', `/products/${mine.id}`)).json().data;
    expect(after.imageCoverSizes).toEqual(mine.imageCoverSizes);
    expect(after.imagesSizes).toEqual(mine.imagesSizes);
    expect(stored(coverKey(theirs))).toBe(true);
    // The refused requests' own upload is not left behind.
    expect(stored(productKeyOf(fresh))).toBe(false);

    const mismatch = await sendForm('PUT', `/products/${mine.id}`, { keepImages: ['new', 'new'] }, { images: [fresh] });
    expect(firstError(mismatch).code).toBe(codeOf('newImagesMismatch'));
    const tooMany = await sendForm(
      'PUT',
      `/products/${mine.id}`,
      { keepImages: [coverKey(mine)] },
      { images: await Promise.all(['#901', '#902', '#903', '#904'].map(picture)) },
    );
    expect(firstError(tooMany).code).toBe(codeOf('tooManyImages'));
  });

  it('an old client sending every file again still works and keeps its files; a failed edit deletes nothing saved', async () => {
    const [a, b] = await Promise.all(['#0aa', '#a0a'].map(picture));
    if (!a || !b) throw new Error('pictures');
    const product = await createProduct(a, [a, b]);
    const again = await sendForm('PUT', `/products/${product.id}`, {}, { imageCover: a, images: [b, a] });
    expect(again.statusCode, again.body).toBe(200);
    expect(keysOf(again.json().data)).toEqual([...keysOf(product)].reverse());
    for (const key of keysOf(product)) expect(stored(key)).toBe(true);

    // The upload is saved before the transaction, which then fails: the new file goes, the old ones stay.
    const c = await picture('#aa0');
    const failed = await sendForm(
      'PUT',
      `/products/${product.id}`,
      { subcategory: '00000000-0000-4000-8000-000000000000' },
      { imageCover: c, images: [c] },
    );
    expect(firstError(failed).code).toBe(codeOf('subcategoryNotFound'));
    const unchanged: Product = (await send('GET', `/products/${product.id}`)).json().data;
    expect(keysOf(unchanged)).toEqual(keysOf(again.json().data));
    for (const key of keysOf(product)) expect(stored(key)).toBe(true);
    expect(stored(productKeyOf(c))).toBe(false);
  });
});

describe('media nothing refers to is deleted', () => {
  it("a deleted product's files go, except those another product or an order still shows", async () => {
    const [shared, own, ordered] = await Promise.all(['#135', '#246', '#357'].map(picture));
    if (!shared || !own || !ordered) throw new Error('pictures');
    const first = await createProduct(ordered, [shared, own]);
    const second = await createProduct(shared, []);
    const [sharedKey, ownKey] = keysOf(first) as [string, string];

    const { user, cartId } = await customerWithCart(t, send, [{ productId: first.id }]);
    const order = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress: address } });
    expect(order.statusCode, order.body).toBe(201);

    const deleted = await send('DELETE', `/products/${first.id}`, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(stored(ownKey)).toBe(false);
    expect(stored(sharedKey)).toBe(true); // the second product's cover
    expect(stored(coverKey(first))).toBe(true); // the order's line shows it
    const orders = (await send('GET', '/orders', { token: user.token })).json().data;
    expect(orders[0].cartItems[0].product.imageCoverSizes.key).toBe(coverKey(first));

    await send('DELETE', `/products/${second.id}`, { token: admin.token });
    expect(stored(sharedKey)).toBe(false);
  });

  it("a category's or brand's replaced image and a deleted one's image go", async () => {
    for (const kind of ['categories', 'brands'] as const) {
      const made = await sendForm('POST', `/${kind}`, { name: unique('اسم') }, { image: await picture('#fed') });
      expect(made.statusCode, made.body).toBe(201);
      const item: NamedItem = made.json().data;
      const firstKey = item.imageSizes?.key ?? '';
      expect(stored(firstKey)).toBe(true);

      const renamed = await sendForm('PUT', `/${kind}/${item.id}`, { name: unique('اسم') });
      expect(renamed.json().data.imageSizes.key).toBe(firstKey);
      expect(stored(firstKey)).toBe(true);

      const replaced = await sendForm('PUT', `/${kind}/${item.id}`, {}, { image: await picture('#def') });
      expect(replaced.statusCode, replaced.body).toBe(200);
      const secondKey = replaced.json().data.imageSizes.key;
      expect(secondKey).not.toBe(firstKey);
      expect(stored(firstKey)).toBe(false);

      const removed = await send('DELETE', `/${kind}/${item.id}`, { token: admin.token });
      expect(removed.statusCode, removed.body).toBe(204);
      expect(stored(secondKey)).toBe(false);
    }
  });

  /** A product row naming `key`, written in `tx` (as a product write does after saving its file). */
  const insertNaming = (tx: Tx, key: string) =>
    tx.insert(products).values({
      title: unique('منتج'),
      slug: unique('slug'),
      description: 'وصف',
      quantity: 1,
      price: 1000,
      imageCover: key,
      categoryId,
    });
  const quiet = { warn() {} } as unknown as FastifyBaseLogger;
  const store = () => mediaStoreOf({ ...t.config, maxImagePixels: 1e6 });

  it('two writes at once: a release waits for a write that takes the file up, then keeps it', async () => {
    const file = await picture('#314');
    const media = store();
    const upload = { folder: 'products' as const, input: file.data, key: await media.save('products', file.data) };
    let release: Promise<void> | undefined;
    await t.database.db.transaction(async (tx) => {
      await claimUploads(tx, media, [upload]);
      await insertNaming(tx, upload.key);
      // Another request drops the same file now, while this write has not committed.
      release = releaseMedia(t.database.db, media, [upload.key], quiet);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    await release;
    expect(stored(upload.key)).toBe(true);
  });

  it('two writes at once: a write whose file a release deleted after it was saved saves it again', async () => {
    const file = await picture('#415');
    const media = store();
    const upload = { folder: 'products' as const, input: file.data, key: await media.save('products', file.data) };
    // Saved before the write's transaction; nothing names it yet, so a release deletes it.
    await releaseMedia(t.database.db, media, [upload.key], quiet);
    expect(stored(upload.key)).toBe(false);
    await t.database.db.transaction(async (tx) => {
      await claimUploads(tx, media, [upload]);
      await insertNaming(tx, upload.key);
    });
    expect(stored(upload.key)).toBe(true);
  });
});
