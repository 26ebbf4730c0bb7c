import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaffRole } from '../../contract/staff-roles.js';
import type { PageVisitor } from '../../contract/transport.js';
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
  interface FastifyInstance {
    /**
     * What the page server asks of the shop for one page request: a visit its in-process API calls
     * share, so their token is checked once (VISIT_HEADER), and what its header shows of the visitor.
     */
    pageVisits: {
      open(): string;
      close(id: string): void;
      /** The page's signed-in visitor for its header, checked with the visit's calls (src/server/visitor.ts). */
      visitor(id: string, token: string): Promise<PageVisitor | null>;
      /** Whether the customer reviewed the product: a page kept for customers is not theirs then. */
      hasReviewed(userId: string, productId: string): Promise<boolean>;
      /** The lines of the guest basket a key names, for the header of a page kept for such guests. */
      basketLineCount(key: string): Promise<number>;
    };
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The header naming the page request an in-process API call belongs to (src/server/web.ts): the
 * calls of one page present the same token, which is checked once for all of them.
 */
export const VISIT_HEADER = 'x-matjar-visit';

export function createGuards(db: Database, tokens: TokenService) {
  /** Per open page request: the check of each token its API calls presented. */
  const visits = new Map<string, Map<string, Promise<CurrentUser>>>();

  async function authenticate(request: FastifyRequest): Promise<CurrentUser> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw failure('notLoggedIn');
    return checkInVisit(String(request.headers[VISIT_HEADER]), token);
  }

  /**
   * A page's calls share the check: the same token, the same answer, for the few milliseconds a
   * page takes. An unknown visit (a made-up header) is simply not shared.
   */
  function checkInVisit(visitId: string, token: string): Promise<CurrentUser> {
    const visit = visits.get(visitId);
    if (!visit) return check(token);
    let checked = visit.get(token);
    if (!checked) {
      checked = check(token);
      visit.set(token, checked);
    }
    return checked;
  }

  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('guard_user');

  /**
   * The token's user and what `load` brings with it in the same query (the page's header,
   * src/server/visitor.ts), refused when the token is bad, the user gone or disabled, or the
   * password changed since the token was given.
   */
  async function checkWith<T extends { user: CurrentUser }>(
    token: string,
    load: (userId: string) => Promise<T | undefined>,
  ): Promise<T> {
    const claims = await tokens.verify(token);
    if (!claims) throw failure('tokenInvalid');
    const found = await load(claims.userId);
    if (!found) throw failure('userGone');
    if (found.user.disabledAt) throw failure('accountDisabled');
    if (found.user.tokenVersion !== claims.version) throw failure('passwordChanged');
    return found;
  }

  async function check(token: string): Promise<CurrentUser> {
    const { user } = await checkWith(token, async (id) => {
      const [found] = await userById.execute({ id });
      return found && { user: found };
    });
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
    /** A page request begins: its API calls name the id this answers in VISIT_HEADER. */
    openVisit(): string {
      const id = randomUUID();
      visits.set(id, new Map());
      return id;
    },
    /**
     * The page's visitor by their session token, with what `load` reads beside the user in one
     * query (the web's header, src/server/visitor.ts); the page's API calls share the check. Null
     * for a token the API would refuse.
     */
    visitorWith<T extends { user: CurrentUser }>(
      visitId: string,
      token: string,
      load: (userId: string) => Promise<T | undefined>,
    ): Promise<T | null> {
      const found = checkWith(token, load);
      const visit = visits.get(visitId);
      if (visit && !visit.has(token)) {
        const user = found.then((checked) => checked.user);
        // A refusal is the calls' to answer, if any are made.
        user.catch(() => undefined);
        visit.set(token, user);
      }
      return found.catch(() => null);
    },
    /** The page request ended: its checks are forgotten. */
    closeVisit(id: string) {
      visits.delete(id);
    },
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
