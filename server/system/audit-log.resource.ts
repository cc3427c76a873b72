import { and, eq, ilike, ne, or, sql } from "drizzle-orm";
import * as z from "zod";
import { auditLogs } from "../lib/audit.tables";
import { dateRangeFilters } from "../kernel/date-range";
import { AUDIT_ACTIONS, labelOf } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { escapeLike } from "../lib/validate";
import { companies } from "../kernel/identity.tables";

/**
 * 操作日志 (/system/permissions/log, XTGL-004; JSON API /api/app/auditLog): the audit trail,
 * read-only on every path (the table itself refuses changes). A company's managers read their
 * company's entries; the platform operator reads every company's, and the entries of no
 * company (failed sign-ins under unknown names).
 */
const PRICES_CODE = "CPGL-002";

export const auditLogResource = defineResource({
  name: "auditLog",
  label: "操作日志",
  pageName: "操作日志",
  pageUrl: "/system/permissions/log",
  writeCode: "XTGL-004",
  scope: "company",
  // 价格变更 entries carry cost prices: only readers who may see prices (产品价格 CPGL-002) get them.
  ownerWhere: (ctx) =>
    and(
      ctx.companyKind === "platform" ? undefined : eq(auditLogs.companyId, ctx.companyId),
      ctx.permissions.has(PRICES_CODE) ? undefined : ne(auditLogs.action, "priceChange"),
    ),
  table: auditLogs,
  readOnly: { create: true, update: true, delete: true },
  // The trail grows with every sign-in: the page counts at most 10,001 rows (共 10000+ 条), not millions.
  countLimit: 10_000,
  extra: {
    companyName: sql<
      string | null
    >`(select coalesce(${companies.shortName}, ${companies.name}) from ${companies} where ${companies.id} = ${auditLogs.companyId})`.as("companyName"),
    beforeText: sql<string | null>`${auditLogs.before}::text`.as("beforeText"),
    afterText: sql<string | null>`${auditLogs.after}::text`.as("afterText"),
  },
  sortable: { createdAt: auditLogs.id, userName: auditLogs.userName, action: auditLogs.action },
  defaultSort: { field: "createdAt", dir: "desc" },
  filters: {
    action: { kind: "text", where: (v: string) => (AUDIT_ACTIONS.some(([k]) => k === v) ? eq(auditLogs.action, v) : sql`false`) },
    userName: { kind: "text", where: (v: string) => ilike(auditLogs.userName, `%${escapeLike(v)}%`) },
    ip: { kind: "text", where: (v: string) => eq(auditLogs.ip, v) },
    companyId: equals(auditLogs.companyId),
    ...dateRangeFilters(auditLogs.createdAt, "date"),
  },
  keyword: (kw) => {
    const like = `%${escapeLike(kw)}%`;
    return or(
      ilike(auditLogs.userName, like),
      ilike(auditLogs.summary, like),
      ilike(auditLogs.targetType, like),
      eq(auditLogs.targetId, kw),
      eq(auditLogs.ip, kw),
    );
  },
  input: z.object({}),
  exportAs: { action: (r) => labelOf(AUDIT_ACTIONS, r.action as never) },
});
