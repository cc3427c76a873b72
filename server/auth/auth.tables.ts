import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, users } from "../kernel/identity.tables";

/**
 * Sign-in sessions, one row each. The cookie or bearer token holds a random secret;
 * only its SHA-256 is stored, so a database leak does not hand out live sessions.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** A number that names the session on 在线用户 (kick) without showing its secret's hash. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["web", "api"] }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    uniqueIndex("sessions_seq_idx").on(t.seq),
    index("sessions_company_seen_idx").on(t.companyId, t.lastSeenAt),
  ],
);

/**
 * Sign-in throttle counters, one row per key: a (account, client address) pair or a client
 * address (keys are SHA-256 hex, so typed usernames are never stored). Every app instance
 * counts in this one table, with one atomic upsert per attempt, so instances behind a load
 * balancer throttle as one. `blockedUntil` is when the key's next attempt is admitted.
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (t) => [index("login_throttle_window_idx").on(t.windowStart)],
);
