import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { endOfShopDay, startOfShopDay, storableInstant } from '../../../contract/dates.js';
import { toMajor } from '../../../contract/money.js';
import {
  MASKED_VALUE,
  type StaffActionChange,
  type StaffActionKind,
  type StaffActionSubjectType,
  type StaffActionValue,
} from '../../../contract/staff-action-kinds.js';
import type { StaffAction, staffActionListQuerySchema } from '../../../contract/staff-actions.js';
import type { Database, Tx } from '../../../db/client.js';
import { staffActions, users } from '../../../db/schema.js';
import { listEnvelope, pageOf } from '../../http/pagination.js';

/*
 * The log of staff actions (docs/staff-actions.md): one line per change staff make to the
 * settings, shipping zones, refunds, prices and staff, written by `recordStaffAction` in the
 * change's own transaction, so a change rolled back leaves no line and every line is a change made.
 */

/** Who acted: copied into the line, which outlives their account. */
export type StaffActor = { id: string; name: string; email: string };

export type StaffActionEntry = {
  action: StaffActionKind;
  subject: { type: StaffActionSubjectType; id: string | null; label: string };
  changes: StaffActionChange[];
};

/**
 * Fields whose values never go into the log (docs/staff-actions.md § Never logged): a change of
 * one is logged as a change, both sides masked.
 */
const SECRET_FIELD = /password|secret|token|apikey|api_key|privatekey|private_key|csid|otp/i;

/** A change as the log keeps it: a secret field's values masked. */
const masked = (change: StaffActionChange): StaffActionChange =>
  SECRET_FIELD.test(change.field) ? { ...change, before: MASKED_VALUE, after: MASKED_VALUE } : change;

/**
 * Records one staff action, inside the caller's transaction (the change's own). An entry without
 * changes (a PUT of the values already there) records nothing: a creation lists its fields from
 * null, a deletion its fields to null.
 */
export async function recordStaffAction(tx: Tx, actor: StaffActor, entry: StaffActionEntry): Promise<void> {
  await recordStaffActions(tx, actor, [entry]);
}

/** Several actions of one request (an import's price changes: one line a product), in one insert. */
export async function recordStaffActions(tx: Tx, actor: StaffActor, entries: StaffActionEntry[]): Promise<void> {
  const lines = entries.filter((entry) => entry.changes.length > 0);
  if (lines.length === 0) return;
  await tx.insert(staffActions).values(
    lines.map((entry) => ({
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email,
      action: entry.action,
      subjectType: entry.subject.type,
      subjectId: entry.subject.id,
      subjectLabel: entry.subject.label,
      changes: entry.changes.map(masked),
    })),
  );
}

/** The staff member of an id, as the log copies them; undefined when the account is gone. */
export async function staffActorById(tx: Tx, id: string): Promise<StaffActor | undefined> {
  const [user] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return user;
}

type Comparable = Record<string, StaffActionValue | undefined>;

/**
 * The fields of `after` whose values differ from `before`'s (compared as JSON), in `fields`' order.
 * `money` names the fields in minor units, given in major units as the API shows them.
 */
export function fieldChanges<T extends Comparable>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
  money: { fields: readonly (keyof T & string)[]; digits: number } = { fields: [], digits: 0 },
): StaffActionChange[] {
  const shown = (field: keyof T & string, value: StaffActionValue | undefined): StaffActionValue => {
    if (value === undefined) return null;
    return money.fields.includes(field) && typeof value === 'number' ? toMajor(value, money.digits) : value;
  };
  return fields.flatMap((field) => {
    const was = shown(field, before[field]);
    const is = shown(field, after[field]);
    return JSON.stringify(was) === JSON.stringify(is) ? [] : [{ field, before: was, after: is }];
  });
}

/** The list's query as the contract parsed it. */
export type StaffActionFilter = z.output<typeof staffActionListQuerySchema>;

/** The log, newest first, filtered by kind, actor and shop days (docs/dates.md). */
export async function staffActionLog(db: Database, filter: StaffActionFilter, timeZone: string) {
  const { page, limit, offset } = pageOf(filter);
  const conditions: (SQL | undefined)[] = [
    filter.action ? eq(staffActions.action, filter.action) : undefined,
    filter.actor ? eq(staffActions.actorId, filter.actor) : undefined,
    filter.from ? gte(staffActions.createdAt, storableInstant(startOfShopDay(filter.from, timeZone))) : undefined,
    filter.to ? lt(staffActions.createdAt, storableInstant(endOfShopDay(filter.to, timeZone))) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffActions)
      .where(where)
      .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(staffActions).where(where),
  ]);
  const entries = rows.map(
    (row): StaffAction => ({
      id: row.id,
      action: row.action,
      actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
      subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
      changes: row.changes,
      createdAt: row.createdAt.toISOString(),
    }),
  );
  return listEnvelope(entries, total?.value ?? 0, page, limit);
}
