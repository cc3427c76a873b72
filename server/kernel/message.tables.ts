import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { companies, users } from "./identity.tables";

/**
 * 消息 (issue 10): business events (销售订单提交, 发货确认 …), the platform's message template of
 * each, and the in-app notifications they leave for the users concerned.
 *
 * The events themselves are defined in code (server/system/message-events.ts: what variables
 * the business code supplies, who receives them, where a notification links to); these rows
 * mirror them for the operator's pages and hold what the operator changes: whether an event is
 * enabled, and its template. Templates are the platform's (one per event), not per company.
 */
export interface MessageVariable {
  name: string;
  label: string;
  sample: string;
}

/** 消息事件: one row per event of the registry (code, name, description and variables follow the code). */
export const messageEvents = pgTable("message_events", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** Who receives it, in words (拥有「拣货单」权限的用户 …). */
  recipients: text("recipients").notNull().default(""),
  /** The {{variables}} a template of this event may use. */
  variables: jsonb("variables").$type<MessageVariable[]>().notNull().default([]),
  /** A disabled event sends nothing. */
  isEnabled: boolean("is_enabled").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** 消息模板: the title and body of an event's notifications, with {{variable}} placeholders. */
export const messageTemplates = pgTable("message_templates", {
  eventCode: text("event_code")
    .primaryKey()
    .references(() => messageEvents.code, { onDelete: "cascade" }),
  title: text("title").notNull(),
  body: text("body").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * A notification for one user in one company, rendered when the event happened (a later
 * template change does not rewrite it). The bell counts the unread ones of the signed-in user
 * in the current company on every page: the partial index answers that count by itself.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventCode: text("event_code").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** A page of this application (relative path) the notification opens. */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_idx").on(t.companyId, t.userId, t.createdAt, t.id),
    index("notifications_unread_idx")
      .on(t.companyId, t.userId, t.createdAt, t.id)
      .where(sql`${t.readAt} is null`),
    /** 清理过期通知 finds the old ones without reading the whole table. */
    index("notifications_created_idx").on(t.createdAt),
  ],
);
