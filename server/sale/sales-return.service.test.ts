import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { partnerAccountEntries, partnerAccounts } from "../finance/finance.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { postStock } from "../stock/stock-ledger.service";
import { productCosts, stockBalances, stockLocations, stockMoves } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { approvals, deliverOrderLines, salesOrderLines } from "./sale.tables";
import { salesReturnPrintSheet } from "./sales-return.print";
import { makeDeliveredOrder, makeReturnWorld, type ReturnWorld } from "./sales-return.fixture";
import {
  approveSalesReturnOrder,
  cancelSalesReturnOrder,
  confirmSalesReturnOrder,
  createSalesReturnOrder,
  decideReturnApproval,
  getSalesReturnOrder,
  rejectSalesReturnOrder,
  removeSalesReturnOrder,
  runSalesReturnAction,
  salesReturnPrefill,
  submitSalesReturnOrder,
  updateSalesReturnOrder,
} from "./sales-return.service";

useTestDatabase();

let sales: Ctx;
let boss: Ctx;
let other: Ctx;
let w: ReturnWorld;

const entryOf = async (docId: number) =>
  (
    await db()
      .select()
      .from(partnerAccountEntries)
      .where(and(eq(partnerAccountEntries.docType, "salesReturnOrder"), eq(partnerAccountEntries.docId, docId)))
  )[0];
const movesOf = (docId: number) =>
  db()
    .select()
    .from(stockMoves)
    .where(and(eq(stockMoves.docType, "salesReturnOrder"), eq(stockMoves.docId, docId)));

async function approveAndConfirm(id: number) {
  await approveSalesReturnOrder(boss, id, { comment: "同意" });
  await confirmSalesReturnOrder(sales, id);
}

beforeAll(async () => {
  sales = (await ctxOf("sales1")).ctx;
  boss = (await ctxOf("boss1")).ctx;
  other = (await ctxOf("sales2")).ctx;
  w = await makeReturnWorld(boss, "U1", { qty: "20", cost: "8" });
});

describe("sales returns", () => {
  it("from a delivered order: submit → approve → confirm posts the inflow at the original cost (source 3) into the configured location, credits the customer, counts the return", async () => {
    const { order, line, deliveryLines } = await makeDeliveredOrder(w, { qty: "5", price: "20", deliveries: ["5"] });
    // Stock bought later at another cost moves the average away from the delivery's 8.
    await inTransaction((tx) =>
      postStock(tx, boss, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 2,
        docNo: "T2",
        lines: [{ productId: w.productId, locationId: w.shelf, batchNo: "B2", qty: "15", unitCost: "16", source: 1 }],
      }),
    );
    const [special] = await db()
      .insert(stockLocations)
      .values({ companyId: boss.companyId, warehouseId: w.warehouseId, code: "TH-SET", fullName: "退货仓U1-TH-SET", kind: 2 })
      .returning();
    await saveCompanySetting(boss, { name: "SalesReturnOrderLocation", value: { Default: { Id: special!.id, Name: special!.fullName }, Type: 0 } });

    const prefill = await salesReturnPrefill(sales, { orderNo: order.no.toLowerCase() });
    expect(prefill.lines).toHaveLength(1);
    expect(prefill.lines[0]).toMatchObject({
      deliverOrderLineId: deliveryLines[0]!.id,
      salesOrderLineId: line.id,
      returnable: "5.00",
      price: "20.00",
      batchNo: "B1",
    });

    // The price sent is ignored: an order's return is credited at what the delivery charged.
    const { id, no } = await createSalesReturnOrder(sales, {
      partnerId: w.customerId,
      warehouseId: w.warehouseId,
      salesOrderId: order.id,
      lines: [{ productId: w.productId, qty: "2", price: "99", reasonCode: 50, deliverOrderLineId: deliveryLines[0]!.id }],
    });
    expect(no).toMatch(/^XT/);
    let doc = await getSalesReturnOrder(sales, id);
    expect(doc).toMatchObject({ status: 0, totalAmount: "40.00", actions: ["submit", "cancel"], salesOrderNo: order.no });
    expect(doc.lines[0]).toMatchObject({ price: "20.00", salesOrderLineId: line.id, batchNo: "B1", reasonName: "产品破损" });

    await submitSalesReturnOrder(sales, id);
    const [waiting] = await db()
      .select()
      .from(approvals)
      .where(and(eq(approvals.docType, "salesReturnOrder"), eq(approvals.docId, id)));
    expect(waiting).toMatchObject({ kind: 2, status: 0, docNo: no, amount: "40.00", reason: "产品破损" });
    await expect(confirmSalesReturnOrder(sales, id)).rejects.toThrow("当前状态为“待审核”，不能确认入库");
    await expect(approveSalesReturnOrder(sales, id)).rejects.toMatchObject({ code: "forbidden" });

    await decideReturnApproval(boss, waiting!.id, "approve", "同意退货");
    doc = await getSalesReturnOrder(sales, id);
    expect(doc.status).toBe(20);
    expect(doc.approval).toMatchObject({ status: 1, comment: "同意退货" });

    const before = await db()
      .select()
      .from(partnerAccounts)
      .where(and(eq(partnerAccounts.companyId, boss.companyId), eq(partnerAccounts.partnerId, w.customerId)));
    await confirmSalesReturnOrder(sales, id);
    doc = await getSalesReturnOrder(sales, id);
    expect(doc).toMatchObject({ status: 100, locationId: special!.id, actions: ["reverse"] });
    const sheet = await salesReturnPrintSheet(sales, id);
    expect(sheet.amount).toEqual({ figures: expect.stringContaining("40.00"), capitals: "肆拾元整" });
    const [move] = await movesOf(id);
    expect(move).toMatchObject({ bizType: "SalesReturnOrder", qty: "2.00", unitCost: "8.0000", locationId: special!.id, batchNo: "B1" });
    const [bal] = await db()
      .select()
      .from(stockBalances)
      .where(and(eq(stockBalances.locationId, special!.id), eq(stockBalances.productId, w.productId)));
    expect(bal).toMatchObject({ qty: "2.00", source: 3, batchNo: "B1" });
    expect((await entryOf(id))!.amount).toBe("-40.00");
    const [acct] = await db()
      .select()
      .from(partnerAccounts)
      .where(and(eq(partnerAccounts.companyId, boss.companyId), eq(partnerAccounts.partnerId, w.customerId)));
    expect(Number(acct!.balance)).toBe(Number(before[0]?.balance ?? 0) - 40);
    expect((await db().select().from(salesOrderLines).where(eq(salesOrderLines.id, line.id)))[0]!.returnedQty).toBe("2.00");
    expect((await db().select().from(deliverOrderLines).where(eq(deliverOrderLines.id, deliveryLines[0]!.id)))[0]!.returnedQty).toBe("2.00");
    await expect(confirmSalesReturnOrder(sales, id)).rejects.toThrow("不能确认入库");
    expect(await movesOf(id)).toHaveLength(1);
    // What is left to return: 3.
    expect((await salesReturnPrefill(sales, { orderId: order.id })).lines[0]!.returnable).toBe("3.00");
    await saveCompanySetting(boss, { name: "SalesReturnOrderLocation", value: { Default: { Id: null, Name: "" }, Type: 0 } });
  });

  it("红冲 of a completed return: the goods go back out of the return location at their cost, the returned quantities and the customer's credit are taken back; refused once the goods left the return location", async () => {
    const { order, line, deliveryLines } = await makeDeliveredOrder(w, { qty: "4", price: "15", deliveries: ["4"] });
    const make = async (qty: string) => {
      const r = await createSalesReturnOrder(
        sales,
        {
          partnerId: w.customerId,
          warehouseId: w.warehouseId,
          salesOrderId: order.id,
          lines: [{ productId: w.productId, qty, price: "15", reasonCode: 50, deliverOrderLineId: deliveryLines[0]!.id }],
        },
        { submit: true },
      );
      await approveAndConfirm(r.id);
      return r.id;
    };
    const balance = async () =>
      Number(
        (
          await db()
            .select()
            .from(partnerAccounts)
            .where(and(eq(partnerAccounts.companyId, boss.companyId), eq(partnerAccounts.partnerId, w.customerId)))
        )[0]!.balance,
      );
    const id = await make("3");
    const afterReturn = await balance();
    const [inflow] = await movesOf(id);

    await runSalesReturnAction(sales, id, "reverse");
    const doc = await getSalesReturnOrder(sales, id);
    expect(doc).toMatchObject({ status: 95, statusName: "已红冲", actions: [] });
    const moves = await movesOf(id);
    expect(moves.map((m) => [m.bizType, m.qty, m.unitCost, m.locationId, m.reversesMoveId]).sort()).toEqual(
      [
        ["SalesReturnOrder", "3.00", inflow!.unitCost, inflow!.locationId, null],
        ["SalesReturnOrderBack", "-3.00", inflow!.unitCost, inflow!.locationId, inflow!.id],
      ].sort(),
    );
    expect((await db().select().from(salesOrderLines).where(eq(salesOrderLines.id, line.id)))[0]!.returnedQty).toBe("0.00");
    expect((await db().select().from(deliverOrderLines).where(eq(deliverOrderLines.id, deliveryLines[0]!.id)))[0]!.returnedQty).toBe("0.00");
    expect(await balance()).toBe(afterReturn + 45);
    expect((await salesReturnPrefill(sales, { orderId: order.id })).lines[0]!.returnable).toBe("4.00");
    await expect(runSalesReturnAction(sales, id, "reverse")).rejects.toThrow("当前状态为“已红冲”");
    expect(await movesOf(id)).toHaveLength(2);

    // Goods that left the return location since cannot be taken out of it again.
    const moved = await make("2");
    const [m] = await movesOf(moved);
    const [there] = await db()
      .select()
      .from(stockBalances)
      .where(and(eq(stockBalances.productId, w.productId), eq(stockBalances.locationId, m!.locationId), eq(stockBalances.batchNo, m!.batchNo)));
    await inTransaction((tx) =>
      postStock(tx, boss, {
        bizType: "StockMoveOrder",
        docType: "test",
        docId: 77,
        docNo: "T77",
        lines: [{ productId: w.productId, locationId: m!.locationId, batchNo: m!.batchNo, qty: `-${there!.qty}` }],
      }),
    );
    await expect(runSalesReturnAction(sales, moved, "reverse")).rejects.toThrow("退回的货物已移走或出库，不能红冲");
    expect((await getSalesReturnOrder(sales, moved)).status).toBe(100);
    await expect(runSalesReturnAction(other, moved, "reverse")).rejects.toThrow();
  });

  it("never more than delivered − returned: lines of one order line summed at submit, and checked again at confirm", async () => {
    const { order, deliveryLines } = await makeDeliveredOrder(w, { qty: "6", price: "10", deliveries: ["2", "2"] });
    const [d1, d2] = deliveryLines;
    const base = { partnerId: w.customerId, warehouseId: w.warehouseId, salesOrderId: order.id };
    const line = (qty: string, dl: number) => ({ productId: w.productId, qty, price: "10", reasonCode: 70, deliverOrderLineId: dl });

    // 2 + 3 of one order line, delivered 4: refused (and per delivery line, 3 > 2).
    const tooMuch = await createSalesReturnOrder(sales, { ...base, lines: [line("2", d1!.id), line("3", d2!.id)] });
    await expect(submitSalesReturnOrder(sales, tooMuch.id)).rejects.toThrow("最多可退 4.00 件（已发货 4.00，已退货 0.00），本次退货 5.00 件");
    expect((await getSalesReturnOrder(sales, tooMuch.id)).status).toBe(0);
    // Two lines of one delivery line summed: 1.5 + 1 > 2.
    const twice = await createSalesReturnOrder(sales, { ...base, lines: [line("1.5", d1!.id), line("1", d1!.id)] });
    await expect(submitSalesReturnOrder(sales, twice.id)).rejects.toThrow("最多可退 2.00 件");

    // Two returns of 3 each pass submit alone; the second is refused at confirm once the first came back.
    const a = await createSalesReturnOrder(sales, { ...base, lines: [line("2", d1!.id), line("1", d2!.id)] }, { submit: true });
    const b = await createSalesReturnOrder(sales, { ...base, lines: [line("2", d2!.id), line("1", d1!.id)] }, { submit: true });
    await approveSalesReturnOrder(boss, a.id);
    await approveSalesReturnOrder(boss, b.id);
    await confirmSalesReturnOrder(sales, a.id);
    await expect(confirmSalesReturnOrder(sales, b.id)).rejects.toThrow(/最多可退 1\.00 件/);
    expect((await getSalesReturnOrder(sales, b.id)).status).toBe(20);
    expect(await movesOf(b.id)).toHaveLength(0);
    expect(await entryOf(b.id)).toBeUndefined();

    // A line that did not leave on this order's deliveries is refused at once.
    await expect(createSalesReturnOrder(sales, { ...base, lines: [{ productId: w.productId, qty: "1", price: "1", reasonCode: 70 }] })).rejects.toThrow(
      "请从销售单",
    );
    await expect(createSalesReturnOrder(sales, { partnerId: w.customerId, warehouseId: w.warehouseId, lines: [line("1", d1!.id)] })).rejects.toThrow(
      "未选择销售单",
    );
  });

  it("free-standing: the moving average, the warehouse's 退货区; reject sends it back to draft with the comment; cancel closes the approval", async () => {
    const body = { partnerId: w.customerId, warehouseId: w.warehouseId, lines: [{ productId: w.productId, qty: "1", price: "30", reasonCode: 70 }] };
    const { id } = await createSalesReturnOrder(sales, body, { submit: true });
    await expect(rejectSalesReturnOrder(boss, id, { comment: "" })).rejects.toThrow("请填写驳回原因");
    await rejectSalesReturnOrder(boss, id, { comment: "请附照片" });
    let doc = await getSalesReturnOrder(sales, id);
    expect(doc.status).toBe(0);
    expect(doc.approvalStatus).toBe(2);
    expect(doc.approval).toMatchObject({ status: 2, comment: "请附照片" });
    await updateSalesReturnOrder(sales, id, { ...body, lines: [{ ...body.lines[0]!, qty: "2" }] }, { submit: true });
    expect((await getSalesReturnOrder(sales, id)).status).toBe(10);
    await runSalesReturnAction(boss, id, "approve", { comment: "" });
    const [cost] = await db()
      .select()
      .from(productCosts)
      .where(and(eq(productCosts.companyId, boss.companyId), eq(productCosts.productId, w.productId)));
    await confirmSalesReturnOrder(sales, id);
    doc = await getSalesReturnOrder(sales, id);
    const [loc] = await db().select().from(stockLocations).where(eq(stockLocations.id, doc.locationId!));
    expect(loc).toMatchObject({ warehouseId: w.warehouseId, kind: 2 });
    const [move] = await movesOf(id);
    expect(move).toMatchObject({ qty: "2.00", unitCost: cost!.avgCost, batchNo: "" });
    expect((await entryOf(id))!.amount).toBe("-60.00");

    // Draft → delete; submitted → cancel closes its waiting approval.
    const draft = await createSalesReturnOrder(sales, body);
    await removeSalesReturnOrder(sales, draft.id);
    await expect(getSalesReturnOrder(sales, draft.id)).rejects.toThrow("销售退货单不存在");
    const waiting = await createSalesReturnOrder(sales, body, { submit: true });
    await cancelSalesReturnOrder(sales, waiting.id);
    expect((await getSalesReturnOrder(sales, waiting.id)).status).toBe(90);
    const open = await db()
      .select()
      .from(approvals)
      .where(and(eq(approvals.docType, "salesReturnOrder"), eq(approvals.docId, waiting.id), eq(approvals.status, 0)));
    expect(open).toHaveLength(0);
    await expect(approveSalesReturnOrder(boss, waiting.id)).rejects.toThrow("当前状态为“已作废”，不能审核通过");
  });

  it("refuses a missing reason at submit, a supplier as customer, and another company's rows", async () => {
    const { id } = await createSalesReturnOrder(sales, {
      partnerId: w.customerId,
      warehouseId: w.warehouseId,
      lines: [{ productId: w.productId, qty: "1", price: "5" }],
    });
    await expect(submitSalesReturnOrder(sales, id)).rejects.toThrow("第 1 行请选择退货原因");
    // A draft is not printed (spec 000 §8); another company's return is 不存在 there too.
    await expect(salesReturnPrintSheet(sales, id)).rejects.toThrow("草稿或未成交状态的订单不允许打印");
    await expect(salesReturnPrintSheet(other, id)).rejects.toThrow("销售退货单不存在");
    await expect(
      submitSalesReturnOrder(sales, (await createSalesReturnOrder(sales, { partnerId: w.customerId, warehouseId: w.warehouseId })).id),
    ).rejects.toThrow("请添加退货明细");
    const [supplier] = await db()
      .execute(sql`insert into enterprise_relations (company_id, rel, name) values (${boss.companyId}, 0, '退货测试供应商X') returning id`)
      .then((r) => ((r as { rows?: unknown[] }).rows ?? r) as { id: number }[]);
    await expect(createSalesReturnOrder(sales, { partnerId: supplier!.id, warehouseId: w.warehouseId })).rejects.toThrow("所选客户不存在");

    await expect(getSalesReturnOrder(other, id)).rejects.toThrow("销售退货单不存在");
    await expect(submitSalesReturnOrder(other, id)).rejects.toThrow("销售退货单不存在");
    await expect(updateSalesReturnOrder(other, id, { partnerId: w.customerId, warehouseId: w.warehouseId })).rejects.toThrow();
    await expect(createSalesReturnOrder(other, { partnerId: w.customerId, warehouseId: w.warehouseId })).rejects.toThrow("所选客户不存在");
    await expect(salesReturnPrefill(other, { orderNo: "XS" })).rejects.toThrow("不存在");
    const boss2 = (await ctxOf("boss2")).ctx;
    await submitSalesReturnOrder(
      sales,
      (
        await createSalesReturnOrder(sales, {
          partnerId: w.customerId,
          warehouseId: w.warehouseId,
          lines: [{ productId: w.productId, qty: "1", price: "5", reasonCode: 110 }],
        })
      ).id,
    );
    const [a] = await db()
      .select()
      .from(approvals)
      .where(and(eq(approvals.companyId, boss.companyId), eq(approvals.status, 0)));
    await expect(decideReturnApproval(boss2, a!.id, "approve")).rejects.toThrow("审批不存在");
    // A stock keeper holds neither the return pages nor 退货审批.
    const stock = (await ctxOf("stock1")).ctx;
    await expect(createSalesReturnOrder(stock, { partnerId: w.customerId, warehouseId: w.warehouseId })).rejects.toMatchObject({ code: "forbidden" });
  });
});
