import { z } from 'zod';
import { brandNameSchema, categoryNameSchema, createSubcategorySchema } from '../../contract/catalog';
import { ag, type NamedKind } from '../i18n/admin-groups';
import { type NamedField, namedFields, type SubcategoryField, subcategoryFields } from './admin-groups';
import { schemaErrors } from './api-errors';
import type { FieldErrors, FormValues } from './form';

/*
 * The checks of the brand, category and sub-category forms: the API's schemas, in the browser
 * before sending and in the actions. The browser loads this module (and zod with it) when a form
 * is first used (useFormErrors).
 */

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
