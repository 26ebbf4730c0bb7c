import { GROUP_NAME_MAX, GROUP_NAME_MIN } from '../../contract/constants';
import { ag, type GroupKind, type NamedKind } from '../i18n/admin-groups';
import type { SubcategoryBody } from './api';
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

/** The API's name rules (src/contract/catalog.ts), worded for the kind. */
function nameError(name: string, kind: GroupKind): string | undefined {
  const texts = ag[kind];
  const trimmed = name.trim();
  if (!trimmed) return texts.nameRequired;
  if (trimmed.length < GROUP_NAME_MIN) return texts.nameTooShort;
  if (trimmed.length > GROUP_NAME_MAX) return texts.nameTooLong;
  return undefined;
}

/**
 * Spec §5: a brand or category needs a name and an image (on edit the current image counts). The
 * spec ignores such a submit silently; we say what is missing and send nothing.
 */
export function validateNamed(
  values: FormValues<NamedField>,
  kind: NamedKind,
  { hasImage }: { hasImage: boolean },
): FieldErrors<NamedField> {
  const errors: FieldErrors<NamedField> = {};
  const name = nameError(values.name, kind);
  if (name) errors.name = name;
  if (!hasImage) errors.image = ag[kind].imageRequired;
  return errors;
}

export function validateSubcategory(values: FormValues<SubcategoryField>): FieldErrors<SubcategoryField> {
  const errors: FieldErrors<SubcategoryField> = {};
  const name = nameError(values.name, 'subcategory');
  if (name) errors.name = name;
  if (!values.category) errors.category = ag.categoryRequired;
  return errors;
}

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
