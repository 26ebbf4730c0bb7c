import type { GroupKind } from '../i18n/admin-groups';
import type { SubcategoryBody } from './api';
import type { FormValues } from './form';

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
