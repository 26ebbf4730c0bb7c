import { statsQuerySchema } from '../../contract/dashboard';
import { schemaErrors } from './api-errors';
import type { FieldErrors } from './form';

/** What the API would refuse in a chosen range, in Arabic, by field (the contract's own schema). */
export const rangeErrors = (range: { from: string; to: string }): FieldErrors<'from' | 'to'> =>
  schemaErrors(statsQuerySchema, range, ['from', 'to']);
