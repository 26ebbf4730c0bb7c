/**
 * Two real shop processes (tests/helpers/server.ts) on one PostgreSQL database and one S3 bucket
 * (tests/helpers/s3.ts) behind a round-robin proxy (tests/helpers/proxy.ts), as docs/deploy.md
 * § Several processes runs N of them: every request below goes through the proxy, and its
 * `x-upstream` header says which process answered.
 *
 * PostgreSQL only: the embedded database belongs to one process (src/db/data-dir-lock.ts), so two
 * processes cannot share it. On the embedded run this file is skipped; CI runs the API suite on
 * PostgreSQL too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { headerOf, startFakeSmtp } from '../helpers/fake-smtp.js';
import { CUSTOMER_PASSWORD, ledger, seedShop, shippingAddress } from '../helpers/fixtures.js';
import { multipart, pngImage } from '../helpers/multipart.js';
import { startRoundRobinProxy } from '../helpers/proxy.js';
import { type S3Server, startS3Server } from '../helpers/s3.js';
import {
  freePort,
  killAllServers,
  postgresUrl,
  type ServerProcess,
  startServer,
  TEST_ADMIN,
  throwawayDatabase,
} from '../helpers/server.js';

const serverUrl = postgresUrl();
const AUTH_LIMIT = 4;
const BUYERS = 20;
const LAST_UNITS = 5;

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the API answered.
type Answer = { status: number; upstream: string; body: any };

describe.runIf(serverUrl)('two shop processes behind a round-robin proxy on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let dir: string;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let servers: ServerProcess[] = [];
  let shop: Awaited<ReturnType<typeof seedShop>>;
  let bucket: S3Server;

  beforeAll(async () => {
    database = await throwawayDatabase(serverUrl as string);
    dir = mkdtempSync(path.join(tmpdir(), 'matjar-two-processes-'));
    const seeding = await openDatabase({ databaseUrl: database.url, dataDir: dir });
    shop = await seedShop(seeding.db, { customers: BUYERS + 1, stock: [LAST_UNITS] });
    await seeding.close();
    smtp = await startFakeSmtp();
    // Pictures in one S3 bucket; each process has its own DATA_DIR, so nothing is shared on disk.
    bucket = await startS3Server();
    const proxyPort = await freePort();
    const env = {
      ...bucket.env,
      SMTP_URL: smtp.url,
      JOBS_POLL_SECONDS: '0.5',
      // The proxy is the load balancer: the shop takes the caller's address from X-Forwarded-For,
      // and its links and pictures from the address customers use.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      PAYMENT_PROVIDER: 'none',
      RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT),
    };
    servers = await Promise.all(
      ['first', 'second'].map((name) =>
        startServer({ dataDir: path.join(dir, name), databaseUrl: database.url, env, timeoutMs: 90_000 }),
      ),
    );
    proxy = await startRoundRobinProxy(
      servers.map((server) => server.origin),
      proxyPort,
    );
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await killAllServers();
    await smtp?.close();
    await bucket?.stop();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** One request through the proxy, from the caller `from` (its X-Forwarded-For). */
  async function send(
    method: string,
    url: string,
    options: { token?: string; json?: unknown; form?: ReturnType<typeof multipart>; from?: string } = {},
  ): Promise<Answer> {
    const response = await fetch(`${proxy.origin}${url}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.form?.headers ?? {}),
        ...(options.from ? { 'x-forwarded-for': options.from } : {}),
      },
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      ...(options.form ? { body: new Uint8Array(options.form.payload) } : {}),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, upstream: response.headers.get('x-upstream') ?? '', body };
  }

  /** Signs `email` in through the proxy from its own address (the sign-in limit counts per address). */
  const signInFrom = (email: string, from: string, password?: string) =>
    send('POST', '/api/v1/auth/login', { json: { email, password: password ?? CUSTOMER_PASSWORD }, from });

  it('a token from a sign-in one process answered works on the other', async () => {
    const customer = shop.customers[BUYERS];
    if (!customer) throw new Error('no customer');
    const signedIn = await signInFrom(customer.email, '198.51.100.200');
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = signedIn.body.token as string;
    const seen = new Set([signedIn.upstream]);
    for (let i = 0; i < 2; i++) {
      const me = await send('GET', '/api/v1/users/getMe', { token });
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(me.body.data.email).toBe(customer.email);
      seen.add(me.upstream);
      const cart = await send('POST', '/api/v1/cart', { token, json: { productId: shop.products[0]?.id } });
      expect(cart.status, JSON.stringify(cart.body)).toBe(200);
      seen.add(cart.upstream);
    }
    expect([...seen].sort()).toEqual(['0', '1']);
    expect((await send('DELETE', '/api/v1/cart', { token })).status).toBe(204);
  });

  it('a picture uploaded through one process is served by the other', async () => {
    const admin = await signInFrom(TEST_ADMIN.email, '198.51.100.201', TEST_ADMIN.password);
    expect(admin.status).toBe(200);
    const token = admin.body.token as string;
    const created = await send('POST', '/api/v1/products', {
      token,
      form: multipart(
        { title: 'منتج بصورة', description: 'وصف المنتج', quantity: '3', price: '120', category: shop.categoryId },
        { imageCover: await pngImage(64, 48, '#0a0') },
      ),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The other process reads the product: its picture is in the bucket, served from MEDIA_PUBLIC_URL.
    const read = await send('GET', `/api/v1/products/${created.body.data._id}`);
    expect(read.status).toBe(200);
    expect(read.upstream).not.toBe(created.upstream);
    const picture = read.body.data.imageCover as string;
    expect(picture.startsWith(`${bucket.publicUrl}/`)).toBe(true);
    const fetched = await Promise.all(
      [picture, ...(read.body.data.images as string[])].map(async (url) => {
        const response = await fetch(url);
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          bytes: Buffer.from(await response.arrayBuffer()),
        };
      }),
    );
    for (const f of fetched) {
      expect(f.status).toBe(200);
      expect(f.type).toBe('image/webp');
      expect(f.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    expect(await bucket.listKeys()).toContain(picture.slice(bucket.publicUrl.length + 1));
  });

  it(`${BUYERS} buyers check out the last ${LAST_UNITS} units at once over both processes: ${LAST_UNITS} orders`, async () => {
    const product = shop.products[0];
    if (!product) throw new Error('no product');
    const carts = await Promise.all(
      shop.customers.slice(0, BUYERS).map(async (customer, i) => {
        const signedIn = await signInFrom(customer.email, `198.51.100.${i + 1}`);
        expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
        const token = signedIn.body.token as string;
        const added = await send('POST', '/api/v1/cart', { token, json: { productId: product.id } });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        return { token, cartId: added.body.data._id as string };
      }),
    );
    const placed = await Promise.all(
      carts.map(({ token, cartId }) => send('POST', `/api/v1/orders/${cartId}`, { token, json: { shippingAddress } })),
    );
    expect(new Set(placed.map((p) => p.upstream))).toEqual(new Set(['0', '1']));
    expect(placed.filter((p) => p.status === 201)).toHaveLength(LAST_UNITS);
    const refused = placed.filter((p) => p.status !== 201);
    expect(refused).toHaveLength(BUYERS - LAST_UNITS);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('STOCK_SHORT');
    }
    const check = await openDatabase({ databaseUrl: database.url, dataDir: dir });
    try {
      const books = await ledger(check.db, shop.products);
      expect(books.stock.map((s) => s.remaining)).toEqual([0]);
      expect(books.orders).toHaveLength(LAST_UNITS);
      expect(books.stockMismatches).toEqual([]);
      expect(books.badOrders).toEqual([]);
    } finally {
      await check.close();
    }
  });

  it('the sign-in limit holds in total: the (limit + 1)-th attempt is refused whichever process gets it', async () => {
    const refusedBy: string[] = [];
    for (const from of ['203.0.113.10', '203.0.113.11']) {
      const answers: Answer[] = [];
      for (let i = 0; i <= AUTH_LIMIT; i++) {
        answers.push(
          await send('POST', '/api/v1/auth/login', {
            json: { email: `nobody-${i}@example.com`, password: 'whatever-pass' },
            from,
          }),
        );
      }
      expect(new Set(answers.slice(0, AUTH_LIMIT).map((a) => a.upstream))).toEqual(new Set(['0', '1']));
      expect(answers.map((a) => a.status)).toEqual([...Array(AUTH_LIMIT).fill(400), 429]);
      expect(answers[AUTH_LIMIT]?.body.code).toBe('TOO_MANY_REQUESTS');
      refusedBy.push(answers[AUTH_LIMIT]?.upstream ?? '');
    }
    // AUTH_LIMIT + 1 requests per address, an odd number: the two refusals came from both processes.
    expect(refusedBy.sort()).toEqual(['0', '1']);
  });

  it('a mail queued by one process is delivered once, with both job runners on', async () => {
    const customer = shop.customers[BUYERS];
    if (!customer) throw new Error('no customer');
    const asked = await send('POST', '/api/v1/auth/forgotPasswords', {
      json: { email: customer.email },
      from: '198.51.100.202',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const mine = () => smtp.received.filter((mail) => mail.to.some((rcpt) => rcpt.includes(`<${customer.email}>`)));
    const deadline = Date.now() + 20_000;
    while (mine().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Both runners poll every 0.5 s: a few more rounds would show a second delivery.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(mine()).toHaveLength(1);
    const messageId = headerOf(mine()[0]?.data ?? '', 'Message-ID');
    expect(messageId).toMatch(/^<.+@matjar\.local>$/);
    // Nothing at all went out twice (the order confirmations above included).
    const ids = smtp.received.map((mail) => headerOf(mail.data, 'Message-ID'));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
