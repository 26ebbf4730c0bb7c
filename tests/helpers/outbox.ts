import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './app.js';

/** A message the shop wrote to its outbox (no SMTP_URL: src/server/mail/mailer.ts). */
export type SentMail = { to: string; subject: string; text: string; html?: string };

/** The messages the test shop sent to `email`, oldest first (their file names start with the time). */
export function mailsTo(t: TestApp, email: string): SentMail[] {
  const outbox = path.join(t.config.dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as SentMail)
    .filter((mail) => mail.to === email);
}
