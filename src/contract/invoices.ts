import { z } from 'zod';
import { dataEnvelope, isoDateTime, positiveInt } from './common.js';

/** An invoice line, money in major units (docs/invoices.md § Lines). */
export const invoiceLineSchema = z.object({
  name: z.string(),
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
  seller: z.object({ name: z.string(), address: z.string(), vatNumber: z.string() }),
  lines: z.array(invoiceLineSchema),
  subtotalExclVat: z.number(),
  vatTotal: z.number(),
  total: z.number(),
  currency: z.string(),
  /** ZATCA's QR payload: Base64 of TLV records (tags 1–5). */
  qr: z.string(),
  /** Base64 SHA-256 of the previous invoice's canonical form, and of this one's. */
  previousHash: z.string(),
  hash: z.string(),
});
export const invoiceEnvelope = dataEnvelope(invoiceSchema);
