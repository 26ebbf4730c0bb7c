import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { type StorageMonitor, writeWholeFile } from '../storage.js';

/**
 * A message: plain text always, and an HTML version when it has one (both go out, as alternatives);
 * `headers` adds header fields (e.g. List-Unsubscribe, docs/abandoned-baskets.md); `messageId`,
 * the Message-ID the mail queue derives from its job (docs/mail.md), so a retry is recognisable.
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  messageId?: string;
};
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * SMTP when a URL is configured; otherwise each message is written to `outboxDir` as JSON, whole
 * or not at all. A full disk fails the send (and is reported to `storage`, for readiness). Only the
 * job runner calls it: every message is queued with its change and retried (docs/mail.md).
 */
/** How long an SMTP server may keep the shop waiting at any step. */
const SMTP_TIMEOUT_MS = 30_000;

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  storage?: Pick<StorageMonitor, 'note'>;
}): Mailer {
  if (options.smtpUrl) {
    // Each step of an SMTP conversation gives up well within a job's lease (5 minutes, src/server/jobs),
    // so a stalled server fails the send, retried later, rather than the job being handed to another
    // worker while this one still sends (two copies of one e-mail).
    // (Settings in the URL's query, `?socketTimeout=…`, still win.)
    const transport = nodemailer.createTransport(
      new SMTPTransport({
        url: options.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    );
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      const file = path.join(options.outboxDir, `${Date.now()}-${randomUUID()}.json`);
      try {
        await mkdir(options.outboxDir, { recursive: true });
        await writeWholeFile(
          file,
          JSON.stringify({ from: options.from, ...mail, sentAt: new Date().toISOString() }, null, 2),
        );
      } catch (error) {
        options.storage?.note(error);
        throw error;
      }
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (no SMTP_URL)');
    },
  };
}
