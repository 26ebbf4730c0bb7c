import type { FastifyBaseLogger } from 'fastify';
import { currencyDigits, formatMoney, toMajor } from '../../../contract/money.js';
import { MONEY_LABELS } from '../../../contract/money-lines.js';
import { lineLabel } from '../../../contract/variant-names.js';
import type { Database } from '../../../db/client.js';
import type { Config } from '../../config.js';
import type { JobRunner } from '../../jobs/index.js';
import { composeMail } from '../../mail/compose.js';
import type { Mail, Mailer } from '../../mail/mailer.js';
import { messageIdOf } from '../../mail/queue.js';
import { priceCart } from '../cart/service.js';
import { storeSettingsOf } from '../settings/service.js';
import { REMINDER_QUEUE, type ReminderPayload, reminderToSend, sweepBasketReminders } from './service.js';
import { unsubscribeToken } from './unsubscribe-token.js';

/** How often the sweep looks for baskets due (docs/abandoned-baskets.md). */
const SWEEP_SECONDS = 5 * 60;

/** The page that asks the customer to confirm (a GET there changes nothing: mail scanners follow links). */
export const unsubscribePagePath = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;

type MailConfig = Pick<
  Config,
  'shopName' | 'country' | 'currency' | 'jwtSecret' | 'publicUrl' | 'port' | 'mailFrom' | 'mailRetry'
>;

/** The shop's address in a message sent outside any request: PUBLIC_URL, else the local one. */
const shopOrigin = (config: MailConfig) => config.publicUrl ?? `http://localhost:${config.port}`;

/**
 * The reminder in Arabic, right to left (src/server/mail/compose.ts): the basket's lines and value,
 * a link back to the cart, and the unsubscribe link; List-Unsubscribe and List-Unsubscribe-Post
 * (RFC 8058) let the customer's mail program unsubscribe with one click (a POST to that page).
 */
export function reminderMail(
  config: MailConfig,
  customer: { id: string; name: string; email: string },
  lines: { title: string; options: Record<string, string>; sku: string; count: number }[],
  totalMinor: number,
): Mail {
  const origin = shopOrigin(config);
  const unsubscribeUrl = `${origin}${unsubscribePagePath(unsubscribeToken(config.jwtSecret, customer.id))}`;
  const value = formatMoney(toMajor(totalMinor, currencyDigits(config.currency)), config.currency);
  const mail = composeMail(customer.email, `${config.shopName}: سلتك بانتظارك`, [
    { text: `مرحباً ${customer.name}،` },
    { text: '' },
    { text: `تركت في سلتك لدى ${config.shopName} ما يلي، وهو محفوظ لك متى شئت إكمال طلبك:` },
    ...lines.map((line) => ({ text: `- ${lineLabel(line)}` })),
    { text: '' },
    { text: `${MONEY_LABELS.subtotal}: ${value}` },
    { text: 'الأسعار والتوفر بحسب المتجر عند إكمال الطلب.' },
    { text: '' },
    { text: 'أكمل طلبك', href: `${origin}/cart` },
    { text: '' },
    { text: 'لا تريد رسائل تذكير بالسلة؟ إلغاء الاشتراك', href: unsubscribeUrl },
    { text: config.shopName },
  ]);
  return {
    ...mail,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Sends one marked reminder, when it should still go (reminderToSend); a failed send throws, to be
 * retried. Composed when it goes, not when it was queued: the basket as it is then (docs/mail.md);
 * its Message-ID is its job's, as the mail queue's are.
 */
async function sendReminder(db: Database, config: MailConfig, mailer: Mailer, cartId: string, jobId: string) {
  const settings = await storeSettingsOf(db, config);
  if (!settings.basketRemindersEnabled) return;
  const due = await reminderToSend(db, cartId);
  if (!due) return;
  const priced = await priceCart(db, due.cart);
  if (priced.lines.length === 0) return;
  const lines = priced.lines.map(({ item, product, variant }) => ({
    title: product.title,
    options: variant.options,
    sku: variant.sku,
    count: item.count,
  }));
  await mailer.send({
    ...reminderMail(config, due.user, lines, priced.total),
    messageId: messageIdOf(jobId, config.mailFrom),
  });
}

/** The reminders' sweep and their send queue, on the app's runner. */
export function registerBasketReminders(
  jobs: JobRunner,
  db: Database,
  config: MailConfig,
  mailer: Mailer,
  log: FastifyBaseLogger,
) {
  jobs.work<ReminderPayload>(
    REMINDER_QUEUE,
    async ({ cartId }, attempt) => {
      try {
        await sendReminder(db, config, mailer, cartId, attempt.id);
      } catch (error) {
        log.warn({ err: error, cartId, attempt: attempt.attempt }, 'basket reminder e-mail failed');
        throw error;
      }
    },
    // A failed send is retried as every other e-mail is (MAIL_RETRIES, docs/mail.md): a reminder
    // still goes after a long SMTP outage, composed then and only if it should still go.
    config.mailRetry,
  );
  jobs.schedule(`${REMINDER_QUEUE}-sweep`, SWEEP_SECONDS, async () => {
    await sweepBasketReminders(db, jobs, await storeSettingsOf(db, config));
  });
}
