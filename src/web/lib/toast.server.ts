import { redirect } from 'react-router';
import { readCookie, serializeCookie } from './session.server.js';
import { type FlashToast, parseFlashToast } from './toast.js';

const TOAST_COOKIE = 'matjar_toast';
// Long enough to survive the redirect, short enough that a lost one does not pop up later.
const TOAST_MAX_AGE_SECONDS = 60;

export function flashToastCookie(request: Request, toast: Omit<FlashToast, 'id'>): string {
  return serializeCookie(
    request,
    TOAST_COOKIE,
    JSON.stringify({ id: crypto.randomUUID(), ...toast }),
    TOAST_MAX_AGE_SECONDS,
  );
}

/** The pending toast of this request and the header that consumes it (the root loader shows it). */
export function takeFlashToast(request: Request): { toast: FlashToast | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request, TOAST_COOKIE);
  if (raw === undefined) return { toast: null, headers };
  headers.append('Set-Cookie', serializeCookie(request, TOAST_COOKIE, '', 0));
  return { toast: parseFlashToast(raw), headers };
}

/** Redirects with a toast for the next page, plus any other cookies to set on the way. */
export function redirectWithToast(
  request: Request,
  url: string,
  toast: Omit<FlashToast, 'id'>,
  cookies: readonly string[] = [],
) {
  const headers = new Headers();
  for (const cookie of [...cookies, flashToastCookie(request, toast)]) headers.append('Set-Cookie', cookie);
  return redirect(url, { headers });
}
