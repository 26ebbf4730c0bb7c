import { MAX_PRODUCT_IMAGES } from '../../contract/constants';
import { toAsciiDigits } from '../../contract/digits';
import { type ApiMessage, apiMessages as m } from '../../contract/messages';
import { toMinor } from '../../contract/money';
import type { Product, Subcategory } from '../../contract/types';
import { ap } from '../i18n/admin-products';
import { type ApiFailure, formFailureFromApi, type MessageOverrides } from './api-errors';
import type { FieldErrors, FormFailure, FormValues } from './form';
import { formatNumber } from './format';
import { plural } from './plural';

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
  'category',
  'subcategory',
  'brand',
  'availableColors',
] as const;
export type ProductField = (typeof productFields)[number];

/** The fields that hold one text each (the rest are lists: pictures, sub-categories, colours). */
export const productTextFields = [
  'title',
  'description',
  'price',
  'priceAfterDiscount',
  'quantity',
  'category',
  'brand',
] as const;
export type ProductTextField = (typeof productTextFields)[number];
export type ProductValues = FormValues<ProductTextField>;

/** What the form starts with: a saved product, or nothing; or what was posted before a failure. */
export type ProductFormDefaults = {
  values: ProductValues;
  colors: string[];
  subcategories: string[];
  /** The product's pictures (URLs), the cover first. */
  images: string[];
  /** The sub-categories of `values.category`, so they show before any choice is made. */
  subcategoryOptions: Subcategory[];
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
    } & FormFailure<ProductField>);

/** Spec §5/§9 and PRODUCT-DECISIONS row 16: at most 4 pictures, none narrower than 300 px; a crop 300–800 px wide. */
export const IMAGE_RULES = { max: MAX_PRODUCT_IMAGES, minWidth: 300, cropMinWidth: 300, cropMaxWidth: 800 } as const;
/** The API keeps at most 20 colours and 20 sub-categories on a product. */
export const MAX_COLORS = 20;

/** The API's limits (src/contract/catalog.ts, and the integer minor-unit columns behind it). */
const LIMITS = {
  titleMin: 3,
  titleMax: 200,
  descriptionMax: 5000,
  priceMax: 100_000_000,
  quantityMax: 1_000_000_000,
  minorMax: 2_147_483_647,
} as const;

export const emptyProductValues: ProductValues = {
  title: '',
  description: '',
  price: '',
  priceAfterDiscount: '',
  quantity: '',
  category: '',
  brand: '',
};

/** A typed number as the API reads it: Arabic-Indic digits and the Arabic decimal sign accepted. */
export const asciiNumber = (text: string) => toAsciiDigits(text.trim()).replace(/٫/g, '.');

/** The number typed, null when nothing was typed, NaN when it is not a number. */
function readNumber(text: string): number | null {
  const ascii = asciiNumber(text);
  if (ascii === '') return null;
  const value = Number(ascii);
  return Number.isFinite(value) ? value : Number.NaN;
}

export const tooManyImagesText = (max: number = IMAGE_RULES.max) => plural(max, ap.tooManyImages);
export const imageTooNarrowText = () => ap.imageTooNarrow(formatNumber(IMAGE_RULES.minWidth));

type ProductRuleContext = {
  /** Minor-unit digits of the shop's currency: a price must be at least one of its smallest coins. */
  digits: number;
  imageCount: number;
  /** A new product needs its cover; an edited one keeps its pictures unless new ones are sent. */
  imageRequired: boolean;
  colorCount: number;
};

/**
 * The API's rules, checked before sending (an invalid form is not sent): name, description,
 * price, quantity and category required; a discount below the price; a whole quantity of 0 or
 * more; 1 to 4 pictures.
 */
export function validateProduct(values: ProductValues, context: ProductRuleContext): FieldErrors<ProductField> {
  const errors: FieldErrors<ProductField> = {};
  if (context.imageCount > IMAGE_RULES.max) errors.images = tooManyImagesText();
  else if (context.imageRequired && context.imageCount === 0) errors.images = ap.imageRequired;

  const title = values.title.trim();
  if (title === '') errors.title = ap.titleRequired;
  else if (title.length < LIMITS.titleMin) errors.title = ap.titleTooShort;
  else if (title.length > LIMITS.titleMax) errors.title = ap.titleTooLong;

  const description = values.description.trim();
  if (description === '') errors.description = ap.descriptionRequired;
  else if (description.length > LIMITS.descriptionMax) errors.description = ap.descriptionTooLong;

  const minor = (major: number) => toMinor(major, context.digits);
  const price = readNumber(values.price);
  const priceOk = price !== null && price > 0 && price <= LIMITS.priceMax;
  if (price === null) errors.price = ap.priceRequired;
  else if (Number.isNaN(price)) errors.price = ap.priceNotNumber;
  else if (!priceOk || minor(price) < 1 || minor(price) >= LIMITS.minorMax) errors.price = ap.priceInvalid;

  const discount = readNumber(values.priceAfterDiscount);
  if (discount !== null) {
    if (Number.isNaN(discount)) errors.priceAfterDiscount = ap.priceAfterDiscountNotNumber;
    else if (discount < 0 || discount > LIMITS.priceMax) errors.priceAfterDiscount = ap.priceAfterDiscountInvalid;
    else if (price !== null && !errors.price && minor(discount) >= minor(price)) {
      errors.priceAfterDiscount = ap.priceAfterDiscountNotLower;
    }
  }

  const quantity = readNumber(values.quantity);
  if (quantity === null) errors.quantity = ap.quantityRequired;
  else if (!Number.isInteger(quantity) || quantity < 0 || quantity > LIMITS.quantityMax) {
    errors.quantity = ap.quantityInvalid;
  }

  if (values.category.trim() === '') errors.category = ap.categoryRequired;
  if (context.colorCount > MAX_COLORS) errors.availableColors = ap.tooManyColors(formatNumber(MAX_COLORS));
  return errors;
}

/** Spec §5: a picture narrower than 300 px is refused. */
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
  if (!product) return { values: emptyProductValues, colors: [], subcategories: [], images: [], subcategoryOptions };
  const images = [product.imageCover, ...product.images].filter((url): url is string => Boolean(url));
  return {
    values: {
      title: product.title,
      description: product.description,
      price: String(product.price),
      priceAfterDiscount: product.priceAfterDiscount === undefined ? '' : String(product.priceAfterDiscount),
      quantity: String(product.quantity),
      category: product.category,
      brand: product.brand ?? '',
    },
    colors: [...product.availableColors],
    subcategories: [...product.subcategory],
    images: [...new Set(images)],
    subcategoryOptions,
  };
}

/** After a plain post failed (before JavaScript loads), the form shows what was posted; its pictures are not kept. */
export function postedDefaults(
  posted: ProductActionResult | undefined,
  fallback: ProductFormDefaults,
): ProductFormDefaults {
  if (!posted || posted.ok) return fallback;
  const { values, colors, subcategories, subcategoryOptions } = posted;
  return { values, colors, subcategories, subcategoryOptions, images: fallback.images };
}

/**
 * The multipart body of POST/PUT /products. The first picture is the cover and also the first of
 * `images`, as the shop's own products and the original clients have it (the API stores the same
 * file once). Empty lists are sent as one empty value, which the API reads as 'none' (on update,
 * a field left out would keep the old list). Without pictures the product keeps its own.
 */
export function productApiForm(
  values: ProductValues,
  lists: { colors: readonly string[]; subcategories: readonly string[]; images: readonly File[] },
): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('description', values.description.trim());
  form.append('price', asciiNumber(values.price));
  form.append('priceAfterDiscount', asciiNumber(values.priceAfterDiscount));
  form.append('quantity', asciiNumber(values.quantity));
  form.append('category', values.category.trim());
  form.append('brand', values.brand.trim());
  for (const color of lists.colors.length > 0 ? lists.colors : ['']) form.append('availableColors', color);
  for (const id of lists.subcategories.length > 0 ? lists.subcategories : ['']) form.append('subcategory', id);
  const [cover] = lists.images;
  if (cover) {
    form.append('imageCover', cover);
    for (const image of lists.images) form.append('images', image);
  }
  return form;
}

/** The API's product messages as people read them. */
const productMessages: MessageOverrides = {
  [m.titleRequired]: ap.titleRequired,
  [m.titleTooShort]: ap.titleTooShort,
  [m.titleTooLong]: ap.titleTooLong,
  [m.descriptionRequired]: ap.descriptionRequired,
  [m.descriptionTooLong]: ap.descriptionTooLong,
  [m.quantityRequired]: ap.quantityRequired,
  [m.quantityInvalid]: ap.quantityInvalid,
  [m.priceRequired]: ap.priceRequired,
  [m.priceInvalid]: ap.priceInvalid,
  [m.priceAfterDiscountInvalid]: ap.priceAfterDiscountInvalid,
  [m.priceAfterDiscountNotLower]: ap.priceAfterDiscountNotLower,
  [m.imageCoverRequired]: ap.imageRequired,
  [m.categoryRequired]: ap.categoryRequired,
  [m.categoryNotFound]: ap.categoryNotFound,
  [m.brandNotFound]: ap.brandNotFound,
  [m.subcategoryNotFound]: ap.subcategoryNotFound,
  [m.subcategoryNotInCategory]: ap.subcategoryNotInCategory,
  [m.colorInvalid]: ap.colorInvalid,
  [m.tooManyImages]: tooManyImagesText(),
  [m.imageInvalid]: ap.imageInvalid,
  [m.imageTooLarge]: ap.imageTooLarge,
  [m.imageTooManyPixels]: ap.imageTooManyPixels,
  [m.bodyTooLarge]: ap.formTooLarge,
  [m.invalidId]: ap.invalidChoice,
  [m.productNotFound]: ap.productGone,
};

/** Failures about the uploaded files come without a field (413, 415): they belong to the pictures. */
const imageMessages: readonly string[] = [m.imageInvalid, m.imageTooLarge, m.imageTooManyPixels, m.bodyTooLarge];

/**
 * An API failure on the product form's fields. The API names list items (`availableColors.0`)
 * and the cover (`imageCover`); the form has one field for each list and one for the pictures.
 */
export function productFailureFromApi(failure: ApiFailure, phoneCountry: string): FormFailure<ProductField> {
  const { body } = failure;
  const fieldOf = (param: string) => {
    const name = param.split('.')[0] ?? param;
    return name === 'imageCover' ? 'images' : name;
  };
  let normalised: ApiFailure = failure;
  if (body && 'errors' in body) {
    normalised = { ...failure, body: { errors: body.errors.map((e) => ({ ...e, param: fieldOf(e.param) })) } };
  } else if (body && imageMessages.includes(body.message as ApiMessage)) {
    normalised = { status: 400, body: { errors: [{ msg: body.message, param: 'images' }] } };
  }
  return formFailureFromApi(normalised, productFields, phoneCountry, productMessages);
}
