import { staffActionListQuerySchema } from '../../contract/staff-actions';
import { schemaErrors } from './api-errors';
import type { FieldErrors } from './form';

export const staffActionFilterNames = ['action', 'from', 'to'] as const;
export type StaffActionFilterName = (typeof staffActionFilterNames)[number];
export type StaffActionFilter = Record<StaffActionFilterName, string>;

/** The log's filters as the URL gives them ('' when left alone). */
export const staffActionFilterFrom = (url: URL): StaffActionFilter => ({
  action: url.searchParams.get('action') ?? '',
  from: url.searchParams.get('from') ?? '',
  to: url.searchParams.get('to') ?? '',
});

/** What the API would refuse in these filters, in Arabic, by field (the contract's own schema). */
export const staffActionFilterErrors = (filter: StaffActionFilter, phoneCountry: string) =>
  schemaErrors(staffActionListQuerySchema, filter, staffActionFilterNames, {
    phoneCountry,
  }) as FieldErrors<StaffActionFilterName>;
