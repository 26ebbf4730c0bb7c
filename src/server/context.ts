import type { Database } from '../db/client.js';
import type { Guards } from './auth/guards.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { JobRunner } from './jobs/index.js';
import type { Mailer } from './mail/mailer.js';
import type { MailQueue } from './mail/queue.js';
import type { MediaStore } from './media/store.js';
import type { DocumentIssuing } from './modules/e-invoicing/reporting.js';

/** What every API module is built from. */
export type AppContext = {
  config: Config;
  db: Database;
  tokens: TokenService;
  guards: Guards;
  /** Delivers a message now: only the mail queue's jobs (and the reminders') call it. */
  mailer: Mailer;
  /** Every e-mail is enqueued here, in the transaction of the change that causes it (docs/mail.md). */
  mail: MailQueue;
  media: MediaStore;
  /** Durable background work, enqueued inside a transaction (src/server/jobs/). */
  jobs: JobRunner;
  /** What tax documents are issued with: phase 2's signing secret and report queue (docs/invoices.md). */
  issuing: DocumentIssuing;
};
