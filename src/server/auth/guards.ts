import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaffRole } from '../../contract/staff-roles.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { failure } from '../errors.js';
import { noStore } from '../http/no-store.js';
import type { TokenService } from './tokens.js';

export type Role = 'user' | 'admin' | 'staff';

export { isStaffRole };
export type CurrentUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createGuards(db: Database, tokens: TokenService) {
  async function authenticate(request: FastifyRequest): Promise<CurrentUser> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw failure('notLoggedIn');
    const claims = await tokens.verify(token);
    if (!claims) throw failure('tokenInvalid');
    const [user] = await db.select().from(users).where(eq(users.id, claims.userId)).limit(1);
    if (!user) throw failure('userGone');
    if (user.disabledAt) throw failure('accountDisabled');
    if (user.tokenVersion !== claims.version) throw failure('passwordChanged');
    return user;
  }

  /**
   * A hook that lets through signed-in users with one of `roles` (any role when empty). Use it as
   * `onRequest`, so anonymous and wrong-role requests get 401/403 before any body is read or validated.
   * Every answer of a guarded route, refusals included, is personal: no cache keeps it.
   */
  const allow =
    (...roles: Role[]): Guard =>
    async (request, reply) => {
      noStore(reply);
      const user = await authenticate(request);
      if (roles.length > 0 && !roles.includes(user.role)) throw failure('forbidden');
      request.currentUser = user;
    };

  /**
   * The role of a public route's caller, or null: no credentials, or bad ones (the route then
   * answers as to anyone, no 401). Drafts are shown to staff only; some settings to admins only.
   */
  async function callerRole(request: FastifyRequest): Promise<Role | null> {
    if (request.headers.authorization === undefined) return null;
    try {
      return (await authenticate(request)).role;
    } catch {
      return null;
    }
  }

  /** Whether a public route's caller works in the admin (an admin or staff). */
  const isStaff = async (request: FastifyRequest): Promise<boolean> => {
    const role = await callerRole(request);
    return role !== null && isStaffRole(role);
  };

  return {
    signedIn: allow(),
    customer: allow('user'),
    /** The owner's places: settings, staff, reports (docs/staff.md). */
    admin: allow('admin'),
    /** Orders and the catalogue: admins and staff (docs/staff.md). */
    staff: allow('admin', 'staff'),
    isStaff,
    callerRole,
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a guarded route. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw failure('notLoggedIn');
  return request.currentUser;
}
