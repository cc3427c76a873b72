import { eq, sql } from "drizzle-orm";
import { labelOf, PARTNER_RELS, PAYMENT_TERMS } from "../lib/dictionary";
import { equals, keywordOn } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { enterpriseRelations } from "../organization/organization.tables";
import { PartnerAccountQuerySchema } from "./partner-account.input";
import { FINANCE_CODE } from "./partner-payment.service";

/**
 * 往来账 per partner (`partnerAccount`, the reconciliation page's overview and the JSON API):
 * name, customer/supplier, balance (what the customer owes us / we owe the supplier), open
 * orders, credit limit, payment terms and the overdue part of the open documents (past their
 * due date in the company's time zone). Read-only: balances change only by postings.
 */
/** Qualified explicitly: drizzle writes a column in a select list unqualified, and inside these subqueries that would name the inner table's column. */
const ER = sql.raw(`"enterprise_relations"`);
const today = sql`(now() at time zone coalesce(nullif(trim((select s.value from settings s
  where s.scope = 'company' and s.owner_id = ${ER}.company_id and s.name = 'TimeZone')), ''), 'Asia/Shanghai'))::date`;

const balance = sql<string>`coalesce((select a.balance from partner_accounts a where a.company_id = ${ER}.company_id and a.partner_id = ${ER}.id), 0)`;
const openOrders = sql<string>`coalesce((select a.open_order_amount from partner_accounts a where a.company_id = ${ER}.company_id and a.partner_id = ${ER}.id), 0)`;
const overdue = sql<string>`coalesce((select sum(e.amount - e.settled_amount) from partner_account_entries e
  where e.company_id = ${ER}.company_id and e.partner_id = ${ER}.id
    and e.amount > e.settled_amount and e.amount > 0 and e.doc_type not like '%Back'
    and e.due_date < ${today}
    and not exists (select 1 from partner_account_entries b where b.company_id = e.company_id and b.doc_type = e.doc_type || 'Back' and b.doc_id = e.doc_id)), 0)`;

export const partnerAccountResource = defineResource({
  name: "partnerAccount",
  label: "往来账",
  pageName: "往来账",
  pageUrl: "/accounting/reconciliation",
  writeCode: FINANCE_CODE,
  readCodes: [FINANCE_CODE],
  scope: "company",
  table: enterpriseRelations,
  readOnly: { create: true, update: true, delete: true },
  extra: {
    balance: sql<string>`(${balance})::numeric(16,2)::text`,
    openOrderAmount: sql<string>`(${openOrders})::numeric(16,2)::text`,
    overdueAmount: sql<string>`(${overdue})::numeric(16,2)::text`,
  },
  sortable: { name: enterpriseRelations.nameSort, balance: sql`(${balance})`, overdueAmount: sql`(${overdue})`, creationTime: enterpriseRelations.id },
  defaultSort: { field: "name", dir: "asc" },
  filters: {
    rel: equals(enterpriseRelations.rel),
    hasBalance: { kind: "bool", where: (v: boolean) => (v ? sql`(${balance}) <> 0` : sql`(${balance}) = 0`) },
    isEnabled: { kind: "bool", where: (v: boolean) => eq(enterpriseRelations.isEnabled, v) },
  },
  keyword: keywordOn(enterpriseRelations.name, enterpriseRelations.contactName, enterpriseRelations.contactPhone),
  input: PartnerAccountQuerySchema,
  exportAs: {
    rel: (r) => labelOf(PARTNER_RELS, r.rel as 1),
    paymentTerm: (r) => (r.paymentTerm === null ? "" : labelOf(PAYMENT_TERMS, r.paymentTerm as 100)),
  },
});
