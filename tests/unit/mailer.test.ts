import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer.js';

/*
 * Mail leaves through SMTP when SMTP_URL is set, otherwise it lands in the outbox folder. The SMTP
 * side talks to a minimal SMTP server on 127.0.0.1 that records what it receives.
 */

type Received = { from: string; to: string[]; data: string };

/** Just enough of RFC 5321 for one client: greeting, EHLO, MAIL, RCPT, DATA, QUIT. */
function fakeSmtpServer(received: Received[]): Server {
  return createServer((socket) => {
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.setEncoding('utf8');
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

/** The body of a single-part message, decoded from base64 or quoted-printable. */
function bodyText(message: string): string {
  const [headers = '', ...rest] = message.split('\n\n');
  const body = rest.join('\n\n');
  if (/^Content-Transfer-Encoding: base64$/im.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/^Content-Transfer-Encoding: quoted-printable$/im.test(headers)) {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

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
