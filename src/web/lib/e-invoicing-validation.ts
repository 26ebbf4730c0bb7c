import { csrRequestSchema, otpRequestSchema } from '../../contract/e-invoicing';
import { schemaErrors } from './api-errors';
import { type EInvoicingField, eInvoicingFields } from './e-invoicing-form';
import type { FieldErrors, FormValues } from './form';

/*
 * The API's own schemas for the e-invoicing forms (docs/invoices.md § Onboarding), so the same
 * rules and words; the browser loads this module when a form is first used (useFormErrors).
 */

export const validateCsr = (values: FormValues<EInvoicingField>): FieldErrors<EInvoicingField> =>
  schemaErrors(csrRequestSchema, { environment: values.environment }, eInvoicingFields);

export const validateOtp = (values: FormValues<EInvoicingField>): FieldErrors<EInvoicingField> =>
  schemaErrors(otpRequestSchema, { otp: values.otp }, eInvoicingFields);
