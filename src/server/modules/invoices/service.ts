import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { MARKETS } from '../../../contract/markets.js';
import { currencyDigits } from '../../../contract/money.js';
import { TAX_INVOICE_REQUIREMENTS, type TaxInvoiceRequirement } from '../../../contract/store.js';
import { variantTitle } from '../../../contract/variant-names.js';
import type { Database, Tx } from '../../../db/client.js';
import {
  type InvoiceSeller,
  invoiceCounter,
  invoices,
  type NationalAddress,
  orders,
  refunds,
  storeSettings,
} from '../../../db/schema.js';
import type { Config } from '../../config.js';
import { type DocumentIssuing, queueReport } from '../e-invoicing/reporting.js';
import { signingUnit } from '../e-invoicing/unit.js';
import type { StoreSettings } from '../settings/service.js';
import { type Credited, creditNoteAmounts, type ItemLine, invoiceLines } from './allocate.js';
import { zatcaHash } from './hash.js';
import { stampDocument } from './stamp.js';
import { zatcaQr } from './tlv.js';
import { decimal, invoiceUbl, PAYMENT_MEANS } from './ubl.js';

type OrderRow = typeof orders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The first invoice's "previous hash", exactly as ZATCA seeds the chain (its SDK's
 * `Data/PIH/pih.txt`): SHA-256 of "0", whose hex digest is then Base64-encoded (ZATCA's own quirk;
 * later hashes encode the binary digest) — docs/invoices.md § The hash chain.
 */
export const GENESIS_HASH = Buffer.from(createHash('sha256').update('0').digest('hex')).toString('base64');

/** What of the configuration an invoice is issued under: its market, currency and time zone. */
export type InvoiceMarket = Pick<Config, 'country' | 'currency' | 'timeZone'>;

/**
 * What the shop still lacks to issue tax invoices (docs/invoices.md § When there is none). Every
 * market needs the legal name (the seller's name on an invoice, never a fallback) and the VAT
 * number; a Saudi shop also ZATCA's seller id, the national address, SAR and a VAT rate above 0 %
 * (a 0 % invoice would need an exemption reason the shop cannot know).
 */
export function missingForTaxInvoices(
  settings: StoreSettings,
  market: Pick<InvoiceMarket, 'country' | 'currency'>,
): TaxInvoiceRequirement[] {
  const present: Record<TaxInvoiceRequirement, boolean> = {
    legalName: settings.legalName.trim() !== '',
    vatNumber: (settings.vatNumber ?? '').trim() !== '',
    sellerId: market.country !== 'SA' || settings.sellerId !== '',
    buildingNumber: market.country !== 'SA' || settings.buildingNumber !== '',
    street: market.country !== 'SA' || settings.street !== '',
    district: market.country !== 'SA' || settings.district !== '',
    city: market.country !== 'SA' || settings.city !== '',
    postalCode: market.country !== 'SA' || settings.postalCode !== '',
    currency: market.country !== 'SA' || market.currency === 'SAR',
    vatRate: market.country !== 'SA' || settings.vatRateBasisPoints > 0,
  };
  return TAX_INVOICE_REQUIREMENTS.filter((requirement) => !present[requirement]);
}

/**
 * The seller as an invoice freezes it, or nothing when the shop may not issue one yet: its legal
 * name, VAT number, ZATCA seller id and national address, the market and the zone its dates are in.
 */
export function sellerOf(settings: StoreSettings | undefined, market: InvoiceMarket): InvoiceSeller | null {
  if (!settings || missingForTaxInvoices(settings, market).length > 0 || !settings.vatNumber) return null;
  const { buildingNumber, street, district, city, postalCode, additionalNumber } = settings;
  const saudi = market.country === 'SA';
  return {
    name: settings.legalName.trim(),
    address: saudi
      ? nationalAddressLine({ buildingNumber, street, district, city, postalCode, additionalNumber })
      : settings.address,
    vatNumber: settings.vatNumber,
    ...(saudi
      ? {
          sellerId: { scheme: settings.sellerIdScheme, value: settings.sellerId },
          nationalAddress: { buildingNumber, street, district, city, postalCode, additionalNumber },
        }
      : {}),
    country: market.country,
    timeZone: market.timeZone,
  };
}

/** A national address on one line, as printed: «2322 طريق الملك فهد، العليا، الرياض 12214 - 8228». */
export function nationalAddressLine(address: NationalAddress): string {
  const extra = address.additionalNumber ? ` - ${address.additionalNumber}` : '';
  return `${address.buildingNumber} ${address.street}، ${address.district}، ${address.city} ${address.postalCode}${extra}`;
}

/**
 * The market and zone a document is written in: frozen in its seller; documents issued before they
 * were kept take their currency's market and its default zone (docs/invoices.md § The hash chain).
 */
export function documentMarket(document: Pick<InvoiceRow, 'seller' | 'currency'>): {
  country: string;
  timeZone: string;
} {
  const [country, market] = Object.entries(MARKETS).find(
    ([, candidate]) => candidate.currency === document.currency,
  ) ?? ['SA', MARKETS.SA];
  return { country: document.seller.country ?? country, timeZone: document.seller.timeZone ?? market.timeZone };
}

/** A document's hash: ZATCA's, of its XML as rendered from the row (docs/invoices.md § The hash chain). */
export const documentHash = (document: InvoiceRow | UnhashedDocument, corrected?: InvoiceRow) =>
  zatcaHash(documentXml(document, corrected));

/**
 * The XML the API serves: a signed document exactly as signed and reported, else rendered from its
 * row (docs/invoices.md § UBL export).
 */
export const servedXml = (document: InvoiceRow, corrected?: InvoiceRow) =>
  document.signedXml ?? documentXml(document, corrected);

/**
 * A document as UBL XML (docs/invoices.md § UBL export): a pure function of its row and, for a
 * credit note, the invoice it corrects — what the API serves and what the hash is taken of.
 */
export function documentXml(document: InvoiceRow | UnhashedDocument, corrected?: InvoiceRow): string {
  const { country, timeZone } = documentMarket(document);
  const correction =
    document.kind === 'credit_note' && corrected
      ? {
          kind: 'credit' as const,
          invoice: { number: corrected.number, uuid: corrected.uuid, issuedAt: corrected.issuedAt },
          reason: document.reason ?? '',
        }
      : undefined;
  return invoiceUbl({
    ...document,
    country,
    timeZone,
    digits: currencyDigits(document.currency),
    paymentMeans: document.paymentMeans,
    correction,
  });
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

/** A document with everything but its own hash. */
type UnhashedDocument = DocumentBody &
  Pick<InvoiceRow, 'number' | 'uuid' | 'issuedAt' | 'previousHash' | 'qr' | 'paymentMeans'>;

/**
 * A card order paid through the provider: its refunds go back to the card (docs/orders.md §
 * Refunds); any other order's money moves in cash, given back by hand.
 */
export const paidByCard = (order: Pick<OrderRow, 'paymentMethodType' | 'paymentRef'>) =>
  order.paymentMethodType === 'card' && order.paymentRef !== null;

/** How the order's money moves, for its invoice and its credit notes alike (UNTDID 4461). */
const paymentMeansOf = (order: Pick<OrderRow, 'paymentMethodType' | 'paymentRef'>) =>
  paidByCard(order) ? PAYMENT_MEANS.card : PAYMENT_MEANS.cash;

/**
 * Issues the next document of the chain inside the caller's transaction (docs/invoices.md §
 * Numbering): the counter row is locked, so concurrent issues take numbers one after another, and
 * a rolled-back transaction gives its number back with the counter update.
 */
async function issueDocument(
  tx: Tx,
  body: DocumentBody,
  issuing: DocumentIssuing,
  id: string = randomUUID(),
): Promise<InvoiceRow> {
  await tx.insert(invoiceCounter).values({ id: 1, lastNumber: 0, lastHash: GENESIS_HASH }).onConflictDoNothing();
  const [counter] = await tx.select().from(invoiceCounter).where(eq(invoiceCounter.id, 1)).for('update');
  if (!counter) throw new Error('invoice counter missing');
  const digits = currencyDigits(body.currency);
  const [order] = await tx
    .select({ paymentMethodType: orders.paymentMethodType, paymentRef: orders.paymentRef })
    .from(orders)
    .where(eq(orders.id, body.orderId));
  if (!order) throw new Error('invoiced order missing');
  // Whole seconds: the QR, the XML and the row say the same time.
  const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const unsigned = {
    ...body,
    number: counter.lastNumber + 1,
    uuid: randomUUID(),
    issuedAt,
    previousHash: counter.lastHash,
    paymentMeans: paymentMeansOf(order),
    qr: zatcaQr({
      sellerName: body.seller.name,
      vatNumber: body.seller.vatNumber,
      issuedAt,
      total: decimal(body.total, digits),
      vatTotal: decimal(body.vatTotal, digits),
    }),
  };
  const corrected = body.refersTo ? await invoiceById(tx, body.refersTo) : undefined;
  const xml = documentXml(unsigned, corrected);
  // Phase 2 once the shop holds a production CSID (docs/invoices.md § The cryptographic stamp): the
  // document is signed now, kept byte for byte, and reported to ZATCA by the job queued with it.
  const signer = await signingUnit(tx, issuing.keySecret);
  const stamped = signer ? stampDocument(xml, signer, issuedAt) : undefined;
  const hash = stamped?.hash ?? zatcaHash(xml);
  const [row] = await tx
    .insert(invoices)
    .values({
      ...unsigned,
      id,
      hash,
      ...(stamped ? { qr: stamped.qr, signedXml: stamped.xml, reportingStatus: 'pending' as const } : {}),
    })
    .returning();
  await tx.update(invoiceCounter).set({ lastNumber: unsigned.number, lastHash: hash }).where(eq(invoiceCounter.id, 1));
  if (!row) throw new Error('invoice not written');
  if (stamped) await queueReport(tx, issuing, row.id);
  return row;
}

/** Issues the simplified tax invoice of an order just written, inside its transaction. */
export function issueInvoice(
  tx: Tx,
  order: OrderRow,
  items: readonly ItemLine[],
  seller: InvoiceSeller,
  currency: string,
  issuing: DocumentIssuing,
): Promise<InvoiceRow> {
  return issueDocument(
    tx,
    {
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
    },
    issuing,
  );
}

/**
 * What the credit notes of an order's invoice have taken back so far, together (minor units): its
 * current ones — a credit note ZATCA refused counts through its correction, once.
 */
async function creditedOn(tx: Tx, orderId: string): Promise<Credited> {
  const [sums] = await tx
    .select({
      total: sql<string>`coalesce(sum(${invoices.total}), 0)`,
      vatTotal: sql<string>`coalesce(sum(${invoices.vatTotal}), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note'), isNull(invoices.replacedBy)));
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
  issuing: DocumentIssuing,
  orderId: string,
  reason: string,
  amount?: number,
): Promise<InvoiceRow | null> {
  const invoice = await invoiceOfOrder(tx, orderId);
  if (!invoice) return null;
  const amounts = creditNoteAmounts(invoice, await creditedOn(tx, orderId), amount ?? invoice.total);
  if (!amounts) return null;
  return issueDocument(
    tx,
    {
      kind: 'credit_note',
      orderId,
      seller: invoice.seller,
      ...amounts,
      currency: invoice.currency,
      refersTo: invoice.id,
      reason,
    },
    issuing,
  );
}

/**
 * The order's invoice when the shop may issue one (docs/invoices.md § When there is none): the one
 * call `createOrder` makes, at its end, in the order's currency. The settings row exists by then
 * (the order was quoted from it). A test order (paid in test mode, no money moved) is no sale: it
 * gets none and takes no number from the real series.
 */
export async function invoiceOrder(
  tx: Tx,
  order: OrderRow,
  items: ReadonlyArray<{ title: string; sku: string; options: Record<string, string>; count: number; price: number }>,
  market: InvoiceMarket,
  issuing: DocumentIssuing,
): Promise<InvoiceRow | null> {
  if (order.isTest) return null;
  const [settings] = await tx.select().from(storeSettings).limit(1);
  const seller = sellerOf(settings, market);
  if (!seller) return null;
  return issueInvoice(
    tx,
    order,
    items.map((item) => ({
      name: variantTitle(item.title, item.options),
      sku: item.sku,
      quantity: item.count,
      unitPrice: item.price,
    })),
    seller,
    market.currency,
    issuing,
  );
}

/** An order's invoice (not a credit note), if one was issued: its correction when ZATCA refused it. */
export async function invoiceOfOrder(db: Database | Tx, orderId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'), isNull(invoices.replacedBy)))
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
        // The current ones; one asked for by number is found even when it was replaced.
        number === undefined ? isNull(invoices.replacedBy) : eq(invoices.number, number),
      ),
    )
    .orderBy(asc(invoices.number));
}

/**
 * The correction of a document ZATCA refused (docs/invoices.md § Reporting): a copy of what it
 * says under the seller as the settings hold it now (what was wrong is usually the seller's
 * details), with a new UUID, the next number and the last hash as its PIH, signed and reported
 * like any document. The refused one stays in the chain, marked replaced; the order's current
 * documents are the correction's. Runs in the caller's transaction, which holds the order's lock.
 */
export async function issueCorrection(
  tx: Tx,
  refused: InvoiceRow,
  market: InvoiceMarket,
  issuing: DocumentIssuing,
): Promise<InvoiceRow> {
  const [settings] = await tx.select().from(storeSettings).limit(1);
  const current = refused.kind === 'credit_note' ? await invoiceOfOrder(tx, refused.orderId) : undefined;
  const correctionId = randomUUID();
  // Marked first: the order's one current invoice is unique.
  await tx.update(invoices).set({ replacedBy: correctionId }).where(eq(invoices.id, refused.id));
  const correction = await issueDocument(
    tx,
    {
      kind: refused.kind,
      orderId: refused.orderId,
      seller: sellerOf(settings, market) ?? refused.seller,
      lines: refused.lines,
      subtotalExclVat: refused.subtotalExclVat,
      vatTotal: refused.vatTotal,
      total: refused.total,
      currency: refused.currency,
      refersTo: current?.id ?? refused.refersTo,
      reason: refused.reason,
    },
    issuing,
    correctionId,
  );
  // A refund's credit note is now its correction.
  await tx.update(refunds).set({ creditNoteId: correction.id }).where(eq(refunds.creditNoteId, refused.id));
  return correction;
}
