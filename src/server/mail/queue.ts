import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import type { Config } from '../config.js';
import type { JobRunner } from '../jobs/index.js';
import type { Mail, Mailer } from './mailer.js';

/**
 * Every e-mail of the shop goes through this queue (docs/mail.md): recorded in the transaction of
 * the change that causes it, as a job of the shop's runner, and sent by the mailer from there,
 * retried with exponential backoff until SMTP takes it. The job holds the composed message, as it
 * was when the change committed; a message carrying a secret (a reset code, an invite link) is
 * sealed (AES-256-GCM under a key derived from JWT_SECRET) and dropped unsent once the secret has
 * expired.
 */
export const MAIL_QUEUE = 'mail';

/** What a mail job holds: the message, or the message sealed; `notAfter` (ISO time): not sent later. */
export type MailJob = ({ mail: Mail } | { sealed: string }) & { notAfter?: string };

export type MailQueue = {
  /**
   * Records `mail` in `db`'s transaction: it goes out after the commit, never if it rolls back.
   * `secretUntil`: it carries a secret valid until then: sealed in the queue, and not sent later.
   */
  enqueue(db: Database | Tx, mail: Mail, options?: { secretUntil?: Date }): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mail queue (for code built outside the app's modules, e.g. tests). */
    mail: MailQueue;
  }
}

/** The domain of the sender's address (`Name <box@domain>`), for Message-IDs. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return address.includes('@') && domain ? domain : 'matjar.invalid';
}

/** The Message-ID of a queued mail: the same on every attempt of its job (RFC 5322 § 3.6.4). */
export const messageIdOf = (jobId: string, from: string) => `<${jobId}@${senderDomain(from)}>`;

const sealKey = (secret: string) => createHash('sha256').update(`matjar mail queue\u0000${secret}`).digest();

function seal(secret: string, mail: Mail): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(mail), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(secret: string, sealed: string): Mail {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as Mail;
}

/** Registers the `mail` queue on the runner (before it starts) and answers how to enqueue on it. */
export function createMailQueue(
  jobs: JobRunner,
  mailer: Mailer,
  config: Pick<Config, 'jwtSecret' | 'mailFrom' | 'mailRetry'>,
  log: FastifyBaseLogger,
): MailQueue {
  jobs.work<MailJob>(
    MAIL_QUEUE,
    async (job, attempt) => {
      if (job.notAfter && Date.parse(job.notAfter) < Date.now()) {
        log.warn({ jobId: attempt.id }, 'queued e-mail dropped: the secret it carries has expired');
        return;
      }
      const mail = 'sealed' in job ? unseal(config.jwtSecret, job.sealed) : job.mail;
      try {
        await mailer.send({ ...mail, messageId: messageIdOf(attempt.id, config.mailFrom) });
      } catch (error) {
        log.warn(
          { err: error, jobId: attempt.id, attempt: attempt.attempt, final: attempt.lastAttempt },
          attempt.lastAttempt ? 'e-mail failed for the last time: given up' : 'e-mail failed: retried later',
        );
        throw error;
      }
    },
    config.mailRetry,
  );
  return {
    async enqueue(db, mail, options = {}) {
      const { secretUntil } = options;
      const job: MailJob = secretUntil
        ? { sealed: seal(config.jwtSecret, mail), notAfter: secretUntil.toISOString() }
        : { mail };
      // Its own id, kept by every retry: the Message-ID is made of it.
      await jobs.enqueue(db, MAIL_QUEUE, job, { id: randomUUID() });
    },
  };
}
