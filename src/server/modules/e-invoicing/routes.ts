import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  csrRequestSchema,
  documentNumberParams,
  eInvoicingStatusEnvelope,
  otpRequestSchema,
  reportingDocumentEnvelope,
  reportingDocumentList,
  reportingDocumentsQuery,
} from '../../../contract/e-invoicing.js';
import type { AppContext } from '../../context.js';
import { failing } from '../../http/openapi.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';
import {
  correctDocument,
  createUnitCsr,
  eInvoicingStatus,
  renewProductionCsid,
  reportingDocuments,
  requestComplianceCsid,
  requestProductionCsid,
} from './service.js';

/**
 * ZATCA phase 2, admin only (docs/invoices.md § Onboarding): where onboarding stands, then one
 * request per step. Keys and secrets never appear in an answer.
 */
export async function eInvoicingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['e-invoicing'];
  const response = { 200: eInvoicingStatusEnvelope };

  r.get('/', { onRequest: guards.admin, schema: { response, tags } }, async () => ({
    data: await eInvoicingStatus(db),
  }));

  r.post('/csr', { onRequest: guards.admin, schema: { body: csrRequestSchema, response, tags } }, async (request) => ({
    data: await createUnitCsr(db, config, request.body.environment),
  }));

  r.post(
    '/compliance',
    { onRequest: guards.admin, schema: { body: otpRequestSchema, response, tags } },
    async (request) => ({ data: await requestComplianceCsid(db, config, request.body.otp) }),
  );

  r.post('/production', { onRequest: guards.admin, schema: { response, tags } }, async () => ({
    data: await requestProductionCsid(db, config),
  }));

  r.post(
    '/renew',
    { onRequest: guards.admin, schema: { body: otpRequestSchema, response, tags } },
    async (request) => ({
      data: await renewProductionCsid(db, config, request.body.otp),
    }),
  );

  r.get(
    '/documents',
    {
      onRequest: guards.admin,
      schema: { querystring: reportingDocumentsQuery, response: { 200: reportingDocumentList }, tags },
    },
    async (request) => {
      const page = pageOf(request.query);
      const { data, total } = await reportingDocuments(db, request.query.status, page);
      return listEnvelope(data, total, page.page, page.limit);
    },
  );

  r.post(
    '/documents/:number/correction',
    {
      onRequest: guards.admin,
      schema: { params: documentNumberParams, response: { 201: reportingDocumentEnvelope, ...failing(404) }, tags },
    },
    async (request, reply) => {
      const correction = await correctDocument(db, config, ctx.issuing, request.params.number);
      return reply.code(201).send({ data: correction });
    },
  );
}
