import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { add, dec, moneyString } from "../lib/decimal";
import { listFromParams } from "../lib/list-read";
import { enterpriseRelations } from "../organization/organization.tables";
import { plansWithOnly } from "../test/plans";
import { BOOKS_HOLD, brokenBooks } from "../test/race";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { partnerAccountEntries, partnerCreditAllocations, partnerPayments, paymentMethods } from "./finance.tables";
import { accountSummaries, postPartnerEntry, reversePartnerEntry, settleAllAccounts } from "./partner-account.service";
import { partnerAccountResource } from "./partner-account.resource";
import {
  createPartnerPayment,
  getPartnerPayment,
  openDocumentsOf,
  removePartnerPayment,
  voidPartnerPayment,
  confirmPartnerPayment,
} from "./partner-payment.service";
import { receiptResource, paymentOrderResource } from "./partner-payment.resource";
import { decideStatement, partnerStatement, sendStatement } from "./statement.service";

useTestDatabase();

let boss: Ctx;
let other: Ctx;
let buyer: Ctx;
let customer: number;
let customerB: number;
let supplier: number;
let method: number;
let docSeq = 1000;

async function post(ctx: Ctx, partnerId: number, docType: string, amount: string, entryDate: string) {
  const docId = docSeq++;
  return { docId, ...(await inTransaction((tx) => postPartnerEntry(tx, ctx, { partnerId, docType, docId, docNo: `T${docId}`, amount, entryDate }))) };
}
async function entry(id: number) {
  const [e] = await db().select().from(partnerAccountEntries).where(eq(partnerAccountEntries.id, id));
  return e!;
}
async function balanceOf(partnerId: number) {
  return (await accountSummaries(db(), boss, [partnerId])).get(partnerId)!.balance;
}
const receipt = (partnerId: number, amount: string, extra: Record<string, unknown> = {}) => ({
  kind: 1,
  partnerId,
  paymentMethodId: method,
  amount,
  paidOn: "2024-03-01",
  ...extra,
});

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  buyer = (await ctxOf("buyer1")).ctx;
  const made = await db()
    .insert(enterpriseRelations)
    .values([
      { companyId: boss.companyId, rel: 1, name: "对账测试客户", paymentTerm: 30 },
      { companyId: boss.companyId, rel: 1, name: "对账测试客户乙" },
      { companyId: boss.companyId, rel: 0, name: "对账测试供应商" },
    ])
    .returning();
  [customer, customerB, supplier] = made.map((m) => m.id) as [number, number, number];
  const [m] = await db()
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, boss.companyId), eq(paymentMethods.name, "现金")));
  method = m!.id;
});

describe("payment methods", () => {
  it("the demo companies have 现金, 银行转账, 微信, 支付宝", async () => {
    const rows = await db()
      .select({ name: paymentMethods.name })
      .from(paymentMethods)
      .where(eq(paymentMethods.companyId, boss.companyId))
      .orderBy(paymentMethods.sortOrder);
    expect(rows.map((r) => r.name)).toEqual(["现金", "银行转账", "微信", "支付宝"]);
  });
});

describe("receipts: allocation oldest first, void undoes", () => {
  it("settles the oldest open documents first and keeps the rest as an advance", async () => {
    const d1 = await post(boss, customer, "deliverOrder", "100", "2024-01-05");
    const d2 = await post(boss, customer, "deliverOrder", "200", "2024-02-10");
    expect(d1.dueDate).toBe("2024-02-04");
    const r1 = await createPartnerPayment(boss, receipt(customer, "150"), { confirm: true });
    expect(r1.no).toMatch(/^SK/);
    expect(r1.status).toBe(100);
    expect((await entry(d1.entryId)).settledAmount).toBe("100.00");
    expect((await entry(d2.entryId)).settledAmount).toBe("50.00");
    const v1 = await getPartnerPayment(boss, r1.id);
    expect(v1.unallocatedAmount).toBe("0.00");
    expect(v1.allocations.map((a) => [a.entryId, a.docNo, a.amount])).toEqual([
      [d1.entryId, `T${d1.docId}`, "100.00"],
      [d2.entryId, `T${d2.docId}`, "50.00"],
    ]);
    expect(await balanceOf(customer)).toBe("150.00");

    const r2 = await createPartnerPayment(boss, receipt(customer, "300"), { confirm: true });
    expect((await entry(d2.entryId)).settledAmount).toBe("200.00");
    expect((await getPartnerPayment(boss, r2.id)).unallocatedAmount).toBe("150.00");
    expect(await balanceOf(customer)).toBe("-150.00");
    expect(await openDocumentsOf(boss, customer)).toEqual([]);

    // Voided: what r1 had settled is open again, and r2's advance settles it at once.
    await voidPartnerPayment(boss, r1.id);
    expect((await entry(d1.entryId)).settledAmount).toBe("100.00");
    expect((await entry(d2.entryId)).settledAmount).toBe("200.00");
    const voided = await getPartnerPayment(boss, r1.id);
    expect(voided.status).toBe(90);
    expect(voided.allocations).toEqual([]);
    expect((await getPartnerPayment(boss, r2.id)).unallocatedAmount).toBe("0.00");
    expect(await balanceOf(customer)).toBe("0.00");
    await expect(voidPartnerPayment(boss, r1.id)).rejects.toThrow("当前状态为“已作废”，不能作废");
    expect(await openDocumentsOf(boss, customer)).toEqual([]);
    // Without an advance left, a voided receipt's documents stay open (the reversal is no open document).
    await voidPartnerPayment(boss, r2.id);
    expect((await openDocumentsOf(boss, customer)).map((o) => o.outstanding)).toEqual(["100.00", "200.00"]);
  });

  it("a document reversed (红冲) hands what receipts had settled of it back to them, which settles the other open documents; advances settle documents posted later", async () => {
    const cust = (await db().insert(enterpriseRelations).values({ companyId: boss.companyId, rel: 1, name: "红冲结算客户" }).returning())[0]!.id;
    const d1 = await post(boss, cust, "deliverOrder", "100", "2024-01-05");
    const d2 = await post(boss, cust, "deliverOrder", "60", "2024-01-06");
    const r = await createPartnerPayment(boss, receipt(cust, "130"), { confirm: true });
    expect((await entry(d1.entryId)).settledAmount).toBe("100.00");
    expect((await entry(d2.entryId)).settledAmount).toBe("30.00");

    await inTransaction((tx) => reversePartnerEntry(tx, boss, { docType: "deliverOrder", docId: d1.docId, docNo: `T${d1.docId}` }));
    expect((await entry(d1.entryId)).settledAmount).toBe("0.00");
    expect((await entry(d2.entryId)).settledAmount).toBe("60.00");
    let view = await getPartnerPayment(boss, r.id);
    expect(view.unallocatedAmount).toBe("70.00");
    expect(view.allocations.map((a) => [a.entryId, a.amount])).toEqual([
      [d2.entryId, "30.00"],
      [d2.entryId, "30.00"],
    ]);
    // 160 − 100 (reversed) − 130 paid: 70 in advance, nothing open.
    expect(await balanceOf(cust)).toBe("-70.00");
    expect(await openDocumentsOf(boss, cust)).toEqual([]);
    // A second reversal of the same document is refused and changes nothing.
    await expect(inTransaction((tx) => reversePartnerEntry(tx, boss, { docType: "deliverOrder", docId: d1.docId, docNo: `T${d1.docId}` }))).rejects.toThrow(
      "已记入往来账",
    );
    expect(await balanceOf(cust)).toBe("-70.00");

    // Documents posted later take the advance at once, oldest first; what it cannot cover stays open.
    const d3 = await post(boss, cust, "deliverOrder", "50", "2024-02-01");
    expect((await entry(d3.entryId)).settledAmount).toBe("50.00");
    const d4 = await post(boss, cust, "deliverOrder", "40", "2024-02-02");
    expect((await entry(d4.entryId)).settledAmount).toBe("20.00");
    view = await getPartnerPayment(boss, r.id);
    expect(view.unallocatedAmount).toBe("0.00");
    expect((await openDocumentsOf(boss, cust)).map((o) => [o.entryId, o.outstanding])).toEqual([[d4.entryId, "20.00"]]);
    // A credit (a return, negative) is no document to settle; a reversal neither.
    await post(boss, cust, "salesReturnOrder", "-5", "2024-02-03");
    expect(await balanceOf(cust)).toBe("15.00");
  });

  it("credits (returns) settle open documents oldest first, like advances; reversals and voids hand back and settle again", async () => {
    const cust = (await db().insert(enterpriseRelations).values({ companyId: boss.companyId, rel: 1, name: "退货冲抵客户" }).returning())[0]!.id;
    const open = async () => (await openDocumentsOf(boss, cust)).map((o) => [o.entryId, o.outstanding]);
    const d1 = await post(boss, cust, "deliverOrder", "100", "2024-01-05");
    const d2 = await post(boss, cust, "deliverOrder", "60", "2024-01-06");
    const c1 = await post(boss, cust, "salesReturnOrder", "-30", "2024-01-07");
    expect((await entry(d1.entryId)).settledAmount).toBe("30.00");
    expect((await entry(c1.entryId)).settledAmount).toBe("-30.00");
    const c2 = await post(boss, cust, "salesReturnOrder", "-120", "2024-01-08");
    expect(await open()).toEqual([[d2.entryId, "10.00"]]);
    // A credit larger than what is open stays open with the rest…
    const c3 = await post(boss, cust, "salesReturnOrder", "-50", "2024-01-09");
    expect(await open()).toEqual([]);
    expect((await entry(c3.entryId)).settledAmount).toBe("-10.00");
    expect(await balanceOf(cust)).toBe("-40.00");
    let st = await partnerStatement(boss, { partnerId: cust, from: "2024-01-01", to: "2024-12-31" });
    expect([st.ageing.open, st.ageing.other]).toEqual(["0.00", "-40.00"]);
    // …and settles a document posted later.
    const d3 = await post(boss, cust, "deliverOrder", "80", "2024-02-01");
    expect(await open()).toEqual([[d3.entryId, "40.00"]]);
    const r = await createPartnerPayment(boss, receipt(cust, "40"), { confirm: true });
    expect(await open()).toEqual([]);
    expect(await balanceOf(cust)).toBe("0.00");

    // 红冲 of a return: what it had settled is open again (nothing else on account to settle it).
    await inTransaction((tx) => reversePartnerEntry(tx, boss, { docType: "salesReturnOrder", docId: c2.docId, docNo: `T${c2.docId}` }));
    expect(await open()).toEqual([
      [d1.entryId, "70.00"],
      [d2.entryId, "50.00"],
    ]);
    expect((await entry(c2.entryId)).settledAmount).toBe("0.00");
    // A voided receipt reopens its document.
    await voidPartnerPayment(boss, r.id);
    expect(await open()).toEqual([
      [d1.entryId, "70.00"],
      [d2.entryId, "50.00"],
      [d3.entryId, "40.00"],
    ]);
    // 红冲 of a delivery a return had credited: the credit goes to the next open document.
    await inTransaction((tx) => reversePartnerEntry(tx, boss, { docType: "deliverOrder", docId: d1.docId, docNo: `T${d1.docId}` }));
    expect(await open()).toEqual([
      [d2.entryId, "20.00"],
      [d3.entryId, "40.00"],
    ]);
    expect(await balanceOf(cust)).toBe("60.00");
    st = await partnerStatement(boss, { partnerId: cust, from: "2024-01-01", to: "2024-12-31" });
    expect([st.ageing.open, st.ageing.other]).toEqual(["60.00", "0.00"]);

    // Suppliers alike: a purchase return settles the receiving note.
    const sup = (await db().insert(enterpriseRelations).values({ companyId: boss.companyId, rel: 0, name: "退货冲抵供应商" }).returning())[0]!.id;
    const g = await post(boss, sup, "receiveOrder", "200", "2024-01-05");
    await post(boss, sup, "purchaseReturnOrder", "-50", "2024-01-06");
    expect((await entry(g.entryId)).settledAmount).toBe("50.00");
    expect(await brokenBooks(boss.companyId)).toEqual(BOOKS_HOLD);
  });

  it("settleAllAccounts (job 往来自动核销) settles what was posted before credits settled documents, and nothing twice", async () => {
    const cust = (await db().insert(enterpriseRelations).values({ companyId: boss.companyId, rel: 1, name: "旧数据核销客户" }).returning())[0]!.id;
    const d1 = await post(boss, cust, "deliverOrder", "100", "2024-01-05");
    const c1 = await post(boss, cust, "salesReturnOrder", "-40", "2024-01-06");
    // As the books were before: the return left the delivery open.
    await db().delete(partnerCreditAllocations).where(eq(partnerCreditAllocations.creditEntryId, c1.entryId));
    await db()
      .update(partnerAccountEntries)
      .set({ settledAmount: "0" })
      .where(inArray(partnerAccountEntries.id, [d1.entryId, c1.entryId]));
    expect((await openDocumentsOf(boss, cust)).map((o) => o.outstanding)).toEqual(["100.00"]);
    expect(await settleAllAccounts(boss.companyId, new Date())).toBeGreaterThanOrEqual(1);
    expect((await openDocumentsOf(boss, cust)).map((o) => o.outstanding)).toEqual(["60.00"]);
    expect((await entry(c1.entryId)).settledAmount).toBe("-40.00");
    expect(await settleAllAccounts(boss.companyId, new Date())).toBe(0);
    expect(await brokenBooks(boss.companyId)).toEqual(BOOKS_HOLD);
  });

  it("finds a partner's open credits through their partial index, not by reading all its entries", async () => {
    const [plan] = await plansWithOnly([
      [
        "partner_account_entries",
        "%credit_idx",
        sql`explain select e.id from partner_account_entries e where e.company_id = ${boss.companyId} and e.partner_id = ${customer} and e.amount < 0 and e.amount < e.settled_amount`,
      ],
    ]);
    expect(plan).toContain("partner_account_entries_credit_idx");
  });

  it("settles the chosen documents first", async () => {
    const a = await post(boss, customerB, "deliverOrder", "80", "2024-01-01");
    const b = await post(boss, customerB, "deliverOrder", "60", "2024-01-02");
    await createPartnerPayment(boss, receipt(customerB, "70", { entryIds: [String(b.entryId)] }), { confirm: true });
    expect((await entry(b.entryId)).settledAmount).toBe("60.00");
    expect((await entry(a.entryId)).settledAmount).toBe("10.00");
    await expect(createPartnerPayment(boss, receipt(customerB, "5", { entryIds: [b.entryId] }), { confirm: true })).rejects.toThrow(
      "所选单据不存在、不属于该往来单位或已结清",
    );
  });

  it("a reversed document is not open; a draft is deleted, a confirmed one only voided", async () => {
    const d = await post(boss, customerB, "deliverOrder", "40", "2024-01-03");
    await inTransaction((tx) =>
      postPartnerEntry(tx, boss, { partnerId: customerB, docType: "deliverOrderBack", docId: d.docId, docNo: "back", amount: "-40" }),
    );
    expect((await openDocumentsOf(boss, customerB)).map((o) => o.entryId)).not.toContain(d.entryId);
    const draft = await createPartnerPayment(boss, receipt(customerB, "9"));
    expect(draft.status).toBe(0);
    await removePartnerPayment(boss, draft.id);
    await expect(getPartnerPayment(boss, draft.id)).rejects.toMatchObject({ code: "not_found" });
    const c = await createPartnerPayment(boss, receipt(customerB, "9"));
    await confirmPartnerPayment(boss, c.id);
    await expect(removePartnerPayment(boss, c.id)).rejects.toThrow("不能删除");
  });

  it("payments go to suppliers, receipts to customers", async () => {
    const p = await createPartnerPayment(boss, { ...receipt(supplier, "10"), kind: 2 }, { confirm: true });
    expect(p.no).toMatch(/^FK/);
    expect(await balanceOf(supplier)).toBe("-10.00");
    await expect(createPartnerPayment(boss, receipt(supplier, "10"))).rejects.toMatchObject({ code: "bad_request", message: "所选客户不存在" });
    await expect(createPartnerPayment(boss, { ...receipt(customer, "10"), kind: 2 })).rejects.toMatchObject({ message: "所选供应商不存在" });
    // The lists keep the kinds apart.
    const receipts = await listFromParams<{ id: number; kind: number }>(receiptResource, boss, new URLSearchParams("maxResultCount=100&kind=2"));
    expect(receipts.items.every((r) => r.kind === 1)).toBe(true);
    expect(receipts.items.map((r) => r.id)).not.toContain(p.id);
    const payments = await listFromParams<{ id: number }>(paymentOrderResource, boss, new URLSearchParams("maxResultCount=100"));
    expect(payments.items.map((r) => r.id)).toContain(p.id);
    await expect(paymentOrderResource.document!.get(boss, (await createPartnerPayment(boss, receipt(customer, "1"))).id)).rejects.toMatchObject({
      code: "not_found",
      message: "付款单不存在",
    });
  });

  it("refuses bad input in Chinese and changes nothing", async () => {
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(partnerPayments)
    )[0]!.n;
    for (const [amount, message] of [
      ["0", "金额必须大于 0"],
      ["-5", "金额必须大于 0"],
      ["1.234", "金额最多两位小数"],
      ["abc", "金额必须是数字"],
      ["", "请输入金额"],
      ["10000000000.01", "金额不能超过 10000000000"],
    ]) {
      await expect(createPartnerPayment(boss, receipt(customer, amount!), { confirm: true })).rejects.toMatchObject({ code: "bad_request", message });
    }
    await expect(createPartnerPayment(boss, receipt(customer, "10", { paymentMethodId: "" }))).rejects.toMatchObject({ message: "请选择收款方式" });
    await expect(createPartnerPayment(boss, receipt(customer, "10", { paidOn: "2024-02-30" }))).rejects.toMatchObject({ message: "日期不正确" });
    expect((await createPartnerPayment(boss, receipt(customer, "10000000000"))).status).toBe(0);
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(partnerPayments)
      )[0]!.n,
    ).toBe(before + 1);
  });
});

describe("double post and other companies", () => {
  it("the same form posted twice creates one receipt", async () => {
    const body = receipt(customerB, "12.5", { requestKey: "form-abc-1" });
    const first = await createPartnerPayment(boss, body, { confirm: true });
    const second = await createPartnerPayment(boss, body, { confirm: true });
    expect(second).toMatchObject({ id: first.id, no: first.no, duplicate: true });
    const rows = await db().select().from(partnerPayments).where(eq(partnerPayments.requestKey, "form-abc-1"));
    expect(rows).toHaveLength(1);
  });

  it("another company cannot see or post to our partners and documents", async () => {
    const r = await createPartnerPayment(boss, receipt(customer, "3"));
    await expect(getPartnerPayment(other, r.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(confirmPartnerPayment(other, r.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(voidPartnerPayment(other, r.id)).rejects.toMatchObject({ code: "not_found" });
    const [m2] = await db().select().from(paymentMethods).where(eq(paymentMethods.companyId, other.companyId)).limit(1);
    await expect(createPartnerPayment(other, { ...receipt(customer, "3"), paymentMethodId: m2!.id })).rejects.toMatchObject({
      code: "bad_request",
      message: "所选客户不存在",
    });
    await expect(createPartnerPayment(other, receipt(customer, "3"))).rejects.toMatchObject({ code: "bad_request" });
    await expect(partnerStatement(other, { partnerId: customer })).rejects.toMatchObject({ code: "not_found", message: "往来单位不存在" });
    const theirs = await listFromParams<{ id: number }>(receiptResource, other, new URLSearchParams("maxResultCount=500"));
    expect(theirs.items.map((x) => x.id)).not.toContain(r.id);
    const accounts = await listFromParams<{ id: number }>(partnerAccountResource, other, new URLSearchParams("maxResultCount=500"));
    expect(accounts.items.map((x) => x.id)).not.toContain(customer);
  });

  it("needs 对账单 (CWGL-001): a buyer is refused", async () => {
    await expect(createPartnerPayment(buyer, { ...receipt(supplier, "3"), kind: 2 })).rejects.toMatchObject({ code: "forbidden" });
    await expect(partnerStatement(buyer, { partnerId: supplier })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("statement of account", () => {
  it("opening + Σ documents − receipts = closing for any split of the period", async () => {
    const p = (await db().insert(enterpriseRelations).values({ companyId: boss.companyId, rel: 1, name: "对账期间客户", paymentTerm: 100 }).returning())[0]!.id;
    const days = ["2024-01-03", "2024-01-20", "2024-02-01", "2024-02-15", "2024-03-10", "2024-03-31", "2024-04-02"];
    const amounts = ["100.10", "-20.00", "300.00", "-55.55", "42.00", "-1.11", "9.99"];
    for (let i = 0; i < days.length; i++) await post(boss, p, amounts[i]!.startsWith("-") ? "salesReturnOrder" : "deliverOrder", amounts[i]!, days[i]!);
    await createPartnerPayment(boss, { kind: 1, partnerId: p, paymentMethodId: method, amount: "77.77", paidOn: "2024-02-20" }, { confirm: true });
    const whole = await partnerStatement(boss, { partnerId: p, from: "2024-01-01", to: "2024-12-31" });
    expect(whole.opening).toBe("0.00");
    expect(whole.closing).toBe(await balanceOf(p));
    expect(moneyString(add(whole.opening, dec(whole.totalIncrease).minus(whole.totalDecrease)))).toBe(whole.closing);
    const splits = ["2024-01-03", "2024-01-19", "2024-02-01", "2024-02-20", "2024-03-31", "2024-04-01"];
    for (const cut of splits) {
      const next = new Date(Date.parse(`${cut}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const a = await partnerStatement(boss, { partnerId: p, from: "2024-01-01", to: cut });
      const b = await partnerStatement(boss, { partnerId: p, from: next, to: "2024-12-31" });
      expect(b.opening, cut).toBe(a.closing);
      expect(b.closing, cut).toBe(whole.closing);
      for (const s of [a, b]) {
        expect(moneyString(dec(s.opening).plus(s.totalIncrease).minus(s.totalDecrease))).toBe(s.closing);
        let run = dec(s.opening);
        for (const l of s.lines) {
          run = run.plus(l.increase ?? 0).minus(l.decrease ?? 0);
          expect(l.balance).toBe(moneyString(run));
        }
      }
    }
    const receiptLine = whole.lines.find((l) => l.docType === "receipt")!;
    expect(receiptLine).toMatchObject({ typeLabel: "收款", decrease: "77.77", increase: null });
    expect(receiptLine.href).toMatch(/^\/accounting\/reconciliation\/payments\/\d+$/);
    expect(whole.lines[0]).toMatchObject({ typeLabel: "销售发货", href: expect.stringMatching(/^\/sale\/deliver\//) });
    // Ageing: 月结 documents of early 2024 are far past due.
    expect(whole.ageing.buckets.find((b) => b.key === "over90")!.amount).toBe(whole.ageing.open);
    expect(moneyString(dec(whole.ageing.open).plus(whole.ageing.other))).toBe(whole.currentBalance);
    await expect(partnerStatement(boss, { partnerId: p, from: "2024-02-01", to: "2024-01-01" })).rejects.toMatchObject({ message: "开始日期不能晚于结束日期" });
    await expect(partnerStatement(boss, { partnerId: p, from: "2024-13-01" })).rejects.toMatchObject({ message: "开始日期不正确" });
  });

  it("send → 未确认, then 已确认 or 有异议 with a comment", async () => {
    const sent = await sendStatement(boss, { partnerId: customer, from: "2024-01-01", to: "2024-03-31" });
    let s = await partnerStatement(boss, { partnerId: customer, from: "2024-01-01", to: "2024-03-31" });
    expect(s.confirmations[0]).toMatchObject({ id: sent.id, status: 0, statusName: "未确认", closingBalance: s.closing });
    await expect(decideStatement(boss, sent.id, { status: 2, comment: " " })).rejects.toThrow("有异议时请填写异议说明");
    await decideStatement(boss, sent.id, { status: 2, comment: "少了一张发货单" });
    s = await partnerStatement(boss, { partnerId: customer });
    expect(s.confirmations[0]).toMatchObject({ status: 2, statusName: "有异议", comment: "少了一张发货单" });
    await expect(decideStatement(boss, sent.id, { status: 1 })).rejects.toThrow("不能再次处理");
    await expect(decideStatement(other, sent.id, { status: 1 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("the partner account list shows balance and overdue, filtered by rel and balance", async () => {
    const res = await listFromParams<{ id: number; balance: string; overdueAmount: string; rel: number }>(
      partnerAccountResource,
      boss,
      new URLSearchParams("maxResultCount=500&rel=1&hasBalance=true"),
    );
    const row = res.items.find((r) => r.id === customerB)!;
    expect(row.balance).toBe(await balanceOf(customerB));
    expect(Number(row.overdueAmount)).toBeGreaterThan(0);
    expect(res.items.every((r) => r.rel === 1 && r.balance !== "0.00")).toBe(true);
  });

  it("the seeded receiving notes posted the suppliers' payables: every balance = Σ its entries", async () => {
    const bad = await db().execute(sql`select a.partner_id from partner_accounts a
      left join (select partner_id, sum(amount) s from partner_account_entries where company_id = ${boss.companyId} group by 1) e using (partner_id)
      where a.company_id = ${boss.companyId} and a.balance <> coalesce(e.s, 0)`);
    expect(((bad as { rows?: unknown[] }).rows ?? (bad as unknown as unknown[])).length).toBe(0);
    const [n] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerAccountEntries)
      .where(and(eq(partnerAccountEntries.companyId, boss.companyId), eq(partnerAccountEntries.docType, "receiveOrder")));
    expect(n!.n).toBeGreaterThan(0);
  });
});
