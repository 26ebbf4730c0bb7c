import type { AppLoadContext } from 'react-router';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../src/contract/transport.js';
import type { Product, StoredImage } from '../../src/contract/types.js';
import { ap, variantText } from '../../src/web/i18n/admin-products.js';
import {
  cropZoomRange,
  emptyProductValues,
  imageTooNarrowText,
  isCropWidthAllowed,
  type ProductValues,
  postedDefaults,
  productApiForm,
  productDefaults,
  productFailureFromApi,
  tooManyImagesText,
} from '../../src/web/lib/product-form.js';
import { validateProduct } from '../../src/web/lib/product-validation.js';
import { parseFlashToast } from '../../src/web/lib/toast.js';
import { action as addAction } from '../../src/web/routes/admin/add-product.js';
import { action as editAction } from '../../src/web/routes/admin/edit-product.js';
import { failBody, fieldErrorsBody } from '../helpers/failures.js';

const CATEGORY = '7d0f5c1e-8f1a-4c6b-9a51-0d3c2b1a9e77';
const valid: ProductValues = {
  title: 'حذاء رياضي',
  description: 'حذاء خفيف للجري',
  price: '250',
  priceAfterDiscount: '199.5',
  quantity: '12',
  sku: '',
  barcode: '',
  category: CATEGORY,
  brand: '',
  status: 'active',
};
const sar = { digits: 2, imageCount: 1, imageRequired: true, colors: [], subcategories: [] };

describe('the product form’s rules (the API’s, checked before sending)', () => {
  it('names every required field left empty, pictures included on a new product', () => {
    expect(validateProduct(emptyProductValues, { ...sar, imageCount: 0 })).toEqual({
      images: ap.imageRequired,
      title: ap.titleRequired,
      description: ap.descriptionRequired,
      price: ap.priceRequired,
      quantity: ap.quantityRequired,
      category: ap.categoryRequired,
    });
    expect(validateProduct(valid, sar)).toEqual({});
    // An edited product keeps its pictures when none are sent; brand and discount are optional.
    expect(
      validateProduct({ ...valid, brand: '', priceAfterDiscount: '' }, { ...sar, imageCount: 0, imageRequired: false }),
    ).toEqual({});
  });

  it('checks a SKU and a barcode by the variant’s rules; both may be left empty', () => {
    expect(validateProduct({ ...valid, sku: 'has space', barcode: '4006381333932' }, sar)).toEqual({
      sku: variantText.skuInvalid('64'),
      barcode: variantText.barcodeInvalid,
    });
    expect(validateProduct({ ...valid, sku: ' CUP-1/a ', barcode: '٤٠٠٦٣٨١٣٣٣٩٣١' }, sar)).toEqual({});
  });

  it('keeps to the API’s lengths', () => {
    expect(validateProduct({ ...valid, title: ' ab ' }, sar)).toEqual({ title: ap.titleTooShort });
    expect(validateProduct({ ...valid, title: 'ا'.repeat(201) }, sar)).toEqual({ title: ap.titleTooLong });
    expect(validateProduct({ ...valid, title: 'ا'.repeat(200) }, sar)).toEqual({});
    expect(validateProduct({ ...valid, description: 'و'.repeat(5001) }, sar)).toEqual({
      description: ap.descriptionTooLong,
    });
  });

  it('a price above zero, at least one coin of the currency, within what the shop stores', () => {
    expect(validateProduct({ ...valid, price: 'abc', priceAfterDiscount: '' }, sar)).toEqual({
      price: ap.priceNotNumber,
    });
    for (const price of ['0', '-5', '0.001', '30000000', '1e308']) {
      expect(validateProduct({ ...valid, price, priceAfterDiscount: '' }, sar)).toEqual({ price: ap.priceInvalid });
    }
    // A dinar has three decimals: a fils is a price.
    expect(validateProduct({ ...valid, price: '0.001', priceAfterDiscount: '' }, { ...sar, digits: 3 })).toEqual({});
    // Typed on an Arabic keyboard: Arabic-Indic digits and the Arabic decimal sign.
    expect(validateProduct({ ...valid, price: '٢٥٠٫٥', quantity: '١٢' }, sar)).toEqual({});
  });

  it('a discount below the price (as stored: 9.999 is 10.00), never below zero', () => {
    expect(validateProduct({ ...valid, priceAfterDiscount: '250' }, sar)).toEqual({
      priceAfterDiscount: ap.priceAfterDiscountNotLower,
    });
    expect(validateProduct({ ...valid, priceAfterDiscount: '300' }, sar)).toEqual({
      priceAfterDiscount: ap.priceAfterDiscountNotLower,
    });
    expect(validateProduct({ ...valid, price: '10', priceAfterDiscount: '9.999' }, sar)).toEqual({
      priceAfterDiscount: ap.priceAfterDiscountNotLower,
    });
    expect(validateProduct({ ...valid, priceAfterDiscount: '-1' }, sar)).toEqual({
      priceAfterDiscount: ap.priceAfterDiscountInvalid,
    });
    expect(validateProduct({ ...valid, priceAfterDiscount: 'x' }, sar)).toEqual({
      priceAfterDiscount: ap.priceAfterDiscountNotNumber,
    });
    expect(validateProduct({ ...valid, priceAfterDiscount: '0' }, sar)).toEqual({});
    // No comparison against a price that is itself wrong.
    expect(validateProduct({ ...valid, price: '', priceAfterDiscount: '5' }, sar)).toEqual({ price: ap.priceRequired });
  });

  it('a whole quantity of 0 or more', () => {
    for (const quantity of ['1.5', '-1', 'كثير', '2000000000']) {
      expect(validateProduct({ ...valid, quantity }, sar)).toEqual({ quantity: ap.quantityInvalid });
    }
    expect(validateProduct({ ...valid, quantity: '0' }, sar)).toEqual({});
  });

  it('at most 4 pictures and 20 colours', () => {
    expect(validateProduct(valid, { ...sar, imageCount: 5 })).toEqual({ images: tooManyImagesText() });
    const colors = (count: number) =>
      Array.from({ length: count }, (_, i) => `#${(i + 1).toString(16).padStart(6, '0')}`);
    expect(validateProduct(valid, { ...sar, imageCount: 4, colors: colors(20) })).toEqual({});
    expect(validateProduct(valid, { ...sar, colors: colors(21) })).toEqual({ availableColors: ap.tooManyColors('20') });
  });
});

describe('the picture widget’s limits (docs/specification.md (Validation rules: Product form; Limits and page sizes))', () => {
  it('says the spec’s messages in Arabic', () => {
    expect(tooManyImagesText()).toBe('لا يمكنك رفع أكثر من 4 صور');
    expect(tooManyImagesText(1)).toBe('لا يمكنك رفع أكثر من صورة واحدة');
    expect(imageTooNarrowText()).toBe('لا يمكن أن يقل عرض الصورة عن 300 بكسل');
  });

  it('holds a square crop between 300 and 800 px of the source picture', () => {
    expect(cropZoomRange(500)).toEqual({ min: 1, max: 500 / 300 });
    expect(cropZoomRange(1600)).toEqual({ min: 2, max: 1600 / 300 });
    expect(cropZoomRange(300)).toEqual({ min: 1, max: 1 });
    // A picture 400 × 250: no square of 300 px fits.
    expect(cropZoomRange(250)).toBeNull();
    expect(isCropWidthAllowed(299.6)).toBe(true);
    expect(isCropWidthAllowed(800.4)).toBe(true);
    expect(isCropWidthAllowed(299.4)).toBe(false);
    expect(isCropWidthAllowed(801)).toBe(false);
  });
});

const storedA: StoredImage = {
  key: 'products/a',
  small: 'http://shop.test/media/products/a-240.webp',
  medium: 'http://shop.test/media/products/a-480.webp',
  large: 'http://shop.test/media/products/a-960.webp',
};
const storedB: StoredImage = {
  key: 'products/b',
  small: 'http://shop.test/media/products/b-240.webp',
  medium: 'http://shop.test/media/products/b-480.webp',
  large: 'http://shop.test/media/products/b-960.webp',
};

const product: Product = {
  _id: 'p1',
  id: 'p1',
  title: 'ساعة',
  slug: 'ساعة',
  description: 'ساعة يد',
  quantity: 3,
  sold: 0,
  price: 120,
  availableColors: ['#ff0000'],
  options: [],
  variants: [{ _id: 'v1', id: 'v1', sku: 'MJ-1', barcode: null, options: {}, price: 120, quantity: 3 }],
  imageCover: 'http://shop.test/media/products/a-960.webp',
  images: ['http://shop.test/media/products/a-960.webp', 'http://shop.test/media/products/b-960.webp'],
  imageCoverSizes: storedA,
  imagesSizes: [storedA, storedB],
  category: 'c1',
  subcategory: ['s1'],
  brand: null,
  ratingsAverage: 0,
  ratingsQuantity: 0,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('what the form starts with', () => {
  it('a saved product: its fields, the cover first and no picture twice, no discount and no brand as empty', () => {
    expect(productDefaults(product)).toEqual({
      values: {
        title: 'ساعة',
        description: 'ساعة يد',
        price: '120',
        priceAfterDiscount: '',
        quantity: '3',
        sku: 'MJ-1',
        barcode: '',
        category: 'c1',
        brand: '',
        status: 'active',
      },
      colors: ['#ff0000'],
      subcategories: ['s1'],
      images: [storedA, storedB],
      subcategoryOptions: [],
      variants: { options: [], rows: [] },
    });
    expect(productDefaults(null).values).toEqual(emptyProductValues);
    // A product with options keeps its codes in the table: the product's own fields start empty.
    const withOptions = productDefaults({
      ...product,
      options: [{ name: 'المقاس', values: ['42'] }],
      variants: [
        { ...(product.variants[0] as Product['variants'][number]), options: { المقاس: '42' }, barcode: '96385074' },
      ],
    });
    expect(withOptions.values).toMatchObject({ sku: '', barcode: '' });
    expect(
      productDefaults({
        ...product,
        variants: [{ ...(product.variants[0] as Product['variants'][number]), barcode: '96385074' }],
      }).values,
    ).toMatchObject({ sku: 'MJ-1', barcode: '96385074' });
  });

  it('after a plain post failed: what was posted, the saved pictures still', () => {
    const saved = productDefaults(product);
    const posted = {
      ok: false as const,
      fieldErrors: { title: ap.titleTooShort },
      values: { ...valid, title: 'ab' },
      colors: [],
      subcategories: [],
      subcategoryOptions: [],
      variantFailures: [],
    };
    expect(postedDefaults(posted, saved)).toMatchObject({ values: { title: 'ab' }, colors: [], images: saved.images });
    expect(postedDefaults({ ok: true, id: 'p1' }, saved)).toBe(saved);
    expect(postedDefaults(undefined, saved)).toBe(saved);
  });
});

describe('the multipart body for the API', () => {
  const file = (name: string) => new File(['x'], name, { type: 'image/png' });

  it('sends the fields as the API reads them; the first picture is the cover and the first of the images', () => {
    const form = productApiForm(
      { ...valid, price: '٢٥٠', quantity: ' ١٢ ', priceAfterDiscount: '١٩٩٫٥' },
      { colors: ['#ff0000', '#0000ff'], subcategories: ['s1'], images: [file('a.png'), file('b.png')] },
    );
    expect(form.get('price')).toBe('250');
    expect(form.get('status')).toBe('active');
    expect(
      productApiForm({ ...valid, status: 'draft' }, { colors: [], subcategories: [], images: [] }).get('status'),
    ).toBe('draft');
    expect(form.get('quantity')).toBe('12');
    expect(form.get('priceAfterDiscount')).toBe('199.5');
    expect(form.getAll('availableColors')).toEqual(['#ff0000', '#0000ff']);
    expect(form.getAll('subcategory')).toEqual(['s1']);
    expect((form.get('imageCover') as File).name).toBe('a.png');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
  });

  it('an edit of the pictures sends the saved ones by key and only the new files', () => {
    const keptFirst = productApiForm(valid, {
      colors: [],
      subcategories: [],
      images: [file('c.png')],
      keep: ['products/b', 'new', 'products/a'],
    });
    expect(keptFirst.get('keepImageCover')).toBe('products/b');
    expect(keptFirst.has('imageCover')).toBe(false);
    expect(keptFirst.getAll('keepImages')).toEqual(['products/b', 'new', 'products/a']);
    expect(keptFirst.getAll('images').map((f) => (f as File).name)).toEqual(['c.png']);

    const newFirst = productApiForm(valid, {
      colors: [],
      subcategories: [],
      images: [file('c.png')],
      keep: ['new', 'products/a'],
    });
    expect(newFirst.has('keepImageCover')).toBe(false);
    expect((newFirst.get('imageCover') as File).name).toBe('c.png');
    expect(newFirst.getAll('keepImages')).toEqual(['new', 'products/a']);
  });

  it('empty lists go as one empty value (none); without pictures the product keeps its own', () => {
    const form = productApiForm(valid, { colors: [], subcategories: [], images: [] });
    expect(form.getAll('availableColors')).toEqual(['']);
    expect(form.getAll('subcategory')).toEqual(['']);
    expect(form.get('brand')).toBe('');
    expect(form.has('imageCover')).toBe(false);
    expect(form.has('images')).toBe(false);
  });
});

describe('API messages on the product form', () => {
  const fields = (body: unknown, status = 400) =>
    productFailureFromApi({ status, body: body as Parameters<typeof productFailureFromApi>[0]['body'] }, 'EG');

  it('each on its own field, in Arabic; list items and the cover on their fields', () => {
    expect(
      fields(
        fieldErrorsBody(
          ['title', 'titleTooShort'],
          ['priceAfterDiscount', 'priceAfterDiscountNotLower'],
          ['availableColors.0', 'colorInvalid'],
          ['imageCover', 'imageCoverRequired'],
          ['subcategory', 'subcategoryNotInCategory'],
          ['brand', 'invalidId'],
          ['quantity', 'quantityInvalid'],
        ),
      ),
    ).toEqual({
      fieldErrors: {
        title: ap.titleTooShort,
        priceAfterDiscount: ap.priceAfterDiscountNotLower,
        availableColors: ap.colorInvalid,
        images: ap.imageRequired,
        subcategory: ap.subcategoryNotInCategory,
        brand: ap.invalidChoice,
        quantity: ap.quantityInvalid,
      },
    });
    expect(fields(fieldErrorsBody(['images', 'tooManyImages']))).toEqual({
      fieldErrors: { images: 'لا يمكنك رفع أكثر من 4 صور' },
    }); // A kept key the product no longer has is said on the pictures.
    expect(fields(fieldErrorsBody(['keepImages', 'imageNotOfProduct']))).toEqual({
      fieldErrors: { images: ap.savedImagesChanged },
    });
    expect(fields(fieldErrorsBody(['keepImageCover', 'imageNotOfProduct']))).toEqual({
      fieldErrors: { images: ap.savedImagesChanged },
    });
  });

  it('refused files (415, 413) belong to the pictures; other failures to the whole form', () => {
    expect(fields(failBody('imageInvalid'), 415)).toEqual({
      fieldErrors: { images: ap.imageInvalid },
    });
    expect(fields(failBody('imageTooLarge'), 413)).toEqual({
      fieldErrors: { images: ap.imageTooLarge },
    });
    expect(fields({ ...failBody('internalError'), status: 'error' }, 500).formError).toBeTruthy();
    expect(fields(failBody('productNotFound'), 404)).toEqual({
      fieldErrors: {},
      formError: ap.productGone,
    });
  });
});

/** A context whose API answers from `answer`, recording the calls; the visitor is staff. */
function fakeContext(answer: (request: ApiRequest) => ApiResponse | undefined) {
  const calls: ApiRequest[] = [];
  const admin = { _id: 'u1', id: 'u1', name: 'مدير', email: 'a@example.com', phone: '01012345678', role: 'admin' };
  const context = {
    shop: { name: 'متجر', currency: 'SAR', phoneCountry: 'EG', publicUrl: 'http://shop.test', defaultCity: 'القاهرة' },
    apiTransport: async (request: ApiRequest) => {
      calls.push(request);
      if (request.path === '/users/getMe') return { status: 200, body: { data: admin } };
      return answer(request) ?? { status: 200, body: { results: 0, paginationResult: { numberOfPages: 0 }, data: [] } };
    },
  } as unknown as AppLoadContext;
  return { calls, context };
}

const png = async (width: number) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height: 300, channels: 3, background: '#f00' } })
          .png()
          .toBuffer(),
      ),
    ],
    `w${width}.png`,
    { type: 'image/png' },
  );

function postForm(path: string, fields: Record<string, string>, images: File[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const image of images) form.append('images', image);
  return new Request(`http://shop.test${path}`, {
    method: 'POST',
    body: form,
    headers: { cookie: 'matjar_session=tok' },
  });
}

type ActionArgs = Parameters<typeof addAction>[0];
const flashOf = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('matjar_toast='));
  return parseFlashToast(decodeURIComponent(cookie?.split(';')[0]?.split('=').slice(1).join('=') ?? ''));
};

describe('the add and edit actions', () => {
  it('check a plain post’s rules (the picture’s width too) and send nothing when they fail', async () => {
    const { calls, context } = fakeContext(() => undefined);
    const request = postForm('/admin/addproducts', { ...valid, title: 'ab' }, [await png(299)]);
    const result = await addAction({ request, context, params: {} } as ActionArgs);
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        fieldErrors: { title: ap.titleTooShort, images: imageTooNarrowText() },
        values: { title: 'ab' },
      },
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /users/getMe',
      `GET /categories/${CATEGORY}/subcategories?page=1&limit=100`,
    ]);
  });

  it('send the pictures as multipart; with JavaScript answer with data, without it redirect with the toast', async () => {
    const { calls, context } = fakeContext((request) =>
      request.method === 'POST' ? { status: 201, body: { data: { ...product, id: 'new' } } } : undefined,
    );
    const pictures = [await png(400), await png(300)];
    const withJs = await addAction({
      request: postForm('/admin/addproducts', { ...valid, js: '1', availableColors: '#ff0000' }, pictures),
      context,
      params: {},
    } as ActionArgs);
    expect(withJs).toMatchObject({ data: { ok: true, id: 'new' } });
    const sent = calls.find((c) => c.method === 'POST')?.body;
    expect(sent).toBeInstanceOf(FormData);
    const body = sent as FormData;
    expect((body.get('imageCover') as File).name).toBe('w400.png');
    expect(body.getAll('images').map((f) => (f as File).name)).toEqual(['w400.png', 'w300.png']);
    expect(body.getAll('availableColors')).toEqual(['#ff0000']);

    const plain = (await addAction({
      request: postForm('/admin/addproducts', valid, pictures),
      context,
      params: {},
    } as ActionArgs)) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/admin/addproducts');
    expect(flashOf(plain)).toMatchObject({ type: 'success', text: ap.added });
  });

  it('an edit of the pictures forwards the kept keys and only the new files; the first kept one is the cover', async () => {
    const { calls, context } = fakeContext((request) =>
      request.method === 'PUT' ? { status: 200, body: { data: product } } : undefined,
    );
    const request = postForm('/admin/editproducts/p1', { ...valid, js: '1' }, [await png(400)]);
    const form = await request.formData();
    for (const entry of ['products/b', 'new', 'products/a']) form.append('keepImages', entry);
    const edited = await editAction({
      request: new Request(request.url, { method: 'POST', body: form, headers: { cookie: 'matjar_session=tok' } }),
      context,
      params: { id: 'p1' },
    } as unknown as Parameters<typeof editAction>[0]);
    expect(edited).toMatchObject({ data: { ok: true } });
    const body = calls.find((c) => c.method === 'PUT')?.body as FormData;
    expect(body.getAll('keepImages')).toEqual(['products/b', 'new', 'products/a']);
    expect(body.get('keepImageCover')).toBe('products/b');
    expect(body.has('imageCover')).toBe(false);
    expect(body.getAll('images').map((f) => (f as File).name)).toEqual(['w400.png']);
  });

  it('an edit without pictures keeps them; a product gone is not found; API messages land on fields', async () => {
    const { calls, context } = fakeContext((request) =>
      request.method === 'PUT' ? { status: 200, body: { data: product } } : undefined,
    );
    const edited = (await editAction({
      request: postForm('/admin/editproducts/p1', valid, []),
      context,
      params: { id: 'p1' },
    } as unknown as Parameters<typeof editAction>[0])) as Response;
    expect(edited.headers.get('location')).toBe('/admin/editproducts/p1');
    const body = calls.find((c) => c.method === 'PUT')?.body as FormData;
    expect(body.has('images')).toBe(false);
    expect(body.has('imageCover')).toBe(false);

    const gone = fakeContext(() => ({ status: 404, body: failBody('productNotFound') }));
    const thrown = await editAction({
      request: postForm('/admin/editproducts/p1', valid, []),
      context: gone.context,
      params: { id: 'p1' },
    } as unknown as Parameters<typeof editAction>[0]).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });

    const refused = fakeContext((request) =>
      request.method === 'PUT'
        ? {
            status: 400,
            body: fieldErrorsBody(['subcategory', 'subcategoryNotInCategory']),
          }
        : undefined,
    );
    const answer = await editAction({
      request: postForm('/admin/editproducts/p1', { ...valid, js: '1' }, []),
      context: refused.context,
      params: { id: 'p1' },
    } as unknown as Parameters<typeof editAction>[0]);
    expect(answer).toMatchObject({ data: { ok: false, fieldErrors: { subcategory: ap.subcategoryNotInCategory } } });
  });

  it('forward the variant table as the options and variants parts, without the product’s own prices', async () => {
    const options = JSON.stringify([{ name: 'المقاس', values: ['41', '42'] }]);
    const row = (size: string, more: Record<string, string> = {}) => ({
      options: { المقاس: size },
      price: '250',
      quantity: '5',
      ...more,
    });
    const withTable = (variants: unknown[]) => ({
      ...valid,
      price: '',
      priceAfterDiscount: '',
      quantity: '',
      js: '1',
      options,
      variants: JSON.stringify(variants),
    });
    const { calls, context } = fakeContext((request) =>
      request.method === 'PUT' ? { status: 200, body: { data: product } } : undefined,
    );
    const edit = (fields: Record<string, string>, ctx = context) =>
      editAction({
        request: postForm('/admin/editproducts/p1', fields, []),
        context: ctx,
        params: { id: 'p1' },
      } as unknown as Parameters<typeof editAction>[0]);

    const variants = [row('41', { id: '5b0e8a4c-1f2d-4e3a-9b7c-6d5e4f3a2b1c' }), row('42')];
    expect(await edit(withTable(variants))).toMatchObject({ data: { ok: true } });
    const body = calls.find((c) => c.method === 'PUT')?.body as FormData;
    expect(body.get('options')).toBe(options);
    expect(JSON.parse(String(body.get('variants')))).toEqual(variants);
    expect(['price', 'priceAfterDiscount', 'quantity'].some((name) => body.has(name))).toBe(false);

    // A plain post with a bad row is refused before sending; the messages name the row.
    calls.length = 0;
    const bad = await edit(withTable([row('41', { priceAfterDiscount: '300' })]));
    expect(bad).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        fieldErrors: { variants: variantText.checkRows },
        variantFailures: [{ param: 'variants.0.priceAfterDiscount', code: 'PRICE_AFTER_DISCOUNT_NOT_LOWER' }],
      },
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // The API's own check of a row comes back for that row.
    const refused = fakeContext((request) =>
      request.method === 'PUT'
        ? { status: 400, body: fieldErrorsBody(['variants[1].price', 'priceInvalid']) }
        : undefined,
    );
    expect(await edit(withTable(variants), refused.context)).toMatchObject({
      data: { ok: false, variantFailures: [{ param: 'variants[1].price', code: 'PRICE_INVALID' }] },
    });
  });
});
