import { redirect } from 'react-router';
import { authText } from '../i18n/auth';
import { clearSessionCookie } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import type { Route } from './+types/logout';

/** Signing out is a POST (the account menu's form); a plain visit just goes home. */
export function loader() {
  return redirect('/');
}

export function action({ request }: Route.ActionArgs) {
  return redirectWithToast(request, '/login', { type: 'success', text: authText.loggedOut }, [
    clearSessionCookie(request),
  ]);
}
