import { redirect } from 'react-router';
import { authText } from '../i18n/auth';
import { apiFor } from '../lib/context.server';
import { clearSessionCookie } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import type { Route } from './+types/logout';

/** Signing out is a POST (the account menu's form); a plain visit just goes home. */
export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  // The token stops working on the server too, so a copy of the cookie is worth nothing. A token
  // that is already invalid (or a database hiccup) must not keep anyone signed in: the cookie goes
  // either way.
  await apiFor(request, context)
    .auth.logout()
    .catch(() => undefined);
  return redirectWithToast(request, '/login', { type: 'success', text: authText.loggedOut }, [
    clearSessionCookie(request),
  ]);
}
