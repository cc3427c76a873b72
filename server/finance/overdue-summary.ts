import { sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { moneyString } from "../lib/decimal";
import { getCompanyTimeZone } from "../setting/setting.service";
import { rows as rowsOf } from "../lib/rows";

/**
 * What is overdue in one company's partner accounts today (its time zone): the open document
 * entries of the ageing on 对账单 (not fully settled, not reversed, see openEntriesSql in partner-account.service) whose due
 * date (or, without payment terms, entry date) has passed, per side: customers (逾期应收) and
 * suppliers (逾期应付). Ageing itself is computed when a statement is read; this is the figure
 * the 定时任务 records so the operator sees it move day by day.
 */
export interface OverdueSide {
  partners: number;
  documents: number;
  amount: string;
}

export interface OverdueSummary {
  today: string;
  receivable: OverdueSide;
  payable: OverdueSide;
}

export async function companyToday(companyId: number, now: Date, ex: Executor = db()): Promise<string> {
  const tz = await getCompanyTimeZone({ companyId }, ex);
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export async function overdueSummary(companyId: number, now: Date, ex: Executor = db()): Promise<OverdueSummary> {
  const today = await companyToday(companyId, now, ex);
  const rows = rowsOf(
    await ex.execute(sql`select r.rel, count(distinct e.partner_id)::int as partners, count(*)::int as documents,
        coalesce(sum(e.amount - e.settled_amount), 0)::text as amount
      from partner_account_entries e join enterprise_relations r on r.id = e.partner_id
      where e.company_id = ${companyId}
        and e.amount > e.settled_amount and e.amount > 0 and e.doc_type not like '%Back'
        and not exists (select 1 from partner_account_entries b
          where b.company_id = e.company_id and b.doc_type = e.doc_type || 'Back' and b.doc_id = e.doc_id)
        and coalesce(e.due_date, e.entry_date) < ${today}::date
      group by r.rel`),
  );
  const side = (rel: number): OverdueSide => {
    const r = rows.find((x) => Number(x.rel) === rel);
    return r
      ? { partners: Number(r.partners), documents: Number(r.documents), amount: moneyString(String(r.amount)) }
      : { partners: 0, documents: 0, amount: "0.00" };
  };
  return { today, receivable: side(1), payable: side(0) };
}
