import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { apiCollection, apiDocumentAction } from "../resource/api";
import { enterpriseRelations } from "../organization/organization.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { paymentDocAction, paymentFormAction } from "./finance.page";
import { partnerPayments, paymentMethods } from "./finance.tables";
import {
  confirmPartnerPayment,
  createPartnerPayment,
  getPartnerPayment,
  PAYMENT_ORDER_CODE,
  removePartnerPayment,
  VOID_MONEY_CODE,
  voidPartnerPayment,
} from "./partner-payment.service";
import "../master-data/registry"; // the resource kit finds resources through it

/**
 * Issue 20 item 13, separation of duties: sales register receipts (收款单) from their customers;
 * recording, confirming or deleting supplier payments (付款单, CWGL-003) and voiding confirmed
 * money (作废收付款, CWGL-004) are the 经理's. Refused on every path: the service, the JSON API,
 * the 登记付款 form and the document page's actions.
 */
useTestDatabase();

let boss: Ctx;
let sales: { ctx: Ctx; token: string };
let customer: number;
let supplier: number;
let method: number;

const bearer = (token: string, method: string, path: string, body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
const formPost = (token: string, path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const money = (kind: 1 | 2, partnerId: number, amount: string) => ({ kind, partnerId, paymentMethodId: method, amount, paidOn: "2024-03-01" });

async function statusOf(id: number) {
  const [row] = await db().select({ status: partnerPayments.status }).from(partnerPayments).where(eq(partnerPayments.id, id));
  return row?.status;
}
async function paymentsOf(partnerId: number) {
  return db()
    .select()
    .from(partnerPayments)
    .where(and(eq(partnerPayments.partnerId, partnerId), eq(partnerPayments.kind, 2)));
}
async function refusal(p: Promise<unknown>) {
  const thrown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  sales = await ctxOf("sales1");
  expect(boss.permissions.has(PAYMENT_ORDER_CODE) && boss.permissions.has(VOID_MONEY_CODE)).toBe(true);
  expect(sales.ctx.permissions.has("CWGL-001")).toBe(true);
  expect(sales.ctx.permissions.has(PAYMENT_ORDER_CODE) || sales.ctx.permissions.has(VOID_MONEY_CODE)).toBe(false);
  const made = await db()
    .insert(enterpriseRelations)
    .values([
      { companyId: boss.companyId, rel: 1, name: "职责测试客户" },
      { companyId: boss.companyId, rel: 0, name: "职责测试供应商" },
    ])
    .returning();
  [customer, supplier] = made.map((m) => m.id) as [number, number];
  const [m] = await db()
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, boss.companyId), eq(paymentMethods.name, "现金")));
  method = m!.id;
});

describe("separation of duties in money", () => {
  it("sales register and confirm receipts from their customers", async () => {
    const r = await createPartnerPayment(sales.ctx, money(1, customer, "50"), { confirm: true });
    expect(r.status).toBe(100);
    const draft = await createPartnerPayment(sales.ctx, money(1, customer, "5"));
    await confirmPartnerPayment(sales.ctx, draft.id);
    expect(await statusOf(draft.id)).toBe(100);
    // The page offers them no 作废 on a confirmed receipt.
    expect((await getPartnerPayment(sales.ctx, r.id)).actions).not.toContain("void");
    expect((await getPartnerPayment(boss, r.id)).actions).toContain("void");
  });

  it("service: sales may not record, confirm or delete a supplier payment, nor void confirmed money", async () => {
    await expect(createPartnerPayment(sales.ctx, money(2, supplier, "30"), { confirm: true })).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("付款单"),
    });
    await expect(createPartnerPayment(sales.ctx, money(2, supplier, "30"))).rejects.toMatchObject({ code: "forbidden" });
    expect(await paymentsOf(supplier)).toHaveLength(0);
    const draft = await createPartnerPayment(boss, money(2, supplier, "30"));
    await expect(confirmPartnerPayment(sales.ctx, draft.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(removePartnerPayment(sales.ctx, draft.id)).rejects.toMatchObject({ code: "forbidden" });
    expect(await statusOf(draft.id)).toBe(0);
    const receipt = await createPartnerPayment(boss, money(1, customer, "20"), { confirm: true });
    await expect(voidPartnerPayment(sales.ctx, receipt.id)).rejects.toMatchObject({ code: "forbidden", message: expect.stringContaining("作废") });
    expect(await statusOf(receipt.id)).toBe(100);
    // The manager does all of it.
    await confirmPartnerPayment(boss, draft.id);
    await voidPartnerPayment(boss, draft.id);
    await voidPartnerPayment(boss, receipt.id);
    expect([await statusOf(draft.id), await statusOf(receipt.id)]).toEqual([90, 90]);
  });

  it("JSON API: POST /api/app/paymentOrder and the confirm / void actions are 403 for sales; receipts are theirs", async () => {
    const before = (await paymentsOf(supplier)).length;
    const create = await apiCollection(bearer(sales.token, "POST", "/api/app/paymentOrder", { ...money(2, supplier, "12"), confirm: true }), "paymentOrder");
    expect(create.status).toBe(403);
    expect((await create.json()).error.message).toContain("付款单");
    expect(await paymentsOf(supplier)).toHaveLength(before);
    const draft = await createPartnerPayment(boss, money(2, supplier, "12"));
    const confirm = await apiDocumentAction(
      bearer(sales.token, "POST", `/api/app/paymentOrder/${draft.id}/confirm`),
      "paymentOrder",
      String(draft.id),
      "confirm",
    );
    expect(confirm.status).toBe(403);
    expect(await statusOf(draft.id)).toBe(0);
    const own = await apiCollection(bearer(sales.token, "POST", "/api/app/receipt", { ...money(1, customer, "8"), confirm: true }), "receipt");
    expect(own.status).toBe(200);
    const { id } = (await own.json()) as { id: number };
    const voided = await apiDocumentAction(bearer(sales.token, "POST", `/api/app/receipt/${id}/void`), "receipt", String(id), "void");
    expect(voided.status).toBe(403);
    expect((await voided.json()).error.message).toContain("作废");
    expect(await statusOf(id)).toBe(100);
  });

  it("pages: 登记付款 and the document page's 确认 / 作废 / 删除 are refused to sales with 403", async () => {
    const before = (await paymentsOf(supplier)).length;
    const form = await paymentFormAction(
      formPost(sales.token, "/accounting/reconciliation/receipt", {
        kind: "2",
        intent: "confirm",
        partnerId: String(supplier),
        paymentMethodId: String(method),
        amount: "15",
        paidOn: "2024-03-02",
        requestKey: "duty-form-1",
      }),
    );
    expect(form.status).toBe(403);
    expect((await form.json()).message).toContain("付款单");
    expect(await paymentsOf(supplier)).toHaveLength(before);

    const draft = await createPartnerPayment(boss, money(2, supplier, "15"));
    for (const intent of ["confirm", "remove"]) {
      const res = await refusal(paymentDocAction(formPost(sales.token, `/accounting/reconciliation/payments/${draft.id}`, { intent }), String(draft.id)));
      expect(res.status).toBe(403);
    }
    expect(await statusOf(draft.id)).toBe(0);
    const receipt = await createPartnerPayment(boss, money(1, customer, "15"), { confirm: true });
    const res = await refusal(
      paymentDocAction(formPost(sales.token, `/accounting/reconciliation/payments/${receipt.id}`, { intent: "void" }), String(receipt.id)),
    );
    expect(res.status).toBe(403);
    expect((await res.json()).message).toContain("作废");
    expect(await statusOf(receipt.id)).toBe(100);
    // The manager's page action goes through.
    const ok = await paymentDocAction(
      formPost((await ctxOf("boss1")).token, `/accounting/reconciliation/payments/${receipt.id}`, { intent: "void" }),
      String(receipt.id),
    );
    expect(ok.status).toBe(302);
    expect(await statusOf(receipt.id)).toBe(90);
  });
});
