import { json, redirect } from "@remix-run/node";
import { and, asc, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { isDomainError } from "../lib/errors";
import { setFlash } from "../lib/flash";
import { formErrorOf } from "../lib/form-reply";
import type { GridColumn } from "../lib/grid-settings";
import { parseId } from "../lib/ids";
import { listParamsOf, loadResourcePage, openRowRedirectOf, resourcePageAction } from "../resource/page";
import { enterpriseRelations } from "../organization/organization.tables";
import { getCompanyTimeZone } from "../setting/setting.service";
import { approveCredit, getCreditApproval, rejectCredit } from "./credit-approval.service";
import { CREDIT_APPROVER_CODE } from "./sales-order.service";

/**
 * The 需求审批 page (/demand/approval): the credit approvals list (the resource
 * `creditApproval`), one approval opened beside it (`?decide=<id>`) with 通过 / 驳回 and a
 * comment — plain POST forms answered with a redirect and a flash message, so it works
 * without JavaScript.
 */
export const CREDIT_APPROVAL_URL = "/demand/approval";
export const creditApprovalHref = (id: number, back = "") => {
  const params = new URLSearchParams(back.replace(/^\?/, ""));
  params.set("decide", String(id));
  return `${CREDIT_APPROVAL_URL}?${params.toString()}`;
};

async function customersOf(ctx: Ctx) {
  const rows = await db()
    .select({ value: enterpriseRelations.id, label: enterpriseRelations.name })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 1)))
    .orderBy(asc(enterpriseRelations.nameSort), asc(enterpriseRelations.id))
    .limit(2000);
  return rows;
}

export async function loadCreditApprovalPage(request: Request, columns: readonly GridColumn[]) {
  // 打开 (do=edit&sel=ID) or edit=ID: the approval opens beside the list, which keeps its filters.
  const url = new URL(request.url);
  const open = await openRowRedirectOf(request, CREDIT_APPROVAL_URL, (id) => creditApprovalHref(id, listParamsOf(url.searchParams).toString()));
  if (open) return open;
  const { ctx, data } = await loadResourcePage(request, CREDIT_APPROVAL_URL, { columns });
  const decideId = parseId(url.searchParams.get("decide") ?? "");
  const [customer, decision, timeZone] = await Promise.all([
    customersOf(ctx),
    decideId ? getCreditApproval(ctx, decideId).catch(() => null) : Promise.resolve(null),
    getCompanyTimeZone(ctx),
  ]);
  // Times as the company's clock shows them (setting TimeZone): "2026-11-24 13:05".
  const fmt = new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
  const time = (d: Date | string | null) => (d ? fmt.format(new Date(d)) : null);
  return json({
    ...data,
    lookups: { ...data.lookups, customer },
    decision: decision ? { ...decision, requestedAtText: time(decision.requestedAt), decidedAtText: time(decision.decidedAt) } : null,
    decisionMissing: decideId !== null && !decision,
    canDecide: ctx.permissions.has(CREDIT_APPROVER_CODE),
  });
}

/** The list's own URL from the form's `back` (its search), without the opened approval. */
function listUrlOf(form: FormData) {
  const params = new URLSearchParams(String(form.get("back") ?? "").replace(/^\?/, ""));
  const keep = new URLSearchParams();
  for (const [k, v] of params) if (/^[A-Za-z][A-Za-z0-9_]*$/.test(k) && k !== "decide") keep.append(k, v);
  const q = keep.toString();
  return q ? `${CREDIT_APPROVAL_URL}?${q}` : CREDIT_APPROVAL_URL;
}

/** 通过 / 驳回 (intent approve | reject, approvalId, comment); anything else is the grid's own (columns, page size, export). */
export async function creditApprovalPageAction(request: Request) {
  const ctx = await requirePage(request, CREDIT_APPROVAL_URL);
  const form = await request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "approve" && intent !== "reject") return resourcePageAction(request, CREDIT_APPROVAL_URL);
  const id = parseId(String(form.get("approvalId") ?? ""));
  const list = listUrlOf(form);
  if (id === null) return redirect(list, { headers: await setFlash({ type: "error", message: "审批单不存在" }) });
  try {
    const done = intent === "approve" ? await approveCredit(ctx, id, form.get("comment") ?? "") : await rejectCredit(ctx, id, form.get("comment") ?? "");
    return redirect(list, { headers: await setFlash({ type: "success", message: done.message }) });
  } catch (e) {
    const f = formErrorOf(e) ?? (isDomainError(e) && e.code === "not_found" ? { message: e.message } : null);
    if (!f) throw e;
    return redirect(creditApprovalHref(id, list.split("?")[1] ?? ""), { headers: await setFlash({ type: "error", message: f.message }) });
  }
}
