import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Shown to a person whose browser posted a shop form from another site. */
export const CROSS_SITE_REFUSAL =
  'رُفض هذا الطلب لأنه أُرسل من موقع آخر غير المتجر. افتح صفحة المتجر نفسها وأعد المحاولة.';

/** The host an Origin header names, or undefined for `null` and anything malformed. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests to the web pages (and the test payment page) that another site
 * made a browser send: the session cookie is SameSite=Lax already, and this checks the Origin
 * header too (or, when a browser sends none, Sec-Fetch-Site). The host is compared, not the
 * scheme, so a shop behind a TLS proxy without TRUST_PROXY still accepts its own forms. /api is
 * left alone: it authenticates with a bearer token that a browser never adds by itself, and
 * other apps and payment webhooks call it from anywhere.
 */
export function refuseCrossSiteForms(publicUrl: string | undefined) {
  const publicHost = publicUrl ? hostOf(publicUrl) : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method) || request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const originHost = origin === undefined ? undefined : hostOf(origin);
    const crossSite =
      origin === undefined
        ? request.headers['sec-fetch-site'] === 'cross-site'
        : originHost === undefined || (originHost !== request.host && originHost !== publicHost);
    if (crossSite) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(CROSS_SITE_REFUSAL);
    }
  };
}
