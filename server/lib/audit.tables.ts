import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit trail (操作日志, /system/permissions/log): sign-ins, failed sign-ins, deletions …
 * with who, when, from where and what changed. Append-only: a trigger of migration 0012
 * refuses UPDATE, DELETE and TRUNCATE, so no page, API or service can edit it. No foreign
 * keys: an entry outlives the user, company or row it names (names are copied in).
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The company the action happened in; null for what belongs to no company (an unknown name's failed sign-in). */
    companyId: integer("company_id"),
    userId: integer("user_id"),
    /** The login name as typed or as it was then. */
    userName: text("user_name").notNull().default(""),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    summary: text("summary").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_logs_company_idx").on(t.companyId, t.id), index("audit_logs_created_idx").on(t.createdAt)],
);
