import { eq, ilike, or, sql } from "drizzle-orm";
import { APPROVAL_STATUSES, labelOf } from "../lib/dictionary";
import { dateRangeFilters } from "../kernel/date-range";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { escapeLike } from "../lib/validate";
import { approvals } from "./sale.tables";
import { ReturnDecisionSchema } from "./sales-return.input";

/**
 * 退货审批 (/demand/returnOrder/approval, XQGL-007) and the JSON API `salesReturnApproval`: the
 * approvals of kind 2 (a sales return waiting for the manager), waiting ones first by default.
 * Deciding goes through the return's status machine (server/sale/sales-return.service.ts
 * decideReturnApproval; JSON: POST /api/app/salesReturnOrder/{id}/approve|reject).
 */
export const returnApprovalResource = defineResource({
  name: "salesReturnApproval",
  label: "退货审批",
  pageName: "退货审批",
  pageUrl: "/demand/returnOrder/approval",
  writeCode: "XQGL-007",
  readCodes: ["XQGL-007"],
  scope: "company",
  table: approvals,
  readOnly: { create: true, update: true, delete: true },
  extra: {
    partnerName: sql<string | null>`(select p.name from enterprise_relations p where p.id = ${approvals.partnerId})`,
    returnStatus: sql<number | null>`(select r.status from sales_return_orders r where r.id = ${approvals.docId})`,
    totalQty: sql<string | null>`(select r.total_qty from sales_return_orders r where r.id = ${approvals.docId})`,
    salesOrderNo: sql<string | null>`(select o.no from sales_return_orders r join sales_orders o on o.id = r.sales_order_id where r.id = ${approvals.docId})`,
    requestedByName: sql<string | null>`(select u.name from users u where u.id = ${approvals.requestedBy})`,
    decidedByName: sql<string | null>`(select u.name from users u where u.id = ${approvals.decidedBy})`,
  },
  sortable: { requestedAt: approvals.id, docNo: approvals.docNo, amount: approvals.amount, status: approvals.status, decidedAt: approvals.decidedAt },
  defaultSort: { field: "requestedAt", dir: "desc" },
  filters: {
    // Always the returns' approvals (kind 2), whatever the request says.
    kind: { kind: "int", default: 2, where: () => eq(approvals.kind, 2) },
    status: { ...equals(approvals.status), default: 0 },
    partnerId: equals(approvals.partnerId),
    docNo: { kind: "text", where: (v: string) => (v.trim() ? ilike(approvals.docNo, `%${escapeLike(v.trim())}%`) : undefined) },
    ...dateRangeFilters(approvals.requestedAt, "date"),
  },
  keyword: (kw) => {
    const like = `%${escapeLike(kw)}%`;
    return or(ilike(approvals.docNo, like), sql`exists (select 1 from enterprise_relations p where p.id = ${approvals.partnerId} and p.name ilike ${like})`);
  },
  input: ReturnDecisionSchema,
  exportAs: { status: (r) => labelOf(APPROVAL_STATUSES, r.status as 0) },
});
