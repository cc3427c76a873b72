import { json, redirect } from "@remix-run/node";
import { and, asc, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { labelOf, PURCHASE_ORDER_STATUSES } from "../lib/dictionary";
import { setFlash } from "../lib/flash";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { applyLineIntent, lineErrorsOf, lineIntentOf, readLines, withoutBlankLines, type RawLine } from "../lib/line-form";
import { enterpriseRelations } from "../organization/organization.tables";
import { purchasePriceHistory } from "./purchase-price-history";
import { pickedProductsByIds, productLabelOf, resolveLines, type PickedProduct, type ResolvedLine } from "../trade/line-pick.service";
import { warehouses } from "../stock/stock.tables";
import { users } from "../kernel/identity.tables";
import { purchaseFilterLookups } from "./purchase-order.page";
import { purchaseOrders } from "./purchase.tables";
import { PurchasePlanInputSchema } from "./purchase-plan.input";
import {
  completePurchasePlan,
  executePurchasePlan,
  generatePurchasePlan,
  getPurchasePlan,
  PURCHASE_PLAN_ACTIONS,
  updatePurchasePlan,
  voidPurchasePlan,
} from "./purchase-plan.service";
import { resourcePageAction } from "../resource/page";
import { PP_DRAFT } from "./purchase-plan.status";

/**
 * A purchase plan's own page (/purchase/plan/my/<id>): header and lines; a draft's lines are edited
 * in the shared line editor (product, supplier, qty, price) and saved through updatePurchasePlan;
 * the buttons are what the plan's status allows (执行 saves the lines, then makes the orders,
 * which the page lists with links; 完成; 作废). Plain POST forms: everything works without
 * JavaScript and a refused save answers with what was typed.
 */
export const PLAN_LIST_URL = "/purchase/plan/my";
export const planUrl = (id: number) => `/purchase/plan/my/${id}`;

type PlanView = Awaited<ReturnType<typeof getPurchasePlan>>;

export interface PlanFormLine {
  values: RawLine;
  product?: PickedProduct | null;
  choices?: PickedProduct[];
  error?: string | null;
}

export interface PlanOrderLink {
  id: number;
  no: string;
  status: number;
  statusLabel: string;
  partnerName: string | null;
  totalAmount: string;
}

export interface PurchasePlanPageData {
  plan: Omit<PlanView, "creationTime" | "updatedAt" | "postedAt"> & { creationTime: string; warehouseName: string | null; createdByName: string | null };
  orders: PlanOrderLink[];
  values: Record<string, string>;
  lines: PlanFormLine[];
  errors: Record<string, string[]>;
  message: string | null;
  suppliers: { value: number; label: string }[];
  warehouses: { value: number; label: string }[];
  canEdit: boolean;
}

function notFound(): never {
  throw json({ message: "采购计划不存在" }, { status: 404 });
}

async function planOr404(ctx: Ctx, idText: string | undefined) {
  const id = parseId(idText ?? "");
  if (id === null) notFound();
  try {
    return await getPurchasePlan(ctx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound();
    throw e;
  }
}

async function ordersOf(ctx: Ctx, planId: number): Promise<PlanOrderLink[]> {
  const rows = await db()
    .select({
      id: purchaseOrders.id,
      no: purchaseOrders.no,
      status: purchaseOrders.status,
      partnerName: enterpriseRelations.name,
      totalAmount: purchaseOrders.totalAmount,
    })
    .from(purchaseOrders)
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, purchaseOrders.partnerId))
    .where(and(eq(purchaseOrders.companyId, ctx.companyId), eq(purchaseOrders.planId, planId)))
    .orderBy(asc(purchaseOrders.id));
  return rows.map((r) => ({ ...r, totalAmount: String(r.totalAmount ?? "0.00"), statusLabel: labelOf(PURCHASE_ORDER_STATUSES, r.status as 0) }));
}

function stateOfPlan(plan: PlanView, facts: PickedProduct[]): Pick<PurchasePlanPageData, "values" | "lines" | "errors" | "message"> {
  const byId = new Map(facts.map((f) => [f.productId, f]));
  return {
    values: { warehouseId: plan.warehouseId ? String(plan.warehouseId) : "", remark: plan.remark ?? "" },
    lines: plan.lines.map((l) => {
      const label = productLabelOf({ mainOE: l.mainOE, name: l.productName });
      return {
        values: {
          productId: String(l.productId),
          productText: label,
          productPicked: label,
          partnerId: l.partnerId ? String(l.partnerId) : "",
          qty: l.qty,
          price: l.price,
          remark: l.remark ?? "",
        },
        product: byId.get(l.productId) ?? null,
      };
    }),
    errors: {},
    message: null,
  };
}

async function pageData(ctx: Ctx, plan: PlanView, state: Pick<PurchasePlanPageData, "values" | "lines" | "errors" | "message">): Promise<PurchasePlanPageData> {
  const [lookups, orders, wh, creator] = await Promise.all([
    purchaseFilterLookups(ctx),
    ordersOf(ctx, plan.id),
    plan.warehouseId
      ? db()
          .select({ name: warehouses.name })
          .from(warehouses)
          .where(and(eq(warehouses.id, plan.warehouseId), eq(warehouses.companyId, ctx.companyId)))
      : Promise.resolve([]),
    plan.createdBy ? db().select({ name: users.name }).from(users).where(eq(users.id, plan.createdBy)) : Promise.resolve([]),
  ]);
  const { creationTime, updatedAt: _u, postedAt: _p, ...rest } = plan;
  return {
    ...state,
    plan: {
      ...rest,
      creationTime: creationTime ? new Date(creationTime).toISOString() : "",
      warehouseName: wh[0]?.name ?? null,
      createdByName: creator[0]?.name ?? null,
    },
    orders,
    suppliers: lookups.supplier,
    warehouses: lookups.warehouse,
    canEdit: plan.status === PP_DRAFT,
  };
}

export async function loadPurchasePlanDocument(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, PLAN_LIST_URL);
  const plan = await planOr404(ctx, idText);
  const facts =
    plan.status === PP_DRAFT && plan.lines.length
      ? await pickedProductsByIds(ctx, [...new Set(plan.lines.map((l) => l.productId))], { warehouseId: plan.warehouseId, prices: purchasePriceHistory })
      : [];
  const state = stateOfPlan(plan, facts);
  if (plan.status === PP_DRAFT && state.lines.length === 0) state.lines = [{ values: {} }];
  return pageData(ctx, plan, state);
}

async function flashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

/**
 * The draft's posted header and lines, saved; answers add/remove-line and refused saves with the
 * same form (status 200 / 400). Returns null when saved.
 */
async function saveFromForm(ctx: Ctx, form: FormData, intent: string, plan: PlanView): Promise<Response | null> {
  const values: Record<string, string> = { warehouseId: String(form.get("warehouseId") ?? ""), remark: String(form.get("remark") ?? "") };
  const warehouseId = parseId(values.warehouseId!);
  const resolved: ResolvedLine[] = await resolveLines(ctx, readLines(form), { warehouseId, prices: purchasePriceHistory });
  const toForm = (r: ResolvedLine): PlanFormLine => ({ values: r.values, product: r.product, choices: r.choices, error: r.error });
  const answer = async (state: Omit<PurchasePlanPageData, "values" | "plan" | "orders" | "suppliers" | "warehouses" | "canEdit">, status: number) =>
    json(await pageData(ctx, plan, { values, ...state }), { status });

  const lineIntent = lineIntentOf(intent);
  if (lineIntent) {
    const byValues = new Map(resolved.map((r) => [r.values, r]));
    const next = applyLineIntent(
      resolved.map((r) => r.values),
      lineIntent,
    ).map((v) => (byValues.has(v) ? toForm(byValues.get(v)!) : { values: v }));
    return answer({ lines: next, errors: {}, message: null }, 200);
  }
  const lines = resolved.map(toForm);
  const used = resolved.filter((r) => withoutBlankLines([r.values]).length > 0);
  const badLine = resolved.findIndex((r) => r.error && withoutBlankLines([r.values]).length > 0);
  if (badLine >= 0) {
    return answer(
      { lines, errors: { [`lines[${badLine}].productText`]: [resolved[badLine]!.error!] }, message: `第 ${badLine + 1} 行：${resolved[badLine]!.error}` },
      400,
    );
  }
  const input = {
    warehouseId: values.warehouseId,
    remark: values.remark,
    lines: used.map((r) => ({
      productId: r.values.productId,
      partnerId: r.values.partnerId ?? "",
      qty: r.values.qty ?? "",
      price: r.values.price ?? "",
      remark: r.values.remark ?? "",
    })),
  };
  const parsed = PurchasePlanInputSchema.safeParse(input);
  if (!parsed.success) {
    const formIndex = used.map((u) => resolved.indexOf(u));
    const issues = parsed.error.issues.map((i) =>
      i.path[0] === "lines" && typeof i.path[1] === "number" ? { ...i, path: ["lines", formIndex[i.path[1]] ?? i.path[1], ...i.path.slice(2)] } : i,
    );
    const errors: Record<string, string[]> = lineErrorsOf(undefined, issues);
    for (const i of issues) if (i.path[0] !== "lines") (errors[String(i.path[0])] ??= []).push(i.message);
    const first = issues[0];
    const where = first && first.path[0] === "lines" && typeof first.path[1] === "number" ? `第 ${first.path[1] + 1} 行：` : "";
    return answer({ lines, errors, message: first ? `${where}${first.message}` : "请检查输入" }, 400);
  }
  try {
    await updatePurchasePlan(ctx, plan.id, input);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return answer({ lines, errors: f.fields, message: f.message }, f.status);
  }
  return null;
}

export async function purchasePlanDocumentAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, PLAN_LIST_URL);
  const plan = await planOr404(ctx, idText);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = planUrl(plan.id);
  try {
    if (intent === "void") {
      await voidPurchasePlan(ctx, plan.id);
      return flashRedirect(here, `采购计划 ${plan.no} 已作废`);
    }
    if (intent === "complete") {
      await completePurchasePlan(ctx, plan.id);
      return flashRedirect(here, `采购计划 ${plan.no} 已完成`);
    }
    if (intent === "save" || intent === "execute" || lineIntentOf(intent)) {
      if (plan.status !== PP_DRAFT) {
        if (intent === "execute") await executePurchasePlan(ctx, plan.id); // refused by the status machine with its message
        return flashRedirect(here, `采购计划当前状态为“${plan.statusName}”，不能修改`, "error");
      }
      const refused = await saveFromForm(ctx, form, intent, plan);
      if (refused) return refused;
      if (intent === "save") return flashRedirect(here, `采购计划 ${plan.no} 已保存`);
      const { orders } = await executePurchasePlan(ctx, plan.id);
      return flashRedirect(here, `采购计划 ${plan.no} 已执行，生成采购订单 ${orders.map((o) => o.no).join("、")}`);
    }
    return flashRedirect(here, "未知的操作", "error");
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return flashRedirect(here, f.message, "error");
  }
}

const PLAN_LIST_PAGE = "/purchase/plan/my";

/** The list page's action: 生成 and the selected plan's 执行 / 完成 / 作废; the rest is the standard list's. */
export async function purchasePlanPageAction(request: Request) {
  const form = await request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  if (!["generate", "execute", "complete", "void"].includes(intent)) return resourcePageAction(request, PLAN_LIST_PAGE);
  const ctx = await requirePage(request, PLAN_LIST_PAGE);
  const flash = async (type: "success" | "error", message: string) => redirect(PLAN_LIST_PAGE, { headers: await setFlash({ type, message }) });
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
