import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../contract/common.js';
import { invoiceEnvelope } from '../../../contract/invoices.js';
import { currencyDigits, toMajor } from '../../../contract/money.js';
import type { Invoice } from '../../../contract/types.js';
import { orders } from '../../../db/schema.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { failure } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { type InvoiceRow, invoiceOfOrder } from './service.js';
import { invoiceUbl } from './ubl.js';

/**
 * An order's tax invoice, as JSON and as UBL 2.1 XML (docs/invoices.md): its customer's, and
 * staff's for any order (SECURITY.md § Invoices). Another customer's order is not found.
 */
export async function invoiceRoutes(app: FastifyInstance, { db, guards, config }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  /** The invoice of an order the caller may see, with the order's number. */
  async function visibleInvoice(request: FastifyRequest, orderId: string) {
    const me = userOf(request);
    const scope = me.role === 'admin' ? undefined : eq(orders.userId, me.id);
    const [order] = await db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(and(eq(orders.id, orderId), scope) as SQL)
      .limit(1);
    if (!order) throw failure('orderNotFound');
    const invoice = await invoiceOfOrder(db, order.id);
    if (!invoice) throw failure('invoiceNotIssued');
    return { invoice, orderNumber: order.number };
  }

  const present = (invoice: InvoiceRow, orderNumber: number): Invoice => {
    const digits = currencyDigits(invoice.currency);
    const major = (minor: number) => toMajor(minor, digits);
    return {
      number: invoice.number,
      uuid: invoice.uuid,
      issuedAt: invoice.issuedAt.toISOString(),
      orderId: invoice.orderId,
      orderNumber,
      seller: invoice.seller,
      lines: invoice.lines.map((line) => ({
        name: line.name,
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
      qr: invoice.qr,
      previousHash: invoice.previousHash,
      hash: invoice.hash,
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
      return { data: present(invoice, orderNumber) };
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
            .describe('The invoice as UBL 2.1 XML (application/xml), ZATCA’s simplified-invoice shape, unsigned'),
          ...failing(404),
        },
        tags,
      },
    },
    async (request, reply) => {
      const { invoice } = await visibleInvoice(request, request.params.id);
      const xml = invoiceUbl({ ...invoice, country: config.country, digits: currencyDigits(invoice.currency) });
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `inline; filename="invoice-${invoice.number}.xml"`)
        .send(xml);
    },
  );
}
