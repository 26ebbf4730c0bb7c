import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, noContentSchema } from '../../../contract/common.js';
import { MAX_ORDER_TOTAL_MINOR } from '../../../contract/constants.js';
import { currencyDigits, toMajor, toMinor } from '../../../contract/money.js';
import {
  createShippingZoneSchema,
  shippingZoneEnvelope,
  shippingZoneList,
  updateShippingZoneSchema,
} from '../../../contract/store.js';
import type { ShippingZone } from '../../../contract/types.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { fieldError } from '../../errors.js';
import { failing } from '../../http/openapi.js';
import type { ShippingZoneRow } from '../pricing/service.js';
import { createZone, deleteZone, listZones, updateZone, type ZoneEditor, type ZoneInput } from './service.js';

const AMOUNTS = ['price', 'freeAbove', 'codFee'] as const;

/** Shipping zones are staff's (SECURITY.md § 1); customers meet them through the quote and orders. */
export async function shippingZoneRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.admin };
  const digits = currencyDigits(config.currency);
  const tags = ['shipping'];

  const view = (row: ShippingZoneRow): ShippingZone => ({
    _id: row.id,
    id: row.id,
    name: row.name,
    cities: [...row.cities],
    price: toMajor(row.price, digits),
    freeAbove: row.freeAbove === null ? null : toMajor(row.freeAbove, digits),
    codAllowed: row.codAllowed,
    codFee: toMajor(row.codFee, digits),
    isDefault: row.isDefault,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const editorOf = (request: FastifyRequest): ZoneEditor => ({ actor: userOf(request), digits });

  /** The amounts in minor units, each within the order limit (docs/pricing.md). */
  function inMinorUnits<T extends Partial<Record<(typeof AMOUNTS)[number], number | null>>>(body: T): T {
    const converted = { ...body };
    for (const field of AMOUNTS) {
      const value = body[field];
      if (value === undefined || value === null) continue;
      const minor = toMinor(value, digits);
      if (minor > MAX_ORDER_TOTAL_MINOR) throw fieldError(field, 'zoneAmountInvalid', value);
      converted[field] = minor as T[typeof field];
    }
    return converted;
  }

  r.get('/', { ...admin, schema: { response: { 200: shippingZoneList }, tags } }, async () => {
    const zones = await listZones(db);
    return { status: 'success' as const, results: zones.length, data: zones.map(view) };
  });

  r.post(
    '/',
    {
      ...admin,
      schema: { body: createShippingZoneSchema, response: { 201: shippingZoneEnvelope, ...failing(409) }, tags },
    },
    async (request, reply) => {
      const zone = await createZone(
        db,
        config.country,
        inMinorUnits(request.body) satisfies ZoneInput,
        editorOf(request),
      );
      return reply.code(201).send({ data: view(zone) });
    },
  );

  r.put(
    '/:id',
    {
      ...admin,
      schema: {
        params: idParams,
        body: updateShippingZoneSchema,
        response: { 200: shippingZoneEnvelope, ...failing(404, 409) },
        tags,
      },
    },
    async (request) => ({
      data: view(
        await updateZone(db, config.country, request.params.id, inMinorUnits(request.body), editorOf(request)),
      ),
    }),
  );

  r.delete(
    '/:id',
    { ...admin, schema: { params: idParams, response: { 204: noContentSchema, ...failing(404, 409) }, tags } },
    async (request, reply) => {
      await deleteZone(db, request.params.id, editorOf(request));
      return reply.code(204).send();
    },
  );
}
