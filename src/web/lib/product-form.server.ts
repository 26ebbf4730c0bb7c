import { type AppLoadContext, data } from 'react-router';
import sharp from 'sharp';
import { MAX_LIST_LIMIT } from '../../contract/constants';
import { imageUploadFailure } from '../../contract/images';
import { currencyDigits } from '../../contract/money';
import type { ListEnvelope, Subcategory } from '../../contract/types';
import { ap, variantText } from '../i18n/admin-products';
import { type ApiClient, ApiError } from './api';
import { requireUser } from './auth.server';
import { apiFor } from './context.server';
import { type FieldErrors, formValues, hasErrors } from './form';
import {
  IMAGE_RULES,
  imageTooNarrowText,
  type ProductActionResult,
  type ProductField,
  productApiForm,
  productFailureFromApi,
  productTextFields,
} from './product-form';
import { validateProduct, variantFailures } from './product-validation';
import { apiVariantParts, type VariantFailure } from './product-variants';
import { redirectWithToast } from './toast.server';

/** Every page of a list, 100 at a time (the selects offer all categories and brands). */
async function allPages<T>(load: (query: { page: number; limit: number }) => Promise<ListEnvelope<T>>): Promise<T[]> {
  const first = await load({ page: 1, limit: MAX_LIST_LIMIT });
  const pages = Array.from({ length: first.paginationResult.numberOfPages - 1 }, (_, i) => i + 2);
  const rest = await Promise.all(pages.map((page) => load({ page, limit: MAX_LIST_LIMIT })));
  return [first, ...rest].flatMap((list) => list.data);
}

/** docs/specification.md (Screens and routes: Staff screens): categories and brands are loaded when the form opens. */
export async function productChoices(api: ApiClient) {
  const [categories, brands] = await Promise.all([
    allPages((query) => api.categories.list(query)),
    allPages((query) => api.brands.list(query)),
  ]);
  return { categories, brands };
}

/** A category's sub-categories; none for no category, or one that is gone or malformed. */
export async function subcategoryOptions(api: ApiClient, categoryId: string): Promise<Subcategory[]> {
  if (!categoryId) return [];
  try {
    return await allPages((query) => api.categories.subcategories(categoryId, query));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return [];
    throw error;
  }
}

/**
 * Whether a posted picture is narrower than the form allows, by the one check of uploads
 * (imageUploadFailure) on its header; one that cannot be read is left to the API to refuse.
 */
async function isTooNarrow(file: File): Promise<boolean> {
  try {
    const header = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    const limits = { maxPixels: Number.POSITIVE_INFINITY, minWidth: IMAGE_RULES.minWidth };
    return imageUploadFailure({ format: header.format, ...(header.autoOrient ?? header) }, limits) === 'imageTooNarrow';
  } catch {
    return false;
  }
}

/** The table's parts checked as the API will: JSON that does not read is the table's own failure. */
function tableFailures(parts: { options: string; variants: string }, digits: number): VariantFailure[] {
  let input: unknown;
  try {
    input = { options: JSON.parse(parts.options), variants: JSON.parse(parts.variants) };
  } catch {
    return [{ param: 'variants', code: 'VARIANTS_INVALID' }];
  }
  return variantFailures(input, digits);
}

type Target = { kind: 'add' } | { kind: 'edit'; id: string };

/**
 * The add and edit actions. The browser sends its pictures in order (cropped ones already cut)
 * as `images`; before JavaScript loads the same form posts the chosen files as they are. The
 * rules are checked again here for a plain post, then the form goes to the API as multipart.
 */
export async function saveProduct(request: Request, context: AppLoadContext, target: Target) {
  await requireUser(request, context, 'staff');
  const api = apiFor(request, context);
  const form = await request.formData();
  const values = formValues(form, productTextFields);
  const texts = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string' && v !== '');
  const colors = texts('availableColors');
  const subcategories = texts('subcategory');
  // A file input left empty still posts one nameless, empty file.
  const images = form.getAll('images').filter((v): v is File => typeof v !== 'string' && v.size > 0);
  // Sent by the browser when the pictures of a saved product changed: the saved ones by key.
  const keep = target.kind === 'edit' && form.has('keepImages') ? texts('keepImages') : undefined;
  // The variant table's JSON parts (docs/variants.md), posted by the form of a product with options.
  const options = form.get('options');
  const table = form.get('variants');
  const posted = typeof options === 'string' && typeof table === 'string' ? { options, variants: table } : undefined;
  const variants = apiVariantParts(posted, values);

  const fail = async (failure: {
    fieldErrors: FieldErrors<ProductField>;
    formError?: string;
    variantFailures?: VariantFailure[];
  }) =>
    data<ProductActionResult>(
      {
        ok: false,
        variantFailures: [],
        ...failure,
        values,
        colors,
        subcategories,
        subcategoryOptions: await subcategoryOptions(api, values.category),
      },
      { status: 400 },
    );

  const fieldErrors = validateProduct(values, {
    digits: currencyDigits(context.shop.currency),
    imageCount: keep?.length ?? images.length,
    imageRequired: target.kind === 'add' || keep !== undefined,
    colors,
    subcategories,
    withVariants: variants !== undefined && variants.options !== '[]',
  });
  const inTable = variants ? tableFailures(variants, currencyDigits(context.shop.currency)) : [];
  if (inTable.length > 0) fieldErrors.variants = variantText.checkRows;
  if (!fieldErrors.images) {
    const narrow = await Promise.all(images.map(isTooNarrow));
    if (narrow.some(Boolean)) fieldErrors.images = imageTooNarrowText();
  }
  if (hasErrors(fieldErrors)) return fail({ fieldErrors, variantFailures: inTable });

  const body = productApiForm(values, { colors, subcategories, images, keep }, variants);
  let id: string;
  try {
    const saved = target.kind === 'add' ? await api.products.create(body) : await api.products.update(target.id, body);
    id = saved.data.id;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (target.kind === 'edit' && error.status === 404) throw data(null, { status: 404 });
    return fail(productFailureFromApi(error, context.shop.phoneCountry));
  }
  // With JavaScript the page shows the toast and resets or refreshes the form in place.
  if (form.get('js') === '1') return data<ProductActionResult>({ ok: true, id });
  const path = target.kind === 'add' ? '/admin/addproducts' : `/admin/editproducts/${id}`;
  return redirectWithToast(request, path, { type: 'success', text: target.kind === 'add' ? ap.added : ap.updated });
}
