import { pageUpdateSchema } from '../../contract/pages';
import { schemaErrors } from './api-errors';
import type { FieldErrors, FormValues } from './form';
import { type PageField, pageFields } from './page-form';

/* The API's own schema for the store page form; the browser loads it (and zod) on the form's first use. */

export const validatePage = (values: FormValues<PageField>): FieldErrors<PageField> =>
  schemaErrors(pageUpdateSchema, values, pageFields);
