import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Half a year, the usual minimum for HSTS; no includeSubDomains, the owner's other hosts are not ours. */
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/**
 * Headers every answer carries (pages, API, media): no MIME sniffing, no framing, referrers only
 * as an origin to other sites, its own browsing-context group, no powerful browser features, and
 * HSTS once the visitor came over https (the request's protocol honours TRUST_PROXY).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()',
    });
    if (request.protocol === 'https') reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
  });
}

/** A fresh, unguessable value for one page's inline scripts. */
export const createNonce = () => randomBytes(16).toString('base64');

/**
 * The web pages' Content-Security-Policy. Scripts run only from the shop's own files or with this
 * page's nonce (React Router's inline hydration scripts carry it), so injected markup cannot run
 * code. Styles allow inline `style` attributes: Radix and sonner position popovers and toasts with
 * them, and a style cannot run script. Pictures being cropped are shown from blob: URLs. The
 * configured payment provider's hosted page is the one other place a form may lead (the checkout
 * action redirects there without JS): `paymentPage`, an origin (src/server/payments/choose.ts).
 * Pictures also come from `mediaOrigin`, MEDIA_PUBLIC_URL's origin (a CDN or the bucket).
 */
export function contentSecurityPolicy(nonce: string, paymentPage?: string, mediaOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `form-action 'self'${paymentPage ? ` ${paymentPage}` : ''}`,
  ].join('; ');
}
