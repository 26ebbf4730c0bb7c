import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, listQuerySchema, noContentSchema } from '../../../contract/common.js';
import {
  couponEnvelope,
  couponExpiry,
  couponList,
  createCouponSchema,
  updateCouponSchema,
} from '../../../contract/shopping.js';
import type { Coupon } from '../../../contract/types.js';
import { coupons } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db-errors.js';
import { failure, fieldError } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';

const serializeCoupon = (row: typeof coupons.$inferSelect): Coupon => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  expire: row.expire.toISOString(),
  discount: row.discount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Coupons are managed by staff only; customers use them through the cart's applyCoupon. */
export async function couponRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.admin };
  const tags = ['coupons'];
  /** What each route takes and answers (the OpenAPI document is built from it). */
  const contract = {
    list: { querystring: listQuerySchema, response: { 200: couponList }, tags },
    one: { params: idParams, response: { 200: couponEnvelope, ...failing(404) }, tags },
    create: { body: createCouponSchema, response: { 201: couponEnvelope }, tags },
    update: { params: idParams, body: updateCouponSchema, response: { 200: couponEnvelope, ...failing(404) }, tags },
    remove: { params: idParams, response: { 204: noContentSchema, ...failing(404) }, tags },
  };

  async function write<T>(name: string | undefined, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', 'couponNameTaken', name);
      throw error;
    }
  }

  r.get('/', { ...admin, schema: contract.list }, async (request) => {
    const { page, limit, offset } = pageOf(request.query);
    const [rows, [total]] = await Promise.all([
      // Newest first, like orders: a coupon just added heads the admin's list.
      db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(limit).offset(offset),
      db.select({ value: count() }).from(coupons),
    ]);
    return listEnvelope(rows.map(serializeCoupon), total?.value ?? 0, page, limit);
  });

  r.get('/:id', { ...admin, schema: contract.one }, async (request) => {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, request.params.id)).limit(1);
    if (!row) throw failure('couponNotFound');
    return { data: serializeCoupon(row) };
  });

  r.post('/', { ...admin, schema: contract.create }, async (request, reply) => {
    const values = { ...request.body, expire: couponExpiry(request.body.expire, config.timeZone) };
    const [row] = await write(request.body.name, () => db.insert(coupons).values(values).returning());
    if (!row) throw failure('internalError');
    return reply.code(201).send({ data: serializeCoupon(row) });
  });

  r.put('/:id', { ...admin, schema: contract.update }, async (request) => {
    const [row] = await write(request.body.name, () =>
      db
        .update(coupons)
        .set({
          ...request.body,
          expire: request.body.expire && couponExpiry(request.body.expire, config.timeZone),
          updatedAt: new Date(),
        })
        .where(eq(coupons.id, request.params.id))
        .returning(),
    );
    if (!row) throw failure('couponNotFound');
    return { data: serializeCoupon(row) };
  });

  r.delete('/:id', { ...admin, schema: contract.remove }, async (request, reply) => {
    const deleted = await db.delete(coupons).where(eq(coupons.id, request.params.id)).returning({ id: coupons.id });
    if (deleted.length === 0) throw failure('couponNotFound');
    return reply.code(204).send();
  });
}
