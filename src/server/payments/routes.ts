import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages as m } from '../../contract/messages.js';
import { currencyDigits, formatMoney, toMajor } from '../../contract/money.js';
import { checkoutSessions, orders } from '../../db/schema.js';
import type { AppContext } from '../context.js';
import { HttpError, notFound } from '../errors.js';
import { originOf } from '../http/origin.js';
import { cancelCheckout, confirmPaidCheckout } from '../modules/orders/checkout.js';
import { orderConfirmationMailer } from '../modules/orders/confirmation-mail.js';
import { createOrderReader } from '../modules/orders/service.js';
import type { PaymentProvider } from './provider.js';
import { type createTestProvider, TEST_SIGNATURE_HEADER } from './test-provider.js';

/** POST /api/v1/payments/webhook/:provider — the only way a card order comes to exist. */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext, payments: PaymentProvider) {
  const reader = createOrderReader(ctx.db, ctx.media, currencyDigits(ctx.config.currency));
  const sendConfirmation = orderConfirmationMailer(ctx, app.log);
  // Signatures are over the exact bytes sent, so the body stays a string.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/webhook/:provider',
      { schema: { params: z.object({ provider: z.string() }), hide: true } },
      async (request) => {
        if (request.params.provider !== payments.name) throw notFound(m.routeNotFound);
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[payments.name === 'stripe' ? 'stripe-signature' : TEST_SIGNATURE_HEADER];
        const event = payments.parseWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
        if (!event) throw new HttpError(400, m.webhookSignatureInvalid);
        if (event.type === 'cancelled') await cancelCheckout(ctx.db, payments, event.sessionId);
        if (event.type === 'paid') {
          const result = await confirmPaidCheckout(ctx.db, payments, event.sessionId, request.log);
          if (result.outcome === 'created') {
            await sendConfirmation(await reader.one(eq(orders.id, result.orderId), originOf(request, ctx.config)));
          }
        }
        return { received: true };
      },
    );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The test provider's hosted payment page (/pay/test/:id): what Stripe's page is for a real shop.
 * Pay and cancel send a signed event through the same webhook path a real provider uses.
 */
export async function testPaymentPageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  test: ReturnType<typeof createTestProvider>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.string().regex(/^test_[0-9a-f]{32}$/) });
  const digits = currencyDigits(ctx.config.currency);
  // The page's pay and cancel buttons are plain HTML forms: a browser posts them as an (empty)
  // url-encoded body, which carries nothing this page reads.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null));

  async function openSession(id: string) {
    const [session] = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.provider, 'test'), eq(checkoutSessions.providerSessionId, id)))
      .limit(1);
    if (!session) throw notFound(m.checkoutNotFound);
    return session;
  }

  r.get('/:id', { schema: { params, hide: true } }, async (request, reply) => {
    const session = await openSession(request.params.id);
    const amount = formatMoney(toMajor(session.amount, digits), session.currency);
    const open = session.status === 'open';
    const shop = escapeHtml(ctx.config.shopName);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>الدفع بالبطاقة | ${shop}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;padding:32px;max-width:420px;width:calc(100% - 32px);box-shadow:0 4px 24px #0001}
h1{font-size:1.4rem;margin:0 0 8px}p{color:#334155}.amount{font-size:2rem;font-weight:700;color:#0f766e;margin:16px 0}
form{display:inline}button{font:inherit;font-weight:700;border:0;border-radius:10px;padding:12px 20px;cursor:pointer;margin-inline-end:8px}
.pay{background:#0f766e;color:#fff}.cancel{background:#e2e8f0;color:#0f172a}button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}</style>
</head><body><main>
<h1>بوابة الدفع التجريبية</h1>
<p>هذه صفحة دفع تجريبية لمتجر ${shop}: لا تُخصم أي مبالغ حقيقية.</p>
<p class="amount">${escapeHtml(amount)}</p>
${
  open
    ? `<form method="post" action="/pay/test/${session.providerSessionId}/pay"><button class="pay" type="submit">ادفع الآن</button></form>
<form method="post" action="/pay/test/${session.providerSessionId}/cancel"><button class="cancel" type="submit">إلغاء</button></form>`
    : `<p role="status">${session.status === 'completed' ? 'تم الدفع لهذا الطلب.' : 'انتهت صلاحية جلسة الدفع هذه.'}</p>`
}
</main></body></html>`;
  });

  async function sendEvent(id: string, type: 'checkout.completed' | 'checkout.cancelled') {
    const { payload, signature } = test.signedEvent({ type, sessionId: id });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/test',
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
      payload,
    });
    if (response.statusCode !== 200) throw new HttpError(502, m.paymentUnavailable);
  }

  r.post('/:id/pay', { schema: { params, hide: true } }, async (request, reply) => {
    await openSession(request.params.id);
    await sendEvent(request.params.id, 'checkout.completed');
    return reply.redirect(`${originOf(request, ctx.config)}/user/allOrders?paid=1`, 303);
  });

  r.post('/:id/cancel', { schema: { params, hide: true } }, async (request, reply) => {
    await openSession(request.params.id);
    await sendEvent(request.params.id, 'checkout.cancelled');
    return reply.redirect(`${originOf(request, ctx.config)}/cart`, 303);
  });
}
