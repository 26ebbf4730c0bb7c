import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../contract/common.js';
import { creditNoteList, creditNoteParams, invoiceEnvelope } from '../../../contract/invoices.js';
import { currencyDigits, toMajor } from '../../../contract/money.js';
import type { CreditNote, Invoice } from '../../../contract/types.js';
import { orders } from '../../../db/schema.js';
import { isStaffRole, userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { failure } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import {
  creditNotesOfOrder,
  documentMarket,
  type InvoiceRow,
  invoiceById,
  invoiceOfOrder,
  servedXml,
} from './service.js';
import { PAYMENT_MEANS } from './ubl.js';

/**
 * An order's tax invoice and credit notes, as JSON and as UBL 2.1 XML (docs/invoices.md): its
 * customer's, and staff's for any order (SECURITY.md § Invoices). Another customer's order is not
 * found.
 */
export async function invoiceRoutes(app: FastifyInstance, { db, guards }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  /** An order the caller may see (a customer: only their own), or not found. */
  async function visibleOrder(request: FastifyRequest, orderId: string) {
    const me = userOf(request);
    const scope = isStaffRole(me.role) ? undefined : eq(orders.userId, me.id);
    const [order] = await db
      .select({ id: orders.id, number: orders.number, paymentMethodType: orders.paymentMethodType })
      .from(orders)
      .where(and(eq(orders.id, orderId), scope) as SQL)
      .limit(1);
    if (!order) throw failure('orderNotFound');
    return order;
  }

  /** The invoice of an order the caller may see, with the order's number. */
  async function visibleInvoice(request: FastifyRequest, orderId: string) {
    const order = await visibleOrder(request, orderId);
    const invoice = await invoiceOfOrder(db, order.id);
    if (!invoice) throw failure('invoiceNotIssued');
    return { invoice, orderNumber: order.number };
  }

  /** A document as the API answers it; where it stands with ZATCA is for staff (docs/invoices.md § Reporting). */
  const present = (invoice: InvoiceRow, orderNumber: number, staff: boolean): Invoice => {
    const digits = currencyDigits(invoice.currency);
    // The market and zone are how its XML is written (documentMarket), not what it prints.
    const { country: _country, timeZone: _timeZone, ...seller } = invoice.seller;
    const major = (minor: number) => toMajor(minor, digits);
    return {
      number: invoice.number,
      uuid: invoice.uuid,
      issuedAt: invoice.issuedAt.toISOString(),
      orderId: invoice.orderId,
      orderNumber,
      seller,
      lines: invoice.lines.map((line) => ({
        name: line.name,
        ...(line.sku ? { sku: line.sku } : {}),
        quantity: line.quantity,
        unitPriceExclVat: major(line.unitPriceExclVat),
        unitPriceInclVat: major(line.unitPriceInclVat),
        vatRate: line.vatRateBasisPoints / 100,
        vatAmount: major(line.vatAmount),
        totalInclVat: major(line.totalInclVat),
      })),
      subtotalExclVat: major(invoice.subtotalExclVat),
      vatTotal: major(invoice.vatTotal),
      total: major(invoice.total),
      currency: invoice.currency,
      ...documentMarket(invoice),
      qr: invoice.qr,
      previousHash: invoice.previousHash,
      hash: invoice.hash,
      ...(staff && invoice.reportingStatus
        ? { reportingStatus: invoice.reportingStatus, reportingMessages: invoice.reportingMessages ?? [] }
        : {}),
    };
  };

  r.get(
    '/:id/invoice',
    {
      onRequest: guards.signedIn,
      schema: { params: idParams, response: { 200: invoiceEnvelope, ...failing(404) }, tags },
    },
    async (request) => {
      const { invoice, orderNumber } = await visibleInvoice(request, request.params.id);
      return { data: present(invoice, orderNumber, isStaffRole(userOf(request).role)) };
    },
  );

  r.get(
    '/:id/invoice.xml',
    {
      onRequest: guards.signedIn,
      schema: {
        params: idParams,
        // The XML is sent as it is (Fastify serialises objects only); failures are JSON as everywhere.
        response: {
          200: z
            .string()
            .describe(
              'The invoice as UBL 2.1 XML (application/xml), ZATCA’s simplified-invoice shape; signed (phase 2) once the shop holds a production CSID',
            ),
          ...failing(404),
        },
        tags,
      },
    },
    async (request, reply) => {
      const { invoice } = await visibleInvoice(request, request.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `inline; filename="invoice-${invoice.number}.xml"`)
        .send(servedXml(invoice));
    },
  );

  /** The credit notes of an order the caller may see, with the invoice they correct. */
  async function visibleCreditNotes(request: FastifyRequest, orderId: string, number?: number) {
    const order = await visibleOrder(request, orderId);
    const notes = await creditNotesOfOrder(db, order.id, number);
    // Each names the invoice it was issued against (after a correction of the invoice, the
    // refused one for the notes before it: what their signed XML says).
    const invoices = new Map<string, InvoiceRow>();
    const withInvoice = [];
    for (const row of notes) {
      const id = row.note.refersTo;
      const invoice = id ? (invoices.get(id) ?? (await invoiceById(db, id))) : undefined;
      // Credit notes are only issued for an order with an invoice (docs/invoices.md § Credit notes).
      if (!id || !invoice) throw failure('internalError');
      invoices.set(id, invoice);
      withInvoice.push({ ...row, invoice });
    }
    return { order, notes: withInvoice };
  }

  r.get(
    '/:id/credit-notes',
    {
      onRequest: guards.signedIn,
      schema: { params: idParams, response: { 200: creditNoteList, ...failing(404) }, tags },
    },
    async (request) => {
      const { order, notes } = await visibleCreditNotes(request, request.params.id);
      return {
        data: notes.map(
          ({ note, refund, invoice }): CreditNote => ({
            ...present(note, order.number, isStaffRole(userOf(request).role)),
            refersTo: { number: invoice.number, uuid: invoice.uuid, issuedAt: invoice.issuedAt.toISOString() },
            reason: note.reason ?? '',
            // A cancel's credit note of an unpaid order gave nothing back.
            refundAmount: toMajor(refund?.amount ?? 0, currencyDigits(note.currency)),
          }),
        ),
      };
    },
  );

  r.get(
    '/:id/credit-notes/:number.xml',
    {
      onRequest: guards.signedIn,
      schema: {
        params: creditNoteParams,
        response: {
          200: z
            .string()
            .describe(
              'The credit note as UBL 2.1 XML (application/xml), ZATCA’s simplified credit note (381); signed in phase 2',
            ),
          ...failing(404),
        },
        tags,
      },
    },
    async (request, reply) => {
      const { order, notes } = await visibleCreditNotes(request, request.params.id, request.params.number);
      const [found] = notes;
      if (!found) throw failure('creditNoteNotFound');
      const { note, refund, invoice } = found;
      // A credit note issued before its payment means was kept: a refund without a provider was
      // given back by hand (docs/orders.md § Refunds); a cancel that gave nothing back keeps the
      // means the order was to be paid by.
      const paidBack = refund ? (refund.provider ? 'card' : 'cash') : order.paymentMethodType;
      const paymentMeans = note.paymentMeans ?? PAYMENT_MEANS[paidBack];
      const xml = servedXml({ ...note, paymentMeans }, invoice);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `inline; filename="credit-note-${note.number}.xml"`)
        .send(xml);
    },
  );
}
