import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { partnerAccounts } from "../finance/finance.tables";
import { listRows } from "../lib/list-read";
import { parseListQuery } from "../lib/list-query";
import { listSpecOf } from "../lib/list-read";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { postStock } from "../stock/stock-ledger.service";
import { stockLocations, stockLocks, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { approveCredit, getCreditApproval, rejectCredit } from "./credit-approval.service";
import { creditApprovalResource } from "./credit-approval.resource";
import { approvals } from "./sale.tables";
import { createSalesOrder, getSalesOrder, requestCreditApproval, submitSalesOrder, updateSalesOrder } from "./sales-order.service";

useTestDatabase();

let boss: Ctx;
let sales: Ctx;
let other: Ctx;
let customerId: number;
let warehouseId: number;
let productId: number;
let scarceId: number;

const locksOf = (orderId: number) =>
  db()
    .select()
    .from(stockLocks)
    .where(and(eq(stockLocks.companyId, boss.companyId), eq(stockLocks.docType, "salesOrder"), eq(stockLocks.docId, orderId)));
const approvalOf = async (id: number) => (await db().select().from(approvals).where(eq(approvals.id, id)))[0]!;

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  sales = (await ctxOf("sales1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  await saveCompanySetting(boss, { name: "AutoCreatePickOut", value: "false" });
  const [c] = await db().insert(enterpriseRelations).values({ companyId: boss.companyId, rel: 1, name: "审批测试客户", creditLimit: "1000.00" }).returning();
  customerId = c!.id;
  const [w] = await db().insert(warehouses).values({ companyId: boss.companyId, name: "审批测试仓" }).returning();
  warehouseId = w!.id;
  const [l] = await db().insert(stockLocations).values({ companyId: boss.companyId, warehouseId, code: "AP", fullName: "审批测试仓-AP" }).returning();
  const ps = await db()
    .insert(products)
    .values([
      { companyId: boss.companyId, mainOE: "AP-T1", oeNorm: "APT1", name: "审批测试件" },
      { companyId: boss.companyId, mainOE: "AP-T2", oeNorm: "APT2", name: "审批稀缺件" },
    ])
    .returning();
  [productId, scarceId] = [ps[0]!.id, ps[1]!.id];
  await inTransaction((tx) =>
    postStock(tx, boss, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId: 1,
      docNo: "AP1",
      lines: [
        { productId, locationId: l!.id, batchNo: "", qty: "1000", unitCost: "10", source: 1 },
        { productId: scarceId, locationId: l!.id, batchNo: "", qty: "2", unitCost: "10", source: 1 },
      ],
    }),
  );
});

/** A draft of `qty` × ￥100 for the customer (limit ￥1,000), sent for approval by sales1. */
async function overLimitRequest(qty: string, opts: { product?: number; allowShortage?: boolean } = {}) {
  const { id } = await createSalesOrder(sales, { partnerId: customerId, warehouseId, lines: [{ productId: opts.product ?? productId, qty, price: "100" }] });
  const { approvalId } = await requestCreditApproval(sales, id, { allowShortage: opts.allowShortage });
  return { id, approvalId };
}

describe("credit approvals", () => {
  it("approving submits the order in the same step: stock locked, open order amount over the limit", async () => {
    const { id, approvalId } = await overLimitRequest("12");
    await expect(submitSalesOrder(sales, id)).rejects.toThrow("超出 ￥200.00，请提交审批");
    const view = await getCreditApproval(boss, approvalId);
    expect([view.statusLabel, view.docNo, view.partnerName, view.amount, view.reason, view.requesterName, view.orderStatusLabel]).toEqual([
      "待审核",
      (await getSalesOrder(boss, id)).no,
      "审批测试客户",
      "1200.00",
      "超出信用额度 ￥200.00",
      "李晓燕",
      "草稿",
    ]);
    const r = await approveCredit(boss, approvalId, "同意，月底前回款");
    expect(r.message).toMatch(/^已通过，销售订单 XS\S+ 已提交$/);
    const a = await approvalOf(approvalId);
    expect([a.status, a.decidedBy, a.comment]).toEqual([1, boss.userId, "同意，月底前回款"]);
    const o = await getSalesOrder(boss, id);
    expect([o.status, o.approvalStatus, o.lines[0]!.lockedQty]).toEqual([30, 1, "12.00"]);
    expect((await db().select().from(partnerAccounts).where(eq(partnerAccounts.partnerId, customerId)))[0]!.openOrderAmount).toBe("1200.00");
    await expect(approveCredit(boss, approvalId)).rejects.toThrow("该审批已通过，不能再次审批");
    await expect(rejectCredit(boss, approvalId, "不行")).rejects.toThrow("该审批已通过，不能再次审批");
  });

  it("rejecting needs a comment and keeps the draft; the salesperson may ask again", async () => {
    const { id, approvalId } = await overLimitRequest("3");
    await expect(rejectCredit(boss, approvalId, "  ")).rejects.toThrow("请填写驳回理由");
    const r = await rejectCredit(boss, approvalId, "欠款太多，先回款");
    expect(r.status).toBe(2);
    const a = await approvalOf(approvalId);
    expect([a.status, a.comment]).toEqual([2, "欠款太多，先回款"]);
    const o = await getSalesOrder(sales, id);
    expect([o.status, o.approvalStatus]).toEqual([0, 2]);
    expect(o.actions).toContain("requestApproval");
    expect(o.approvals.map((x) => [x.status, x.comment, x.deciderName])).toEqual([[2, "欠款太多，先回款", "陈志强"]]);
    expect(await locksOf(id)).toHaveLength(0);
    const again = await requestCreditApproval(sales, id);
    expect(again.approvalId).not.toBe(approvalId);
  });

  it("only the manager (需求审批) decides; another company's approval does not exist", async () => {
    const { approvalId } = await overLimitRequest("1");
    await expect(approveCredit(sales, approvalId)).rejects.toThrow("没有审批权限");
    await expect(rejectCredit(sales, approvalId, "不行")).rejects.toThrow("没有审批权限");
    await expect(approveCredit(other, approvalId)).rejects.toThrow("审批单不存在");
    await expect(getCreditApproval(other, approvalId)).rejects.toThrow("审批单不存在");
    await expect(approveCredit(boss, 2147483000)).rejects.toThrow("审批单不存在");
    expect((await approvalOf(approvalId)).status).toBe(0);
  });

  it("an approval whose stock cannot be locked fails with the stock message and changes nothing; with the shortage wish it goes through", async () => {
    const { id, approvalId } = await overLimitRequest("15", { product: scarceId });
    await expect(approveCredit(boss, approvalId)).rejects.toThrow("库存不足：AP-T2 审批稀缺件 可用 2，需要 15");
    expect((await approvalOf(approvalId)).status).toBe(0);
    expect((await getSalesOrder(boss, id)).status).toBe(0);
    expect(await locksOf(id)).toHaveLength(0);
    // The salesperson edits the order (closing the waiting approval) and asks again, accepting the shortage.
    await updateSalesOrder(sales, id, { partnerId: customerId, warehouseId, lines: [{ productId: scarceId, qty: "15", price: "100" }] });
    const { approvalId: second } = await requestCreditApproval(sales, id, { allowShortage: true });
    await approveCredit(boss, second);
    const o = await getSalesOrder(boss, id);
    expect([o.status, o.lines[0]!.lockedQty, o.lines[0]!.shortQty]).toEqual([30, "2.00", "13.00"]);
  });

  it("a granted approval also lets a later submit of the same total through", async () => {
    const { id, approvalId } = await overLimitRequest("20");
    // Granted without submitting (e.g. the order was locked by something else): simulate the granted row.
    await db().update(approvals).set({ status: 1 }).where(eq(approvals.id, approvalId));
    const r = await submitSalesOrder(sales, id);
    expect(r.status).toBe(30);
  });

  it("lists kind-1 approvals, waiting ones by default, of the caller's company only", async () => {
    const list = async (ctx: Ctx, params: string) =>
      (await listRows<Record<string, unknown>>(creditApprovalResource, ctx, parseListQuery(new URLSearchParams(params), listSpecOf(creditApprovalResource))))
        .items;
    const waiting = await list(boss, "");
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((r) => r.status === 0 && r.kind === 1)).toBe(true);
    expect(waiting[0]).toMatchObject({ partnerName: "审批测试客户", requesterName: "李晓燕" });
    const all = await list(boss, "status=all");
    expect(all.some((r) => r.status === 1) && all.some((r) => r.status === 2)).toBe(true);
    expect((await list(boss, "status=2")).every((r) => r.status === 2)).toBe(true);
    expect(await list(boss, "kind=2&status=all")).toHaveLength(all.length);
    // The other company sees its own (demo) approvals only, never one of these.
    const theirs = await list(other, "status=all");
    const ours = new Set(all.map((r) => r.id));
    expect(theirs.every((r) => !ours.has(r.id))).toBe(true);
  });
});
