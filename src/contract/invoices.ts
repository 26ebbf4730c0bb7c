import { z } from 'zod';
import { dataEnvelope, idSchema, isoDateTime, positiveInt } from './common.js';
import { reportingFields } from './e-invoicing.js';
import { apiMessages } from './messages.js';
import { nationalAddressView } from './store.js';

/** An invoice line, money in major units (docs/invoices.md § Lines). */
export const invoiceLineSchema = z.object({
  name: z.string(),
  /** The variant's SKU; absent on shipping and fee lines. */
  sku: z.string().optional(),
  quantity: positiveInt,
  /** Informative, rounded: the line totals are what adds up. */
  unitPriceExclVat: z.number(),
  unitPriceInclVat: z.number(),
  /** Percent (15 for 15 %). */
  vatRate: z.number(),
  vatAmount: z.number(),
  totalInclVat: z.number(),
});

/** A simplified tax invoice as issued (docs/invoices.md). */
export const invoiceSchema = z.object({
  /** Gap-free sequential number; also the invoice counter value (ICV). */
  number: positiveInt,
  uuid: z.string(),
  issuedAt: isoDateTime,
  orderId: z.string(),
  orderNumber: positiveInt,
  /**
   * The seller frozen at issue (docs/invoices.md § The seller): its legal name, address on one
   * line, VAT number; a Saudi seller's ZATCA id and national address too (absent on documents
   * issued before they were kept).
   */
  seller: z.object({
    name: z.string(),
    address: z.string(),
    vatNumber: z.string(),
    sellerId: z.object({ scheme: z.string(), value: z.string() }).optional(),
    nationalAddress: nationalAddressView.optional(),
  }),
  lines: z.array(invoiceLineSchema),
  subtotalExclVat: z.number(),
  vatTotal: z.number(),
  total: z.number(),
  currency: z.string(),
  /**
   * The seller's market (ISO 3166 alpha-2) and the IANA zone the document's dates are written in,
   * frozen at issue: a Saudi document is ZATCA's simplified tax invoice, with its title and QR.
   */
  country: z.string(),
  timeZone: z.string(),
  /** ZATCA's QR payload: Base64 of TLV records (tags 1–5). */
  qr: z.string(),
  /** ZATCA's hash (docs/invoices.md § The hash chain) of the document before, and of this one. */
  previousHash: z.string(),
  hash: z.string(),
  /** Phase 2 (docs/invoices.md § Reporting): where the document stands with ZATCA, and ZATCA's messages. */
  ...reportingFields,
});
export const invoiceEnvelope = dataEnvelope(invoiceSchema);

/**
 * A credit note (docs/invoices.md § Credit notes): an invoice's shape, with positive amounts (its
 * kind makes it a credit), the invoice it corrects, why, and the refund it was issued for.
 */
export const creditNoteSchema = invoiceSchema.extend({
  /** The order's tax invoice this credit note corrects. */
  refersTo: z.object({ number: positiveInt, uuid: z.string(), issuedAt: isoDateTime }),
  /** The refund's reason, as staff wrote it (or the cancel's). */
  reason: z.string(),
  /** What the refund gave back, major units (the credit note's total); 0 for a cancel of an unpaid order. */
  refundAmount: z.number(),
});
/** An order's credit notes, oldest (lowest number) first; empty when it has none. */
export const creditNoteList = dataEnvelope(z.array(creditNoteSchema));

/** A credit note's number in a path: digits only, from 1 (at most 15, a safe integer). */
const creditNoteNumber = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, { error: apiMessages.creditNoteNumberInvalid })
  .transform(Number);
/** One credit note of an order, by its number: `/orders/:id/credit-notes/:number.xml`. */
export const creditNoteParams = z.object({ id: idSchema, number: creditNoteNumber });
