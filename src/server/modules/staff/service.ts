import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { staffChangeSchema } from '../../../contract/staff.js';
import type { StaffInviteView, StaffMember } from '../../../contract/types.js';
import type { Database } from '../../../db/client.js';
import { passwordResets, staffInvites, users } from '../../../db/schema.js';
import type { CurrentUser } from '../../auth/guards.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db-errors.js';
import { failure } from '../../errors.js';
import { composeMail } from '../../mail/compose.js';
import type { Mail } from '../../mail/mailer.js';
import type { MailQueue } from '../../mail/queue.js';
import { storeSettingsOf } from '../settings/service.js';
import { recordStaffAction, recordStaffActions, type StaffActor } from '../staff-actions/service.js';

/* The shop's staff (docs/staff.md): invites by e-mail, roles, disabling, the refund limit. */

/** An invite's link works this long. */
export const STAFF_INVITE_TTL_MS = 24 * 60 * 60 * 1000;

type StaffRole = 'admin' | 'staff';
type StaffChange = z.output<typeof staffChangeSchema>;
type UserRow = typeof users.$inferSelect;

const STAFF_ROLES: StaffRole[] = ['admin', 'staff'];
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const memberView = (user: UserRow): StaffMember => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role === 'admin' ? 'admin' : 'staff',
  disabled: user.disabledAt !== null,
  lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});

export const inviteView = (invite: typeof staffInvites.$inferSelect): StaffInviteView => ({
  id: invite.id,
  email: invite.email,
  role: invite.role === 'admin' ? 'admin' : 'staff',
  expiresAt: invite.expiresAt.toISOString(),
  createdAt: invite.createdAt.toISOString(),
});

/** Admins and staff, oldest first, and every invite not yet accepted (expired ones too, until replaced or revoked). */
export async function listStaff(db: Database) {
  const members = await db.select().from(users).where(inArray(users.role, STAFF_ROLES)).orderBy(asc(users.createdAt));
  const invites = await db.select().from(staffInvites).orderBy(asc(staffInvites.createdAt));
  return { members: members.map(memberView), invites: invites.map(inviteView) };
}

/**
 * A new invite for `email`, replacing any earlier one to that address (its link stops working).
 * An address that already has an account is refused: an invite makes a new account and never
 * promotes one, so a customer cannot be handed the admin by a mistyped address (docs/staff.md).
 * Returns the invite and its token, which is stored only as a hash: it goes in the e-mail alone.
 */
/** Where an invite's link leads (the web page that accepts it). */
const invitePagePath = (token: string) => `/staff/invite/${token}`;

/** The e-mail that carries an invite's link. */
function inviteMail(shopName: string, email: string, role: StaffRole, link: string): Mail {
  const roleName = role === 'admin' ? 'مدير' : 'موظف';
  return composeMail(email, `${shopName}: دعوة للانضمام إلى فريق العمل`, [
    { text: `دُعيت للانضمام إلى فريق عمل ${shopName} بصفة ${roleName}.` },
    { text: 'افتح الرابط لإنشاء حسابك:', href: link },
    { text: 'الرابط صالح لمدة 24 ساعة ولمرة واحدة. إن لم تكن تتوقع هذه الدعوة فتجاهل الرسالة.' },
  ]);
}

/**
 * Invites `input.email` (replacing an earlier invite of that address) and queues the e-mail with
 * its link in the same transaction: sealed, and dropped unsent once the link has expired
 * (docs/mail.md). `origin`: the shop's address the link starts with.
 */
export async function createInvite(
  db: Database,
  actor: StaffActor,
  input: { email: string; role: StaffRole },
  invitation: { mail: MailQueue; origin: string; shopName: string },
) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw failure('staffEmailTaken');
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const values = {
    role: input.role,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + STAFF_INVITE_TTL_MS),
    invitedBy: actor.id,
    createdAt: now,
  };
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .insert(staffInvites)
      .values({ email: input.email, ...values })
      .onConflictDoUpdate({ target: staffInvites.email, set: values })
      .returning();
    if (!invite) throw new Error('invite insert returned nothing');
    await recordStaffAction(tx, actor, {
      action: 'staff.invited',
      subject: { type: 'user', id: null, label: input.email },
      changes: [{ field: 'role', before: null, after: input.role }],
    });
    const link = `${invitation.origin}${invitePagePath(token)}`;
    await invitation.mail.enqueue(tx, inviteMail(invitation.shopName, invite.email, input.role, link), {
      secretUntil: invite.expiresAt,
    });
    return { invite, token };
  });
}

export async function revokeInvite(db: Database, id: string) {
  const [gone] = await db.delete(staffInvites).where(eq(staffInvites.id, id)).returning({ id: staffInvites.id });
  if (!gone) throw failure('staffInviteNotFound');
}

/**
 * Makes the invited account, with the invite's role, and spends the invite (in one transaction:
 * two acceptances of one link make one account). Unknown, revoked or used: 404; expired: 410.
 */
export async function acceptInvite(db: Database, input: { token: string; name: string; password: string }) {
  const tokenHash = hashToken(input.token);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .delete(staffInvites)
      .where(and(eq(staffInvites.tokenHash, tokenHash), gt(staffInvites.expiresAt, now)))
      .returning();
    if (!invite) {
      const [expired] = await tx
        .select({ id: staffInvites.id })
        .from(staffInvites)
        .where(eq(staffInvites.tokenHash, tokenHash));
      throw failure(expired ? 'staffInviteExpired' : 'staffInviteNotFound');
    }
    try {
      const [user] = await tx
        .insert(users)
        // Staff give no phone when they join; they may add one on their account page.
        .values({
          name: input.name,
          email: invite.email,
          phone: '',
          passwordHash,
          role: invite.role,
          lastSignInAt: now,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      return user;
    } catch (error) {
      // Someone signed up with that address since the invite was sent.
      if (isUniqueViolation(error)) throw failure('staffEmailTaken');
      throw error;
    }
  });
}

/**
 * Changes a member's role or state. Nobody changes their own (an admin cannot lock themselves
 * out), and the shop keeps one active admin at least: the admins' rows are locked while that is
 * counted, so two admins demoting each other at once cannot both succeed. Disabling moves the
 * token version on (every token stops at once) and drops any password reset under way.
 */
export async function changeMember(db: Database, actor: CurrentUser, id: string, change: StaffChange) {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.role, 'admin'))
      .for('update');
    const [member] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.role, STAFF_ROLES)))
      .for('update');
    if (!member) throw failure('staffMemberNotFound');
    const demoted = change.role !== undefined && change.role !== member.role;
    const disabling = change.disabled === true && member.disabledAt === null;
    if (member.id === actor.id && (demoted || change.disabled === true)) throw failure('staffSelfChange');
    const activeAdminLeaving = member.role === 'admin' && member.disabledAt === null && (demoted || disabling);
    if (activeAdminLeaving && !admins.some((admin) => admin.id !== member.id && admin.disabledAt === null)) {
      throw failure('staffLastAdmin');
    }
    const [changed] = await tx
      .update(users)
      .set({
        ...(change.role === undefined ? {} : { role: change.role }),
        ...(change.disabled === undefined
          ? {}
          : { disabledAt: change.disabled ? (member.disabledAt ?? new Date()) : null }),
        ...(disabling ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, member.id))
      .returning();
    if (!changed) throw new Error('staff member vanished');
    if (disabling) await tx.delete(passwordResets).where(eq(passwordResets.userId, member.id));
    // Nobody keeps a way back in: the open invites of a member disabled or no longer admin go too.
    if (disabling || (demoted && member.role === 'admin')) {
      await tx.delete(staffInvites).where(eq(staffInvites.invitedBy, member.id));
    }
    const subject = { type: 'user' as const, id: member.id, label: member.name };
    const enabling = change.disabled === false && member.disabledAt !== null;
    await recordStaffActions(tx, actor, [
      {
        action: 'staff.role_changed',
        subject,
        changes: demoted ? [{ field: 'role', before: member.role, after: changed.role }] : [],
      },
      {
        action: disabling ? 'staff.disabled' : 'staff.enabled',
        subject,
        changes: disabling || enabling ? [{ field: 'disabled', before: !disabling, after: disabling }] : [],
      },
    ]);
    return changed;
  });
}

/**
 * Staff (not admins) refund at most the settings' `staffRefundLimit` per refund (minor units;
 * 0: no refunds). Per refund, not per day: docs/staff.md says why.
 */
export async function checkRefundAllowed(
  db: Database,
  config: Pick<Config, 'shopName' | 'country'>,
  user: CurrentUser,
  amountMinor: number,
) {
  const limit = await refundLimitOf(db, config, user);
  if (limit !== undefined && amountMinor > limit) throw failure('staffRefundLimit');
}

/**
 * The largest refund `user` may make, in minor units: the settings' limit for staff, none
 * (undefined) for admins. A cancel of a paid order refunds too, so it is held to it as well.
 */
export async function refundLimitOf(
  db: Database,
  config: Pick<Config, 'shopName' | 'country'>,
  user: CurrentUser,
): Promise<number | undefined> {
  if (user.role !== 'staff') return undefined;
  return (await storeSettingsOf(db, config)).staffRefundLimit;
}
