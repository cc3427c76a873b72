import { and, eq, ilike, or, sql } from "drizzle-orm";
import * as z from "zod";
import { dateRangeFilters } from "../kernel/date-range";
import { APPROVAL_STATUSES, labelOf } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { escapeLike } from "../lib/validate";
import { approvals } from "./sale.tables";
import { approveCredit, getCreditApproval, rejectCredit } from "./credit-approval.service";
import { CREDIT_APPROVAL_KIND, CREDIT_APPROVER_CODE } from "./sales-order.service";
import { SALES_ORDER_DOC_TYPE } from "./sales-order.state";

/** 审批状态 filter: 0 待审核 by default; `all` shows every status. */

const commentOf = (body: unknown) => (body && typeof body === "object" ? (body as Record<string, unknown>).comment : undefined);

/**
 * 需求审批 (/demand/approval) and the JSON API `creditApproval`: sales orders over their
 * customer's credit limit waiting for a manager (approvals kind 1). POST
 * /api/app/creditApproval/{id}/approve | reject with `{ comment }`.
 */
export const creditApprovalResource = defineResource({
  name: "creditApproval",
  label: "信用审批",
  pageName: "需求审批",
  pageUrl: "/demand/approval",
  writeCode: CREDIT_APPROVER_CODE,
  scope: "company",
  table: approvals,
  readOnly: { create: true, update: true, delete: true },
  extra: {
    partnerName: sql<string | null>`(select p.name from enterprise_relations p where p.id = ${approvals.partnerId})`,
    requesterName: sql<string | null>`(select u.name from users u where u.id = ${approvals.requestedBy})`,
    deciderName: sql<string | null>`(select u.name from users u where u.id = ${approvals.decidedBy})`,
    orderStatus: sql<number | null>`(select o.status from sales_orders o where o.id = ${approvals.docId})`,
  },
  sortable: {
    requestedAt: approvals.id,
    docNo: approvals.docNo,
    amount: approvals.amount,
    status: approvals.status,
  },
  defaultSort: { field: "requestedAt", dir: "desc" },
  filters: {
    // Only credit approvals of sales orders, whatever the request says.
    kind: {
      kind: "int",
      default: CREDIT_APPROVAL_KIND,
      where: () => and(eq(approvals.kind, CREDIT_APPROVAL_KIND), eq(approvals.docType, SALES_ORDER_DOC_TYPE)),
    },
    status: {
      kind: "text",
      default: "0",
      where: (v: string) => (v === "all" ? undefined : /^[012]$/.test(v) ? eq(approvals.status, Number(v)) : sql`false`),
    },
    partnerId: equals(approvals.partnerId),
    ...dateRangeFilters(approvals.requestedAt, "date"),
  },
  keyword: (kw) => {
    const like = `%${escapeLike(kw)}%`;
    return or(ilike(approvals.docNo, like), sql`exists (select 1 from enterprise_relations p where p.id = ${approvals.partnerId} and p.name ilike ${like})`);
  },
  input: z.object({}),
  exportAs: { status: (r) => labelOf(APPROVAL_STATUSES, r.status as 0) },
  document: {
    get: (ctx, id) => getCreditApproval(ctx, id),
    actions: {
      approve: (ctx, id, body) => approveCredit(ctx, id, commentOf(body)),
      reject: (ctx, id, body) => rejectCredit(ctx, id, commentOf(body)),
    },
  },
});
