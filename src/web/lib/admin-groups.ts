import { z } from 'zod';
import { brandNameSchema, categoryNameSchema, createSubcategorySchema } from '../../contract/catalog';
import { ag, type GroupKind, type NamedKind } from '../i18n/admin-groups';
import type { SubcategoryBody } from './api';
import { schemaErrors } from './api-errors';
import type { FieldErrors, FormValues } from './form';

/*
 * The admin screens of brands, categories and sub-categories (issue 5): what the browser and the
 * actions share. Field names are the API's body fields, so its messages land on the right field.
 */

// In the order of the form, so the first failing field gets the focus.
export const namedFields = ['image', 'name'] as const;
export const subcategoryFields = ['name', 'category'] as const;
export type NamedField = (typeof namedFields)[number];
export type SubcategoryField = (typeof subcategoryFields)[number];

/** What a page's action answers to a delete posted from its list. */
export type DeleteResult = { ok: boolean; message: string };

/** Rows per page of the lists under the add forms. */
export const ADMIN_GROUP_PAGE_SIZE = 12;

/** Where each kind's screens live. */
export const groupPaths: Record<GroupKind, { add: string; edit: (id: string) => string }> = {
  brand: { add: '/admin/addbrand', edit: (id) => `/admin/editbrand/${id}` },
  category: { add: '/admin/addcategory', edit: (id) => `/admin/editcategory/${id}` },
  subcategory: { add: '/admin/addsubcategory', edit: (id) => `/admin/editsubcategory/${id}` },
};

/** The API's schemas of a name (src/contract/catalog.ts), each worded for its kind. */
const nameSchemas = {
  brand: z.object({ name: brandNameSchema }),
  category: z.object({ name: categoryNameSchema }),
} as const;

/**
 * docs/specification.md (Validation rules: Brands, categories and sub-categories): a brand or category needs a name (the API's rules) and an image (on edit the current
 * image counts). The spec ignores such a submit silently; we say what is missing and send nothing.
 */
export function validateNamed(
  values: FormValues<NamedField>,
  kind: NamedKind,
  { hasImage }: { hasImage: boolean },
): FieldErrors<NamedField> {
  const errors = schemaErrors(nameSchemas[kind], values, namedFields);
  if (!hasImage) errors.image = ag[kind].imageRequired;
  return errors;
}

/** docs/specification.md (Validation rules): a sub-category needs its name and its category (the API's schema). */
export const validateSubcategory = (values: FormValues<SubcategoryField>): FieldErrors<SubcategoryField> =>
  schemaErrors(createSubcategorySchema, values, subcategoryFields);

/** The API body of a valid sub-category form. */
export const subcategoryBody = (values: FormValues<SubcategoryField>): SubcategoryBody => ({
  name: values.name.trim(),
  category: values.category,
});

/** A chosen file of a form; an empty file input posts a nameless, empty file. */
export function chosenFile(form: FormData, field: string): File | null {
  const value = form.get(field);
  return value instanceof File && value.size > 0 ? value : null;
}
