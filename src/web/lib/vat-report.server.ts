import { vatReportQuerySchema } from '../../contract/vat-report';
import { schemaErrors } from './api-errors';
import type { FieldErrors } from './form';

export type VatPeriodField = 'from' | 'to';

/** What the API would refuse in this period, in Arabic, by field (the contract's own schema). */
export const vatPeriodErrors = (period: Record<VatPeriodField, string>, phoneCountry: string) =>
  schemaErrors(vatReportQuerySchema, period, ['from', 'to'] as const, { phoneCountry }) as FieldErrors<VatPeriodField>;
