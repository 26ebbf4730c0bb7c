import { adminHome, isStaffRole } from '../../contract/staff-roles';

const BASE = 'http://same-site.invalid';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const REFUSED_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** A `.` or `..` path segment, plain or percent-encoded. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * A percent-encoded slash, backslash, dot, percent sign (double encoding) or control character:
 * no path of the shop has one.
 */
const ODD_ESCAPE = /%(?:2f|5c|2e|25|[01][0-9a-f]|7f)/i;

/**
 * A same-site path to go to after signing in, or `fallback`. The URL parser normalises what it
 * reads (dot segments resolved, `\` read as `/`, tabs and newlines dropped), so `/.//evil.example`
 * becomes the protocol-relative `//evil.example` only after a check of the text would have passed
 * it. So control characters and backslashes are refused, a path dressed up with dot segments or
 * odd escapes goes to `fallback` too, and the result is checked once normalised: it must stay on
 * this site and must not start with `//`. A crafted `?redirectTo=` link cannot send a visitor to
 * another site (SECURITY.md § 4).
 */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || REFUSED_CHARACTERS.test(to)) return fallback;
  const path = to.split(/[?#]/, 1)[0] ?? '';
  if (DOT_SEGMENT.test(path) || ODD_ESCAPE.test(path)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `redirectTo` kept when it is a real destination. */
export function withRedirectTo(path: string, redirectTo: string): string {
  return redirectTo === '/' ? path : `${path}?${new URLSearchParams({ redirectTo })}`;
}

/**
 * Where a sign-in lands: the page asked for, else the shop's front page for a customer, the
 * dashboard for an admin (docs/dashboard.md) and the orders for staff (docs/staff.md).
 */
export function landingAfterSignIn(redirectTo: unknown, role: string): string {
  const asked = safeRedirect(redirectTo);
  return asked === '/' && isStaffRole(role) ? adminHome(role) : asked;
}
