import { redirect } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { requirePage } from "../auth/guard";
import { labelOf, PURCHASE_PLAN_STATUSES } from "../lib/dictionary";
import { formErrorOf } from "../lib/form-reply";
import { setFlash } from "../lib/flash";
import { parseId } from "../lib/ids";
import { equals } from "../lib/list-read";
import { defineResource, type ResourceDef } from "../lib/resource";
import { resourcePageAction } from "../master-data/page";
import { purchasePlans } from "./purchase.tables";
import { PurchasePlanInputSchema } from "./purchase-plan.input";
import { generatePurchasePlan, getPurchasePlan, PURCHASE_PLAN_ACTIONS, updatePurchasePlan } from "./purchase-plan.service";

/** 我的采购计划 list (/purchase/plan/my) and the JSON API `purchasePlan`. */
export const purchasePlanResource: ResourceDef = defineResource({
  name: "purchasePlan",
  label: "采购计划",
  pageName: "采购计划",
  pageUrl: "/purchase/plan/my",
  writeCode: "CGGL-007",
  scope: "company",
  table: purchasePlans,
  readOnly: { create: true, delete: true },
  extra: {
    lineCount: sql<number>`(select count(*)::int from purchase_plan_lines l where l.plan_id = ${purchasePlans.id})`,
    totalQty: sql<string>`(select coalesce(sum(l.qty), 0)::numeric(16,2)::text from purchase_plan_lines l where l.plan_id = ${purchasePlans.id})`,
    orderCount: sql<number>`(select count(*)::int from purchase_orders o where o.plan_id = ${purchasePlans.id})`,
    createdByName: sql<string | null>`(select u.name from users u where u.id = ${purchasePlans.createdBy})`,
  },
  sortable: { creationTime: purchasePlans.id, no: purchasePlans.no },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: { status: equals(purchasePlans.status) },
  keyword: (kw) => sql`${purchasePlans.no} ilike ${`%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  input: PurchasePlanInputSchema,
  exportAs: { status: (r) => labelOf(PURCHASE_PLAN_STATUSES, r.status as 0) },
  document: {
    create: (ctx) => generatePurchasePlan(ctx),
    get: (ctx, id) => getPurchasePlan(ctx, id),
    update: (ctx, id, body) => updatePurchasePlan(ctx, id, body),
    actions: PURCHASE_PLAN_ACTIONS,
  },
});

const PAGE = "/purchase/plan/my";

/** The list page's action: 生成 and the selected plan's 执行 / 完成 / 作废; the rest is the standard list's. */
export async function purchasePlanPageAction(request: Request) {
  const form = await request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  if (!["generate", "execute", "complete", "void"].includes(intent)) return resourcePageAction(request, PAGE);
  const ctx = await requirePage(request, PAGE);
  const flash = async (type: "success" | "error", message: string) => redirect(PAGE, { headers: await setFlash({ type, message }) });
  try {
    if (intent === "generate") {
      const made = await generatePurchasePlan(ctx);
      return flash("success", `已生成采购计划 ${made.no}，共 ${made.lines} 个产品`);
    }
    const id = parseId(form.get("sel") ?? form.get("id"));
    if (!id) return flash("error", "请选择数据行");
    await PURCHASE_PLAN_ACTIONS[intent]!(ctx, id);
    return flash("success", intent === "execute" ? "采购计划已执行，已按供应商生成采购订单草稿" : intent === "complete" ? "采购计划已完成" : "采购计划已作废");
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return flash("error", f.message);
  }
}
