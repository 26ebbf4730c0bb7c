/**
 * SECURITY.md § 9: when the disk fills, writes are refused with 503 + Retry-After (code
 * STORAGE_FULL; web pages 503 too), /readyz fails while writes fail and recovers by itself when the
 * space is back, and nothing is lost or half written. The real server runs on a small tmpfs that
 * the test fills: the embedded database, uploaded images and the mail outbox all on it; and, when
 * DATABASE_URL names a server, PostgreSQL with the test database in a tablespace on it. A third
 * test drives the embedded database itself into PostgreSQL's PANIC (a full disk while it needs a
 * new log segment), in a process of its own since that used to hang.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../src/contract/constants.js';
import { openDatabase, selectRows } from '../../src/db/client.js';
import { orders, products, users } from '../../src/db/schema.js';
import { MAIL_QUEUE } from '../../src/server/mail/queue.js';
import { ledger, shippingAddress } from '../helpers/fixtures.js';
import { type FieldValue, type FilePart, multipart, pngImage } from '../helpers/multipart.js';
import { call, killAllServers, postgresUrl, startServer, TEST_ADMIN } from '../helpers/server.js';
import { mountSmallDisk, type SmallDisk } from '../helpers/small-disk.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const disks: SmallDisk[] = [];
const dirs: string[] = [];
beforeAll(() => {
  // Web pages are part of the promise: the server serves the production web build.
  execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], {
    cwd: root,
    stdio: 'inherit',
  });
}, 300_000);
afterAll(async () => {
  await killAllServers();
  for (const disk of disks) disk.unmount();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const smallDisk = (size: string) => {
  const disk = mountSmallDisk(size);
  disks.push(disk);
  return disk;
};

type Answer = { status: number; body: { status?: string; message?: string; code?: string }; retryAfter: string | null };

/** A refusal for want of space: 503 in the API's error shape, code STORAGE_FULL, with Retry-After. */
function expectStorageFull(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
  expect(answer.body).toMatchObject({ status: 'error', code: 'STORAGE_FULL', message: expect.any(String) });
  expect(Number(answer.retryAfter), what).toBeGreaterThan(0);
}

/** Either done (`ok`) or refused for want of space; anything else (a 500) fails the test. */
function doneOrRefused(answer: Answer, ok: number, what: string): boolean {
  if (answer.status === ok) return true;
  expectStorageFull(answer, what);
  return false;
}

async function send(
  origin: string,
  method: string,
  url: string,
  options: {
    token?: string;
    json?: unknown;
    form?: { fields: Record<string, FieldValue>; files: Record<string, FilePart> };
  },
): Promise<Answer> {
  const upload = options.form ? multipart(options.form.fields, options.form.files) : undefined;
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(upload?.headers ?? {}),
    },
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    ...(upload ? { body: new Uint8Array(upload.payload) } : {}),
  });
  const text = await response.text();
  let body: Answer['body'] = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text.slice(0, 200) };
  }
  return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
}

const PASSWORD = 'correct-horse-9';
const signUp = (origin: string, email: string) =>
  send(origin, 'POST', '/api/v1/auth/signup', {
    json: { name: 'زبون', email, phone: '0551234567', password: PASSWORD, passwordConfirm: PASSWORD },
  });
const newEmail = () => `full-${randomUUID().slice(0, 8)}@example.com`;

/** Every file under `dir`, relative. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

async function untilReady(origin: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await call(origin, 'GET', '/readyz')).status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * The whole story on one server: writes before the disk fills, writes while it is full (each done
 * or refused with 503), readiness, recovery once the filler is deleted, and then, from the files
 * alone, that every acknowledged write is there and nothing is half written.
 */
async function fillAndRecover(options: { dataDir: string; disk: SmallDisk; databaseUrl?: string | undefined }) {
  const { dataDir, disk, databaseUrl } = options;
  // No background jobs in this process: the test counts which of the shop's own writes a full disk
  // refuses, and a job runner's writes (or its maintenance freeing pages) would move that line.
  const server = await startServer({ dataDir, databaseUrl, env: { SERVE_WEB: 'true', JOBS: 'off' } });
  const { origin } = server;
  const admin = (await call(origin, 'POST', '/api/v1/auth/login', { body: TEST_ADMIN })).body.token as string;
  const png = await pngImage(60, 40, '#0a0');
  const category = await send(origin, 'POST', '/api/v1/categories', {
    token: admin,
    form: { fields: { name: `قسم ${randomUUID().slice(0, 6)}` }, files: { image: png } },
  });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const categoryId = (category.body as unknown as { data: { _id: string } }).data._id;
  const addProduct = (title: string, image: FilePart) =>
    send(origin, 'POST', '/api/v1/products', {
      token: admin,
      form: {
        fields: { title, description: 'وصف المنتج', quantity: '40', price: '120', category: categoryId },
        files: { imageCover: image, images: image },
      },
    });
  const order = async (token: string, productId: string) => {
    const added = await send(origin, 'POST', '/api/v1/cart', { token, json: { productId } });
    if (added.status !== 200) return added;
    const cartId = (added.body as unknown as { data: { _id: string } }).data._id;
    return send(origin, 'POST', `/api/v1/orders/${cartId}`, { token, json: { shippingAddress } });
  };

  // Before: a customer, a product with pictures, an order.
  const early = newEmail();
  const signedUp = await signUp(origin, early);
  expect(signedUp.status).toBe(201);
  const customer = (signedUp.body as unknown as { token: string }).token;
  const first = await addProduct('منتج قبل الامتلاء', png);
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const productId = (first.body as unknown as { data: { _id: string } }).data._id;
  const firstOrder = await order(customer, productId);
  expect(firstOrder.status, JSON.stringify(firstOrder.body)).toBe(201);
  const { _id: firstOrderId, number: firstNumber } = (
    firstOrder.body as unknown as { data: { _id: string; number: number } }
  ).data;
  const ackedOrders = [firstOrderId];
  const ackedEmails = [early];

  if (options.databaseUrl) {
    // Catalogues and tables vacuumed now, so autovacuum does not free space (truncating a relation)
    // on the full disk while the test counts refusals.
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    await client.query('VACUUM (ANALYZE)').finally(() => client.end());
    // Autovacuum may drop the database's relation-cache init file while the disk is full; then no
    // new connection can start (it must write the file first), and reading relies on the pool's
    // open connections (SECURITY.md § 9). Dropped here, just before the disk fills, so it always is.
    for (const file of filesUnder(disk.dir).filter((name) => name.endsWith('pg_internal.init'))) {
      rmSync(path.join(disk.dir, file));
    }
  }
  disk.fill();

  // Sign-ups until the users table needs a page the disk cannot give: done or refused, never a 500.
  let refusedSignUps = 0;
  for (let i = 0; i < 150 && refusedSignUps < 3; i++) {
    const email = newEmail();
    if (doneOrRefused(await signUp(origin, email), 201, 'sign-up while full')) ackedEmails.push(email);
    else refusedSignUps++;
  }
  expect(refusedSignUps, 'no sign-up was refused on a full disk').toBeGreaterThan(0);
  const placed = await order(customer, productId);
  let orderWhileFull: { _id: string; number: number } | undefined;
  if (doneOrRefused(placed, 201, 'order while full')) {
    orderWhileFull = (placed.body as unknown as { data: { _id: string; number: number } }).data;
    ackedOrders.push(orderWhileFull._id);
  }
  const refusedTitle = `منتج أثناء الامتلاء ${randomUUID().slice(0, 6)}`;
  const uploaded = await addProduct(refusedTitle, await pngImage(80, 80, '#00a'));
  const uploadDone = doneOrRefused(uploaded, 201, 'product with pictures while full');
  // With DATA_DIR on the full disk the pictures cannot be written: always refused.
  if (!databaseUrl) expect(uploadDone).toBe(false);

  // The web's sign-up form: the page is a 503 too, with Retry-After (its text says to try again).
  let webRefusal: Response | undefined;
  for (let i = 0; i < 20 && !webRefusal; i++) {
    const email = newEmail();
    const response = await fetch(`${origin}/register`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({
        name: 'زبون',
        email,
        phone: '0551234567',
        password: PASSWORD,
        passwordConfirm: PASSWORD,
      }),
    });
    if (response.status === 503) webRefusal = response;
    else {
      expect([302, 303], `web sign-up while full answered ${response.status}`).toContain(response.status);
      ackedEmails.push(email);
    }
  }
  expect(webRefusal, 'no web sign-up was refused on a full disk').toBeDefined();
  expect(Number(webRefusal?.headers.get('retry-after'))).toBeGreaterThan(0);
  // The page says what happened (the API named it: STORAGE_FULL), not only that it failed.
  expect(await webRefusal?.text()).toContain('لامتلاء مساحة التخزين في المتجر، لم يُحفظ شيء');

  // Not ready while writes fail; alive all the same; reading still works.
  const ready = await send(origin, 'GET', '/readyz', {});
  expect(ready.status, JSON.stringify(ready.body)).toBe(503);
  expect(ready.body.code).toBe('STORAGE_FULL');
  expect((await call(origin, 'GET', '/healthz')).status).toBe(200);
  const readWhileFull = await send(origin, 'GET', `/api/v1/products/${productId}`, {});
  expect(readWhileFull.status, JSON.stringify(readWhileFull.body)).toBe(200);
  // Nothing half written beside the finished files.
  expect(filesUnder(dataDir).filter((file) => /\.part$|write-probe/.test(file))).toEqual([]);

  // Space is back: ready again by itself, and writes work.
  disk.free();
  expect(await untilReady(origin), 'readiness did not come back after the disk was freed').toBe(true);
  const late = newEmail();
  expect((await signUp(origin, late)).status).toBe(201);
  ackedEmails.push(late);
  const after = await addProduct('منتج بعد الامتلاء', await pngImage(70, 50, '#a00'));
  expect(after.status, JSON.stringify(after.body)).toBe(201);
  const lastOrder = await order(customer, productId);
  expect(lastOrder.status, JSON.stringify(lastOrder.body)).toBe(201);
  ackedOrders.push((lastOrder.body as unknown as { data: { _id: string } }).data._id);
  expect((await server.kill('SIGTERM')).code, server.output()).toBe(0);

  // From the files alone: every acknowledged write is there, nothing is half written.
  const check = await openDatabase({ databaseUrl, dataDir });
  try {
    const found = await check.db.select({ email: users.email }).from(users).where(inArray(users.email, ackedEmails));
    expect(found.map((row) => row.email).sort()).toEqual([...ackedEmails].sort());
    const foundOrders = await check.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ackedOrders));
    expect(foundOrders).toHaveLength(ackedOrders.length);
    const result = await ledger(check.db, [{ id: productId, quantity: 40 }]);
    expect(result.stockMismatches).toEqual([]);
    expect(result.badOrders).toEqual([]);
    expect(result.orphanLines).toBe(0);
    const refused = await check.db.select().from(products).where(eq(products.title, refusedTitle));
    expect(refused).toHaveLength(uploadDone ? 1 : 0);
    // Every picture a product names is complete, in every width.
    const mediaDir = path.join(dataDir, 'media');
    for (const product of await check.db.select().from(products)) {
      for (const key of [product.imageCover, ...product.images]) {
        for (const width of IMAGE_WIDTHS) {
          const meta = await sharp(path.join(mediaDir, `${key}-${width}.webp`)).metadata();
          expect([meta.format, meta.width]).toEqual(['webp', width]);
        }
      }
    }
    expect(filesUnder(dataDir).filter((file) => /\.part$|write-probe/.test(file))).toEqual([]);
    // No job ran (JOBS=off): the outbox is empty, and every acknowledged order's confirmation is
    // queued, committed with it (docs/mail.md), to be sent by a process that runs jobs.
    const outbox = path.join(dataDir, 'outbox');
    expect(existsSync(outbox) ? filesUnder(outbox) : []).toEqual([]);
    const queued = await selectRows<{ subject: string }>(
      check.db,
      sql`SELECT data->'mail'->>'subject' AS subject FROM pgboss.job WHERE name = ${MAIL_QUEUE}`,
    );
    const mailsFor = (number: number) => queued.filter((mail) => mail.subject.includes(`تأكيد طلبك رقم ${number}`));
    expect(mailsFor(firstNumber)).toHaveLength(1);
    if (orderWhileFull) expect(mailsFor(orderWhileFull.number)).toHaveLength(1);
  } finally {
    await check.close();
  }
}

describe('a full disk', () => {
  it('embedded database, images and outbox on it: 503 + Retry-After, not ready, recovers by itself, nothing lost', {
    timeout: 240_000,
  }, async () => {
    const disk = smallDisk('256m');
    await fillAndRecover({ dataDir: path.join(disk.dir, 'data'), disk });
  });

  const pgUrl = postgresUrl();
  it.skipIf(!pgUrl)(
    "PostgreSQL's disk (a tablespace on it): 503 + Retry-After, not ready, recovers by itself, nothing lost",
    { timeout: 240_000 },
    async () => {
      if (!pgUrl) return;
      const disk = smallDisk('96m');
      // PostgreSQL (the postgres OS user) must own the tablespace's folder.
      const location = path.join(disk.dir, 'tablespace');
      mkdirSync(location);
      const postgresUser = execFileSync('id', ['-u', 'postgres']).toString().trim();
      const postgresGroup = execFileSync('id', ['-g', 'postgres']).toString().trim();
      chownSync(location, Number(postgresUser), Number(postgresGroup));
      const name = `matjar_full_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE TABLESPACE ${name} LOCATION '${location}'`).catch((error: Error) => {
          throw new Error(
            `CREATE TABLESPACE in ${location} failed (${error.message}): this test needs the PostgreSQL server of DATABASE_URL on this machine`,
          );
        });
        await admin.query(`CREATE DATABASE ${name} TABLESPACE ${name}`);
        const url = new URL(pgUrl);
        url.pathname = `/${name}`;
        // DATA_DIR elsewhere: only the database's disk fills, so readiness has to learn it from a write.
        const dataDir = mkdtempSync(path.join(tmpdir(), 'matjar-full-'));
        dirs.push(dataDir);
        await fillAndRecover({ dataDir, disk, databaseUrl: url.toString() });
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`DROP TABLESPACE IF EXISTS ${name}`);
        await admin.end();
      }
    },
  );

  it('embedded database stopped by a PANIC (log segment on a full disk): fails fast, reopens by itself, keeps every commit', {
    timeout: 120_000,
  }, async () => {
    const disk = smallDisk('160m');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'tests/helpers/embedded-stop.ts'), path.join(disk.dir, 'data'), disk.dir],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const finished = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 90_000);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!finished) child.kill('SIGKILL');
    expect(finished, `the embedded database hung after the PANIC:\n${output}`).toBe(true);
    const report = JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
    expect(report.panicked, output).toEqual({ ok: false, codes: ['53100'], severity: 'PANIC' });
    // Stopped: refused at once, saying why (57P03, caused by 53100), instead of hanging.
    for (const step of [report.readWhileFull, report.pingWhileFull, report.transactionWhileFull]) {
      expect(step, output).toMatchObject({ ok: false });
      expect(step.codes, output).toEqual(expect.arrayContaining(['57P03', '53100']));
    }
    expect(report.recovered, output).toBe(true);
    expect(report.writeAfter.ok, output).toBe(true);
    // Every commit is there; the statement that hit the PANIC and those refused after it are not.
    expect(report.ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13]);
    expect(report.logged.join('\n')).toMatch(/embedded database stopped[\s\S]*reopened/);
  });
});
