import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/contract/types.js';
import { ap, variantText as vt } from '../../src/web/i18n/admin-products.js';
import { productApiForm, productFailureFromApi } from '../../src/web/lib/product-form.js';
import { checkVariants, validateProduct } from '../../src/web/lib/product-validation.js';
import {
  apiVariantParts,
  combinations,
  fillAll,
  placeVariantErrors,
  rowKey,
  rowLabel,
  rowsFor,
  sentRows,
  splitValues,
  type VariantDraft,
  type VariantRow,
  variantDraftOf,
  variantParts,
  variantsInputOf,
  variantTarget,
} from '../../src/web/lib/product-variants.js';
import { fieldErrorsBody } from '../helpers/failures.js';

/* The product form's options and variant table (docs/variants.md): its rows, its JSON, its messages. */

const SIZE = 'المقاس';
const COLOR = 'اللون';
const shoeOptions = [
  { name: SIZE, values: ['41', '42', '43'] },
  { name: COLOR, values: ['#000000', 'white'] },
];

const cells = (price: string, quantity: string) => ({ sku: '', barcode: '', price, priceAfterDiscount: '', quantity });

/** A saved shoe sold in 41 and 42 black only. */
const savedShoe: Pick<Product, 'options' | 'variants'> = {
  options: shoeOptions,
  variants: [
    {
      _id: 'v41',
      id: 'v41',
      sku: 'SH-41B',
      barcode: '4006381333931',
      options: { [SIZE]: '41', [COLOR]: '#000000' },
      price: 300,
      priceAfterDiscount: 280,
      quantity: 5,
    },
    {
      _id: 'v42',
      id: 'v42',
      sku: 'SH-42B',
      barcode: null,
      options: { [SIZE]: '42', [COLOR]: '#000000' },
      price: 320,
      quantity: 1,
    },
  ],
};

describe('the table follows the options', () => {
  it('every combination, the first option varying slowest; values typed with either comma', () => {
    expect(combinations(shoeOptions)).toEqual([
      { [SIZE]: '41', [COLOR]: '#000000' },
      { [SIZE]: '41', [COLOR]: 'white' },
      { [SIZE]: '42', [COLOR]: '#000000' },
      { [SIZE]: '42', [COLOR]: 'white' },
      { [SIZE]: '43', [COLOR]: '#000000' },
      { [SIZE]: '43', [COLOR]: 'white' },
    ]);
    expect(splitValues('41، 42 ,43,, ')).toEqual(['41', '42', '43']);
    // An option without a name or without values makes no rows.
    expect(
      rowsFor(
        [
          { name: '', values: ['1'] },
          { name: SIZE, values: [] },
        ],
        [],
      ),
    ).toEqual([]);
    expect(rowsFor([{ name: SIZE, values: ['41', ' 41 '] }], []).map((row) => row.options)).toEqual([{ [SIZE]: '41' }]);
  });

  it('a saved product: its variants on with their ids and cells, the combinations it does not sell off', () => {
    const draft = variantDraftOf(savedShoe);
    expect(draft.rows).toHaveLength(6);
    expect(draft.rows.filter((row) => row.on).map((row) => row.id)).toEqual(['v41', 'v42']);
    expect(draft.rows[0]).toMatchObject({
      sku: 'SH-41B',
      barcode: '4006381333931',
      price: '300',
      priceAfterDiscount: '280',
    });
    expect(draft.rows[1]).toMatchObject({ on: false, price: '' });
    expect(draft.rows[1]?.id).toBeUndefined();
    expect(variantDraftOf(null)).toEqual({ options: [], rows: [] });
  });

  it('a row keeps its id and cells when the options change but keep its combination; a new one starts empty', () => {
    const draft = variantDraftOf(savedShoe);
    // 43 removed, 44 added, the colours written in another case.
    const options = [
      { name: SIZE, values: ['41', '42', '44'] },
      { name: COLOR, values: ['#000000', 'WHITE'] },
    ];
    const rows = rowsFor(options, draft.rows);
    expect(rows.map((row) => Object.values(row.options))).toEqual([
      ['41', '#000000'],
      ['41', 'white'],
      ['42', '#000000'],
      ['42', 'white'],
      ['44', '#000000'],
      ['44', 'white'],
    ]);
    expect(rows[0]).toMatchObject({ id: 'v41', price: '300', on: true });
    expect(rows[2]).toMatchObject({ id: 'v42', price: '320', on: true });
    expect(rows[4]).toMatchObject({ price: '', quantity: '', on: true });
    expect(rows[4]?.id).toBeUndefined();
    // Adding a third option makes new combinations: no row keeps an id it no longer matches.
    const withMaterial = rowsFor([...options, { name: 'الخامة', values: ['جلد'] }], rows);
    expect(withMaterial.every((row) => row.id === undefined)).toBe(true);
  });

  it('more combinations than a product may sell: no table (not 125,000 rows), one message', () => {
    const many = [
      { name: SIZE, values: Array.from({ length: 50 }, (_, i) => String(i + 1)) },
      { name: 'الخامة', values: ['قطن', 'صوف', 'كتان'] },
    ];
    expect(rowsFor(many, [])).toEqual([]);
    expect(checkVariants({ options: many, rows: [] }, 2)).toEqual({
      rows: {},
      general: vt.variantsTooMany('100'),
    });
    const hundred = [
      { name: SIZE, values: Array.from({ length: 50 }, (_, i) => String(i + 1)) },
      { name: 'الخامة', values: ['قطن', 'صوف'] },
    ];
    expect(rowsFor(hundred, [])).toHaveLength(100);
  });

  it('«تطبيق على الكل» sets the filled fields on every row that is on, and nothing else', () => {
    const rows: VariantRow[] = [
      { ...cells('10', '1'), options: { [SIZE]: '41' }, on: true },
      { ...cells('20', '2'), options: { [SIZE]: '42' }, on: false },
      { ...cells('30', '3'), options: { [SIZE]: '43' }, on: true },
    ];
    const filled = fillAll(rows, { price: '250', priceAfterDiscount: ' ', quantity: '٥' });
    expect(filled.map((row) => [row.price, row.quantity, row.priceAfterDiscount])).toEqual([
      ['250', '٥', ''],
      ['20', '2', ''],
      ['250', '٥', ''],
    ]);
  });

  it('names a row as its labels read: the size with its name, a colour by its Arabic name', () => {
    expect(rowLabel({ [SIZE]: '42', [COLOR]: '#000000' })).toBe('المقاس 42، أسود');
    expect(rowLabel({ [SIZE]: '42', [COLOR]: 'white' })).toBe('المقاس 42، أبيض');
  });
});

describe('the JSON the form posts', () => {
  it('rows that are on, ids kept, numbers in ASCII digits, an empty discount left out', () => {
    const draft = variantDraftOf(savedShoe);
    draft.rows[1] = { ...draft.rows[1], ...cells('٣٢٠٫٥', '٧'), sku: ' NEW-1 ', on: true } as VariantRow;
    const input = variantsInputOf(draft);
    expect(input.options).toEqual(shoeOptions);
    expect(input.variants).toEqual([
      {
        id: 'v41',
        sku: 'SH-41B',
        barcode: '4006381333931',
        options: { [SIZE]: '41', [COLOR]: '#000000' },
        price: '300',
        priceAfterDiscount: '280',
        quantity: '5',
      },
      { sku: 'NEW-1', barcode: '', options: { [SIZE]: '41', [COLOR]: 'white' }, price: '320.5', quantity: '7' },
      {
        id: 'v42',
        sku: 'SH-42B',
        barcode: '',
        options: { [SIZE]: '42', [COLOR]: '#000000' },
        price: '320',
        quantity: '1',
      },
    ]);
    expect(JSON.parse(variantParts(draft).variants)).toEqual(input.variants);
    // Without a usable option nothing is sent.
    expect(variantParts({ options: [{ name: SIZE, values: [] }], rows: draft.rows })).toEqual({
      options: '[]',
      variants: '[]',
    });
  });

  it('the API gets the table instead of the product’s own prices and codes; with every option removed, one default variant', () => {
    const values = {
      title: 'حذاء',
      description: 'حذاء جري',
      price: '٢٥٠',
      priceAfterDiscount: '',
      quantity: '٣',
      sku: ' SH-1 ',
      barcode: '٤٠٠٦٣٨١٣٣٣٩٣١',
      category: 'c1',
      brand: '',
      status: 'active',
    };
    const lists = { colors: [], subcategories: [], images: [] };
    const parts = variantParts(variantDraftOf(savedShoe));
    const form = productApiForm(values, lists, apiVariantParts(parts, values));
    expect(form.get('options')).toBe(parts.options);
    expect(form.get('variants')).toBe(parts.variants);
    for (const field of ['price', 'priceAfterDiscount', 'quantity', 'sku', 'barcode'])
      expect(form.has(field)).toBe(false);

    const plain = apiVariantParts({ options: '[]', variants: '[]' }, values);
    expect(plain?.options).toBe('[]');
    expect(JSON.parse(plain?.variants ?? '')).toEqual([
      { options: {}, price: '250', quantity: '3', sku: 'SH-1', barcode: '٤٠٠٦٣٨١٣٣٣٩٣١' },
    ]);
    // A form without a table posts the product's fields as before, its SKU and barcode too.
    expect(apiVariantParts(undefined, values)).toBeUndefined();
    const own = productApiForm(values, lists);
    expect([own.get('price'), own.get('sku'), own.get('barcode')]).toEqual(['250', 'SH-1', '٤٠٠٦٣٨١٣٣٣٩٣١']);
  });
});

describe('messages on the right row', () => {
  const draft: VariantDraft = {
    options: [{ name: SIZE, values: ['41', '42', '43'] }],
    rows: [
      { ...cells('100', '1'), options: { [SIZE]: '41' }, on: true },
      { ...cells('100', '1'), options: { [SIZE]: '42' }, on: false },
      { ...cells('100', '1'), options: { [SIZE]: '43' }, on: true },
    ],
  };
  const key43 = rowKey({ options: { [SIZE]: '43' } });

  it('reads the schema’s paths and the API’s own', () => {
    expect(variantTarget('variants.3.price')).toEqual({ index: 3, cell: 'price' });
    expect(variantTarget('variants[2].priceAfterDiscount')).toEqual({ index: 2, cell: 'priceAfterDiscount' });
    expect(variantTarget('variants[0].id')).toEqual({ index: 0, cell: 'options' });
    expect(variantTarget('variants')).toBeNull();
    expect(variantTarget('options.0.values')).toBeNull();
  });

  it('variants[i] is the i-th row that is on; what names no row is one message for the editor', () => {
    const body = fieldErrorsBody(
      ['variants[1].priceAfterDiscount', 'priceAfterDiscountNotLower'],
      ['variants.1.sku', 'skuInvalid'],
      ['variants', 'skuTaken'],
    );
    const errors = placeVariantErrors(body.errors, sentRows(draft));
    expect(errors.rows).toEqual({
      [key43]: { priceAfterDiscount: ap.priceAfterDiscountNotLower, sku: vt.skuInvalid('64') },
    });
    expect(errors.general).toBe(vt.skuTaken);
  });

  it('checks before sending by the contract’s schema: a discount above the price, a bad quantity, a SKU twice', () => {
    const bad: VariantDraft = {
      ...draft,
      rows: [
        { ...cells('100', '١'), sku: 'A-1', options: { [SIZE]: '41' }, on: true },
        { ...cells('100', '1'), options: { [SIZE]: '42' }, on: false },
        { ...cells('100', '1'), sku: 'a-1', priceAfterDiscount: '150', options: { [SIZE]: '43' }, on: true },
      ],
    };
    expect(checkVariants(bad, 2)).toEqual({
      rows: { [key43]: { sku: vt.skuTaken, priceAfterDiscount: ap.priceAfterDiscountNotLower } },
    });
    const fraction = {
      ...bad,
      rows: bad.rows.map((row) => ({ ...row, sku: '', priceAfterDiscount: '', quantity: '1.5' })),
    };
    const key41 = rowKey({ options: { [SIZE]: '41' } });
    expect(checkVariants(fraction, 2).rows).toEqual({
      [key41]: { quantity: ap.quantityInvalid },
      [key43]: { quantity: ap.quantityInvalid },
    });
    // A discount that rounds up to the price in the currency's coins.
    const rounded = { ...draft, rows: draft.rows.map((row) => ({ ...row, priceAfterDiscount: '99.999' })) };
    expect(checkVariants(rounded, 2).rows[key43]).toEqual({ priceAfterDiscount: ap.priceAfterDiscountNotLower });
    expect(checkVariants(draft, 2)).toEqual({ rows: {} });
    // Options without any row on: the table as a whole.
    const none = { ...draft, rows: draft.rows.map((row) => ({ ...row, on: false })) };
    expect(checkVariants(none, 2)).toEqual({ rows: {}, general: vt.variantsRequired });
  });

  it('the product’s own prices and codes are not asked for nor checked when the variants carry them', () => {
    const values = {
      title: 'حذاء رياضي',
      description: 'حذاء خفيف',
      price: '',
      priceAfterDiscount: '',
      quantity: '',
      // Left from before the options came: the table's rows carry the codes now.
      sku: 'has space',
      barcode: '123',
      category: '7d0f5c1e-8f1a-4c6b-9a51-0d3c2b1a9e77',
      brand: '',
      status: 'active',
    };
    const context = { digits: 2, imageCount: 1, imageRequired: true, colors: [], subcategories: [] };
    expect(validateProduct(values, { ...context, withVariants: true })).toEqual({});
    expect(validateProduct(values, context)).toMatchObject({ price: ap.priceRequired });
  });

  it('the API’s answer: the table’s failures kept for its rows, its field says to look there', () => {
    const failure = productFailureFromApi(
      {
        status: 400,
        body: fieldErrorsBody(
          ['title', 'titleTooShort'],
          ['variants[1].priceAfterDiscount', 'priceAfterDiscountNotLower'],
        ),
      },
      'SA',
    );
    expect(failure.fieldErrors).toEqual({ title: ap.titleTooShort, variants: vt.checkRows });
    expect(failure.variantFailures).toEqual([
      { param: 'variants[1].priceAfterDiscount', code: 'PRICE_AFTER_DISCOUNT_NOT_LOWER' },
    ]);
    const onlyTable = productFailureFromApi({ status: 400, body: fieldErrorsBody(['variants', 'skuTaken']) }, 'SA');
    expect(onlyTable).toEqual({
      fieldErrors: { variants: vt.checkRows },
      variantFailures: [{ param: 'variants', code: 'SKU_TAKEN' }],
    });
  });
});
