import { z } from 'zod';
import {
  dataEnvelope,
  idSchema,
  listEnvelope,
  nonNegativeInt,
  numericInput,
  pageQuery,
  requiredString,
  resourceIds,
  statusListEnvelope,
  timestamps,
} from './common.js';
import {
  GROUP_NAME_MAX,
  GROUP_NAME_MIN,
  MAX_BULK_PRODUCTS,
  MAX_PRODUCT_COLORS,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_SUBCATEGORIES,
  PRODUCT_FILTER_IDS_MAX,
  PRODUCT_KEYWORD_MAX,
  PRODUCT_SORT_FIELDS,
  PRODUCT_STATUS_FILTERS,
  PRODUCT_STATUSES,
  PRODUCT_STOCK_FILTERS,
} from './constants.js';
import { storedImageSchema } from './images.js';
import { apiMessages as m } from './messages.js';
import { barcodeInput, COLOR_VALUE, jsonPart, productOptionSchema, skuInput, variantSchema } from './variants.js';

const boundedName = (required: string, tooShort: string, tooLong: string) =>
  requiredString(required).pipe(
    z.string().min(GROUP_NAME_MIN, { error: tooShort }).max(GROUP_NAME_MAX, { error: tooLong }),
  );

export const categoryNameSchema = boundedName(m.categoryNameRequired, m.categoryNameTooShort, m.categoryNameTooLong);
export const brandNameSchema = boundedName(m.brandNameRequired, m.brandNameTooShort, m.brandNameTooLong);
export const subcategoryNameSchema = boundedName(
  m.subcategoryNameRequired,
  m.subcategoryNameTooShort,
  m.subcategoryNameTooLong,
);

export const createSubcategorySchema = z.object({
  name: subcategoryNameSchema,
  category: requiredString(m.subcategoryCategoryRequired).pipe(idSchema),
});
export const updateSubcategorySchema = createSubcategorySchema.partial();

/** Product form fields as strings (multipart), validated and converted; prices in major units. */
export const productFieldsObject = z.object({
  title: requiredString(m.titleRequired).pipe(
    z.string().min(3, { error: m.titleTooShort }).max(200, { error: m.titleTooLong }),
  ),
  description: requiredString(m.descriptionRequired).pipe(z.string().max(5000, { error: m.descriptionTooLong })),
  quantity: numericInput(m.quantityRequired, m.quantityInvalid).pipe(
    z
      .number()
      .int({ error: m.quantityInvalid })
      .min(0, { error: m.quantityInvalid })
      .max(1_000_000_000, { error: m.quantityInvalid }),
  ),
  price: numericInput(m.priceRequired, m.priceNotNumber).pipe(
    z.number().positive({ error: m.priceInvalid }).max(100_000_000, { error: m.priceInvalid }),
  ),
  /** Empty means no discount. */
  priceAfterDiscount: numericInput(m.priceAfterDiscountInvalid, m.priceAfterDiscountNotNumber)
    .pipe(
      z
        .number()
        .min(0, { error: m.priceAfterDiscountInvalid })
        .max(100_000_000, { error: m.priceAfterDiscountInvalid }),
    )
    .optional(),
  category: z.string({ error: m.categoryRequired }).trim().min(1, { error: m.categoryRequired }).pipe(idSchema),
  brand: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(idSchema.optional())
    .optional(),
  availableColors: z
    .array(z.string().trim().toLowerCase().regex(COLOR_VALUE, { error: m.colorInvalid }))
    .max(MAX_PRODUCT_COLORS, { error: m.colorsTooMany })
    .default([]),
  subcategory: z.array(idSchema).max(MAX_PRODUCT_SUBCATEGORIES, { error: m.subcategoriesTooMany }).default([]),
  /** Left out: `active` on create, unchanged on update (docs/catalogue.md § Drafts). */
  status: z.enum(PRODUCT_STATUSES, { error: m.productStatusInvalid }).optional(),
  /**
   * A product without options: its default variant's SKU (empty: the shop's own, or the one it has)
   * and barcode (empty: none), as a variant takes them (docs/variants.md).
   */
  sku: skuInput.optional(),
  barcode: barcodeInput.optional(),
});

export const productFieldsSchema = productFieldsObject.refine(
  (p) => p.priceAfterDiscount === undefined || p.priceAfterDiscount < p.price,
  {
    error: m.priceAfterDiscountNotLower,
    path: ['priceAfterDiscount'],
  },
);

/** A product's fields when its variants carry the prices, stock, SKUs and barcodes (docs/variants.md). */
export const productFieldsWithVariants = productFieldsObject.omit({
  quantity: true,
  price: true,
  priceAfterDiscount: true,
  sku: true,
  barcode: true,
});

/** Prices are PostgreSQL `integer` minor units. */
export const MAX_MINOR_PRICE = 2_147_483_647;

/**
 * The rules on prices in minor units, after the schema's (which compares major units): a price can
 * still round to nothing or past the column, or a discount round up to the price (10 and 9.999
 * are both 1000 halalas). The first broken one, or null.
 */
export function minorPriceFailure(
  price: number,
  priceAfterDiscount: number | null,
): { field: 'price'; key: 'priceInvalid' } | { field: 'priceAfterDiscount'; key: 'priceAfterDiscountNotLower' } | null {
  if (price < 1 || price >= MAX_MINOR_PRICE) return { field: 'price', key: 'priceInvalid' };
  if (priceAfterDiscount !== null && priceAfterDiscount >= price) {
    return { field: 'priceAfterDiscount', key: 'priceAfterDiscountNotLower' };
  }
  return null;
}
/**
 * A product's form as a client sends it: the fields above as text parts (the lists as repeated
 * parts), the cover and up to MAX_PRODUCT_IMAGES pictures as files. The server reads it itself
 * (multipart), so this describes it for the API reference.
 */
export const productForm = productFieldsObject.extend({
  /**
   * JSON: `[{ name, values }]`, up to 3 (docs/variants.md). With options, `variants` holds the
   * prices, stock, SKUs and barcodes, and the product's own `price`, `priceAfterDiscount`,
   * `quantity`, `sku` and `barcode` are left out.
   */
  options: jsonPart(m.optionsInvalid).optional(),
  /** JSON: `[{ id?, sku?, barcode?, options: { [name]: value }, price, priceAfterDiscount?, quantity }]`. */
  variants: jsonPart(m.variantsInvalid).optional(),
  imageCover: z.file(),
  images: z.array(z.file()).max(MAX_PRODUCT_IMAGES).optional(),
});
/**
 * On update every part is optional; pictures left out keep the product's own. `keepImages` lists
 * the product's stored pictures (their `key`) to keep, in the gallery's order, `new` standing for
 * the next uploaded file of `images`; `keepImageCover` keeps one of them as the cover
 * (docs/architecture.md § Images). Sent, they replace the gallery, and only new files are uploaded.
 */
export const productChangesForm = productForm.partial().extend({
  keepImages: z.array(z.string()).max(MAX_PRODUCT_IMAGES).optional(),
  keepImageCover: z.string().optional(),
});

/** A category's or a brand's form: its name, and its picture as a file. */
export const namedItemForm = (name: z.ZodType<string, string>) => z.object({ name, image: z.file().optional() });

/** Fields that may appear more than once in a product form. */
export const PRODUCT_ARRAY_FIELDS = ['availableColors', 'subcategory'] as const;

const optionalId = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(idSchema.optional())
  .optional();

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(idSchema).max(PRODUCT_FILTER_IDS_MAX))
  .optional();

const priceBound = z.preprocess(
  (v) => (v === '' ? undefined : v),
  numericInput(m.priceFilterInvalid)
    .pipe(z.number().min(0, { error: m.priceFilterInvalid }))
    .optional(),
);

const sortSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const fields: { field: (typeof PRODUCT_SORT_FIELDS)[number]; desc: boolean }[] = [];
    for (const raw of (value ?? '').split(',')) {
      // '+price' arrives as ' price' when a client forgets to encode '+'.
      const token = raw.trim();
      if (!token) continue;
      const desc = token.startsWith('-');
      const name = token.replace(/^[-+]/, '');
      if (!(PRODUCT_SORT_FIELDS as readonly string[]).includes(name)) {
        ctx.addIssue({ code: 'custom', message: m.sortInvalid, input: value });
        return z.NEVER;
      }
      fields.push({ field: name as (typeof PRODUCT_SORT_FIELDS)[number], desc });
    }
    return fields;
  });

/**
 * `option=المقاس:42` (repeatable, one per option): products with a variant in stock that has all
 * these values (docs/variants.md).
 */
const optionFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((raw, ctx) => {
    const pairs = (Array.isArray(raw) ? raw : [raw]).filter((v) => v.trim() !== '');
    const wanted: Record<string, string> = {};
    for (const pair of pairs) {
      const at = pair.indexOf(':');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (at < 1 || !name || !value || name.length > 30 || value.length > 30 || pairs.length > 3) {
        ctx.addIssue({ code: 'custom', message: m.optionFilterInvalid, input: raw });
        return z.NEVER;
      }
      wanted[name] = value;
    }
    return wanted;
  })
  .optional();

export const productQuerySchema = z.object({
  ...pageQuery,
  keyword: z.string().trim().max(PRODUCT_KEYWORD_MAX, { error: m.keywordTooLong }).optional(),
  sort: sortSchema,
  category: optionalId,
  brand: optionalId,
  'category[in][]': idList,
  'category[in]': idList,
  'brand[in][]': idList,
  'brand[in]': idList,
  'price[gte]': priceBound,
  'price[lte]': priceBound,
  option: optionFilter,
  /** Staff only beyond `active`, the default (docs/catalogue.md § Drafts). */
  status: z.enum(PRODUCT_STATUS_FILTERS, { error: m.productStatusInvalid }).optional(),
  /** `low`: 1 to the shop's low-stock threshold; `in`: 1 or more; `out`: none. */
  stock: z.enum(PRODUCT_STOCK_FILTERS, { error: m.stockFilterInvalid }).optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/** `POST /products/bulk`: one action on up to MAX_BULK_PRODUCTS products, all or nothing. */
export const productBulkSchema = z
  .object({
    ids: z
      .array(idSchema, { error: m.bulkIdsInvalid })
      .min(1, { error: m.bulkIdsInvalid })
      .max(MAX_BULK_PRODUCTS, { error: m.bulkIdsInvalid })
      .transform((ids) => [...new Set(ids)]),
    action: z.enum(['publish', 'draft', 'move', 'delete'], { error: m.bulkActionInvalid }),
    /** The category `move` puts the products in. */
    categoryId: idSchema.optional(),
  })
  .refine((body) => body.action !== 'move' || body.categoryId !== undefined, {
    error: m.categoryRequired,
    path: ['categoryId'],
  });
export type ProductBulk = z.output<typeof productBulkSchema>;
export const productBulkResult = dataEnvelope(z.object({ updated: nonNegativeInt }));

/** `GET /products/suggest?keyword=`: what the search box offers while someone types. */
export const suggestQuerySchema = z.object({
  keyword: z.string().trim().max(PRODUCT_KEYWORD_MAX, { error: m.keywordTooLong }).default(''),
});

/* Responses */

/** A category or a brand: a name and an image (an absolute URL, or null before one is set). */
export const namedItemSchema = z.object({
  ...resourceIds,
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  /** The image's key and every size's URL (null before one is set). */
  imageSizes: storedImageSchema.nullable(),
  ...timestamps,
});

export const subcategorySchema = z.object({
  ...resourceIds,
  name: z.string(),
  slug: z.string(),
  /** The category's id. */
  category: z.string(),
  ...timestamps,
});

/** Prices in major units; `category`, `brand` and `subcategory` are ids, images absolute URLs. */
export const productSchema = z.object({
  ...resourceIds,
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  quantity: nonNegativeInt,
  sold: nonNegativeInt,
  price: z.number(),
  /** Absent when there is no discount. */
  priceAfterDiscount: z.number().optional(),
  /** A product with options takes its colours from its variants (docs/variants.md). */
  availableColors: z.array(z.string()),
  options: z.array(productOptionSchema),
  /** What is sold: one per combination of option values in use, or one default variant. */
  variants: z.array(variantSchema),
  imageCover: z.string().nullable(),
  images: z.array(z.string().nullable()),
  /** The cover's and each image's key and every size's URL (`imageCover` and `images` are the large ones). */
  imageCoverSizes: storedImageSchema.nullable(),
  imagesSizes: z.array(storedImageSchema),
  category: z.string(),
  subcategory: z.array(z.string()),
  brand: z.string().nullable(),
  ratingsAverage: z.number(),
  ratingsQuantity: nonNegativeInt,
  /** `draft`: staff only, 404 for everyone else. */
  status: z.enum(PRODUCT_STATUSES),
  ...timestamps,
});

/** One entry of the search box's suggestions: a brand, a category or a product to go to. */
export const suggestionSchema = z.object({
  type: z.enum(['brand', 'category', 'product']),
  id: z.string(),
  name: z.string(),
});

export const namedItemEnvelope = dataEnvelope(namedItemSchema);
export const namedItemList = listEnvelope(namedItemSchema);
export const subcategoryEnvelope = dataEnvelope(subcategorySchema);
export const subcategoryList = listEnvelope(subcategorySchema);
export const productEnvelope = dataEnvelope(productSchema);
/**
 * What a keyword search that found nothing offers instead (docs/catalogue.md § Search): never an
 * empty page. Only on the first page of a search of the published products.
 */
export const noMatchSchema = z.object({
  /** The keyword with its unknown words spelled as the catalogue spells them, when that finds something. */
  didYouMean: z.string().nullable(),
  /** The first products of the closest keyword that finds any: `didYouMean`, or the keyword with words left out. */
  nearest: z.object({ keyword: z.string(), data: z.array(productSchema) }).nullable(),
  /** The best sellers. */
  popular: z.array(productSchema),
});
/** `noMatch` is optional: older clients read the list as before (docs/api-compatibility.md). */
export const productList = listEnvelope(productSchema).extend({
  noMatch: noMatchSchema.optional(),
  resultsAtLeast: z
    .literal(true)
    .optional()
    .describe('Matches were counted no further than 1,000 past the page: `results` is a lower bound'),
});
export const suggestionList = statusListEnvelope(suggestionSchema);
