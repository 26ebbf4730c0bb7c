import { z } from 'zod';
import { dataEnvelope, isoDateTime, listEnvelope, pageQuery } from './common.js';
import { toAsciiDigits } from './digits.js';
import {
  COMPLIANCE_DOCUMENTS,
  DOCUMENT_FILTERS,
  ONBOARDING_STEPS,
  REPORTING_STATUSES,
  ZATCA_ENVIRONMENTS,
} from './e-invoicing-values.js';
import { apiMessages as m } from './messages.js';

export * from './e-invoicing-values.js';

/*
 * ZATCA phase 2, onboarding and reporting (docs/invoices.md § Onboarding, § Reporting): the
 * admin's `/api/v1/e-invoicing` requests and answers.
 */

/** One of ZATCA's validation messages, as its API sends it (its text stays ZATCA's English). */
export const zatcaMessageSchema = z.object({
  type: z.string().optional(),
  code: z.string(),
  category: z.string().optional(),
  message: z.string(),
  status: z.string().optional(),
});
export type ZatcaMessage = z.infer<typeof zatcaMessageSchema>;

/** The Fatoora portal's one-time password: 6 digits, Arabic-Indic digits accepted. */
export const otpSchema = z
  .string({ error: m.otpInvalid })
  .transform((value) => toAsciiDigits(value).trim())
  .pipe(z.string().regex(/^\d{6}$/, { error: m.otpInvalid }));

export const csrRequestSchema = z.object({
  environment: z.enum(ZATCA_ENVIRONMENTS, { error: m.eInvoicingEnvironmentInvalid }),
});
export const otpRequestSchema = z.object({ otp: otpSchema });

export const complianceCheckView = z.object({
  document: z.enum(COMPLIANCE_DOCUMENTS),
  passed: z.boolean(),
  messages: z.array(zatcaMessageSchema),
});

export const eInvoicingStatusSchema = z.object({
  /** 1 until a production CSID signs: the shop issues phase-1 invoices until then. */
  phase: z.union([z.literal(1), z.literal(2)]),
  step: z.enum(ONBOARDING_STEPS),
  /** The environment being onboarded, else the one that signs; null before the first step. */
  environment: z.enum(ZATCA_ENVIRONMENTS).nullable(),
  /** The production certificate's end; the admin is warned 30 days before (`renewalDue`). */
  certificateExpiresAt: isoDateTime.nullable(),
  renewalDue: z.boolean(),
  /** A renewal (new CSR and OTP) is under way beside the certificate that signs. */
  renewing: z.boolean(),
  complianceChecks: z.array(complianceCheckView),
  /** Documents by reporting state (phase-1 documents are not counted). */
  documents: z.object({
    pending: z.number().int(),
    reported: z.number().int(),
    reported_with_warnings: z.number().int(),
    /** Refused and not corrected yet. */
    rejected: z.number().int(),
    /** Pending for more than 20 hours: ZATCA wants each within 24. */
    late: z.number().int(),
  }),
  /** ZATCA refused the shop's reports on configuration (401, 406): the admin must act. */
  reportingProblem: z
    .object({ status: z.number().int(), messages: z.array(zatcaMessageSchema), at: isoDateTime })
    .nullable(),
});
export const eInvoicingStatusEnvelope = dataEnvelope(eInvoicingStatusSchema);
export type EInvoicingStatus = z.infer<typeof eInvoicingStatusSchema>;

export const reportingDocumentsQuery = z.object({
  ...pageQuery,
  status: z.enum(DOCUMENT_FILTERS, { error: m.reportingFilterInvalid }).default('pending'),
});

export const reportingDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.number().int(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  issuedAt: isoDateTime,
  reportingStatus: z.enum(REPORTING_STATUSES),
  reportingMessages: z.array(zatcaMessageSchema),
  reportedAt: isoDateTime.nullable(),
  /** Pending past the late mark (20 hours): ZATCA wants each within 24. */
  late: z.boolean(),
  /** A refused document's correction (its number), once issued. */
  correctedBy: z.number().int().nullable(),
});
export const reportingDocumentEnvelope = dataEnvelope(reportingDocumentSchema);
/** A document's number in a path: digits only, from 1 (at most 15, a safe integer). */
export const documentNumberParams = z.object({
  number: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: m.documentNumberInvalid })
    .transform(Number),
});
export const reportingDocumentList = listEnvelope(reportingDocumentSchema);
export type ReportingDocument = z.infer<typeof reportingDocumentSchema>;

/** What an invoice or credit note answer adds in phase 2; absent on a phase-1 document. */
export const reportingFields = {
  reportingStatus: z.enum(REPORTING_STATUSES).optional(),
  reportingMessages: z.array(zatcaMessageSchema).optional(),
};
