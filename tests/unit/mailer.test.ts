import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer.js';
import { bodyText, fakeSmtpServer, type Received } from '../helpers/fake-smtp.js';

/*
 * Mail leaves through SMTP when SMTP_URL is set, otherwise it lands in the outbox folder. The SMTP
 * side talks to a minimal SMTP server on 127.0.0.1 that records what it receives (tests/helpers/fake-smtp.ts).
 */

const log = pino({ level: 'silent' });
const received: Received[] = [];
const server = fakeSmtpServer(received);
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the mailer', () => {
  it('sends through SMTP_URL when it is set, from MAIL_FROM, in UTF-8 Arabic', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'متجر <no-reply@matjar.local>',
      outboxDir: path.join(mkdtempSync(path.join(tmpdir(), 'matjar-mail-')), 'outbox'),
      log,
    });
    await mailer.send({ to: 'buyer@example.com', subject: 'رمز إعادة التعيين 123456', text: 'مرحباً سارة' });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toContain('<no-reply@matjar.local>');
    expect(mail?.to).toEqual([expect.stringContaining('<buyer@example.com>')]);
    expect(mail?.data).toMatch(/^To: buyer@example\.com$/m);
    // Headers are MIME-encoded words; the Arabic body survives the trip.
    expect(bodyText(mail?.data ?? '')).toContain('مرحباً سارة');
    expect(mail?.data).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it('writes each message to the outbox folder without SMTP_URL', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'matjar-mail-')), 'outbox');
    const mailer = createMailer({ from: 'متجر <no-reply@matjar.local>', outboxDir, log });
    await mailer.send({ to: 'buyer@example.com', subject: 'طلبك', text: 'شكراً لك' });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const written = JSON.parse(readFileSync(path.join(outboxDir, files[0] ?? ''), 'utf8'));
    expect(written).toMatchObject({
      from: 'متجر <no-reply@matjar.local>',
      to: 'buyer@example.com',
      subject: 'طلبك',
      text: 'شكراً لك',
    });
    expect(Number.isNaN(Date.parse(written.sentAt))).toBe(false);
  });
});
