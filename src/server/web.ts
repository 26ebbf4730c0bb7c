import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RequestHandler, type ServerBuild } from 'react-router';
import { cookieValue } from '../contract/cookies.js';
import type { ApiTransport, PageVisitor, ShopContact, ShopInfo, ShownVisitor } from '../contract/transport.js';
import type { User } from '../contract/types.js';
import { BASKET_COOKIE, UNLESS_REVIEWED_HEADER } from '../contract/web.js';
import { isStaffRole, VISIT_HEADER } from './auth/guards.js';
import { cacheKeyOf, isGuestRead, isPublicPage, sendKept } from './cache/guest-reads.js';
import { type CachedPage, keptForm, type RenderedPage } from './cache/page-cache.js';
import {
  DATA_CONTENT_TYPE,
  DATA_REDIRECT_STATUS,
  dataWriter,
  isDataRequest,
  NOBODY,
  NOBODY_GUEST,
  pageWriter,
  type SharedPageHolder,
  type SlotRenderer,
  sendToVisitor,
  sharedPageHolder,
} from './cache/shared-pages.js';
import type { Config } from './config.js';
import { answerRouteNotFound } from './errors.js';
import { registerFormBodies, type StaffCheck } from './http/form-body.js';
import { hasPersonalCookie, noStore } from './http/no-store.js';
import { originOf, wellFormedHost } from './http/origin.js';
import { contentSecurityPolicy, createNonce } from './http/security-headers.js';
import { sessionTokenOf } from './http/session-cookie.js';
import { choosePaymentProvider, paymentPageOrigin } from './payments/choose.js';

// src/server/web.ts and dist/server/web.js both sit two levels below the project root.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webBuildDir = path.join(projectRoot, 'build');
const serverBuildFile = path.join(webBuildDir, 'server/index.js');

/** A FormData as the bytes and content type (with its boundary) a browser would send: fetch's own encoder. */
async function encodeMultipart(form: FormData) {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  return { contentType, payload: Buffer.from(await encoded.arrayBuffer()) };
}

/**
 * The web calls the API in the same process through fastify.inject: no socket, same contract.
 * The visitor's address goes along so per-IP limits (sign-in, reset codes) count each visitor,
 * not the whole shop as one caller from 127.0.0.1.
 */
export function inProcessTransport(
  app: FastifyInstance,
  request: Pick<FastifyRequest, 'host' | 'protocol' | 'ip'>,
  /** Told when the API answers 503 (database or storage unavailable), with its Retry-After. */
  onUnavailable?: (retryAfter: string) => void,
  /** The page request the calls belong to (app.pageVisits): their token is checked once for all. */
  visit?: string,
): ApiTransport {
  return async ({ method, path: apiPath, token, body, headers, stream }) => {
    const form = body instanceof FormData ? await encodeMultipart(body) : undefined;
    const payload = form?.payload ?? (body as Record<string, unknown> | undefined);
    const response = await app.inject({
      method,
      url: `/api/v1${apiPath}`,
      // The visitor's own address, so per-client limits count each visitor, not the web as one.
      remoteAddress: request.ip,
      headers: {
        ...headers,
        host: request.host,
        // Honoured only when TRUST_PROXY trusts loopback; keeps https image URLs behind a proxy.
        'x-forwarded-proto': request.protocol,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(visit ? { [VISIT_HEADER]: visit } : {}),
        ...(form ? { 'content-type': form.contentType } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
      // A download goes on as the API writes it, never whole in memory.
      ...(stream ? { payloadAsStream: true } : {}),
    });
    if (response.statusCode === 503) onUnavailable?.(String(response.headers['retry-after'] ?? '5'));
    if (stream && response.statusCode < 400) {
      const kept = ['content-type', 'content-disposition'].filter((name) => response.headers[name] !== undefined);
      return {
        status: response.statusCode,
        headers: Object.fromEntries(kept.map((name) => [name, String(response.headers[name])])),
        body: Readable.toWeb(response.stream()),
      };
    }
    // A failure's JSON is small: read whole, streamed or not.
    const text = stream ? (await buffer(response.stream())).toString('utf8') : response.body;
    return { status: response.statusCode, body: text ? JSON.parse(text) : undefined };
  };
}

/** The visitor's request for React Router, with the form body registerFormBodies read (bounded). */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, host: string): Request {
  const url = new URL(request.url, `${request.protocol}://${host}`);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // readFormBody's Buffer.concat: a Buffer over a plain ArrayBuffer.
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as Buffer<ArrayBuffer>);
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(Buffer.isBuffer(body) ? { body } : {}),
  });
}

async function sendFetchResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  status = response.status,
) {
  reply.status(status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // A signed-in visitor's pages and their .data answers are theirs alone, as are a guest's holding
  // a basket (its badge) and an answer that sets a cookie (signing in, a toast): whatever the
  // route said (a catalogue page says `public`, docs/caching.md), no cache keeps them.
  // So is the answer to a form's post, whatever it shows.
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (!isRead || hasPersonalCookie(request) || cookies.length > 0) noStore(reply);
  // biome-ignore lint/suspicious/noExplicitAny: Readable.fromWeb's web-stream type differs from the DOM lib's
  return reply.send(response.body ? Readable.fromWeb(response.body as any) : null);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The footer's contact, kept per process per catalogue version (docs/store-pages.md § The footer). */
    shopContact: () => Promise<ShopContact>;
  }
}

/** The React Router handler of the current build: made once in production, anew per request in development (HMR). */
type HandlerLoader = () => Promise<RequestHandler>;

/** The header's visitor of one page request, read once whoever asks first. */
type VisitorReader = (token: string) => Promise<PageVisitor | null>;

/** The web build's entry as the server uses it: React Router's, and the visitors' slots (entry.server.tsx). */
type WebEntry = ServerBuild['entry']['module'] & { personalSlots: SlotRenderer };

/**
 * Serves the React Router app for every path the API and media routes do not claim.
 * Production uses the built bundle; development runs Vite in middleware mode with HMR.
 */
export async function registerWeb(app: FastifyInstance, config: Config, mode: 'production' | 'development') {
  // The test provider, or a gateway with its test keys: the payment screen says no money moves.
  const testPayments = choosePaymentProvider(config).provider?.isTest ?? false;
  // Canonical and Open Graph URLs are absolute: PUBLIC_URL, or the visitor's loopback origin (originOf).
  // The footer's contact comes with the shop's other facts, so no page asks the API for the settings;
  // a page whose settings cannot be read still renders, its footer without them.
  const shopFor = async (request: FastifyRequest): Promise<ShopInfo> => ({
    contact: await app.shopContact().catch(() => undefined),
    name: config.shopName,
    currency: config.currency,
    timeZone: config.timeZone,
    phoneCountry: config.phoneCountry,
    publicUrl: originOf(request, config),
    defaultCity: config.defaultCity,
    cities: config.cities,
    defaultPostalCode: config.defaultPostalCode,
    cardPayments: config.payments.provider !== 'none',
    testPayments,
  });
  const paymentPage = paymentPageOrigin(config.payments);
  let loadHandler: HandlerLoader;
  // Customers' pages, and those of guests holding a basket, are kept only in production, as
  // guests' are (docs/caching.md § Customers' pages).
  let personalSlots: SlotRenderer | undefined;

  if (mode === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: projectRoot, server: { middlewareMode: true }, appType: 'custom' });
    app.addHook('onClose', () => vite.close());
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url.startsWith('/media/')) return;
      await new Promise<void>((resolve) => vite.middlewares(request.raw, reply.raw, () => resolve()));
      if (reply.raw.writableEnded) reply.hijack();
    });
    loadHandler = async () =>
      createRequestHandler((await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild, mode);
  } else {
    if (!existsSync(serverBuildFile)) throw new Error(`Web build missing at ${serverBuildFile}: run npm run build`);
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    // Deriving the routes' handler costs about a twentieth of a signed-in page's render: once.
    const handler = createRequestHandler(build, mode);
    loadHandler = async () => handler;
    personalSlots = (build.entry.module as WebEntry).personalSlots;
    await app.register(fastifyStatic, {
      root: path.join(webBuildDir, 'client'),
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      // scripts/precompress.mjs writes .br and .gz beside each text asset at build time.
      preCompressed: true,
      // Hashed assets never change; other files (favicon) may. `send`'s own Cache-Control
      // (max-age=0) is off, or it would replace this one.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // Unknown /api paths answer in the API's JSON error shape, not with the web's 404 page. Neither
  // catch-all is an API operation: both stay out of the OpenAPI document.
  app.all('/api/*', { schema: { hide: true } }, answerRouteNotFound);

  // A picture upload is read only from a staff member's session, as the pages' guards decide it.
  const isStaff: StaffCheck = async (token, request) => {
    const transport = inProcessTransport(app, {
      host: wellFormedHost(request, config),
      protocol: request.protocol,
      ip: request.ip,
    });
    const me = await transport({ method: 'GET', path: '/users/getMe', token });
    return me.status === 200 && isStaffRole((me.body as { data: User }).data.role);
  };

  const pageCache = app.guestCache;
  const mediaOrigin = config.media.publicUrl && new URL(config.media.publicUrl).origin;
  const policyFor = (nonce: string) => contentSecurityPolicy(nonce, paymentPage, mediaOrigin);
  const policyHeader = (nonce: string) => ({ 'content-security-policy': policyFor(nonce) });

  /**
   * The page rendered by React Router, its loaders calling the API in this process within `visit`;
   * for every visitor like `sharedVisitor` when it is given (its data names nobody). `unavailable`
   * when the API could not serve it (the database or its storage): its Retry-After is on the reply.
   */
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    host: string,
    visit: string,
    readVisitor: VisitorReader,
    sharedVisitor?: ShownVisitor,
  ) => {
    const handler = await loadHandler();
    const cspNonce = createNonce();
    let retryAfter: string | undefined;
    const transport = inProcessTransport(
      app,
      { host, protocol: request.protocol, ip: request.ip },
      (seconds) => {
        retryAfter = seconds;
      },
      visit,
    );
    const response = await handler(toFetchRequest(request, reply, host), {
      apiTransport: transport,
      shop: await shopFor(request),
      cspNonce,
      visitor: readVisitor,
      basketCount: app.pageVisits.basketLineCount,
      ...(sharedVisitor ? { sharedVisitor } : {}),
    });
    // A page that failed because the API could not serve it says so: 503 with the API's
    // Retry-After, not the form's 400 or the error page's 500. Its text already tells people to try
    // again shortly.
    const unavailable = retryAfter !== undefined && response.status >= 400;
    if (unavailable) reply.header('retry-after', retryAfter);
    return { response, cspNonce, unavailable };
  };

  await app.register(async (web) => {
    registerFormBodies(web, config, isStaff);
    web.all('/*', { schema: { hide: true } }, async (request, reply) => {
      const host = wellFormedHost(request, config);
      const caching = mode === 'production' && config.pageCacheBytes > 0;
      // A guest's page the route marked public is kept and served from memory (docs/caching.md).
      const cacheKey = caching && isGuestRead(request) ? cacheKeyOf(request, host) : undefined;
      const version = cacheKey === undefined ? undefined : await app.catalogueVersion.current();
      if (cacheKey !== undefined && version !== undefined) {
        const cached = pageCache.get(cacheKey, version);
        if (cached?.nonce) return sendKept(request, reply, pageCache, cacheKey, cached, policyHeader(cached.nonce));
      }
      // The loaders' calls share one check of the visitor's token; the visit ends with them.
      const visit = app.pageVisits.open();
      // The header's visitor is read once per page, whoever asks first.
      let visitorRead: Promise<PageVisitor | null> | undefined;
      const readVisitor = (token: string) => {
        visitorRead ??= app.pageVisits.visitor(visit, token);
        return visitorRead;
      };
      try {
        const holder = caching && personalSlots ? sharedPageHolder(request) : undefined;
        const visitor = holder ? await visitorOf(request, holder, readVisitor) : null;
        if (holder && visitor && personalSlots) {
          return await serveShared(request, reply, host, visit, readVisitor, { holder, visitor }, personalSlots);
        }
        const { response, cspNonce, unavailable } = await render(request, reply, host, visit, readVisitor);
        if (cacheKey !== undefined && version !== undefined && !unavailable && isPublicPage(response)) {
          const page = pageCache.set(cacheKey, await pageOf(response, cspNonce, version));
          return sendKept(request, reply, pageCache, cacheKey, page, policyHeader(cspNonce));
        }
        // Vite's development client injects scripts of its own: there the policy only reports.
        reply.header(
          mode === 'production' ? 'content-security-policy' : 'content-security-policy-report-only',
          policyFor(cspNonce),
        );
        return sendFetchResponse(request, reply, response, unavailable ? 503 : response.status);
      } finally {
        app.pageVisits.close(visit);
      }
    });

    /**
     * The visitor a kept page is written in with: the signed-in customer of this page's session
     * (null for staff or a token refused), or the guest with their basket's line count (null when
     * it cannot be read). Null: the page is rendered for them alone.
     */
    const visitorOf = async (
      request: FastifyRequest,
      holder: SharedPageHolder,
      readVisitor: VisitorReader,
    ): Promise<ShownVisitor | null> => {
      if (holder === 'basket') {
        const key = cookieValue(request.headers.cookie, BASKET_COOKIE) ?? '';
        const cartCount = await app.pageVisits.basketLineCount(key).catch(() => null);
        return cartCount === null ? null : { user: null, cartCount, favoriteIds: [] };
      }
      const token = sessionTokenOf(request);
      const visitor = token ? await readVisitor(token).catch(() => null) : null;
      return visitor?.user.role === 'user' ? visitor : null;
    };

    /**
     * A customer's page or its data, or a guest's holding a basket: the one kept for visitors like
     * them at this catalogue version, unless it shows a product the customer reviewed, else
     * rendered for them (and kept when its route says public), with this visitor written in
     * (docs/caching.md § Customers' pages). An answer that cannot be cut where such visitors
     * differ, or a database that fails the checks, gets one rendered for them alone: never a kept
     * answer as it is.
     */
    const serveShared = async (
      request: FastifyRequest,
      reply: FastifyReply,
      host: string,
      visit: string,
      readVisitor: VisitorReader,
      { holder, visitor }: { holder: SharedPageHolder; visitor: ShownVisitor },
      slots: SlotRenderer,
    ) => {
      const renderForThem = async () => {
        const { response, cspNonce, unavailable } = await render(request, reply, host, visit, readVisitor);
        reply.header('content-security-policy', policyFor(cspNonce));
        return sendFetchResponse(request, reply, response, unavailable ? 503 : response.status);
      };
      const key = `${holder} ${cacheKeyOf(request, host)}`;
      const isData = isDataRequest(request);
      let page: CachedPage | undefined;
      let version: number;
      try {
        version = await app.catalogueVersion.current();
        page = pageCache.get(key, version);
        const reviewer = visitor.user?._id;
        if (reviewer && page?.unlessReviewed && (await app.pageVisits.hasReviewed(reviewer, page.unlessReviewed))) {
          page = undefined;
        }
      } catch {
        return renderForThem();
      }
      let kept = page !== undefined;
      if (!page) {
        // Rendered for a visitor who is nobody: what the page holds of them is written in per visitor.
        const nobody = holder === 'customer' ? NOBODY : NOBODY_GUEST;
        const { response, cspNonce, unavailable } = await render(request, reply, host, visit, readVisitor, nobody);
        // A file, or a redirect of the data: nothing of the visitor is in it.
        const redirected = isData && response.status === DATA_REDIRECT_STATUS;
        if (redirected || !response.headers.get('content-type')?.startsWith(isData ? DATA_CONTENT_TYPE : 'text/html')) {
          reply.header('content-security-policy', policyFor(cspNonce));
          return sendFetchResponse(request, reply, response, unavailable ? 503 : response.status);
        }
        // A cookie the page sets (none does today for such a GET) goes with it; such a page is not kept.
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const rendered = await pageOf(response, cspNonce, version);
        if (unavailable) rendered.status = 503;
        kept = !unavailable && isPublicPage(response);
        page = kept ? pageCache.set(key, rendered) : keptForm(rendered);
      }
      const options = { cache: pageCache, key: kept ? key : undefined, policy: policyHeader(page.nonce ?? '') };
      const sent = isData
        ? await sendToVisitor(request, reply, page, dataWriter(visitor, request.url), options)
        : await sendToVisitor(request, reply, page, pageWriter(visitor, slots), options);
      return sent ? reply : renderForThem();
    };
  });
}

/** A rendered page as the cache keeps it: its bytes, headers (but cookies), nonce and version. */
async function pageOf(response: Response, nonce: string, version: number): Promise<RenderedPage> {
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
    body: Buffer.from(await response.arrayBuffer()),
    nonce,
    version,
    renderedAt: Date.now(),
    unlessReviewed: response.headers.get(UNLESS_REVIEWED_HEADER) ?? undefined,
  };
}
