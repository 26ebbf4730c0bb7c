import { and, asc, eq, lt } from 'drizzle-orm';
import type { ZatcaMessage } from '../../../contract/e-invoicing.js';
import type { Database, Tx } from '../../../db/client.js';
import { eInvoicing, invoices } from '../../../db/schema.js';
import type { Config } from '../../config.js';
import type { JobOutcome, JobRunner } from '../../jobs/index.js';
import { credentials, fatooraOf, unitOf } from './unit.js';

/*
 * Reporting each signed simplified document to ZATCA within 24 hours (docs/invoices.md §
 * Reporting). Its job is queued in the transaction that issues the document, so it exists exactly
 * when the document does; the runner retries it with backoff, once across processes, and after a
 * restart. One job per document (its id is the document's); the sweep's later ones are held to one
 * per document per six hours.
 */

export const REPORT_QUEUE = 'zatca-report';

/**
 * What issuing a document needs beside its transaction: the secret that opens the signing key
 * (asked only in phase 2), and the queue its report goes on.
 */
export type DocumentIssuing = { keySecret: () => string | undefined; jobs: Pick<JobRunner, 'enqueue'> };

export type ReportPayload = { invoiceId: string };

/** Queues the document's report inside the transaction that issues it. */
export async function queueReport(tx: Tx, issuing: DocumentIssuing, invoiceId: string) {
  await issuing.jobs.enqueue<ReportPayload>(tx, REPORT_QUEUE, { invoiceId }, { id: invoiceId });
}

async function settle(
  db: Database,
  invoiceId: string,
  status: 'reported' | 'reported_with_warnings' | 'rejected',
  messages: ZatcaMessage[],
) {
  await db
    .update(invoices)
    .set({
      reportingStatus: status,
      reportingMessages: messages,
      reportedAt: status === 'rejected' ? null : new Date(),
    })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.reportingStatus, 'pending')));
  await db.update(eInvoicing).set({ reportingProblem: null }).where(eq(eInvoicing.id, 1));
}

/**
 * Reports one document with the identical signed bytes every time. 200 reported; 202 reported
 * with ZATCA's warnings; 409 already reported (a retry after an answer lost on the way); 400 not
 * reported (rejected: it stays in the chain, staff see ZATCA's errors and issue a correction);
 * 401, 403 and 406 are the shop's configuration: kept pending, the admin told, retried later;
 * a timeout, a network error or a 5xx is retried.
 */
export async function reportDocument(
  db: Database,
  zatca: Pick<Config['zatca'], 'apiUrl' | 'timeoutSeconds'>,
  keySecretOf: () => string | undefined,
  invoiceId: string,
): Promise<JobOutcome> {
  const [document] = await db
    .select({
      uuid: invoices.uuid,
      hash: invoices.hash,
      signedXml: invoices.signedXml,
      status: invoices.reportingStatus,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (document?.status !== 'pending' || !document.signedXml) return undefined;
  const unit = await unitOf(db);
  const keySecret = keySecretOf();
  if (!unit?.productionToken || !unit.productionSecret || !unit.productionEnvironment || !keySecret) {
    return 'retry';
  }
  const answer = await fatooraOf(zatca, unit.productionEnvironment).reportSingle(
    credentials(unit.productionToken, unit.productionSecret, keySecret),
    {
      invoiceHash: document.hash,
      uuid: document.uuid,
      invoice: Buffer.from(document.signedXml).toString('base64'),
    },
  );
  if (answer.ok) {
    const warnings = answer.messages;
    await settle(
      db,
      invoiceId,
      answer.status === 202 || warnings.length > 0 ? 'reported_with_warnings' : 'reported',
      warnings,
    );
    return undefined;
  }
  if (answer.kind === 'http' && answer.status === 409) {
    // ZATCA has it: its "previously submitted" is no message for staff.
    await settle(db, invoiceId, 'reported', []);
    return undefined;
  }
  if (answer.kind === 'http' && answer.status === 400) {
    await settle(db, invoiceId, 'rejected', answer.messages);
    return undefined;
  }
  if (answer.kind === 'http' && answer.status !== undefined && answer.status < 500) {
    await db
      .update(eInvoicing)
      .set({ reportingProblem: { status: answer.status, messages: answer.messages, at: new Date().toISOString() } })
      .where(eq(eInvoicing.id, 1));
  }
  return 'retry';
}

/** Report attempts: the first retry after 30–60 s, each next one about twice as late (the tenth after 8–17 hours). */
const REPORT_RETRIES = { retryLimit: 10, retryDelaySeconds: 30 };
/** How often pending documents are queued again, and how long one such job holds its document. */
const SWEEP_SECONDS = 30 * 60;
const SWEEP_HOLD_SECONDS = 6 * 3600;

/**
 * Queues again every document pending for more than an hour, at most once per document per six
 * hours: a report whose attempts ran out (ZATCA down for a day, the shop's credentials refused
 * until the admin renewed them) is tried again rather than forgotten. A second report of a
 * document ZATCA has is harmless: it answers 409, which counts as reported.
 */
export async function requeuePending(db: Database, jobs: Pick<JobRunner, 'enqueue'>, now = new Date()) {
  const pending = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.reportingStatus, 'pending'), lt(invoices.issuedAt, new Date(now.getTime() - 3_600_000))))
    .orderBy(asc(invoices.issuedAt))
    .limit(500);
  for (const { id } of pending) {
    await jobs.enqueue<ReportPayload>(
      db,
      REPORT_QUEUE,
      { invoiceId: id },
      { singletonKey: id, singletonSeconds: SWEEP_HOLD_SECONDS },
    );
  }
  return pending.length;
}

/** The report job and its sweep, on the app's runner. */
export function registerReporting(jobs: JobRunner, db: Database, zatca: Config['zatca'], issuing: DocumentIssuing) {
  jobs.work<ReportPayload>(
    REPORT_QUEUE,
    (payload) => reportDocument(db, zatca, issuing.keySecret, payload.invoiceId),
    REPORT_RETRIES,
  );
  jobs.schedule(`${REPORT_QUEUE}-sweep`, SWEEP_SECONDS, async () => {
    await requeuePending(db, jobs);
  });
}
