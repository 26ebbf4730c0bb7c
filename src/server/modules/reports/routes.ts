import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currencyDigits, toMajor } from '../../../contract/money.js';
import { vatReportEnvelope, vatReportQuerySchema } from '../../../contract/vat-report.js';
import type { AppContext } from '../../context.js';
import { vatReportCsv, vatReportFigures } from './service.js';

/** Staff's reports (docs/invoices.md § The VAT report), under /admin. */
export async function reportRoutes(app: FastifyInstance, { db, guards, config }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const shop = { currency: config.currency, timeZone: config.timeZone };
  const major = (minor: number) => toMajor(minor, currencyDigits(config.currency));

  r.get(
    '/vat-report',
    {
      onRequest: guards.admin,
      schema: { querystring: vatReportQuerySchema, response: { 200: vatReportEnvelope }, tags },
    },
    async (request) => {
      const { from, to } = request.query;
      const figures = await vatReportFigures(db, { from, to }, shop);
      const totals = ({ count, taxable, vat }: { count: number; taxable: number; vat: number }) => ({
        count,
        taxable: major(taxable),
        vat: major(vat),
      });
      return {
        data: {
          from,
          to,
          currency: config.currency,
          invoices: totals(figures.invoices),
          creditNotes: totals(figures.creditNotes),
          netTaxable: major(figures.netTaxable),
          netVat: major(figures.netVat),
          byRate: figures.byRate.map((rate) => ({
            rate: rate.rateBasisPoints / 100,
            taxable: major(rate.taxable),
            vat: major(rate.vat),
          })),
        },
      };
    },
  );

  r.get(
    '/vat-report.csv',
    {
      onRequest: guards.admin,
      schema: {
        querystring: vatReportQuerySchema,
        response: {
          200: z.string().describe('The VAT report as CSV (text/csv, UTF-8 with BOM, CRLF), amounts in major units'),
        },
        tags,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const figures = await vatReportFigures(db, { from, to }, shop);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vat-report-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(vatReportCsv(figures, config.currency));
    },
  );
}
