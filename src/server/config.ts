import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RESET_CODE_ONLY_GUESSES_PER_WINDOW } from '../contract/constants.js';
import { isTimeZone } from '../contract/dates.js';
import { MARKET_CITIES } from '../contract/market-cities.js';
import { MARKET_COUNTRIES, MARKETS, type MarketCountry } from '../contract/markets.js';
import { PHONE_COUNTRIES, type PhoneCountry } from '../contract/phone.js';
import { MOYASAR_CURRENCIES, type MoyasarSettings } from './payments/moyasar-provider.js';
import type { PaymobSettings } from './payments/paymob-provider.js';
import type { StripeSettings } from './payments/stripe-provider.js';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback by default: the demo's published passwords must not face a network (README).
  HOST: z.string().default('localhost'),
  TRUST_PROXY: z.string().default('false'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z.string().default('30d'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('متجر <no-reply@matjar.local>'),
  // The mail queue's retries (docs/mail.md): the first after about this many seconds, each next one twice as late.
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  MAIL_RETRIES: z.coerce.number().int().min(0).max(20).default(10),
  SHOP_NAME: z.string().default('متجر'),
  // One market setting (docs/decisions/0018-shop-country.md); each of its defaults stays overridable.
  SHOP_COUNTRY: z.enum(MARKET_COUNTRIES as [MarketCountry, ...MarketCountry[]]).default('SA'),
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  SHOP_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'not a time zone Intl knows (an IANA name such as Asia/Riyadh)')
    .optional(),
  PHONE_COUNTRY: z.enum(PHONE_COUNTRIES as [PhoneCountry, ...PhoneCountry[]]).optional(),
  DEFAULT_CITY: z.string().optional(),
  DEFAULT_POSTAL_CODE: z.string().default(''),
  SEED_ADMIN_EMAIL: z.email().default('admin@matjar.local'),
  // The README's published demo password; a public shop replaces it (src/server/public-mode.ts).
  SEED_ADMIN_PASSWORD: z.string().min(8).default('Matjar-Admin-2026'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  SERVE_WEB: z.enum(['true', 'false']).default('true'),
  // Memory for pages rendered for guests (docs/caching.md); 0 renders every page anew.
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  // How old the catalogue's version a process trusts may be (docs/caching.md); 0 reads it each time.
  CATALOGUE_VERSION_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  // Where the pictures go (docs/deploy.md § Media on object storage).
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  MEDIA_PUBLIC_URL: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(5),
  MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(40_000_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMENT_PROVIDER: z.enum(['none', 'test', 'stripe', 'moyasar', 'paymob']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  MOYASAR_SECRET_KEY: z.string().optional(),
  MOYASAR_WEBHOOK_SECRET: z.string().optional(),
  MOYASAR_API_URL: z.url().default('https://api.moyasar.com/v1'),
  PAYMOB_SECRET_KEY: z.string().optional(),
  PAYMOB_PUBLIC_KEY: z.string().optional(),
  PAYMOB_HMAC_SECRET: z.string().optional(),
  PAYMOB_API_KEY: z.string().optional(),
  PAYMOB_INTEGRATION_IDS: z.string().optional(),
  // By default the host of the secret key's region (docs/payments.md § Paymob).
  PAYMOB_API_URL: z.url().optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CHECKOUTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RESET_CODE_ONLY_GUESSES_PER_DAY: z.coerce.number().int().min(0).default(RESET_CODE_ONLY_GUESSES_PER_WINDOW),
  CLIENT_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  CORS_ORIGINS: z.string().default(''),
  ZATCA_API_URL: z
    .url()
    .refine(
      (url) => !/\/(developer-portal|simulation|core)\/*$/.test(new URL(url).pathname),
      'the root of a Fatoora API, as https://gw-fatoora.zatca.gov.sa/e-invoicing: the shop adds the environment chosen in the admin (drop the last part of the path)',
    )
    .optional(),
  ZATCA_KEY_SECRET: z.string().min(32, 'ZATCA_KEY_SECRET must be at least 32 characters').optional(),
  ZATCA_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(20),
  // The job runner (docs/decisions/0024-job-runner.md): off in a process that must not run jobs.
  JOBS: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
});

export type Config = {
  port: number;
  host: string;
  /** Fastify's trustProxy: false, true, or comma-separated proxy addresses/subnets. */
  trustProxy: boolean | string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtExpiresIn: string;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How the mail queue retries a send that failed (docs/mail.md). */
  mailRetry: { retryLimit: number; retryDelaySeconds: number };
  shopName: string;
  /** The market: defaults of currency, VAT rate, phones and cities (src/contract/markets.ts). */
  country: MarketCountry;
  currency: string;
  /** IANA zone of every date a person or an authority reads (src/contract/dates.ts, docs/dates.md). */
  timeZone: string;
  phoneCountry: PhoneCountry;
  defaultCity: string;
  /** Offered by the address forms: the market's cities, DEFAULT_CITY first when the market lacks it. */
  cities: readonly string[];
  defaultPostalCode: string;
  seedAdminEmail: string;
  seedAdminPassword: string;
  seedDemo: boolean;
  /** false: API, media and probes only (no web pages, so no web build is needed). */
  serveWeb: boolean;
  /** Bytes of guests' rendered pages kept per process (docs/caching.md); 0: none kept. */
  pageCacheBytes: number;
  /** How long a process trusts the catalogue's version it read (docs/caching.md); 0: read each time. */
  catalogueVersionMaxAgeMs: number;
  /** Where the pictures' files go and the base of their URLs (docs/deploy.md § Media on object storage). */
  media: MediaSettings;
  maxUploadBytes: number;
  maxImagePixels: number;
  logLevel: string;
  authRateLimitPerMinute: number;
  /**
   * Card checkouts one customer may open a minute: each asks the payment provider for a new hosted
   * page (an invoice in the merchant's account) and ends the previous one (SECURITY.md § 6).
   */
  checkoutRateLimitPerMinute: number;
  /** Shop-wide wrong reset codes sent without an e-mail per day (SECURITY.md, section 5). */
  resetCodeOnlyGuessesPerDay: number;
  /** Headers, a body's first stretch and an idle connection get this long (src/server/http/client-timeouts.ts). */
  clientTimeoutSeconds: number;
  /** Card payments (docs/payments.md): none means cash only. */
  payments: PaymentSettings;
  /** Origins whose pages may call the API from a browser (src/server/http/cors.ts). */
  corsOrigins: string[];
  /** ZATCA phase 2 (docs/invoices.md § Onboarding). */
  zatca: {
    /** Another Fatoora than ZATCA's (the local fake, a proxy): replaces the root `https://gw-fatoora.zatca.gov.sa/e-invoicing`, before the environment. */
    apiUrl: string | undefined;
    /** ZATCA_KEY_SECRET: seals the e-invoicing key and secrets at rest (docs/invoices.md § Keys at rest). */
    keySecret: string | undefined;
    /** How long a call to ZATCA may take before it counts as a timeout (retried). */
    timeoutSeconds: number;
  };
  /** The durable job runner (src/server/jobs/, docs/decisions/0024-job-runner.md). */
  jobs: JobSettings;
};

export type MediaSettings = {
  /**
   * MEDIA_PUBLIC_URL without its trailing slash: the base under which `<key>-<width>.webp` is found
   * (a CDN or the bucket). Unset: the shop's own `/media/` (disk only).
   */
  publicUrl: string | undefined;
} & ({ store: 'disk' } | { store: 's3'; s3: S3Settings });

export type S3Settings = {
  /** Unset: AWS's own endpoint of the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default credentials (its AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO, most local servers). */
  forcePathStyle: boolean;
};

export type JobSettings = {
  /** Off: this process still enqueues, but runs no job, no schedule and no maintenance. */
  enabled: boolean;
  /** How long an idle worker waits before asking for due jobs again. */
  pollSeconds: number;
};

export type PaymentSettings =
  | { provider: 'none' }
  | { provider: 'test' }
  | { provider: 'stripe'; stripe: StripeSettings }
  | { provider: 'moyasar'; moyasar: MoyasarSettings }
  | { provider: 'paymob'; paymob: PaymobSettings };

/**
 * Only behind a proxy we run may X-Forwarded-* be believed: otherwise any client could pick its
 * own address (and dodge rate limits) or host (and change absolute URLs).
 */
function parseTrustProxy(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value;
}

/**
 * A random secret kept in DATA_DIR under `name`, made on first use: without JWT_SECRET sign-ins
 * survive restarts; a shop on loopback without ZATCA_KEY_SECRET still seals its e-invoicing key.
 */
export function persistentSecret(dataDir: string, name: 'jwt-secret' | 'zatca-key-secret'): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * PAYMENT_PROVIDER, or Stripe when its keys are set, or none (cash only). The test provider takes
 * card orders without money and is used only when named.
 */
function paymentSettings(e: z.infer<typeof envSchema>): PaymentSettings {
  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'none');
  if (provider === 'moyasar') return moyasarSettings(e);
  if (provider === 'paymob') return { provider, paymob: paymobSettings(e) };
  if (provider !== 'stripe') return { provider };
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid environment:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/payments.md)',
    );
  }
  return {
    provider,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
    },
  };
}

/** The shortest webhook token accepted (it is compared in constant time, but can be guessed online if short). */
const MOYASAR_WEBHOOK_SECRET_MIN = 16;

/**
 * PAYMENT_PROVIDER=moyasar: its keys (a webhook token of 16 characters or more), and a shop currency
 * Moyasar takes (docs/payments.md § Moyasar); otherwise the shop refuses to start rather than fail
 * every card checkout or trust a guessable token.
 */
function moyasarSettings(e: z.infer<typeof envSchema>): PaymentSettings {
  if (!e.MOYASAR_SECRET_KEY || !e.MOYASAR_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid environment:\n  PAYMENT_PROVIDER=moyasar needs MOYASAR_SECRET_KEY and MOYASAR_WEBHOOK_SECRET (docs/payments.md)',
    );
  }
  // The token is all that proves a webhook is Moyasar's, and the shop chooses it: not a guessable one.
  if (e.MOYASAR_WEBHOOK_SECRET.length < MOYASAR_WEBHOOK_SECRET_MIN) {
    throw new Error(
      `Invalid environment:\n  MOYASAR_WEBHOOK_SECRET must be at least ${MOYASAR_WEBHOOK_SECRET_MIN} characters (e.g. openssl rand -hex 32; docs/payments.md)`,
    );
  }
  const currency = e.SHOP_CURRENCY ?? MARKETS[e.SHOP_COUNTRY].currency;
  if (!MOYASAR_CURRENCIES.includes(currency)) {
    throw new Error(
      `Invalid environment:\n  PAYMENT_PROVIDER=moyasar takes ${MOYASAR_CURRENCIES.join(', ')}; this shop's currency is ${currency} (SHOP_COUNTRY / SHOP_CURRENCY, docs/payments.md)`,
    );
  }
  return {
    provider: 'moyasar',
    moyasar: {
      secretKey: e.MOYASAR_SECRET_KEY,
      webhookSecret: e.MOYASAR_WEBHOOK_SECRET,
      apiUrl: e.MOYASAR_API_URL.replace(/\/$/, ''),
    },
  };
}

/**
 * Paymob's host for each region, by the prefix its keys carry (`egy_sk_…`, `ksa_sk_…`): the
 * regional hosts Paymob's own WooCommerce plugin uses (docs/payments.md § Paymob).
 */
const PAYMOB_HOSTS: Record<string, string> = {
  egy: 'https://accept.paymob.com',
  ksa: 'https://ksa.paymob.com',
  sau: 'https://ksa.paymob.com',
  are: 'https://uae.paymob.com',
  uae: 'https://uae.paymob.com',
  omn: 'https://oman.paymob.com',
  pak: 'https://pakistan.paymob.com',
};

/**
 * PAYMOB_API_URL, or the host of the secret key's region (Egypt's for a key without a known
 * prefix). A Paymob host of another region than the key's refuses start-up: every call would be
 * refused. Another host (a local server in tests) is taken as it is.
 */
function paymobHost(secretKey: string, configured: string | undefined): string {
  const region = /^([a-z]+)_sk_/.exec(secretKey)?.[1];
  const keyHost = region ? PAYMOB_HOSTS[region] : undefined;
  if (!configured) return keyHost ?? 'https://accept.paymob.com';
  const host = configured.replace(/\/$/, '');
  const paymobRegional = Object.values(PAYMOB_HOSTS).includes(new URL(host).origin);
  if (keyHost && paymobRegional && new URL(host).origin !== keyHost) {
    throw new Error(
      `Invalid environment:\n  PAYMOB_API_URL ${host} is not the host of PAYMOB_SECRET_KEY's region (${region}: ${keyHost}); leave PAYMOB_API_URL unset (docs/payments.md)`,
    );
  }
  return host;
}

/**
 * PAYMENT_PROVIDER=paymob: its five keys, each named when missing, and the integration ids as
 * Paymob's dashboard lists them (comma-separated numbers), checked now rather than on a customer's
 * first payment.
 */
function paymobSettings(e: z.infer<typeof envSchema>): PaymobSettings {
  const secretKey = e.PAYMOB_SECRET_KEY?.trim();
  const publicKey = e.PAYMOB_PUBLIC_KEY?.trim();
  const apiKey = e.PAYMOB_API_KEY?.trim();
  const hmacSecret = e.PAYMOB_HMAC_SECRET?.trim();
  const ids = (e.PAYMOB_INTEGRATION_IDS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (!secretKey || !publicKey || !apiKey || !hmacSecret || ids.length === 0) {
    const missing = Object.entries({
      PAYMOB_SECRET_KEY: secretKey,
      PAYMOB_PUBLIC_KEY: publicKey,
      PAYMOB_API_KEY: apiKey,
      PAYMOB_HMAC_SECRET: hmacSecret,
      PAYMOB_INTEGRATION_IDS: ids.join(','),
    }).filter(([, value]) => !value);
    throw new Error(
      `Invalid environment:\n  PAYMENT_PROVIDER=paymob needs ${missing.map(([name]) => name).join(', ')} (docs/payments.md)`,
    );
  }
  const wrong = ids.find((id) => !/^[1-9]\d{0,14}$/.test(id));
  if (wrong !== undefined) {
    throw new Error(
      `Invalid environment:\n  PAYMOB_INTEGRATION_IDS: "${wrong}" is not an integration id (comma-separated numbers, e.g. 4097558,4097559)`,
    );
  }
  return {
    secretKey,
    publicKey,
    apiKey,
    hmacSecret,
    integrationIds: [...new Set(ids.map(Number))],
    apiUrl: paymobHost(secretKey, e.PAYMOB_API_URL),
    country: e.SHOP_COUNTRY,
  };
}

/** A base URL of media: http(s), no query or fragment; its trailing slash dropped. */
function mediaBase(name: string, value: string): string {
  const url = new URL(value);
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error(
      `Invalid environment:\n  ${name}: "${value}" must be an http(s) URL without a query or fragment (docs/deploy.md)`,
    );
  }
  return value.replace(/\/+$/, '');
}

/**
 * MEDIA_STORE: `disk` (DATA_DIR/media, served at /media/) or `s3`, which needs S3_BUCKET and
 * MEDIA_PUBLIC_URL (the shop serves no /media/ then), and both keys or neither (then the AWS SDK's
 * own credentials): checked at start rather than on the first upload.
 */
function mediaSettings(e: z.infer<typeof envSchema>): MediaSettings {
  const publicUrl = e.MEDIA_PUBLIC_URL ? mediaBase('MEDIA_PUBLIC_URL', e.MEDIA_PUBLIC_URL) : undefined;
  if (e.MEDIA_STORE === 'disk') return { store: 'disk', publicUrl };
  const bucket = e.S3_BUCKET?.trim();
  if (!bucket || !publicUrl) {
    const missing = [bucket ? '' : 'S3_BUCKET', publicUrl ? '' : 'MEDIA_PUBLIC_URL'].filter(Boolean);
    throw new Error(
      `Invalid environment:\n  MEDIA_STORE=s3 needs ${missing.join(', ')} (docs/deploy.md § Media on object storage)`,
    );
  }
  const accessKeyId = e.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = e.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      "Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK's own credentials",
    );
  }
  return {
    store: 's3',
    publicUrl,
    s3: {
      endpoint: e.S3_ENDPOINT ? mediaBase('S3_ENDPOINT', e.S3_ENDPOINT) : undefined,
      bucket,
      region: e.S3_REGION,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    },
  };
}

/**
 * CORS_ORIGINS: comma-separated exact origins (`https://app.example`, `http://localhost:3000`).
 * Each must be an origin as a browser sends it (scheme, host, port; no path, no wildcard), or the
 * shop would refuse to start rather than silently never match it.
 */
function parseCorsOrigins(value: string): string[] {
  const origins = value
    .split(',')
    .map((item) => item.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.toLowerCase()) {
      throw new Error(
        `Invalid environment:\n  CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port], e.g. http://localhost:3000)`,
      );
    }
  }
  return [...new Set(origins.map((origin) => origin.toLowerCase()))];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const market = MARKETS[e.SHOP_COUNTRY];
  const { cities, defaultCity: marketCity } = MARKET_CITIES[e.SHOP_COUNTRY];
  const defaultCity = e.DEFAULT_CITY ?? marketCity;
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailRetry: { retryLimit: e.MAIL_RETRIES, retryDelaySeconds: e.MAIL_RETRY_SECONDS },
    shopName: e.SHOP_NAME,
    country: e.SHOP_COUNTRY,
    currency: e.SHOP_CURRENCY ?? market.currency,
    timeZone: e.SHOP_TIMEZONE ?? market.timeZone,
    phoneCountry: e.PHONE_COUNTRY ?? e.SHOP_COUNTRY,
    defaultCity,
    cities: (cities as readonly string[]).includes(defaultCity) ? cities : [defaultCity, ...cities],
    defaultPostalCode: e.DEFAULT_POSTAL_CODE,
    seedAdminEmail: e.SEED_ADMIN_EMAIL.toLowerCase(),
    seedAdminPassword: e.SEED_ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO === 'true',
    serveWeb: e.SERVE_WEB === 'true',
    pageCacheBytes: Math.floor(e.PAGE_CACHE_MB * 1024 * 1024),
    catalogueVersionMaxAgeMs: e.CATALOGUE_VERSION_MAX_AGE_MS,
    media: mediaSettings(e),
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    checkoutRateLimitPerMinute: e.RATE_LIMIT_CHECKOUTS_PER_MINUTE,
    resetCodeOnlyGuessesPerDay: e.RESET_CODE_ONLY_GUESSES_PER_DAY,
    clientTimeoutSeconds: e.CLIENT_TIMEOUT_SECONDS,
    payments: paymentSettings(e),
    corsOrigins: parseCorsOrigins(e.CORS_ORIGINS),
    zatca: {
      apiUrl: e.ZATCA_API_URL?.replace(/\/$/, ''),
      keySecret: e.ZATCA_KEY_SECRET,
      timeoutSeconds: e.ZATCA_TIMEOUT_SECONDS,
    },
    jobs: { enabled: e.JOBS === 'on', pollSeconds: e.JOBS_POLL_SECONDS },
    ...overrides,
  };
  // Overrides get the same normalisation as the environment.
  return { ...config, dataDir, seedAdminEmail: config.seedAdminEmail.toLowerCase() };
}
