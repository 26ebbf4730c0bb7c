import { MAX_PRODUCT_IMAGES, NEW_IMAGE_SLOT } from '../../contract/constants';
import { toAsciiDigits } from '../../contract/digits';
import { type FieldFailure, isApiErrorCode } from '../../contract/errors';
import type { ApiErrorCode } from '../../contract/messages';
import type { Product, StoredImage, Subcategory } from '../../contract/types';
import { ap, variantText } from '../i18n/admin-products';
import { type ApiFailure, type ErrorTextOverrides, formFailureFromApi } from './api-errors';
import type { FormFailure, FormValues } from './form';
import { formatNumber } from './format';
import { plural } from './plural';
import { isVariantParam, type VariantDraft, type VariantFailure, variantDraftOf } from './product-variants';
import { picturesOf } from './seo';

/**
 * The product form's fields in the order they appear (the first with a message takes the focus).
 * Names are the API's multipart fields, so its messages land on the right field; `images` holds
 * the pictures in order, the first being the cover (the API's `imageCover`).
 */
export const productFields = [
  'images',
  'title',
  'description',
  'price',
  'priceAfterDiscount',
  'quantity',
  'sku',
  'barcode',
  'variants',
  'category',
  'subcategory',
  'brand',
  'availableColors',
  'status',
] as const;
export type ProductField = (typeof productFields)[number];

/** The fields that hold one text each (the rest are lists: pictures, sub-categories, colours). */
export const productTextFields = [
  'title',
  'description',
  'price',
  'priceAfterDiscount',
  'quantity',
  'sku',
  'barcode',
  'category',
  'brand',
  'status',
] as const;
export type ProductTextField = (typeof productTextFields)[number];
export type ProductValues = FormValues<ProductTextField>;

/** What the form starts with: a saved product, or nothing; or what was posted before a failure. */
export type ProductFormDefaults = {
  values: ProductValues;
  colors: string[];
  subcategories: string[];
  /** The product's stored pictures, the cover first. */
  images: StoredImage[];
  /** The sub-categories of `values.category`, so they show before any choice is made. */
  subcategoryOptions: Subcategory[];
  /** The options and the variant table (empty for a product without options). */
  variants: VariantDraft;
};

/** The add and edit actions' answer. */
export type ProductActionResult =
  | { ok: true; id: string }
  | ({
      ok: false;
      values: ProductValues;
      colors: string[];
      subcategories: string[];
      subcategoryOptions: Subcategory[];
      /** What was wrong in the table, placed on its rows by the editor. */
      variantFailures: VariantFailure[];
    } & FormFailure<ProductField>);

/** docs/specification.md (Validation rules: Product form; Limits and page sizes) and docs/decisions/0017-four-product-images.md: at most 4 pictures, none narrower than 300 px; a crop 300–800 px wide. */
export const IMAGE_RULES = { max: MAX_PRODUCT_IMAGES, minWidth: 300, cropMinWidth: 300, cropMaxWidth: 800 } as const;

export const emptyProductValues: ProductValues = {
  title: '',
  description: '',
  price: '',
  priceAfterDiscount: '',
  quantity: '',
  sku: '',
  barcode: '',
  category: '',
  brand: '',
  status: 'active',
};

/** A typed number as the API reads it: Arabic-Indic digits and the Arabic decimal sign accepted. */
export const asciiNumber = (text: string) => toAsciiDigits(text.trim()).replace(/٫/g, '.');

export const tooManyImagesText = (max: number = IMAGE_RULES.max) => plural(max, ap.tooManyImages);
export const imageTooNarrowText = () => ap.imageTooNarrow(formatNumber(IMAGE_RULES.minWidth));

/** The API's product messages as the product screens word them (the rest as the code table has them). */
export const productWording: ErrorTextOverrides = {
  CATEGORY_NOT_FOUND: ap.categoryNotFound,
  BRAND_NOT_FOUND: ap.brandNotFound,
  SUBCATEGORY_NOT_FOUND: ap.subcategoryNotFound,
  IMAGE_INVALID: ap.imageInvalid,
  IMAGE_TOO_LARGE: ap.imageTooLarge,
  IMAGE_TOO_MANY_PIXELS: ap.imageTooManyPixels,
  BODY_TOO_LARGE: ap.formTooLarge,
  PRODUCT_NOT_FOUND: ap.productGone,
};

/** docs/specification.md (Validation rules: Product form): a picture narrower than 300 px is refused. */
export const isWideEnough = (width: number) => width >= IMAGE_RULES.minWidth;

/**
 * The zoom range of a square crop over a picture whose short side is `shortSide` px: at zoom 1
 * the crop spans the short side, at zoom z it spans shortSide / z, which must stay 300–800 px.
 * Null when no crop of an allowed width fits.
 */
export function cropZoomRange(shortSide: number): { min: number; max: number } | null {
  if (shortSide < IMAGE_RULES.cropMinWidth) return null;
  return {
    min: Math.max(1, shortSide / IMAGE_RULES.cropMaxWidth),
    max: shortSide / IMAGE_RULES.cropMinWidth,
  };
}

/** Whether a crop `width` px wide (of the source picture) is allowed; rounding is forgiven. */
export const isCropWidthAllowed = (width: number) =>
  Math.round(width) >= IMAGE_RULES.cropMinWidth && Math.round(width) <= IMAGE_RULES.cropMaxWidth;

/** What the form starts with for a saved product (its pictures with the cover first, no repeats). */
export function productDefaults(product: Product | null, subcategoryOptions: Subcategory[] = []): ProductFormDefaults {
  if (!product) {
    return {
      values: emptyProductValues,
      colors: [],
      subcategories: [],
      images: [],
      subcategoryOptions,
      variants: variantDraftOf(null),
    };
  }
  const defaultVariant = product.options.length === 0 ? product.variants[0] : undefined;
  return {
    values: {
      title: product.title,
      description: product.description,
      price: String(product.price),
      priceAfterDiscount: product.priceAfterDiscount === undefined ? '' : String(product.priceAfterDiscount),
      quantity: String(product.quantity),
      // A product without options: its default variant's codes (docs/variants.md).
      sku: defaultVariant?.sku ?? '',
      barcode: defaultVariant?.barcode ?? '',
      category: product.category,
      brand: product.brand ?? '',
      status: product.status,
    },
    colors: [...product.availableColors],
    subcategories: [...product.subcategory],
    images: picturesOf(product),
    subcategoryOptions,
    variants: variantDraftOf(product),
  };
}

/**
 * After a plain post failed (before JavaScript loads), the form shows what was posted; its
 * pictures are not kept, and its table is the one it started with (only JavaScript changes it).
 */
export function postedDefaults(
  posted: ProductActionResult | undefined,
  fallback: ProductFormDefaults,
): ProductFormDefaults {
  if (!posted || posted.ok) return fallback;
  const { values, colors, subcategories, subcategoryOptions } = posted;
  return { values, colors, subcategories, subcategoryOptions, images: fallback.images, variants: fallback.variants };
}

/**
 * The multipart body of POST/PUT /products. The first picture is the cover and also the first of
 * `images`, as the shop's own products and the original clients have it (the API stores the same
 * file once). Empty lists are sent as one empty value, which the API reads as 'none' (on update,
 * a field left out would keep the old list). Without pictures the product keeps its own. An edit
 * of the pictures with JavaScript sends `keep`: the saved ones by key (the first of them being
 * the cover when it leads), a slot for each new file (docs/architecture.md § Images). With a
 * variant table the prices, stock, SKUs and barcodes are its rows' and the product's own are left
 * out (docs/variants.md).
 */
export function productApiForm(
  values: ProductValues,
  lists: {
    colors: readonly string[];
    subcategories: readonly string[];
    images: readonly File[];
    keep?: readonly string[] | undefined;
  },
  variants?: { options: string; variants: string },
): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('description', values.description.trim());
  if (variants) {
    form.append('options', variants.options);
    form.append('variants', variants.variants);
  } else {
    form.append('price', asciiNumber(values.price));
    form.append('priceAfterDiscount', asciiNumber(values.priceAfterDiscount));
    form.append('quantity', asciiNumber(values.quantity));
    form.append('sku', values.sku.trim());
    form.append('barcode', values.barcode.trim());
  }
  form.append('category', values.category.trim());
  form.append('brand', values.brand.trim());
  // Left out (a post without the field), the API keeps the product's status.
  if (values.status) form.append('status', values.status);
  for (const color of lists.colors.length > 0 ? lists.colors : ['']) form.append('availableColors', color);
  for (const id of lists.subcategories.length > 0 ? lists.subcategories : ['']) form.append('subcategory', id);
  const [cover] = lists.images;
  if (lists.keep) {
    const [first] = lists.keep;
    if (first && first !== NEW_IMAGE_SLOT) form.append('keepImageCover', first);
    else if (cover) form.append('imageCover', cover);
    for (const entry of lists.keep.length > 0 ? lists.keep : ['']) form.append('keepImages', entry);
  } else if (cover) form.append('imageCover', cover);
  for (const image of lists.images) form.append('images', image);
  return form;
}

/** Failures about the uploaded files come without a field (413, 415): they belong to the pictures. */
const imageCodes: readonly ApiErrorCode[] = [
  'IMAGE_INVALID',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'BODY_TOO_LARGE',
];

/**
 * An API failure on the product form's fields. The API names list items (`availableColors.0`),
 * the cover (`imageCover`) and the kept pictures (`keepImages`, `keepImageCover`); the form has
 * one field for each list and one for the pictures.
 */
export function productFailureFromApi(
  failure: ApiFailure,
  phoneCountry: string,
): FormFailure<ProductField> & { variantFailures?: VariantFailure[] } {
  const { body } = failure;
  const fieldOf = (param: string) => {
    const name = param.split('.')[0] ?? param;
    return ['imageCover', 'keepImages', 'keepImageCover'].includes(name) ? 'images' : name;
  };
  let normalised: ApiFailure = failure;
  if (body && 'errors' in body) {
    // The table's failures go to its rows (the editor places them); its field says to look there.
    const variantFailures = body.errors
      .filter((e) => isVariantParam(e.param))
      .map(({ param, code }) => ({ param, code }));
    const rest = body.errors.filter((e) => !isVariantParam(e.param));
    const onFields: FormFailure<ProductField> =
      rest.length > 0
        ? formFailureFromApi(
            { ...failure, body: { errors: rest.map((e) => ({ ...e, param: fieldOf(e.param) })) } },
            productFields,
            phoneCountry,
            productWording,
          )
        : { fieldErrors: {} };
    if (variantFailures.length === 0) return onFields;
    onFields.fieldErrors.variants = variantText.checkRows;
    return { ...onFields, variantFailures };
  } else if (body && isApiErrorCode(body.code) && imageCodes.includes(body.code)) {
    const onPictures: FieldFailure = { msg: body.message, param: 'images', location: 'body', code: body.code };
    normalised = { status: 400, body: { errors: [onPictures] } };
  }
  return formFailureFromApi(normalised, productFields, phoneCountry, productWording);
}
