import { sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { formatQty } from "../lib/decimal";
import { getCompanyTimeZone } from "../setting/setting.service";
import { rows as rowsOf } from "../lib/rows";
import { RC_WAITING } from "../purchase/receive-order.status";

/**
 * The /home dashboard: a few figures of the signed-in user's company, each a card that links to
 * the page where the work is. A card is shown only to a role that may open that page. Every
 * card is one statement on indexes that exist (named per card), so the home page stays fast
 * on big tables:
 *
 *   今日销售      partner_account_entries: confirmed deliveries post their receivable at
 *                 confirmation, dated with the company's business day (entry_date). Entries are
 *                 append-only, so today's are the tail of the primary key: the newest entry of
 *                 the company created before today (less an hour of slack) is found scanning
 *                 the primary key backwards, then only ids above it are read (pkey range).
 *   待发货订单    sales_orders_company_status_idx (company_id, status, id): 30 / 40 / 50, each
 *                 counted up to 9,999 (shown 9999+), so a million open orders cost no more.
 *   待拣货        picking_orders_company_status_idx: status 10.
 *   待收货        purchase_orders_company_status_idx: 10 / 20 / 30 (warehouse staff: receive_orders 10
 *                 through receive_orders_company_id_idx).
 *   应收到期      partner_account_entries_open_idx, the partial index of entries not fully settled:
 *                 customers' entries due on or before today, Σ amount − settled.
 *   低于安全库存  safe_stocks_uq (company_id, product_id) joined to product_costs' primary key:
 *                 on hand below the minimum, the rule /warehouse/safe's 低于下限 filter uses.
 *   紧急采购      stock_demands_product_idx (company_id, product_id, warehouse_id, id): groups,
 *                 orders and quantity waiting (what /purchase/urgent lists).
 */
export interface DashboardLink {
  label: string;
  value: string;
  href: string;
}

export interface DashboardCard {
  key: "todaySales" | "openOrders" | "picking" | "receiving" | "receivables" | "belowSafe" | "urgent";
  title: string;
  /** The big figure, already formatted (￥1,234.50 or a count). */
  value: string;
  /** What the figure counts or a second figure (共 3 张发货单). */
  hint: string;
  href: string;
  /** Highlight: something waits (a count above 0). */
  alert: boolean;
  links?: DashboardLink[];
}

async function one(ex: Executor, q: ReturnType<typeof sql>): Promise<Record<string, unknown>> {
  return rowsOf(await ex.execute(q))[0] ?? {};
}

/** ￥1,234.50 from exact decimal text (no float). */
export function yuan(text: string): string {
  const neg = text.startsWith("-");
  const [int = "0", frac = ""] = text.replace(/^-/, "").split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${neg ? "-" : ""}￥${grouped}.${(frac + "00").slice(0, 2)}`;
}

/** The company's business day (yyyy-mm-dd) and time zone at ctx.now. */
async function todayOf(ex: Executor, ctx: Ctx) {
  const tz = await getCompanyTimeZone(ctx, ex);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(ctx.now ?? new Date());
  return { tz, today };
}

/**
 * Counts stop at COUNT_CAP (shown 9999+): a count over the (company, status, id) index costs
 * what it counts, and a dashboard need not say more than "very many".
 */
const COUNT_CAP = 9999;
function capped(table: ReturnType<typeof sql>, companyId: number, status: number) {
  return sql`(select count(*)::int from (select 1 from ${table} where company_id = ${companyId} and status = ${status} limit ${COUNT_CAP + 1}) x)`;
}
const countText = (n: number) => (n > COUNT_CAP ? `${COUNT_CAP}+` : String(n));

const SALES_REPORT = "/statements/sale/report";
const SALES_ORDERS = "/sale/order";
const PICKING = "/sale/picking";
const PURCHASE_ORDERS = "/purchase/order";
const RECEIVING = "/purchase/receive";
const RECONCILIATION = "/accounting/reconciliation";
const SAFE = "/warehouse/safe";
const URGENT = "/purchase/urgent";

/** The cards the user may see, in a fixed order. */
export async function loadDashboard(ctx: Ctx, ex: Executor = db()): Promise<DashboardCard[]> {
  const can = (url: string) => ctx.allowedUrls.has(url);
  const c = ctx.companyId;
  const needsDay = can(SALES_REPORT) || can(RECONCILIATION);
  const day = needsDay ? await todayOf(ex, ctx) : null;

  const jobs: Promise<DashboardCard>[] = [];

  if (can(SALES_REPORT) && day) {
    jobs.push(
      (async () => {
        const r = await one(
          ex,
          sql`select coalesce(sum(e.amount), 0)::numeric(16,2)::text as amount,
              (count(*) filter (where e.doc_type = 'deliverOrder') - count(*) filter (where e.doc_type = 'deliverOrderBack'))::int as n
            from partner_account_entries e
            where e.id > coalesce((select f.id from partner_account_entries f
                where f.company_id = ${c} and f.creation_time < (${day.today}::date)::timestamp at time zone ${day.tz} - interval '1 hour'
                order by f.id desc limit 1), 0)
              and e.company_id = ${c} and e.doc_type in ('deliverOrder', 'deliverOrderBack') and e.entry_date = ${day.today}::date`,
        );
        const n = Number(r.n ?? 0);
        return {
          key: "todaySales",
          title: "今日销售",
          value: yuan(String(r.amount ?? "0.00")),
          hint: `已确认发货 ${n} 单`,
          href: `${SALES_REPORT}?dateFrom=${day.today}&dateTo=${day.today}`,
          alert: false,
        };
      })(),
    );
  }

  if (can(SALES_ORDERS)) {
    jobs.push(
      (async () => {
        const r = await one(
          ex,
          sql`select ${capped(sql`sales_orders`, c, 30)} as s30, ${capped(sql`sales_orders`, c, 40)} as s40, ${capped(sql`sales_orders`, c, 50)} as s50`,
        );
        const n = (st: number) => Number(r[`s${st}`] ?? 0);
        const total = n(30) + n(40) + n(50);
        return {
          key: "openOrders",
          title: "待发货订单",
          value: countText(total),
          hint: "待发货、发货中和部分发货的销售订单",
          href: `${SALES_ORDERS}?status=30`,
          alert: total > 0,
          links: [
            { label: "待发货", value: countText(n(30)), href: `${SALES_ORDERS}?status=30` },
            { label: "发货中", value: countText(n(40)), href: `${SALES_ORDERS}?status=40` },
            { label: "部分发货", value: countText(n(50)), href: `${SALES_ORDERS}?status=50` },
          ],
        };
      })(),
    );
  }

  if (can(PICKING)) {
    jobs.push(
      (async () => {
        const r = await one(ex, sql`select ${capped(sql`picking_orders`, c, 10)} as n`);
        const n = Number(r.n ?? 0);
        return { key: "picking", title: "待拣货", value: countText(n), hint: "待拣货的拣货单", href: `${PICKING}?status=10`, alert: n > 0 };
      })(),
    );
  }

  if (can(PURCHASE_ORDERS)) {
    jobs.push(
      (async () => {
        const r = await one(
          ex,
          sql`select ${capped(sql`purchase_orders`, c, 10)} + ${capped(sql`purchase_orders`, c, 20)} + ${capped(sql`purchase_orders`, c, 30)} as n`,
        );
        const n = Number(r.n ?? 0);
        return { key: "receiving", title: "待收货", value: countText(n), hint: "待收货、收货中和部分收货的采购订单", href: PURCHASE_ORDERS, alert: n > 0 };
      })(),
    );
  } else if (can(RECEIVING)) {
    jobs.push(
      (async () => {
        const r = await one(ex, sql`select count(*)::int as n from receive_orders where company_id = ${c} and status = ${RC_WAITING}`);
        const n = Number(r.n ?? 0);
        return { key: "receiving", title: "待收货", value: String(n), hint: "待收货的收货单", href: `${RECEIVING}?status=10`, alert: n > 0 };
      })(),
    );
  }

  if (can(RECONCILIATION) && day) {
    jobs.push(
      (async () => {
        const r = await one(
          ex,
          sql`select coalesce(sum(e.amount - e.settled_amount), 0)::numeric(16,2)::text as due, count(distinct e.partner_id)::int as partners
            from partner_account_entries e join enterprise_relations p on p.id = e.partner_id and p.rel = 1
            where e.company_id = ${c} and e.amount > e.settled_amount and e.amount > 0 and e.due_date <= ${day.today}::date`,
        );
        const partners = Number(r.partners ?? 0);
        return {
          key: "receivables",
          title: "应收到期",
          value: yuan(String(r.due ?? "0.00")),
          hint: `${partners} 个客户的应收款已到期未收`,
          href: RECONCILIATION,
          alert: partners > 0,
        };
      })(),
    );
  }

  if (can(SAFE)) {
    jobs.push(
      (async () => {
        const r = await one(
          ex,
          sql`select count(*)::int as n from safe_stocks s
            left join product_costs pc on pc.company_id = s.company_id and pc.product_id = s.product_id
            where s.company_id = ${c} and coalesce(pc.qty_on_hand, 0) < s.min_qty`,
        );
        const n = Number(r.n ?? 0);
        return { key: "belowSafe", title: "库存低于安全库存", value: String(n), hint: "库存低于安全库存下限的产品", href: `${SAFE}?below=true`, alert: n > 0 };
      })(),
    );
  }

  if (can(URGENT)) {
    jobs.push(
      (async () => {
        const r = await one(
          ex,
          sql`select count(distinct (product_id, warehouse_id))::int as groups, count(distinct doc_id)::int as orders, coalesce(sum(qty), 0)::numeric(16,2)::text as qty
            from stock_demands where company_id = ${c} and doc_type = 'salesOrder'`,
        );
        const groups = Number(r.groups ?? 0);
        return {
          key: "urgent",
          title: "紧急采购",
          value: String(groups),
          hint: `${Number(r.orders ?? 0)} 张销售订单缺货，缺货数量 ${formatQty(String(r.qty ?? "0"))}`,
          href: URGENT,
          alert: groups > 0,
        };
      })(),
    );
  }

  return Promise.all(jobs);
}
