import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, listQuerySchema } from '../../contract/common.js';
import { cookieValue } from '../../contract/cookies.js';
import { apiMessages as m } from '../../contract/messages.js';
import { currencyDigits, formatMoney, toMajor } from '../../contract/money.js';
import { checkoutStatusEnvelope, checkoutStatusList, webhookReceivedSchema } from '../../contract/shopping.js';
import type { CheckoutStatus } from '../../contract/types.js';
import { cardReturnPaths } from '../../contract/web.js';
import { checkoutStatusEnum } from '../../db/schema.js';
import { isStaffRole, userOf } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { failure } from '../errors.js';
import { failing } from '../http/openapi.js';
import { originOf } from '../http/origin.js';
import { listEnvelope, pageOf } from '../http/pagination.js';
import type { CheckoutSession, Checkouts } from '../modules/orders/checkout.js';
import type { PaymentProvider } from './provider.js';
import { type createTestProvider, TEST_SIGNATURE_HEADER } from './test-provider.js';

const checkoutStatuses = checkoutStatusEnum.enumValues;
const checkoutListQuery = listQuerySchema.extend({
  /** Comma-separated states, e.g. `refund_due,refunded` (staff: paid checkouts that became no order). */
  status: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((item) => item.trim()) : []))
    .pipe(z.array(z.enum(checkoutStatuses, { error: m.checkoutStatusInvalid }))),
});

/**
 * /api/v1/payments: the provider's webhook (the only way a card order comes to exist), and the
 * state of a checkout for its customer (the thank-you page) and for staff.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  payments: PaymentProvider | undefined,
  checkouts: Checkouts,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const digits = currencyDigits(ctx.config.currency);
  const tags = ['payments'];
  /** Schemas too long to sit beside their route (the OpenAPI document is built from them). */
  const contract = {
    one: { params: idParams, response: { 200: checkoutStatusEnvelope, ...failing(404) }, tags },
    webhook: {
      // Read as the exact bytes sent: the signature is over them.
      documentedBody: {
        contentTypes: ['application/json'],
        schema: z.looseObject({}),
        description: `The payment provider's signed event, in the provider's own format`,
      },
      response: { 200: webhookReceivedSchema, ...failing(404, 409, 502) },
      tags,
    },
  };

  const present = (session: CheckoutSession, orderNumber?: number | null): CheckoutStatus => ({
    _id: session.id,
    id: session.id,
    status: session.status,
    amount: toMajor(session.amount, digits),
    currency: session.currency,
    expiresAt: session.expiresAt.toISOString(),
    isTest: session.provider === 'test' || (session.provider === payments?.name && payments.isTest),
    ...(session.orderId ? { order: { _id: session.orderId, id: session.orderId, number: orderNumber ?? null } } : {}),
    ...(session.failureReason ? { failureReason: session.failureReason } : {}),
    ...(session.refundedAt ? { refundedAt: session.refundedAt.toISOString() } : {}),
    createdAt: session.createdAt.toISOString(),
  });

  r.get('/checkouts/:id', { onRequest: ctx.guards.signedIn, schema: contract.one }, async (request) => {
    const me = userOf(request);
    // An open checkout is asked about at its provider first: the thank-you page's poll completes a
    // paid checkout whose webhook is late (docs/payments.md, step 3).
    const session = await checkouts.findChecked(request.params.id, isStaffRole(me.role) ? undefined : me.id);
    return { data: present(session, await checkouts.orderNumberOf(session)) };
  });

  r.get(
    '/checkouts',
    {
      onRequest: ctx.guards.staff,
      schema: { querystring: checkoutListQuery, response: { 200: checkoutStatusList }, tags },
    },
    async (request) => {
      const { page, limit, offset } = pageOf(request.query);
      const { rows, total } = await checkouts.list(request.query.status, limit, offset);
      return listEnvelope(
        rows.map(({ session, customer }) => ({
          ...present(session),
          user: { _id: customer.id, id: customer.id, name: customer.name, email: customer.email },
        })),
        total,
        page,
        limit,
      );
    },
  );

  // Signatures are over the exact bytes sent, so webhook bodies stay strings.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    hooks.withTypeProvider<ZodTypeProvider>().post(
      '/webhook/:provider',
      {
        schema: {
          params: z.object({ provider: z.string() }),
          querystring: z.record(z.string(), z.string()),
          ...contract.webhook,
        },
      },
      async (request) => {
        if (!payments || request.params.provider !== payments.name) throw failure('routeNotFound');
        const raw = typeof request.body === 'string' ? request.body : '';
        const event = await payments
          .parseWebhook({
            rawBody: raw,
            header: (name) => {
              const value = request.headers[name];
              return Array.isArray(value) ? value[0] : value;
            },
            query: request.query,
          })
          .catch((error: unknown) => {
            // The provider's API could not confirm the event: a 5xx, so the provider sends it again.
            request.log.error({ err: error }, 'payment provider could not confirm a webhook');
            throw failure('paymentProviderUnavailable');
          });
        if (!event) throw failure('webhookSignatureInvalid');
        if (event.type === 'cancelled') await checkouts.cancel(event.sessionId);
        if (event.type === 'check') await checkouts.check(event.sessionId);
        if (event.type === 'paid') {
          const result = await checkouts.confirmPaid(event);
          if (result.outcome === 'mismatch') {
            throw failure('paymentMismatch');
          }
        }
        return { received: true as const };
      },
    );
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hosted page's cookie: set when the page is shown, needed by its buttons. */
const PAGE_COOKIE = 'matjar_test_checkout';

/**
 * The test provider's hosted payment page (/pay/test/:id): what Stripe's page is for a real shop.
 * Pay and cancel send a signed event through the same webhook path a real provider uses. The
 * buttons work only in the browser that opened the page (a SameSite=Strict cookie scoped to it),
 * and only while the checkout is open.
 */
export async function testPaymentPageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  test: ReturnType<typeof createTestProvider>,
  checkouts: Checkouts,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.string().regex(/^test_[0-9a-f]{32}$/) });
  const digits = currencyDigits(ctx.config.currency);
  const shop = escapeHtml(ctx.config.shopName);
  // The page's pay and cancel buttons are plain HTML forms: a browser posts them as an (empty)
  // url-encoded body, which carries nothing this page reads.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null));

  const page = (body: string) => `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>الدفع بالبطاقة | ${shop}</title>
<style>*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:16px;display:grid;place-items:center;min-height:100vh;min-height:100dvh}
main{background:#fff;border-radius:16px;padding:24px 20px;width:100%;max-width:420px;box-shadow:0 4px 24px #0001;overflow-wrap:anywhere}
h1{font-size:1.4rem;margin:0 0 8px}p{color:#334155;line-height:1.6}.amount{font-size:2rem;font-weight:700;color:#0f766e;margin:16px 0}
.actions{display:flex;flex-wrap:wrap;gap:12px}form{flex:1 1 140px;margin:0}
button{font:inherit;font-weight:700;border:0;border-radius:10px;padding:12px 20px;min-height:48px;width:100%;cursor:pointer}
.pay{background:#0f766e;color:#fff}.cancel{background:#e2e8f0;color:#0f172a}button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}</style>
</head><body><main>
<h1>بوابة الدفع التجريبية</h1>
<p>هذه صفحة دفع تجريبية لمتجر ${shop}: لا تُخصم أي مبالغ حقيقية، والطلب الناتج طلب تجريبي.</p>
${body}
</main></body></html>`;

  const endedText = (status: CheckoutSession['status']) =>
    status === 'completed'
      ? 'تم الدفع لهذا الطلب.'
      : 'انتهت صلاحية جلسة الدفع هذه، ارجع إلى المتجر وابدأ الدفع من جديد.';

  r.get('/:id', { schema: { params, hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const session = await checkouts.findByProviderId('test', id);
    const amount = formatMoney(toMajor(session.amount, digits), session.currency);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (session.status !== 'open') return page(`<p role="status">${endedText(session.status)}</p>`);
    reply.header(
      'set-cookie',
      `${PAGE_COOKIE}=${test.pageKey(id)}; Path=/pay/test/${id}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`,
    );
    return page(`<p class="amount">${escapeHtml(amount)}</p>
<div class="actions">
<form method="post" action="/pay/test/${id}/pay"><button class="pay" type="submit">ادفع الآن</button></form>
<form method="post" action="/pay/test/${id}/cancel"><button class="cancel" type="submit">إلغاء</button></form>
</div>`);
  });

  /** Why a button press is refused (an Arabic page), or undefined when it may go ahead. */
  function refusal(cookieHeader: string | undefined, id: string, session: CheckoutSession) {
    if (session.status !== 'open') return { status: 409, text: endedText(session.status) };
    if (cookieValue(cookieHeader, PAGE_COOKIE) !== test.pageKey(id)) {
      return { status: 403, text: 'افتح صفحة الدفع من المتجر ثم اضغط الزر فيها.' };
    }
    return undefined;
  }

  async function sendEvent(id: string, type: 'checkout.completed' | 'checkout.cancelled') {
    const { payload, signature } = test.signedEvent({ type, sessionId: id });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/test',
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
      payload,
    });
    if (response.statusCode !== 200) throw failure('paymentProviderUnavailable');
  }

  for (const action of ['pay', 'cancel'] as const) {
    r.post(`/:id/${action}`, { schema: { params, hide: true } }, async (request, reply) => {
      const { id } = request.params;
      const session = await checkouts.findByProviderId('test', id);
      const refused = refusal(request.headers.cookie, id, session);
      if (refused) {
        return reply
          .code(refused.status)
          .type('text/html; charset=utf-8')
          .send(page(`<p role="alert">${escapeHtml(refused.text)}</p>`));
      }
      await sendEvent(id, action === 'pay' ? 'checkout.completed' : 'checkout.cancelled');
      const origin = originOf(request, ctx.config);
      const next = action === 'pay' ? cardReturnPaths.paid(session.id) : cardReturnPaths.cancelled(session.id);
      return reply.redirect(`${origin}${next}`, 303);
    });
  }
}
