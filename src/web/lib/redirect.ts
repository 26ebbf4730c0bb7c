/**
 * A same-site path to go to after signing in, or `fallback`. Refuses absolute and protocol-relative
 * URLs and anything a browser might read as one (`//`, `/\`, control characters), so a crafted
 * `?redirectTo=` link cannot send a visitor to another site.
 */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string') return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (!to.startsWith('/') || to.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  const base = 'http://same-site.invalid';
  try {
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** `path` with `redirectTo` kept when it is a real destination. */
export function withRedirectTo(path: string, redirectTo: string): string {
  return redirectTo === '/' ? path : `${path}?${new URLSearchParams({ redirectTo })}`;
}
