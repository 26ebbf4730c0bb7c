/**
 * E-mails that are never lost and never sent twice (docs/mail.md): each is queued in the
 * transaction of the change that causes it and sent by the job runner's `mail` queue to a local
 * SMTP server (tests/helpers/fake-smtp.ts) that can be down (421, RFC 5321 § 3.8) or stuck.
 * On the embedded database, and on PostgreSQL when DATABASE_URL names a server.
 */
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../../src/db/client.js';
import { storeSettings } from '../../src/db/schema.js';
import { createJobRunner } from '../../src/server/jobs/index.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { createMailQueue, MAIL_QUEUE } from '../../src/server/mail/queue.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { headerOf, plainText, type Received, startFakeSmtp } from '../helpers/fake-smtp.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { apiClient, createTaxonomy, customerWithCart, insertProduct } from '../helpers/shopping.js';

const silent = pino({ level: 'silent' });

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // The test delivers the queue itself (runDue); the first retry comes after 1 to 2 seconds.
  t = await createTestApp({ smtpUrl: smtp.url, mailRetry: { retryLimit: 3, retryDelaySeconds: 1 } }, undefined, {
    mailAfterEachRequest: false,
  });
  admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
});
afterEach(() => {
  smtp.setMode('up');
  expectNo5xx();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

type MailJobRow = { id: string; state: string; data: Record<string, unknown>; retry_count: number };

/** The mail queue's jobs, oldest first. */
const mailJobs = () =>
  selectRows<MailJobRow>(
    t.database.db,
    sql`SELECT id, state, data, retry_count FROM pgboss.job WHERE name = ${MAIL_QUEUE} ORDER BY created_on, id`,
  );
const deliver = () => t.app.jobs.runDue(MAIL_QUEUE);
const makeDue = (id: string) =>
  t.database.db.execute(sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = ${id}`);
const to = (email: string) => smtp.received.filter((mail) => mail.to.some((rcpt) => rcpt.includes(`<${email}>`)));
const subjectOf = (mail: Received) => headerOf(mail.data, 'Subject') ?? '';
/** The Message-ID the queue gives a job's mail: the job's id at the sender's domain (MAIL_FROM). */
const messageIdOf = (jobId: string) => `<${jobId}@matjar.local>`;

async function cashOrder() {
  const product = await insertProduct(t, refs, { price: 10_000, quantity: 5 });
  const { user, cartId } = await customerWithCart(t, send, [{ productId: product.id }]);
  const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
  expect(res.statusCode, res.body).toBe(201);
  return { user, order: res.json().data as { _id: string; number: number } };
}

describe('the mail queue', () => {
  it('an order placed while SMTP refuses gets its confirmation once SMTP is back, once', async () => {
    smtp.setMode('down');
    const before = (await mailJobs()).length;
    const { user, order } = await cashOrder();
    const [job] = (await mailJobs()).slice(before);
    if (!job) throw new Error('no mail job');
    expect(await deliver()).toBe(1);
    expect(to(user.email)).toHaveLength(0);
    expect(await t.app.jobs.job(MAIL_QUEUE, job.id)).toMatchObject({ state: 'retry', attempts: 1 });

    smtp.setMode('up');
    // Not before its backoff (1 to 2 s for the first retry).
    expect(await deliver()).toBe(0);
    await delay(2_100);
    expect(await deliver()).toBe(1);
    const [mail, ...more] = to(user.email);
    expect(more).toHaveLength(0);
    expect(plainText(mail?.data ?? '')).toContain(`رقم الطلب: ${order.number}`);
    expect(headerOf(mail?.data ?? '', 'Message-ID')).toBe(messageIdOf(job.id));
    expect(await t.app.jobs.job(MAIL_QUEUE, job.id)).toMatchObject({ state: 'completed', attempts: 2 });
    expect(await deliver()).toBe(0);
    expect(to(user.email)).toHaveLength(1);
  });

  it('an e-mail queued in a transaction that rolls back never goes out', async () => {
    const email = `rolled-back-${Date.now()}@example.com`;
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.mail.enqueue(tx, { to: email, subject: 'لن تُرسل', text: 'لن تُرسل' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await mailJobs()).filter((job) => JSON.stringify(job.data).includes(email))).toEqual([]);
    await deliver();
    expect(to(email)).toEqual([]);
  });

  it('a job whose process died while sending is sent by another after its lease, once, under the same Message-ID', async () => {
    // "Another process": a second runner with its own mail queue, on a second pool (PostgreSQL).
    const other: DatabaseHandle =
      t.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir })
        : t.database;
    const dying = createJobRunner({
      db: other.db,
      settings: { enabled: false, pollSeconds: 1 },
      log: silent,
      stopGraceSeconds: 0,
    });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: t.config.mailFrom,
      outboxDir: path.join(t.config.dataDir, 'outbox'),
      log: silent,
    });
    const queue = createMailQueue(dying, mailer, t.config, silent);
    await dying.start();
    try {
      const email = `interrupted-${Date.now()}@example.com`;
      await queue.enqueue(other.db, { to: email, subject: 'رسالة', text: 'نص الرسالة' });
      const job = (await mailJobs()).find((row) => JSON.stringify(row.data).includes(email));
      if (!job) throw new Error('no mail job');
      // The server says nothing; the process dies while its handler waits.
      smtp.setMode('silent');
      const stuckBefore = smtp.stuckConnections();
      void dying.runDue(MAIL_QUEUE).catch(() => undefined);
      const deadline = Date.now() + 10_000;
      while (smtp.stuckConnections() === stuckBefore && Date.now() < deadline) await delay(50);
      expect(smtp.stuckConnections()).toBe(stuckBefore + 1);
      await dying.stop();
      expect(await t.app.jobs.job(MAIL_QUEUE, job.id)).toMatchObject({ state: 'active' });

      smtp.setMode('up');
      // Still leased to the dead process; then its lease (5 minutes) runs out (moved back, not waited for).
      await t.app.jobs.maintain();
      expect(await deliver()).toBe(0);
      await t.database.db.execute(
        sql`UPDATE pgboss.job SET started_on = now() - interval '301 seconds' WHERE id = ${job.id}`,
      );
      await t.app.jobs.maintain();
      await makeDue(job.id);
      expect(await deliver()).toBe(1);
      const received = to(email);
      expect(received).toHaveLength(1);
      expect(headerOf(received[0]?.data ?? '', 'Message-ID')).toBe(messageIdOf(job.id));
      expect(await t.app.jobs.job(MAIL_QUEUE, job.id)).toMatchObject({ state: 'completed', attempts: 2 });
    } finally {
      await dying.stop();
      if (other !== t.database) await other.close();
    }
  });

  it('every kind goes through the queue: nothing is sent before the job runs, each once with its job’s Message-ID', async () => {
    const shopEmail = `shop-${Date.now()}@example.com`;
    await storeSettingsOf(t.database.db, t.config);
    await t.database.db.update(storeSettings).set({ email: shopEmail });
    const before = new Set((await mailJobs()).map((job) => job.id));

    const { user, order } = await cashOrder();
    const api = (method: 'PUT' | 'POST', url: string, payload: object) =>
      send(method, url, { token: admin.token, payload });
    expect((await api('PUT', `/orders/${order._id}/status`, { status: 'processing' })).statusCode).toBe(200);
    expect((await api('PUT', `/orders/${order._id}/pay`, {})).statusCode).toBe(200);
    expect((await api('POST', `/orders/${order._id}/refunds`, { amount: 10, reason: 'خدش' })).statusCode).toBe(201);
    expect((await api('POST', `/orders/${order._id}/cancel`, { reason: 'نفد' })).statusCode).toBe(200);
    const forgot = await send('POST', '/auth/forgotPasswords', { payload: { email: user.email } });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const invitee = `invitee-${Date.now()}@example.com`;
    expect((await api('POST', '/staff/invites', { email: invitee, role: 'staff' })).statusCode).toBe(201);

    const jobs = (await mailJobs()).filter((job) => !before.has(job.id));
    // Confirmation, new-order notice, processing, refund, cancelled, cancel notice, reset code, invite.
    expect(jobs).toHaveLength(8);
    expect([...to(user.email), ...to(shopEmail), ...to(invitee)]).toEqual([]);
    // A secret is sealed in the queue: neither the reset code's e-mail nor the invite's link is readable there.
    const sealed = jobs.filter((job) => 'sealed' in job.data);
    expect(sealed).toHaveLength(2);
    for (const job of sealed) {
      expect(Object.keys(job.data).sort()).toEqual(['notAfter', 'sealed']);
      expect(JSON.stringify(job.data)).not.toMatch(/invite|@example\.com|رمز/);
    }

    expect(await deliver()).toBe(8);
    expect(to(user.email).map(subjectOf)).toHaveLength(5);
    expect(to(shopEmail)).toHaveLength(2);
    const [invite] = to(invitee);
    expect(plainText(invite?.data ?? '')).toMatch(/\/staff\/invite\/[A-Za-z0-9_-]{43}/);
    const ids = [...to(user.email), ...to(shopEmail), ...to(invitee)].map((mail) => headerOf(mail.data, 'Message-ID'));
    expect(ids.sort()).toEqual(jobs.map((job) => messageIdOf(job.id)).sort());
    expect(await deliver()).toBe(0);
  });

  it('a reset code whose time is up is dropped unsent', async () => {
    const user = await createAccount(t);
    const before = new Set((await mailJobs()).map((job) => job.id));
    expect((await send('POST', '/auth/forgotPasswords', { payload: { email: user.email } })).statusCode).toBe(200);
    const [job] = (await mailJobs()).filter((row) => !before.has(row.id));
    if (!job) throw new Error('no mail job');
    await t.database.db.execute(
      sql`UPDATE pgboss.job SET data = jsonb_set(data, '{notAfter}', '"2000-01-01T00:00:00.000Z"') WHERE id = ${job.id}`,
    );
    expect(await deliver()).toBe(1);
    expect(to(user.email)).toEqual([]);
    expect(await t.app.jobs.job(MAIL_QUEUE, job.id)).toMatchObject({ state: 'completed' });
  });
});
