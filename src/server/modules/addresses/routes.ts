import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../contract/common.js';
import { apiMessages as m } from '../../../contract/messages.js';
import { addressEnvelope, addressesChanged, addressList, addressSchemas } from '../../../contract/shopping.js';
import { addresses } from '../../../db/schema.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { failure } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { addAddress, serializeAddress } from './service.js';

/** A customer's saved addresses; every query is scoped to the caller, so others' ids are not found. */
export async function addressRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schemas = addressSchemas(config.phoneCountry);
  const customer = { onRequest: guards.customer };
  const tags = ['addresses'];
  /** What each route takes and answers (the OpenAPI document is built from it). */
  const contract = {
    list: { response: { 200: addressList }, tags },
    one: { params: idParams, response: { 200: addressEnvelope, ...failing(404) }, tags },
    add: { body: schemas.create, response: { 200: addressesChanged }, tags },
    update: { params: idParams, body: schemas.update, response: { 200: addressesChanged, ...failing(404) }, tags },
    remove: { params: idParams, response: { 200: addressesChanged, ...failing(404) }, tags },
  };

  const own = (request: FastifyRequest, id: string) =>
    and(eq(addresses.id, id), eq(addresses.userId, userOf(request).id));
  const all = async (request: FastifyRequest) =>
    (
      await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userOf(request).id))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
    ).map(serializeAddress);

  r.get('/', { ...customer, schema: contract.list }, async (request) => {
    const data = await all(request);
    return { status: 'success' as const, results: data.length, data };
  });

  r.get('/:id', { ...customer, schema: contract.one }, async (request) => {
    const [row] = await db.select().from(addresses).where(own(request, request.params.id)).limit(1);
    if (!row) throw failure('addressNotFound');
    return { status: 'success' as const, data: serializeAddress(row) };
  });

  r.post('/', { ...customer, schema: contract.add }, async (request) => {
    const { postalCode, ...rest } = request.body;
    await addAddress(db, userOf(request).id, { ...rest, postalCode: postalCode || config.defaultPostalCode });
    return { status: 'success' as const, message: m.addressAdded, data: await all(request) };
  });

  r.put('/:id', { ...customer, schema: contract.update }, async (request) => {
    const updated = await db
      .update(addresses)
      .set({ ...request.body, updatedAt: new Date() })
      .where(own(request, request.params.id))
      .returning({ id: addresses.id });
    if (updated.length === 0) throw failure('addressNotFound');
    return { status: 'success' as const, message: m.addressUpdated, data: await all(request) };
  });

  r.delete('/:id', { ...customer, schema: contract.remove }, async (request) => {
    const deleted = await db.delete(addresses).where(own(request, request.params.id)).returning({ id: addresses.id });
    if (deleted.length === 0) throw failure('addressNotFound');
    return { status: 'success' as const, message: m.addressRemoved, data: await all(request) };
  });
}
