import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { currencyDigits } from '../../../contract/money.js';
import type { Database, Tx } from '../../../db/client.js';
import {
  type InvoiceSeller,
  invoiceCounter,
  invoices,
  type orders,
  refunds,
  storeSettings,
} from '../../../db/schema.js';
import { type Credited, creditNoteAmounts, type ItemLine, invoiceLines } from './allocate.js';
import { zatcaQr } from './tlv.js';
import { decimal } from './ubl.js';

type OrderRow = typeof orders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** Base64 SHA-256 of text's UTF-8 bytes. */
export const sha256Base64 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * The first invoice's "previous hash", exactly as ZATCA seeds the chain: SHA-256 of "0", whose hex
 * digest is then Base64-encoded (ZATCA's own quirk; later hashes encode the binary digest) —
 * docs/invoices.md § Chain.
 */
export const GENESIS_HASH = Buffer.from(createHash('sha256').update('0').digest('hex')).toString('base64');

/** What an invoice's hash covers: everything it says, in one fixed order. */
export type HashedInvoice = Pick<
  InvoiceRow,
  | 'kind'
  | 'orderId'
  | 'number'
  | 'uuid'
  | 'issuedAt'
  | 'previousHash'
  | 'seller'
  | 'lines'
  | 'subtotalExclVat'
  | 'vatTotal'
  | 'total'
  | 'currency'
  | 'qr'
> &
  Partial<Pick<InvoiceRow, 'refersTo' | 'reason'>>;

/**
 * The canonical form an invoice's hash is taken of (docs/invoices.md § Chain): JSON of an array
 * in a fixed field order — no object keys whose order could drift — with the time in ISO 8601 UTC.
 */
export function canonicalForm(invoice: HashedInvoice): string {
  return JSON.stringify([
    'matjar-invoice-v1',
    invoice.kind,
    invoice.orderId,
    invoice.number,
    invoice.uuid,
    invoice.issuedAt.toISOString(),
    invoice.previousHash,
    [invoice.seller.name, invoice.seller.address, invoice.seller.vatNumber],
    invoice.lines.map((line) => [
      line.name,
      line.quantity,
      line.unitPriceExclVat,
      line.unitPriceInclVat,
      line.vatRateBasisPoints,
      line.vatAmount,
      line.totalInclVat,
    ]),
    invoice.subtotalExclVat,
    invoice.vatTotal,
    invoice.total,
    invoice.currency,
    invoice.qr,
    // A credit note also says which invoice it corrects and why (an invoice's form is unchanged).
    ...(invoice.kind === 'credit_note' ? [invoice.refersTo ?? null, invoice.reason ?? null] : []),
  ]);
}

export const invoiceHash = (invoice: HashedInvoice) => sha256Base64(canonicalForm(invoice));

/** The seller as printed, or nothing when the shop has no VAT number (no tax invoice). */
export function sellerOf(settings: typeof storeSettings.$inferSelect | undefined): InvoiceSeller | null {
  const vatNumber = settings?.vatNumber?.trim();
  if (!settings || !vatNumber) return null;
  return { name: settings.legalName.trim() || settings.shopName, address: settings.address, vatNumber };
}

/** What a document (invoice or credit note) says, before its number, time, chain and QR. */
type DocumentBody = Pick<
  InvoiceRow,
  | 'kind'
  | 'orderId'
  | 'seller'
  | 'lines'
  | 'subtotalExclVat'
  | 'vatTotal'
  | 'total'
  | 'currency'
  | 'refersTo'
  | 'reason'
>;

/**
 * Issues the next document of the chain inside the caller's transaction (docs/invoices.md §
 * Numbering): the counter row is locked, so concurrent issues take numbers one after another, and
 * a rolled-back transaction gives its number back with the counter update.
 */
async function issueDocument(tx: Tx, body: DocumentBody): Promise<InvoiceRow> {
  await tx.insert(invoiceCounter).values({ id: 1, lastNumber: 0, lastHash: GENESIS_HASH }).onConflictDoNothing();
  const [counter] = await tx.select().from(invoiceCounter).where(eq(invoiceCounter.id, 1)).for('update');
  if (!counter) throw new Error('invoice counter missing');
  const digits = currencyDigits(body.currency);
  // Whole seconds: the QR, the XML and the row say the same time.
  const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const unsigned = {
    ...body,
    number: counter.lastNumber + 1,
    uuid: randomUUID(),
    issuedAt,
    previousHash: counter.lastHash,
    qr: zatcaQr({
      sellerName: body.seller.name,
      vatNumber: body.seller.vatNumber,
      issuedAt,
      total: decimal(body.total, digits),
      vatTotal: decimal(body.vatTotal, digits),
    }),
  };
  const hash = invoiceHash(unsigned);
  const [row] = await tx
    .insert(invoices)
    .values({ ...unsigned, hash })
    .returning();
  await tx.update(invoiceCounter).set({ lastNumber: unsigned.number, lastHash: hash }).where(eq(invoiceCounter.id, 1));
  if (!row) throw new Error('invoice not written');
  return row;
}

/** Issues the simplified tax invoice of an order just written, inside its transaction. */
export function issueInvoice(
  tx: Tx,
  order: OrderRow,
  items: readonly ItemLine[],
  seller: InvoiceSeller,
  currency: string,
): Promise<InvoiceRow> {
  return issueDocument(tx, {
    kind: 'invoice',
    orderId: order.id,
    seller,
    lines: invoiceLines(order, items),
    subtotalExclVat: order.totalOrderPrice - order.taxPrice,
    vatTotal: order.taxPrice,
    total: order.totalOrderPrice,
    currency,
    refersTo: null,
    reason: null,
  });
}

/** What the credit notes of an invoice have taken back so far, together (minor units). */
async function creditedOn(tx: Tx, invoiceId: string): Promise<Credited> {
  const [sums] = await tx
    .select({
      total: sql<string>`coalesce(sum(${invoices.total}), 0)`,
      vatTotal: sql<string>`coalesce(sum(${invoices.vatTotal}), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.refersTo, invoiceId), eq(invoices.kind, 'credit_note')));
  return { total: Number(sums?.total ?? 0), vatTotal: Number(sums?.vatTotal ?? 0) };
}

/**
 * A credit note of the order's tax invoice (docs/invoices.md § Credit notes), issued in the
 * caller's transaction — which holds the order's lock, so the credit notes of one order are issued
 * one after the other and each sees the ones before — and chained like any invoice. It credits
 * `amount`, or everything not yet credited when none is given, and never more than is left
 * (`creditNoteAmounts`); nothing (null) when the order has no invoice or all of it is credited. It
 * refers to the invoice, carries the invoice's seller, and states positive amounts (its kind makes
 * it a credit).
 */
export async function issueCreditNote(
  tx: Tx,
  orderId: string,
  reason: string,
  amount?: number,
): Promise<InvoiceRow | null> {
  const invoice = await invoiceOfOrder(tx, orderId);
  if (!invoice) return null;
  const amounts = creditNoteAmounts(invoice, await creditedOn(tx, invoice.id), amount ?? invoice.total);
  if (!amounts) return null;
  return issueDocument(tx, {
    kind: 'credit_note',
    orderId,
    seller: invoice.seller,
    ...amounts,
    currency: invoice.currency,
    refersTo: invoice.id,
    reason,
  });
}

/**
 * The order's invoice when the shop has a VAT number (docs/invoices.md): the one call
 * `createOrder` makes, at its end. The settings row exists by then (the order was quoted from it).
 * A test order (paid in test mode, no money moved) is no sale: it gets none and takes no number
 * from the real series (docs/invoices.md § When there is none).
 */
export async function invoiceOrder(
  tx: Tx,
  order: OrderRow,
  items: ReadonlyArray<{ title: string; count: number; price: number }>,
  currency: string,
): Promise<InvoiceRow | null> {
  if (order.isTest) return null;
  const [settings] = await tx.select().from(storeSettings).limit(1);
  const seller = sellerOf(settings);
  if (!seller) return null;
  return issueInvoice(
    tx,
    order,
    items.map((item) => ({ name: item.title, quantity: item.count, unitPrice: item.price })),
    seller,
    currency,
  );
}

/** An order's invoice (not a credit note), if one was issued. */
export async function invoiceOfOrder(db: Database | Tx, orderId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  return row;
}

/** An invoice or credit note by its id. */
export async function invoiceById(db: Database | Tx, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/**
 * An order's credit notes, lowest number first (or the one numbered `number`), each with the refund
 * it was issued for — they are written together, in the refund's transaction — or none: the credit
 * note of a cancel that gave nothing back (an unpaid order) has no refund (docs/invoices.md §
 * Credit notes).
 */
export function creditNotesOfOrder(db: Database | Tx, orderId: string, number?: number) {
  return db
    .select({ note: invoices, refund: { amount: refunds.amount, provider: refunds.provider } })
    .from(invoices)
    .leftJoin(refunds, eq(refunds.creditNoteId, invoices.id))
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.kind, 'credit_note'),
        number === undefined ? undefined : eq(invoices.number, number),
      ),
    )
    .orderBy(asc(invoices.number));
}
