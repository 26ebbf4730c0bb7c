import { type AppLoadContext, redirect } from 'react-router';
import { adminHome, isStaffRole } from '../../contract/staff-roles.js';
import type { Role, User } from '../../contract/types.js';
import { apiFor } from './context.server.js';
import { withRedirectTo } from './redirect.js';
import { readSessionToken } from './session.server.js';

/** The signed-in visitor, or null: no cookie, or a token the API no longer accepts. */
export async function getOptionalUser(request: Request, context: AppLoadContext): Promise<User | null> {
  if (!readSessionToken(request)) return null;
  return apiFor(request, context)
    .users.me()
    .then((r) => r.data)
    .catch(() => null);
}

/** Sign-in and sign-up are for guests: a signed-in visitor goes home. */
export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<void> {
  if (await getOptionalUser(request, context)) throw redirect('/');
}

/**
 * Guards a page for a signed-in visitor (docs/decisions/0013-server-side-guards.md): a guest goes to /login and
 * comes back here afterwards. `staff` pages are for admins and staff, `admin` pages for admins
 * only (docs/staff.md): a member of staff is sent to their own landing page, anyone else home.
 */
export async function requireUser(request: Request, context: AppLoadContext, role?: Role): Promise<User> {
  const user = await getOptionalUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(withRedirectTo('/login', `${url.pathname}${url.search}`));
  }
  const allowed = role === undefined || user.role === role || (role === 'staff' && isStaffRole(user.role));
  if (!allowed) throw redirect(isStaffRole(user.role) ? adminHome(user.role) : '/');
  return user;
}
