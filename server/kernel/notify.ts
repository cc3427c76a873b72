import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { rows } from "../db/migrate";
import { DomainError } from "../lib/errors";
import { safeRedirect } from "../lib/safe-redirect";
import { MESSAGE_EVENTS, isMessageEventCode, type MessageEventCode, type MessageEventVars } from "./message-events";
import { MESSAGE_TEXT } from "./message.input";
import { messageEvents, messageTemplates, notifications } from "./message.tables";
import { renderTemplate } from "./message-template";
import { companyRoles, companyUserRoles, companyUsers, menus, roleMenus, users } from "./identity.tables";

/**
 * In-app notifications (issue 10): a business event (server/system/message-events.ts) leaves a
 * notification for each user concerned, written by notify() in the business write's own
 * transaction, so there is never one without the other. The bell in the top bar counts the
 * signed-in user's unread notifications in the current company (/notifications lists them).
 * A user only ever reads and marks their own.
 */

/** Who receives a notification: the holders of a menu permission in the company, or one user. */
export type Recipients = { permission: string } | { userId: number | null | undefined };

/** Stored lengths: a template's values can make it longer than the template. */
const TITLE_STORED = 200;
const BODY_STORED = 2000;
/** The bell counts up to this (and shows 99+ beyond it): the count stays cheap however much is unread. */
export const UNREAD_COUNT_CAP = 100;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The active members of the company to notify: not locked (membership or user), holding a
 * role the company still allows, and — for a permission — one whose grants include it. Never
 * the actor themself.
 */
function recipientQuery(ctx: Ctx, to: Recipients) {
  const base = sql`select cu.user_id from ${companyUsers} cu join ${users} u on u.id = cu.user_id
    where cu.company_id = ${ctx.companyId} and not cu.is_locked and not u.is_locked and cu.user_id <> ${ctx.userId}`;
  const heldRoles = sql`select 1 from ${companyUserRoles} cur
    join ${companyRoles} cr on cr.company_id = cur.company_id and cr.role_id = cur.role_id`;
  if ("permission" in to) {
    return sql`${base} and exists (${heldRoles}
      join ${roleMenus} rm on rm.role_id = cur.role_id join ${menus} m on m.id = rm.menu_id
      where cur.company_id = cu.company_id and cur.user_id = cu.user_id and m.code = ${to.permission})`;
  }
  if (!to.userId) return null;
  return sql`${base} and cu.user_id = ${to.userId} and exists (${heldRoles} where cur.company_id = cu.company_id and cur.user_id = cu.user_id)`;
}

/**
 * Sends the event's notification to its recipients, inside the caller's transaction (`tx`):
 * the event's current template (the default until the operator changes it) rendered with
 * `vars` plus 操作人 and 公司 from `ctx`. A disabled event sends nothing. Answers how many
 * notifications were written.
 */
export async function notify<C extends MessageEventCode>(tx: Executor, ctx: Ctx, code: C, vars: MessageEventVars[C], recipients: Recipients): Promise<number> {
  const def = MESSAGE_EVENTS[code];
  const who = recipientQuery(ctx, recipients);
  if (!who) return 0;
  const [row] = await tx
    .select({ isEnabled: messageEvents.isEnabled, title: messageTemplates.title, body: messageTemplates.body })
    .from(messageEvents)
    .leftJoin(messageTemplates, eq(messageTemplates.eventCode, messageEvents.code))
    .where(eq(messageEvents.code, code));
  if (row && !row.isEnabled) return 0;
  const values = { ...(vars as Record<string, string | number>), operatorName: ctx.userName, companyName: ctx.companyShortName || ctx.companyName };
  const title = clip(renderTemplate(row?.title ?? def.title, values), TITLE_STORED);
  const body = clip(renderTemplate(row?.body ?? def.body, values), BODY_STORED);
  const link = def.link(vars);
  const at = ctx.now ?? new Date();
  const written = await tx.execute(sql`insert into ${notifications} (company_id, user_id, event_code, title, body, link, created_at)
    select ${ctx.companyId}, r.user_id, ${code}, ${title}, ${body}, ${link}, ${at.toISOString()}::timestamptz from (${who}) r
    returning id`);
  return rows(written).length;
}

const mine = (ctx: Pick<Ctx, "companyId" | "userId">) => and(eq(notifications.companyId, ctx.companyId), eq(notifications.userId, ctx.userId));

/** The bell: the signed-in user's unread notifications in the current company, counted up to UNREAD_COUNT_CAP (one index-only query). */
export async function countUnreadNotifications(ctx: Pick<Ctx, "companyId" | "userId">): Promise<number> {
  const capped = db()
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(mine(ctx), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_CAP)
    .as("capped");
  const [r] = await db().select({ n: count() }).from(capped);
  return Number(r?.n ?? 0);
}

export const NOTIFICATION_PAGE_SIZE = 20;

export interface NotificationView {
  id: number;
  eventCode: string;
  eventName: string;
  title: string;
  body: string;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationList {
  totalCount: number;
  unreadCount: number;
  page: number;
  size: number;
  unreadOnly: boolean;
  items: NotificationView[];
}

/** /notifications: the user's own notifications, newest first, a page at a time; `unreadOnly` lists the unread ones. */
export async function listMyNotifications(ctx: Ctx, opts: { page?: number; unreadOnly?: boolean } = {}): Promise<NotificationList> {
  const unreadOnly = !!opts.unreadOnly;
  const where = unreadOnly ? and(mine(ctx), isNull(notifications.readAt)) : mine(ctx);
  const [totals] = await db()
    .select({ all: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)` })
    .from(notifications)
    .where(mine(ctx));
  const totalCount = Number(unreadOnly ? totals?.unread : totals?.all) || 0;
  const pages = Math.max(1, Math.ceil(totalCount / NOTIFICATION_PAGE_SIZE));
  const asked = Number.isSafeInteger(opts.page) && opts.page! > 0 ? opts.page! : 1;
  const page = Math.min(asked, pages);
  const list = await db()
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE)
    .offset((page - 1) * NOTIFICATION_PAGE_SIZE);
  return {
    totalCount,
    unreadCount: Number(totals?.unread) || 0,
    page,
    size: NOTIFICATION_PAGE_SIZE,
    unreadOnly,
    items: list.map((n) => ({
      id: n.id,
      eventCode: n.eventCode,
      eventName: isMessageEventCode(n.eventCode) ? MESSAGE_EVENTS[n.eventCode].name : n.eventCode,
      title: n.title,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt ? n.readAt.toISOString() : null,
    })),
  };
}

function idOf(id: unknown): number {
  const n = typeof id === "string" && /^\d{1,15}$/.test(id) ? Number(id) : id;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n <= 0) throw new DomainError("not_found", MESSAGE_TEXT.notificationMissing);
  return n;
}

/** Marks one of the user's own notifications read (again is harmless); another user's is 消息不存在. */
async function markRead(ctx: Ctx, id: unknown) {
  const n = idOf(id);
  const now = ctx.now ?? new Date();
  const [row] = await db()
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, n), mine(ctx)))
    .returning({ id: notifications.id, title: notifications.title, link: notifications.link });
  if (!row) throw new DomainError("not_found", MESSAGE_TEXT.notificationMissing);
  return row;
}

/** 标为已读. */
export async function markNotificationRead(ctx: Ctx, id: unknown): Promise<{ id: number; title: string }> {
  const { link: _link, ...row } = await markRead(ctx, id);
  return row;
}

/** Opening a notification: marked read, and the page it links to (its own list when it has none or the link is not a safe path). */
export async function openNotification(ctx: Ctx, id: unknown): Promise<{ id: number; to: string }> {
  const row = await markRead(ctx, id);
  return { id: row.id, to: safeRedirect(row.link, "/notifications") };
}

/** 全部标为已读: every unread notification of the user in the current company; answers how many. */
export async function markAllNotificationsRead(ctx: Ctx): Promise<number> {
  const now = ctx.now ?? new Date();
  const done = await db().execute(sql`with marked as (
      update ${notifications} set read_at = ${now.toISOString()}::timestamptz
      where company_id = ${ctx.companyId} and user_id = ${ctx.userId} and read_at is null returning 1)
    select count(*)::int as n from marked`);
  return Number(rows<{ n: number }>(done)[0]?.n ?? 0);
}

/** 清理过期通知: a read notification is kept this many days, an unread one this many. */
export const NOTIFICATION_KEEP_READ_DAYS = 90;
export const NOTIFICATION_KEEP_DAYS = 365;
/** Deleted per statement, so no run holds many row locks or one long transaction. */
const PURGE_BATCH = 5000;
/** A run stops after this many batches (the next run goes on). */
const PURGE_MAX_BATCHES = 200;

/**
 * The scheduled 清理过期通知: deletes the notifications read and created more than
 * NOTIFICATION_KEEP_READ_DAYS ago and every one created more than NOTIFICATION_KEEP_DAYS ago,
 * in batches (the created_at index finds them). Answers how many were deleted.
 */
export async function purgeOldNotifications(ex: Executor, now: Date): Promise<number> {
  const readBefore = new Date(now.getTime() - NOTIFICATION_KEEP_READ_DAYS * 86400_000).toISOString();
  const anyBefore = new Date(now.getTime() - NOTIFICATION_KEEP_DAYS * 86400_000).toISOString();
  let total = 0;
  for (let i = 0; i < PURGE_MAX_BATCHES; i++) {
    const res = await ex.execute(sql`delete from ${notifications} where id in (
      select id from ${notifications}
      where created_at < ${readBefore}::timestamptz and (read_at is not null or created_at < ${anyBefore}::timestamptz)
      limit ${PURGE_BATCH}) returning id`);
    const n = rows(res).length;
    total += n;
    if (n < PURGE_BATCH) break;
  }
  return total;
}
