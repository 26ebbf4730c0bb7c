import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authEnvelope } from '../../../contract/auth.js';
import { idParams, noContentSchema } from '../../../contract/common.js';
import {
  staffChangeSchema,
  staffInviteAcceptSchema,
  staffInviteEnvelope,
  staffInviteSchema,
  staffListEnvelope,
  staffMemberEnvelope,
} from '../../../contract/staff.js';
import { refuseCommonPassword } from '../../auth/common-passwords.js';
import { userOf } from '../../auth/guards.js';
import type { AppContext } from '../../context.js';
import { failing } from '../../http/openapi.js';
import { originOf } from '../../http/origin.js';
import { serializeUser } from '../users/serialize.js';
import {
  acceptInvite,
  changeMember,
  createInvite,
  inviteView,
  listStaff,
  memberView,
  revokeInvite,
} from './service.js';

/** `/staff`: the owner's team (docs/staff.md). Admins only, but for accepting an invite. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, guards, config, tokens } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const admin = { onRequest: guards.admin };
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  r.get('/', { ...admin, schema: { response: { 200: staffListEnvelope }, tags } }, async () => ({
    data: await listStaff(db),
  }));

  r.post(
    '/invites',
    {
      ...admin,
      schema: { body: staffInviteSchema, response: { 201: staffInviteEnvelope, ...failing(409) }, tags },
    },
    async (request, reply) => {
      const { invite } = await createInvite(db, userOf(request), request.body, {
        mail: ctx.mail,
        origin: originOf(request, config),
        shopName: config.shopName,
      });
      return reply.code(201).send({ data: inviteView(invite) });
    },
  );

  r.delete(
    '/invites/:id',
    { ...admin, schema: { params: idParams, response: { 204: noContentSchema, ...failing(404) }, tags } },
    async (request, reply) => {
      await revokeInvite(db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/invites/accept',
    {
      schema: { body: staffInviteAcceptSchema, response: { 201: authEnvelope, ...failing(404, 409, 410) }, tags },
      config: limited,
    },
    async (request, reply) => {
      await refuseCommonPassword('password', request.body.password);
      const user = await acceptInvite(db, request.body);
      const token = await tokens.sign({ userId: user.id, version: user.tokenVersion });
      return reply.code(201).send({ data: serializeUser(user), token });
    },
  );

  r.patch(
    '/:id',
    {
      ...admin,
      schema: {
        params: idParams,
        body: staffChangeSchema,
        response: { 200: staffMemberEnvelope, ...failing(404, 409) },
        tags,
      },
    },
    async (request) => ({
      data: memberView(await changeMember(db, userOf(request), request.params.id, request.body)),
    }),
  );
}
