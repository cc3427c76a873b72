import { sql } from "drizzle-orm";
import { labelOf, PURCHASE_PLAN_STATUSES } from "../lib/dictionary";
import { equals, perDocument } from "../lib/list-read";
import { defineResource, type ResourceDef } from "../lib/resource";
import { purchaseOrders, purchasePlanLines, purchasePlans } from "./purchase.tables";
import { PurchasePlanInputSchema } from "./purchase-plan.input";
import { generatePurchasePlan, getPurchasePlan, PURCHASE_PLAN_ACTIONS, updatePurchasePlan } from "./purchase-plan.service";
import { PURCHASE_LINE_PRICES } from "../lib/price-rules";

const planLines = perDocument(purchasePlanLines.planId, purchasePlans.id);
const planOrders = perDocument(purchaseOrders.planId, purchasePlans.id);

/** 我的采购计划 list (/purchase/plan/my) and the JSON API `purchasePlan`. */
export const purchasePlanResource: ResourceDef = defineResource({
  name: "purchasePlan",
  label: "采购计划",
  pageName: "采购计划",
  pageUrl: "/purchase/plan/my",
  writeCode: "CGGL-007",
  privateFields: PURCHASE_LINE_PRICES,
  scope: "company",
  table: purchasePlans,
  readOnly: { create: true, delete: true },
  extra: {
    lineCount: planLines<number>(sql`count(*)::int`),
    totalQty: planLines(sql`coalesce(sum(l.qty), 0)::numeric(16,2)::text`),
    orderCount: planOrders<number>(sql`count(*)::int`),
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
