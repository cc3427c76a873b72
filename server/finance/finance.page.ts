import crypto from "node:crypto";
import { json, redirect } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { setFlash } from "../lib/flash";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { listFromParams, listSpecOf } from "../lib/list-read";
import { parseListQuery } from "../lib/list-query";
import { xlsxResponse } from "../resource/api";
import { getCompanyTimeZone } from "../setting/setting.service";
import { accountSummaries, companyToday } from "./partner-account.service";
import { partnerAccountResource } from "./partner-account.resource";
import { paymentOrderResource, receiptResource } from "./partner-payment.resource";
import {
  canRecordKind,
  createPartnerPayment,
  getPartnerPayment,
  openDocumentsOf,
  recentPaymentsOf,
  runPartnerPaymentAction,
  type PartnerPaymentView,
} from "./partner-payment.service";
import { paymentMethodChoices } from "./payment-method.resource";
import {
  decideStatement,
  exportStatement,
  partnerStatement,
  sendStatement,
  statementPartnerChoices,
  statementPeriod,
  type Statement,
} from "./statement.service";
import { PAY_CONFIRMED } from "./partner-payment.status";

/**
 * The reconciliation pages (对账单, CWGL-001): /accounting/reconciliation (the partner accounts,
 * or one partner's statement of account, its ageing and confirmation; ?export=1 downloads it),
 * /accounting/reconciliation/receipt (登记收款 / 登记付款), /accounting/reconciliation/payments
 * (the receipts or payments) and /accounting/reconciliation/payments/<id> (one of them with its
 * allocations and actions). Plain GET links and POST forms: everything works without JavaScript.
 */
export const RECONCILIATION_URL = "/accounting/reconciliation";
export const RECEIPT_FORM_URL = "/accounting/reconciliation/receipt";
export const PAYMENTS_URL = "/accounting/reconciliation/payments";
const CODE = "CWGL-001";

async function flashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

export function statementHref(partnerId: number, from?: string, to?: string) {
  const p = new URLSearchParams({ partnerId: String(partnerId) });
  if (from) p.set("from", from);
  if (to) p.set("to", to);
  return `${RECONCILIATION_URL}?${p}`;
}

export interface PartnerAccountRow {
  id: number;
  name: string;
  rel: number;
  balance: string;
  openOrderAmount: string;
  overdueAmount: string;
  creditLimit: string | null;
  paymentTerm: number | null;
}

export interface ReconciliationPageData {
  partners: { id: number; name: string; rel: number }[];
  from: string;
  to: string;
  /** A partner chosen: its statement; else the partner accounts list. */
  statement: Statement | null;
  payments: Awaited<ReturnType<typeof recentPaymentsOf>>;
  accounts: { totalCount: number; items: PartnerAccountRow[]; page: number; size: number; rel: string; q: string; hasBalance: string } | null;
  error: string | null;
  /** 登记付款 is shown to holders of 付款单 (CWGL-003) only. */
  canRecordPayments: boolean;
}

/** ?export=1&partnerId=…: the statement as .xlsx (null when the request asks for the page). */
export async function reconciliationExportOf(request: Request): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  if (params.get("export") !== "1") return null;
  const ctx = await requirePage(request, CODE);
  const partnerId = parseId(params.get("partnerId"));
  if (partnerId === null) throw json({ message: "请选择往来单位" }, { status: 400 });
  try {
    return xlsxResponse(
      await exportStatement(ctx, { partnerId, from: params.get("from") || null, to: params.get("to") || null }, await getCompanyTimeZone(ctx)),
    );
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "not_found") throw json({ message: "往来单位不存在" }, { status: 404 });
    if (code === "bad_request") throw json({ message: (e as Error).message }, { status: 400 });
    throw e;
  }
}

/** /accounting/reconciliation: the accounts overview, or with ?partnerId the statement. */
export async function loadReconciliationPage(request: Request): Promise<ReconciliationPageData> {
  const ctx = await requirePage(request, CODE);
  const params = new URL(request.url).searchParams;
  const partnerId = parseId(params.get("partnerId"));
  const q = { from: params.get("from") || null, to: params.get("to") || null };
  const partners = await statementPartnerChoices(ctx);
  let period: { from: string; to: string };
  let error: string | null = null;
  try {
    period = await statementPeriod(ctx, q);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    error = f.message;
    period = await statementPeriod(ctx, {});
  }
  if (partnerId !== null) {
    let statement: Statement;
    try {
      statement = await partnerStatement(ctx, { partnerId, ...period });
    } catch (e) {
      if ((e as { code?: string }).code === "not_found") throw json({ message: "往来单位不存在" }, { status: 404 });
      throw e;
    }
    return {
      partners,
      ...period,
      statement,
      payments: await recentPaymentsOf(ctx, partnerId),
      accounts: null,
      error,
      canRecordPayments: canRecordKind(ctx, 2),
    };
  }
  const listParams = new URLSearchParams();
  for (const k of ["page", "size", "sort", "q", "rel", "hasBalance"]) {
    const v = params.get(k);
    if (v) listParams.set(k, v);
  }
  const query = parseListQuery(listParams, listSpecOf(partnerAccountResource));
  const list = await listFromParams<PartnerAccountRow>(partnerAccountResource, ctx, listParams);
  return {
    partners,
    ...period,
    statement: null,
    payments: [],
    accounts: {
      totalCount: list.totalCount,
      items: list.items,
      page: query.page,
      size: query.size,
      rel: params.get("rel") ?? "",
      q: query.keyword ?? "",
      hasBalance: params.get("hasBalance") ?? "",
    },
    error,
    canRecordPayments: canRecordKind(ctx, 2),
  };
}

/** 发送对账 (send) and 已确认 / 有异议 (decide) on the statement page. */
export async function reconciliationAction(request: Request) {
  const ctx = await requirePage(request, CODE);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const partnerId = parseId(String(form.get("partnerId") ?? ""));
  const from = String(form.get("from") ?? "");
  const to = String(form.get("to") ?? "");
  const back = partnerId ? statementHref(partnerId, from || undefined, to || undefined) : RECONCILIATION_URL;
  try {
    if (intent === "send") {
      if (!partnerId) return flashRedirect(back, "请选择往来单位", "error");
      const r = await sendStatement(ctx, { partnerId, from: from || null, to: to || null });
      return flashRedirect(back, `已发送对账，期末余额 ￥${r.closing}，待对方确认`);
    }
    if (intent === "decide") {
      const id = parseId(String(form.get("confirmationId") ?? ""));
      await decideStatement(ctx, id ?? 0, { status: form.get("status"), comment: form.get("comment") });
      return flashRedirect(back, form.get("status") === "1" ? "已记录：对方已确认" : "已记录：对方有异议");
    }
  } catch (e) {
    const f = formErrorOf(e);
    if (f) return flashRedirect(back, f.message, "error");
    if ((e as { code?: string }).code === "not_found") return flashRedirect(back, (e as Error).message, "error");
    throw e;
  }
  throw json({ message: "未知操作" }, { status: 400 });
}

export interface PaymentFormData {
  kind: 1 | 2;
  values: Record<string, string>;
  chosen: number[];
  errors: Record<string, string[]>;
  message: string | null;
  partners: { id: number; name: string }[];
  methods: { id: number; name: string }[];
  openDocuments: Awaited<ReturnType<typeof openDocumentsOf>>;
  balance: string | null;
  canRecordPayments: boolean;
}

async function paymentFormData(
  ctx: Ctx,
  kind: 1 | 2,
  values: Record<string, string>,
  chosen: number[],
  errors: Record<string, string[]> = {},
  message: string | null = null,
): Promise<PaymentFormData> {
  const rel = kind === 1 ? 1 : 0;
  const [all, methods] = await Promise.all([statementPartnerChoices(ctx), paymentMethodChoices(db(), ctx.companyId)]);
  const partnerId = parseId(values.partnerId ?? "");
  const partners = all.filter((p) => p.rel === rel).map((p) => ({ id: p.id, name: p.name }));
  const known = partnerId !== null && partners.some((p) => p.id === partnerId);
  const openDocuments = known ? await openDocumentsOf(ctx, partnerId!) : [];
  let balance: string | null = null;
  if (known) {
    balance = (await accountSummaries(db(), ctx, [partnerId!])).get(partnerId!)?.balance ?? "0.00";
  }
  return { kind, values, chosen, errors, message, partners, methods, openDocuments, balance, canRecordPayments: canRecordKind(ctx, 2) };
}

function kindOf(v: string | null): 1 | 2 {
  return v === "2" ? 2 : 1;
}

/** 登记收款 (?kind=1, default) / 登记付款 (?kind=2), optionally for ?partnerId. A fresh requestKey per rendered form. */
export async function loadPaymentForm(request: Request) {
  const ctx = await requirePage(request, CODE);
  const params = new URL(request.url).searchParams;
  const kind = kindOf(params.get("kind"));
  // 登记付款 is 付款单's (CWGL-003): the form is not offered to anyone else.
  if (!canRecordKind(ctx, kind)) throw json({ message: "没有权限登记付款单（付款单属经理或财务）" }, { status: 403 });
  const today = await companyToday(db(), ctx);
  const methods = await paymentMethodChoices(db(), ctx.companyId);
  const values = {
    partnerId: params.get("partnerId") ?? "",
    paymentMethodId: methods[0] ? String(methods[0].id) : "",
    amount: "",
    paidOn: today,
    remark: "",
    requestKey: crypto.randomUUID(),
  };
  return paymentFormData(ctx, kind, values, []);
}

const FORM_FIELDS = ["partnerId", "paymentMethodId", "amount", "paidOn", "remark", "requestKey"] as const;

/** intent confirm (登记并确认, default) / draft (保存草稿) / refresh (show the partner's open documents). */
export async function paymentFormAction(request: Request) {
  const ctx = await requirePage(request, CODE);
  const form = await request.formData();
  const kind = kindOf(String(form.get("kind") ?? ""));
  const intent = String(form.get("intent") ?? "confirm");
  const values: Record<string, string> = {};
  for (const k of FORM_FIELDS) values[k] = String(form.get(k) ?? "");
  const chosen = form
    .getAll("entryIds")
    .map((v) => parseId(String(v)))
    .filter((x): x is number => x !== null);
  if (intent === "refresh") return json(await paymentFormData(ctx, kind, values, chosen));
  if (intent !== "confirm" && intent !== "draft") throw json({ message: "未知操作" }, { status: 400 });
  try {
    const r = await createPartnerPayment(ctx, { kind, ...values, entryIds: chosen }, { confirm: intent === "confirm" });
    const label = kind === 1 ? "收款单" : "付款单";
    const what = r.duplicate
      ? `${label} ${r.no} 已登记（重复提交未再生成）`
      : r.status === PAY_CONFIRMED
        ? `${label} ${r.no} 已登记并确认`
        : `${label} ${r.no} 已保存为草稿`;
    return flashRedirect(`${PAYMENTS_URL}/${r.id}`, what);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return json(await paymentFormData(ctx, kind, values, chosen, f.fields, f.message), { status: f.status });
  }
}

export interface PaymentsListData {
  kind: 1 | 2;
  totalCount: number;
  items: Record<string, unknown>[];
  page: number;
  size: number;
  filters: Record<string, string>;
  partners: { id: number; name: string }[];
}

/** /accounting/reconciliation/payments?kind=1|2: receipts (default) or payments, filtered and paged by the URL. */
export async function loadPaymentsList(request: Request): Promise<PaymentsListData> {
  const ctx = await requirePage(request, CODE);
  const params = new URL(request.url).searchParams;
  const kind = kindOf(params.get("kind"));
  const def = kind === 1 ? receiptResource : paymentOrderResource;
  const listParams = new URLSearchParams();
  const filters: Record<string, string> = {};
  for (const k of ["page", "size", "sort", "q", "status", "partnerId", "dateFrom", "dateTo"]) {
    const v = params.get(k);
    if (v) {
      listParams.set(k, v);
      if (!["page", "size", "sort"].includes(k)) filters[k] = v;
    }
  }
  const query = parseListQuery(listParams, listSpecOf(def));
  const [list, all] = await Promise.all([listFromParams<Record<string, unknown>>(def, ctx, listParams), statementPartnerChoices(ctx)]);
  return {
    kind,
    totalCount: list.totalCount,
    items: list.items.map((r) => ({
      id: r.id,
      no: r.no,
      status: r.status,
      partnerId: r.partnerId,
      partnerName: r.partnerName,
      paymentMethodName: r.paymentMethodName,
      amount: r.amount,
      unallocatedAmount: r.unallocatedAmount,
      paidOn: r.paidOn,
      createdByName: r.createdByName,
      remark: r.remark,
    })),
    page: query.page,
    size: query.size,
    filters,
    partners: all.filter((p) => p.rel === (kind === 1 ? 1 : 0)).map((p) => ({ id: p.id, name: p.name })),
  };
}

/** One receipt or payment. */
export async function loadPaymentDoc(request: Request, idText: string | undefined): Promise<PartnerPaymentView> {
  const ctx = await requirePage(request, CODE);
  const id = parseId(idText ?? "");
  try {
    return await getPartnerPayment(ctx, id ?? 0);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") throw json({ message: "收付款单不存在" }, { status: 404 });
    throw e;
  }
}

/** 确认 / 作废 / 删除 on the document's page. */
export async function paymentDocAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, CODE);
  const id = parseId(idText ?? "");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = `${PAYMENTS_URL}/${id}`;
  if (id === null) throw json({ message: "收付款单不存在" }, { status: 404 });
  if (!["confirm", "void", "remove"].includes(intent)) throw json({ message: "未知操作" }, { status: 400 });
  try {
    const before = await getPartnerPayment(ctx, id);
    await runPartnerPaymentAction(ctx, id, intent);
    if (intent === "remove") return flashRedirect(`${PAYMENTS_URL}?kind=${before.kind}`, `${before.no} 已删除`);
    return flashRedirect(here, intent === "confirm" ? `${before.no} 已确认并核销` : `${before.no} 已作废`);
  } catch (e) {
    const f = formErrorOf(e);
    // Not this user's duty (voiding, a supplier payment): the page refuses like any forbidden page.
    if (f?.status === 403) throw json({ message: f.message }, { status: 403 });
    if (f) return flashRedirect(here, f.message, "error");
    if ((e as { code?: string }).code === "not_found") throw json({ message: "收付款单不存在" }, { status: 404 });
    throw e;
  }
}
