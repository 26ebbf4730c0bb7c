import { z } from 'zod';
import { namedItemSchema, productSchema } from './catalog.js';
import { dataEnvelope, idSchema, isoDateTime, timestamps } from './common.js';
import {
  HOME_FEATURED_CATEGORIES_MAX,
  HOME_FEATURED_PRODUCTS_MAX,
  isSafeSlideLink,
  SLIDE_ALT_MAX,
  SLIDE_TEXT_MAX,
  SLIDE_TITLE_MAX,
} from './home-values.js';
import { storedImageSchema } from './images.js';
import { apiMessages as m } from './messages.js';

/* The home page chosen by the owner (docs/home-page.md): slides, featured categories and products. */

const limited = (max: number) => z.string().max(max, { error: m.valueTooLong });
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).pipe(limited(max));

/** An instant with its offset (the admin screen sends the shop's wall clock as one), or empty for none. */
const windowEdge = z.preprocess(
  (value) => (value === '' || value === null ? null : value),
  z.iso.datetime({ offset: true, error: m.slideDateInvalid }).nullable(),
);

/** True or false (a form's text); anything else is refused. */
const activeFlag = z.enum(['true', 'false'], { error: m.slideActiveInvalid }).transform((value) => value === 'true');

/**
 * A slide's fields as a form sends them (multipart with the `image` file on create, or JSON). The
 * picture itself is the form's `image` file (required on create), through the media store.
 */
export const slideFieldsObject = z.object({
  title: requiredText(m.slideTitleRequired, SLIDE_TITLE_MAX),
  text: z.string().trim().pipe(limited(SLIDE_TEXT_MAX)).default(''),
  alt: requiredText(m.slideAltRequired, SLIDE_ALT_MAX),
  link: z.string({ error: m.slideLinkInvalid }).trim().refine(isSafeSlideLink, { error: m.slideLinkInvalid }),
  activeFrom: windowEdge.optional(),
  activeUntil: windowEdge.optional(),
  active: activeFlag.optional(),
});

/** Whether a window's end comes after its start (either may be open). */
export const isWindowOrdered = (from: string | Date | null | undefined, until: string | Date | null | undefined) =>
  !from || !until || new Date(until).getTime() > new Date(from).getTime();

const windowIssue = { error: m.slideWindowInvalid, path: ['activeUntil'] };

/** `POST /admin/home/slides`. */
export const slideForm = slideFieldsObject.refine(
  (slide) => isWindowOrdered(slide.activeFrom, slide.activeUntil),
  windowIssue,
);
/** `PUT /admin/home/slides/:id`: any of the fields (the window is checked with the stored edge it keeps). */
export const slideChangesForm = slideFieldsObject.partial();

/** `PUT /admin/home/slides/order`: every slide's id once, in the new order. */
export const slideOrderSchema = z.object({
  ids: z.array(idSchema).max(100, { error: m.valuesTooMany }),
});

/** `PUT /admin/home/featured`: the ids in the order shown; empty lists bring back the defaults. */
export const featuredSchema = z.object({
  categoryIds: z
    .array(idSchema)
    .max(HOME_FEATURED_CATEGORIES_MAX, { error: m.valuesTooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: m.valueInvalid }),
  productIds: z
    .array(idSchema)
    .max(HOME_FEATURED_PRODUCTS_MAX, { error: m.valuesTooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: m.valueInvalid }),
});

export const slideSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  alt: z.string(),
  link: z.string(),
  /** The picture's sizes; every size is square (the media store's rule), `width` × `height` the largest. */
  image: storedImageSchema,
  width: z.int(),
  height: z.int(),
  position: z.int(),
  activeFrom: isoDateTime.nullable(),
  activeUntil: isoDateTime.nullable(),
  active: z.boolean(),
  ...timestamps,
});

export const slideEnvelope = dataEnvelope(slideSchema);
export const slideListEnvelope = dataEnvelope(z.array(slideSchema));

/** The owner's choice as the admin screen edits it: drafts included, in order. */
export const featuredEnvelope = dataEnvelope(
  z.object({ categories: z.array(namedItemSchema), products: z.array(productSchema) }),
);

/**
 * `GET /home`: what the home page shows now. `slides`: the active ones in order (empty: the shop's
 * fixed slides). `categories`: the featured ones, or the first ones. `featuredProducts`: the
 * featured products for sale (empty when none is chosen). `latestProducts` and `brands`: the
 * blocks the page always has.
 */
export const homeEnvelope = dataEnvelope(
  z.object({
    slides: z.array(slideSchema),
    categories: z.array(namedItemSchema),
    featuredProducts: z.array(productSchema),
    latestProducts: z.array(productSchema),
    brands: z.array(namedItemSchema),
  }),
);
