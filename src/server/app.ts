import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_PRODUCT_IMAGES } from '../contract/constants.js';
import { apiMessages } from '../contract/messages.js';
import { currencyDigits, formatMoney, toMajor } from '../contract/money.js';
import type { DatabaseHandle } from '../db/client.js';
import { users } from '../db/schema.js';
import { createGuards } from './auth/guards.js';
import { createTokenService } from './auth/tokens.js';
import { createCatalogueVersion } from './cache/catalogue-version.js';
import { registerGuestAnswers } from './cache/guest-answers.js';
import { PAGE_MAX_AGE_MS } from './cache/guest-reads.js';
import { createPageCache } from './cache/page-cache.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { answerUnroutable, catalogueBody, failure, registerErrorHandling, storageFailureKey } from './errors.js';
import { clientTimeoutOptions, watchSlowBodies } from './http/client-timeouts.js';
import { createCors } from './http/cors.js';
import { refuseCrossSiteForms } from './http/cross-site.js';
import { registerJsonParser } from './http/json-body.js';
import { noStoreAnswers, noStoreWithCredentials } from './http/no-store.js';
import { nulGuard } from './http/nul-guard.js';
import { completeApiRoute, openapiTransform, openapiTransformObject } from './http/openapi.js';
import { databaseRateLimitStore, registerRateLimitCleanup } from './http/rate-limit-store.js';
import { responseSerializer } from './http/responses.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createJobRunner } from './jobs/index.js';
import { createMailer } from './mail/mailer.js';
import { createMailQueue } from './mail/queue.js';
import { MEDIA_CACHE_CONTROL } from './media/backend.js';
import { mediaStoreOf } from './media/store.js';
import { registerBasketReminders } from './modules/abandoned-carts/reminder-mail.js';
import { abandonedCartRoutes, reminderRoutes } from './modules/abandoned-carts/routes.js';
import { addressRoutes } from './modules/addresses/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { basketRoutes, cartRoutes } from './modules/cart/routes.js';
import { createBasketLineCounter } from './modules/cart/service.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { couponRoutes } from './modules/coupons/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { registerReporting } from './modules/e-invoicing/reporting.js';
import { eInvoicingRoutes } from './modules/e-invoicing/routes.js';
import { documentIssuing } from './modules/e-invoicing/service.js';
import { homeRoutes } from './modules/home/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { createCheckouts, SEPARATE_REFUND_REASONS } from './modules/orders/checkout.js';
import { refundNoticeMail } from './modules/orders/confirmation-mail.js';
import { createLifecycle } from './modules/orders/lifecycle.js';
import { orderRoutes } from './modules/orders/routes.js';
import { orderMessages } from './modules/orders/status-mail.js';
import { pageRoutes } from './modules/pages/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { hasReviewed } from './modules/reviews/service.js';
import { settingsRoutes, staffSettingsRoutes } from './modules/settings/routes.js';
import { shopContactOf } from './modules/settings/service.js';
import { shippingZoneRoutes } from './modules/shipping/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { staffActionRoutes } from './modules/staff-actions/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { wishlistRoutes } from './modules/wishlist/routes.js';
import { choosePaymentProvider } from './payments/choose.js';
import type { PaymentProvider } from './payments/provider.js';
import { paymentRoutes, testPaymentPageRoutes } from './payments/routes.js';
import { createStorageMonitor } from './storage.js';
import { createVisitorReader } from './visitor.js';

export type BuildOptions = {
  config: Config;
  database: DatabaseHandle;
  /** A pino logger; tests run without one. */
  logger?: FastifyBaseLogger;
  /** Tests: an answer its response schema would change is a 500 naming the field (src/server/http/responses.ts). */
  strictResponses?: boolean;
};

/**
 * How often the card checkouts whose time is up are ended (their provider asked first) and the due
 * refunds retried: once per period across every process (docs/payments.md).
 */
const SWEEP_SECONDS = 60;
/** The scheduled jobs of the card checkouts' sweep and the refunds' retries (docs/decisions/0024-job-runner.md). */
export const CHECKOUT_SWEEP = 'checkout-sweep';
export const REFUND_SWEEP = 'refund-sweep';

/**
 * The card checkouts of this shop, with what follows a payment (the confirmation e-mail, or the
 * refund notice), swept every minute by the job runner.
 */
function createCheckoutsFor(app: FastifyInstance, ctx: AppContext, provider: PaymentProvider | undefined) {
  const { db, config } = ctx;
  const digits = currencyDigits(config.currency);
  const messages = orderMessages(ctx);
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const checkouts = createCheckouts(db, provider, config, ctx.issuing, app.log, {
    orderCreated: (tx, orderId) => messages.created(tx, orderId, origin),
    refunded: async (tx, session) => {
      const [customer] = await tx.select().from(users).where(eq(users.id, session.userId)).limit(1);
      if (!customer) return;
      const shortTitle = session.failureReason?.startsWith(`${apiMessages.stockShort}: `)
        ? session.failureReason.slice(apiMessages.stockShort.length + 2)
        : undefined;
      const reason = shortTitle
        ? `نفدت كمية «${shortTitle}» قبل تأكيد الدفع.`
        : session.failureReason === SEPARATE_REFUND_REASONS.mismatch
          ? 'لم يطابق المبلغ المدفوع مبلغ الطلب أو عملته.'
          : session.failureReason === SEPARATE_REFUND_REASONS.secondPayment
            ? 'دُفع الطلب نفسه مرة ثانية.'
            : 'تعذّر تجهيز الطلب.';
      const amount = formatMoney(toMajor(session.amount, digits), session.currency);
      await ctx.mail.enqueue(tx, refundNoticeMail(config, customer, amount, reason));
    },
  });
  const lifecycle = createLifecycle(db, provider, ctx.issuing, app.log, digits, messages);
  // A failed run is logged by the runner; the next period runs again.
  ctx.jobs.schedule(CHECKOUT_SWEEP, SWEEP_SECONDS, async () => {
    await checkouts.sweep();
  });
  ctx.jobs.schedule(REFUND_SWEEP, SWEEP_SECONDS, () => lifecycle.sweepRefunds());
  // Orders cancelled before every cancel credited its invoice get their credit note once.
  app.addHook('onReady', async () => {
    await lifecycle
      .creditCancelledOrders()
      .catch((error: unknown) => app.log.error({ err: error }, 'crediting cancelled orders failed'));
  });
  return { checkouts, lifecycle, messages };
}

/** Builds the HTTP application: API, media and health routes. The web app is added by main.ts. */
export async function buildApp({ config, database, logger, strictResponses = false }: BuildOptions) {
  const cors = createCors(config.corsOrigins);
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    ...clientTimeoutOptions(config),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error, request, reply) => {
      cors.annotate(request, reply);
      answerUnroutable(error, request, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ lossless: strictResponses }));
  app.decorateRequest('currentUser', null);
  const storage = createStorageMonitor({ directory: config.dataDir, probeDatabase: database.probeWrite, log: app.log });
  registerErrorHandling(app, storage);
  watchSlowBodies(app, config);
  registerSecurityHeaders(app);
  app.addHook('onRequest', cors.onRequest);
  registerJsonParser(app);
  app.addHook('onRequest', refuseCrossSiteForms(config.publicUrl));
  app.addHook('preValidation', nulGuard);

  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresIn);
  // Modules register their queues while the app is built; the runner starts once it is ready.
  const jobs = createJobRunner({ db: database.db, settings: config.jobs, log: app.log });
  app.decorate('jobs', jobs);
  const catalogueVersion = createCatalogueVersion(database.db, config.catalogueVersionMaxAgeMs);
  app.decorate('catalogueVersion', catalogueVersion);
  app.decorate('shopContact', async () => shopContactOf(database.db, config, await catalogueVersion.current()));
  // A write this process answered (not a refused one) may have changed the catalogue: its next
  // page reads the version again rather than trusting the last second's (docs/caching.md).
  app.addHook('onResponse', async (request, reply) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (write && reply.statusCode < 400) catalogueVersion.changed();
  });
  const guestCache = createPageCache({ maxBytes: config.pageCacheBytes, maxAgeMs: PAGE_MAX_AGE_MS });
  app.decorate('guestCache', guestCache);
  if (config.pageCacheBytes > 0) registerGuestAnswers(app, guestCache);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
    storage,
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    tokens,
    guards: createGuards(database.db, tokens),
    mailer,
    mail: createMailQueue(jobs, mailer, config, app.log),
    media: mediaStoreOf(config, app.log),
    jobs,
    issuing: documentIssuing(config, jobs),
  };
  app.addHook('onClose', () => ctx.media.close());
  app.decorate('mail', ctx.mail);
  registerReporting(jobs, database.db, config.zatca, ctx.issuing);
  registerBasketReminders(jobs, database.db, config, ctx.mailer, app.log);
  registerRateLimitCleanup(jobs, database.db);
  app.decorate('pageVisits', {
    open: ctx.guards.openVisit,
    close: ctx.guards.closeVisit,
    visitor: createVisitorReader(ctx.db, ctx.guards),
    hasReviewed: (userId: string, productId: string) => hasReviewed(ctx.db, userId, productId),
    basketLineCount: createBasketLineCounter(ctx.db),
  });
  app.addHook('onRoute', completeApiRoute(ctx.guards));

  // Pages and API answers are compressed as they go out; built assets come precompressed (web.ts).
  // Brotli at quality 4 costs about as much CPU as gzip and still packs tighter.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the shop's database: a limit holds in total across every process.
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: () => failure('tooManyRequests'),
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.maxUploadBytes,
      files: MAX_PRODUCT_IMAGES + 1,
      fields: 60,
      fieldSize: 64 * 1024,
      parts: 70,
    },
  });
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, where `type: 'null'` marks the answers without a body (204).
      openapi: '3.1.0',
      info: { title: 'Matjar API', description: 'متجر — REST API /api/v1', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Disk media at /media/ (a CDN may stand in front, MEDIA_PUBLIC_URL); a bucket's are served by
  // its own URL, so the shop has no /media/ then (docs/deploy.md § Media on object storage).
  if (ctx.media.directory) {
    await app.register(fastifyStatic, {
      root: ctx.media.directory,
      prefix: '/media/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', MEDIA_CACHE_CONTROL),
    });
  }

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Ready when the database answers and writes work: a storage failure is remembered until a probe
  // write succeeds (src/server/storage.ts), so traffic stays away while orders cannot be saved.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      const code = storage.note(error);
      return reply.code(503).send(catalogueBody(503, code ? storageFailureKey(code) : 'serviceUnavailable'));
    }
    const problem = await storage.check();
    if (problem) return reply.code(503).send({ ...catalogueBody(503, storageFailureKey(problem.code)), ...problem });
    return { status: 'ready', database: database.kind };
  });

  const payments = choosePaymentProvider(config);
  const { checkouts, lifecycle, messages } = createCheckoutsFor(app, ctx, payments.provider);
  if (payments.test) {
    const test = payments.test;
    await app.register((scope) => testPaymentPageRoutes(scope, ctx, test, checkouts), { prefix: '/pay/test' });
  }

  await app.register(
    async (api) => {
      api.addHook('onRequest', noStoreWithCredentials);
      await api.register(
        async (scope) => {
          // Sign-in, sign-up and password reset send tokens and passwords (answers carry tokens).
          scope.addHook('onRequest', noStoreAnswers);
          await authRoutes(scope, ctx);
        },
        { prefix: '/auth' },
      );
      await api.register((scope) => userRoutes(scope, ctx), { prefix: '/users' });
      await api.register((scope) => catalogRoutes(scope, ctx));
      await api.register((scope) => cartRoutes(scope, ctx), { prefix: '/cart' });
      await api.register((scope) => basketRoutes(scope, ctx), { prefix: '/basket' });
      await api.register((scope) => couponRoutes(scope, ctx), { prefix: '/coupons' });
      await api.register((scope) => wishlistRoutes(scope, ctx), { prefix: '/wishlist' });
      await api.register((scope) => addressRoutes(scope, ctx), { prefix: '/addresses' });
      await api.register((scope) => orderRoutes(scope, ctx, checkouts, lifecycle, messages), { prefix: '/orders' });
      await api.register((scope) => invoiceRoutes(scope, ctx), { prefix: '/orders' });
      await api.register((scope) => paymentRoutes(scope, ctx, payments.provider, checkouts), { prefix: '/payments' });
      await api.register((scope) => reviewRoutes(scope, ctx));
      await api.register((scope) => settingsRoutes(scope, ctx), { prefix: '/settings' });
      await api.register((scope) => pageRoutes(scope, ctx), { prefix: '/pages' });
      await api.register((scope) => homeRoutes(scope, ctx));
      await api.register((scope) => eInvoicingRoutes(scope, ctx), { prefix: '/e-invoicing' });
      await api.register((scope) => shippingZoneRoutes(scope, ctx), { prefix: '/shipping-zones' });
      await api.register((scope) => reportRoutes(scope, ctx), { prefix: '/admin' });
      await api.register((scope) => abandonedCartRoutes(scope, ctx), { prefix: '/admin/abandoned-carts' });
      await api.register((scope) => reminderRoutes(scope, ctx), { prefix: '/reminders' });
      await api.register(
        async (scope) => {
          // Accepting an invite sends a password and answers with a token.
          scope.addHook('onRequest', noStoreAnswers);
          await staffRoutes(scope, ctx);
        },
        { prefix: '/staff' },
      );
      await api.register((scope) => dashboardRoutes(scope, ctx), { prefix: '/admin' });
      await api.register((scope) => staffActionRoutes(scope, ctx), { prefix: '/admin/staff-actions' });
      await api.register((scope) => staffSettingsRoutes(scope, ctx), { prefix: '/admin/settings' });
    },
    { prefix: '/api/v1' },
  );

  return app;
}
