import { and, asc, desc, eq, inArray, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { auditLogs } from "../lib/audit.tables";
import { enterpriseRelations } from "../organization/organization.tables";
import { createPurchaseOrder } from "../purchase/purchase-order.service";
import { confirmReceiveOrder } from "../purchase/receive-order.service";
import { receiveOrders } from "../purchase/purchase.tables";
import { approveCredit } from "../sale/credit-approval.service";
import { makeCustomer, makeProduct, makeWarehouse, receiveStock } from "../sale/deliver-order.fixture";
import { confirmPicking } from "../sale/picking-order.service";
import { createSalesOrder, requestCreditApproval } from "../sale/sales-order.service";
import { createSalesReturnOrder, decideReturnApproval, rejectSalesReturnOrder, updateSalesReturnOrder } from "../sale/sales-return.service";
import { approvals, pickingOrders } from "../sale/sale.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { MESSAGE_EVENT_CODES, MESSAGE_EVENTS, variablesOf } from "./message-events";
import { getMessageTemplate, listMessageEvents, restoreMessageTemplate, saveMessageTemplate, setMessageEventEnabled } from "../system/message.service";
import { messageTemplates, notifications } from "./message.tables";
import { renderTemplate, templateProblem } from "./message-template";
import {
  countUnreadNotifications,
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
  openNotification,
  purgeOldNotifications,
} from "./notify";
import { companyUsers, users } from "./identity.tables";

useTestDatabase();

let admin: Ctx;
let boss: Ctx;
let sales: Ctx;
let stock: Ctx;
let buyer: Ctx;
let otherBoss: Ctx;
let warehouseId: number;
let productId: number;
let customerId: number;

/** The notifications of `event` in a company (穗通汽配 unless named) mentioning `text`, by recipient's username (document numbers repeat across companies). */
async function recipientsOf(event: string, text: string, companyId = boss.companyId) {
  const rows = await db()
    .select({ username: users.username, companyId: notifications.companyId, title: notifications.title, body: notifications.body })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(eq(notifications.eventCode, event), eq(notifications.companyId, companyId)))
    .orderBy(asc(users.username));
  return rows.filter((r) => r.title.includes(text) || r.body.includes(text));
}

const sell = (ctx: Ctx, qty = "1", partnerId = customerId) =>
  createSalesOrder(ctx, { partnerId, warehouseId, lines: [{ productId, qty, price: "25.50" }] }, { submit: true });

beforeAll(async () => {
  admin = (await ctxOf("admin")).ctx;
  boss = (await ctxOf("boss1")).ctx;
  sales = (await ctxOf("sales1")).ctx;
  stock = (await ctxOf("stock1")).ctx;
  buyer = (await ctxOf("buyer1")).ctx;
  otherBoss = (await ctxOf("boss2")).ctx;
  const w = await makeWarehouse(boss, "消息测试仓", ["M1"]);
  warehouseId = w.warehouseId;
  productId = await makeProduct(boss, "MSG-001", "消息测试件");
  await receiveStock(boss, productId, w.shelves[0]!, "M", "100", "10");
  customerId = await makeCustomer(boss, "消息测试客户");
});

describe("in-app notifications of business events", () => {
  it("a submitted sales order notifies the company's picking users, not the actor, never another company's users", async () => {
    const otherBefore = await countUnreadNotifications(otherBoss);
    const otherStock = (await ctxOf("stock2")).ctx;
    const otherStockBefore = await countUnreadNotifications(otherStock);
    const stockBefore = await countUnreadNotifications(stock);
    const order = await sell(sales);
    const sent = await recipientsOf("salesOrderSubmitted", order.no);
    // Holders of 拣货单 (XSGL-006) in 穗通汽配: the managers boss1 and duo, the warehouse's stock1; sales1 submitted it.
    expect(sent.map((r) => r.username)).toEqual(["boss1", "duo", "stock1"]);
    expect(sent[0]).toMatchObject({
      title: `销售订单 ${order.no} 已提交，请安排拣货`,
      body: `李晓燕 提交了客户 消息测试客户 的销售订单 ${order.no}，金额 ￥25.50，请及时拣货发货。`,
    });
    expect(await countUnreadNotifications(stock)).toBe(stockBefore + 1);
    expect(await countUnreadNotifications(otherBoss)).toBe(otherBefore);
    expect(await countUnreadNotifications(otherStock)).toBe(otherStockBefore);
    // The same event in 鹏达汽配 reaches 鹏达's people only.
    const w2 = await makeWarehouse(otherBoss, "鹏达消息仓", ["P1"]);
    const p2 = await makeProduct(otherBoss, "MSG-P01", "鹏达消息件");
    await receiveStock(otherBoss, p2, w2.shelves[0]!, "P", "10", "5");
    const c2 = await makeCustomer(otherBoss, "鹏达消息客户");
    const o2 = await createSalesOrder(
      otherBoss,
      { partnerId: c2, warehouseId: w2.warehouseId, lines: [{ productId: p2, qty: "1", price: "9" }] },
      { submit: true },
    );
    expect((await recipientsOf("salesOrderSubmitted", o2.no, otherBoss.companyId)).map((r) => r.username)).toEqual(["duo", "sales2", "stock2"]);
    expect(await countUnreadNotifications(otherStock)).toBe(otherStockBefore + 1);
    expect(await countUnreadNotifications(stock)).toBe(stockBefore + 1);
  });

  it("a locked membership receives nothing; a user named as the recipient must be an active member", async () => {
    await db()
      .update(companyUsers)
      .set({ isLocked: true })
      .where(and(eq(companyUsers.companyId, boss.companyId), eq(companyUsers.userId, stock.userId)));
    try {
      const order = await sell(sales);
      expect((await recipientsOf("salesOrderSubmitted", order.no)).map((r) => r.username)).toEqual(["boss1", "duo"]);
      // A user of another company named directly is not a member here: nothing is written.
      const n = await inTransaction((tx) =>
        notify(tx, boss, "deliveryConfirmed", { orderId: 1, orderNo: "X", deliveryNo: "Y", customerName: "", amount: "" }, { userId: otherBoss.userId }),
      );
      expect(n).toBe(0);
      expect(
        await inTransaction((tx) =>
          notify(tx, boss, "deliveryConfirmed", { orderId: 1, orderNo: "X", deliveryNo: "Y", customerName: "", amount: "" }, { userId: boss.userId }),
        ),
      ).toBe(0);
      expect(
        await inTransaction((tx) =>
          notify(tx, boss, "deliveryConfirmed", { orderId: 1, orderNo: "X", deliveryNo: "Y", customerName: "", amount: "" }, { userId: null }),
        ),
      ).toBe(0);
    } finally {
      await db()
        .update(companyUsers)
        .set({ isLocked: false })
        .where(and(eq(companyUsers.companyId, boss.companyId), eq(companyUsers.userId, stock.userId)));
    }
  });

  it("is written in the business write's transaction: a rolled-back write leaves no notification", async () => {
    const before = await countUnreadNotifications(stock);
    await expect(
      inTransaction(async (tx) => {
        await notify(
          tx,
          sales,
          "salesOrderSubmitted",
          { orderId: 1, orderNo: "ROLLBACK-1", customerName: "回滚", amount: "￥1.00" },
          { permission: "XSGL-006" },
        );
        throw new Error("the business write failed");
      }),
    ).rejects.toThrow("the business write failed");
    expect(await recipientsOf("salesOrderSubmitted", "ROLLBACK-1")).toEqual([]);
    expect(await countUnreadNotifications(stock)).toBe(before);
    // A refused submit (no stock for 999) writes neither the order's submission nor a notification.
    await expect(sell(sales, "999")).rejects.toMatchObject({ code: "conflict" });
    expect(await countUnreadNotifications(stock)).toBe(before);
  });

  it("credit approval: the approvers are told, the requester learns the result; delivery tells the salesman; receiving tells the buyer", async () => {
    const [limited] = await db()
      .insert(enterpriseRelations)
      .values({ companyId: boss.companyId, rel: 1, name: "消息额度客户", creditLimit: "10.00" })
      .returning();
    const draft = await createSalesOrder(sales, { partnerId: limited!.id, warehouseId, lines: [{ productId, qty: "2", price: "30" }] });
    const { approvalId } = await requestCreditApproval(sales, draft.id, { reason: "老客户" });
    const asked = await recipientsOf("creditApprovalRequested", draft.no);
    expect(asked.map((r) => r.username)).toEqual(["boss1", "duo"]);
    expect(asked[0]!.body).toBe(`李晓燕 提交了客户 消息额度客户 的销售订单 ${draft.no}（金额 ￥60.00）的信用审批，原因：超出信用额度 ￥50.00；老客户。`);
    await approveCredit(boss, approvalId, "同意");
    const decided = await recipientsOf("approvalResult", draft.no);
    expect(decided.map((r) => [r.username, r.title])).toEqual([["sales1", `信用审批通过：销售订单 ${draft.no}`]]);
    const mine = await listMyNotifications(sales);
    const result = mine.items.find((n) => n.title.includes(draft.no))!;
    expect(await openNotification(sales, result.id)).toEqual({ id: result.id, to: `/sale/order/${draft.id}` });

    // Delivery: stock1 confirms the picking; the company's defaults make and confirm the delivery note at once.
    const order = await sell(sales);
    const [picking] = await db().select({ id: pickingOrders.id }).from(pickingOrders).where(eq(pickingOrders.salesOrderId, order.id));
    await confirmPicking(stock, picking!.id);
    const shipped = await recipientsOf("deliveryConfirmed", order.no);
    expect(shipped.map((r) => [r.username, r.title])).toEqual([["sales1", `销售订单 ${order.no} 已发货`]]);

    // Receiving: buyer1's order, received by stock1.
    await saveCompanySetting(boss, { name: "AutoConfirmReceipt", value: "false" });
    const [supplier] = await db().insert(enterpriseRelations).values({ companyId: boss.companyId, rel: 0, name: "消息测试供应商" }).returning();
    const po = await createPurchaseOrder(buyer, { partnerId: supplier!.id, warehouseId, lines: [{ productId, qty: "4", price: "8" }] }, { submit: true });
    const [note] = await db().select().from(receiveOrders).where(eq(receiveOrders.purchaseOrderId, po.id));
    await confirmReceiveOrder(stock, note!.id);
    const received = await recipientsOf("receivingConfirmed", note!.no);
    expect(received.map((r) => [r.username, r.body])).toEqual([
      ["buyer1", `张伟 确认了供应商 消息测试供应商 的收货单 ${note!.no}（采购订单 ${po.no}），收货金额 ￥32.00，货物已入收货区。`],
    ]);
  });
  it("退货审批: the return approvers are told of a submitted return, its submitter learns each decision", async () => {
    const body = { partnerId: customerId, warehouseId, lines: [{ productId, qty: "2", price: "12.5", reasonCode: 70 }] };
    const { id, no } = await createSalesReturnOrder(sales, body, { submit: true });
    const asked = await recipientsOf("returnApprovalRequested", no);
    // Holders of 退货审批 (XQGL-007) in 穗通汽配: the managers; sales1 submitted it.
    expect(asked.map((r) => r.username)).toEqual(["boss1", "duo"]);
    expect(asked[0]).toMatchObject({
      title: `退货审批待处理：销售退货单 ${no}`,
      body: `李晓燕 提交了客户 消息测试客户 的销售退货单 ${no}（退货金额 ￥25.00）的审批，退货原因：质量问题。`,
    });
    const [waiting] = await db()
      .select({ id: approvals.id })
      .from(approvals)
      .where(and(eq(approvals.docType, "salesReturnOrder"), eq(approvals.docId, id), eq(approvals.status, 0)));
    const bossNote = (await listMyNotifications(boss)).items.find((n) => n.title.includes(no))!;
    expect(await openNotification(boss, bossNote.id)).toEqual({ id: bossNote.id, to: `/demand/returnOrder/approval?review=${waiting!.id}` });

    await rejectSalesReturnOrder(boss, id, { comment: "请附照片" });
    await updateSalesReturnOrder(sales, id, body, { submit: true });
    const [again] = await db()
      .select({ id: approvals.id })
      .from(approvals)
      .where(and(eq(approvals.docType, "salesReturnOrder"), eq(approvals.docId, id), eq(approvals.status, 0)));
    await decideReturnApproval(boss, again!.id, "approve", "");
    const decided = await recipientsOf("returnApprovalResult", no);
    expect(decided.map((r) => [r.username, r.title])).toEqual([
      ["sales1", `退货审批驳回：销售退货单 ${no}`],
      ["sales1", `退货审批通过：销售退货单 ${no}`],
    ]);
    expect(decided.map((r) => r.body)).toEqual([
      `你提交的客户 消息测试客户 的销售退货单 ${no}（退货金额 ￥25.00）已被 陈志强 审批驳回。审批意见：请附照片`,
      `你提交的客户 消息测试客户 的销售退货单 ${no}（退货金额 ￥25.00）已被 陈志强 审批通过。审批意见：无`,
    ]);
    const mine = (await listMyNotifications(sales)).items.find((n) => n.title.includes(no))!;
    expect(await openNotification(sales, mine.id)).toEqual({ id: mine.id, to: `/sale/returnOrder/${id}` });
    // Resubmitting told the approvers again.
    expect((await recipientsOf("returnApprovalRequested", no)).length).toBe(4);
  });
});

describe("清理过期通知 (the scheduled purge)", () => {
  it("deletes the read ones older than 90 days and every one older than a year, in batches; the rest stay", async () => {
    const now = new Date("2027-06-30T00:00:00Z");
    const day = 86400_000;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    const row = (title: string, created: number, read: number | null) => ({
      companyId: boss.companyId,
      userId: sales.userId,
      eventCode: "salesOrderSubmitted",
      title,
      createdAt: at(created),
      readAt: read === null ? null : at(read),
    });
    await db()
      .insert(notifications)
      .values([
        row("PURGE-read-91", 91, 91),
        row("PURGE-read-89", 89, 80),
        row("PURGE-unread-200", 200, null),
        row("PURGE-unread-366", 366, null),
        row("PURGE-read-400", 400, 1),
      ]);
    // Many old read ones: more than one batch.
    await db().execute(sql`insert into notifications (company_id, user_id, event_code, title, created_at, read_at)
      select ${boss.companyId}, ${sales.userId}, 'salesOrderSubmitted', 'PURGE-bulk', ${at(120).toISOString()}::timestamptz, ${at(119).toISOString()}::timestamptz from generate_series(1, 5003)`);
    const titles = async () =>
      (await db().select({ title: notifications.title }).from(notifications).where(like(notifications.title, "PURGE-%"))).map((r) => r.title).sort();
    expect(await purgeOldNotifications(db(), now)).toBeGreaterThanOrEqual(5006);
    expect(await titles()).toEqual(["PURGE-read-89", "PURGE-unread-200"]);
    expect(await purgeOldNotifications(db(), now)).toBe(0);
    await db().delete(notifications).where(like(notifications.title, "PURGE-%"));
  });
});

describe("message templates", () => {
  it("render the variables once, as plain text: markup and placeholders in values are kept literally, control characters dropped", async () => {
    await saveMessageTemplate(admin, "salesOrderSubmitted", {
      title: "{{customerName}} 的订单 {{orderNo}}",
      body: "操作人：{{operatorName}}（{{companyName}}）\n金额 {{ amount }}",
    });
    const odd = await makeCustomer(boss, '<b>A&B</b>{{amount}}\u0007"x"');
    const order = await sell(sales, "1", odd);
    const [sent] = await recipientsOf("salesOrderSubmitted", order.no);
    expect(sent!.title).toBe(`<b>A&B</b>{{amount}} "x" 的订单 ${order.no}`);
    expect(sent!.body).toBe("操作人：李晓燕（穗通汽配）\n金额 ￥25.50");
    await restoreMessageTemplate(admin, "salesOrderSubmitted");
    expect(renderTemplate("{{a}}-{{b}}-{{c}}", { a: "x".repeat(300), b: null })).toBe(`${"x".repeat(199)}…--{{c}}`);
  });

  it("an unknown placeholder or a broken one is refused with the allowed variables listed, and nothing changes", async () => {
    const before = await getMessageTemplate(admin, "deliveryConfirmed");
    const refused = saveMessageTemplate(admin, "deliveryConfirmed", { title: "订单 {{orderNo}} {{orderNumber}}", body: "{{客户}}" });
    await expect(refused).rejects.toMatchObject({
      code: "bad_request",
      message:
        "模板中有未知的变量 {{orderNumber}}。可用的变量：{{orderNo}}（销售订单号）、{{deliveryNo}}（发货单号）、{{customerName}}（客户）、{{amount}}（发货金额）、{{operatorName}}（操作人）、{{companyName}}（公司）",
      fields: { title: [expect.stringContaining("{{orderNumber}}")], body: [expect.stringContaining("{{客户}}")] },
    });
    await expect(saveMessageTemplate(admin, "deliveryConfirmed", { title: "订单 {{orderNo}", body: "x" })).rejects.toMatchObject({
      message: "变量要写成 {{变量名}}，{{ 和 }} 必须成对出现",
    });
    await expect(saveMessageTemplate(admin, "deliveryConfirmed", { title: " ", body: "x" })).rejects.toMatchObject({
      code: "bad_request",
      message: "请填写标题模板",
    });
    await expect(saveMessageTemplate(admin, "nope", { title: "x", body: "y" })).rejects.toMatchObject({ code: "not_found", message: "消息事件不存在" });
    expect(await getMessageTemplate(admin, "deliveryConfirmed")).toEqual(before);
    expect(await db().select().from(messageTemplates).where(eq(messageTemplates.title, "订单 {{orderNo}} {{orderNumber}}"))).toEqual([]);
  });

  it("every default template uses only its event's variables; the pages are the operator's only; changes are audited", async () => {
    for (const code of MESSAGE_EVENT_CODES) {
      const vars = variablesOf(code);
      expect(templateProblem(MESSAGE_EVENTS[code].title, vars), code).toBeNull();
      expect(templateProblem(MESSAGE_EVENTS[code].body, vars), code).toBeNull();
    }
    await expect(listMessageEvents(boss)).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveMessageTemplate(boss, "deliveryConfirmed", { title: "x", body: "y" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(setMessageEventEnabled(boss, "deliveryConfirmed", false)).rejects.toMatchObject({ code: "forbidden" });
    const saved = await saveMessageTemplate(admin, "receivingConfirmed", { title: "到货：{{receiveNo}}", body: "{{supplierName}} 的货到了" });
    expect(saved).toMatchObject({
      custom: true,
      updatedByName: "平台管理员",
      preview: { title: "到货：SH202611200001", body: "佛山精工制动系统有限公司 的货到了" },
    });
    const restored = await restoreMessageTemplate(admin, "receivingConfirmed");
    expect(restored).toMatchObject({ custom: false, title: MESSAGE_EVENTS.receivingConfirmed.title });
    const trail = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "messageChange"), eq(auditLogs.targetId, "receivingConfirmed")))
      .orderBy(asc(auditLogs.id));
    expect(trail.map((a) => a.summary)).toEqual(["修改消息模板 采购收货完成", "恢复默认消息模板 采购收货完成"]);
  });

  it("a disabled event sends nothing until enabled again", async () => {
    expect((await setMessageEventEnabled(admin, "salesOrderSubmitted", false)).isEnabled).toBe(false);
    const quiet = await sell(sales);
    expect(await recipientsOf("salesOrderSubmitted", quiet.no)).toEqual([]);
    expect((await listMessageEvents(admin)).items.find((e) => e.code === "salesOrderSubmitted")).toMatchObject({ isEnabled: false, name: "销售订单提交" });
    await setMessageEventEnabled(admin, "salesOrderSubmitted", true);
    const loud = await sell(sales);
    expect((await recipientsOf("salesOrderSubmitted", loud.no)).length).toBe(3);
  });
});

describe("a user's own notifications", () => {
  it("newest first with paging; marking read and opening only one's own; 全部标为已读 only one's own in this company", async () => {
    await markAllNotificationsRead(stock);
    expect(await countUnreadNotifications(stock)).toBe(0);
    const orders = [await sell(sales), await sell(sales)];
    expect(await countUnreadNotifications(stock)).toBe(2);
    const list = await listMyNotifications(stock, { unreadOnly: true });
    expect(list).toMatchObject({ totalCount: 2, unreadCount: 2, page: 1 });
    expect(list.items.map((n) => n.title)).toEqual([`销售订单 ${orders[1]!.no} 已提交，请安排拣货`, `销售订单 ${orders[0]!.no} 已提交，请安排拣货`]);
    expect(list.items[0]!.eventName).toBe("销售订单提交");

    // boss1 got the same event: stock1 cannot mark or open boss1's copy.
    const [bossCopy] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, boss.userId), eq(notifications.eventCode, "salesOrderSubmitted")))
      .orderBy(desc(notifications.id))
      .limit(1);
    await expect(markNotificationRead(stock, bossCopy!.id)).rejects.toMatchObject({ code: "not_found", message: "消息不存在" });
    await expect(openNotification(stock, bossCopy!.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(markNotificationRead(stock, "abc")).rejects.toMatchObject({ code: "not_found" });
    expect((await db().select().from(notifications).where(eq(notifications.id, bossCopy!.id)))[0]!.readAt).toBeNull();

    await markNotificationRead(stock, list.items[1]!.id);
    expect(await countUnreadNotifications(stock)).toBe(1);
    const opened = await openNotification(stock, list.items[0]!.id);
    expect(opened.to).toBe(`/sale/picking?q=${orders[1]!.no}`);
    expect(await countUnreadNotifications(stock)).toBe(0);

    const bossUnread = await countUnreadNotifications(boss);
    expect(bossUnread).toBeGreaterThan(0);
    await sell(sales);
    expect(await markAllNotificationsRead(stock)).toBe(1);
    expect(await countUnreadNotifications(boss)).toBe(bossUnread + 1);

    // Paging: 20 a page, newest first; a page past the end shows the last.
    const all = await listMyNotifications(stock, { page: 1 });
    const last = await listMyNotifications(stock, { page: 999 });
    expect(last.page).toBe(Math.max(1, Math.ceil(all.totalCount / 20)));
    // Newest first by when they were sent, not by id (a back-dated document's notification sorts by its date).
    const times = all.items.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const [late, early] = await db()
      .insert(notifications)
      .values([
        { companyId: stock.companyId, userId: stock.userId, eventCode: "salesOrderSubmitted", title: "后发生", createdAt: new Date("2099-01-02T00:00:00Z") },
        { companyId: stock.companyId, userId: stock.userId, eventCode: "salesOrderSubmitted", title: "先发生", createdAt: new Date("2099-01-01T00:00:00Z") },
      ])
      .returning();
    expect(early!.id).toBeGreaterThan(late!.id);
    expect((await listMyNotifications(stock)).items.slice(0, 2).map((n) => n.title)).toEqual(["后发生", "先发生"]);
    await markAllNotificationsRead(stock);
  });

  it("the bell's count stops at 100 however much is unread", async () => {
    const ids = await db()
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, ["stock1"]));
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: 120 }, (_, i) => ({ companyId: stock.companyId, userId: ids[0]!.id, eventCode: "salesOrderSubmitted", title: `批量 ${i}` })),
      );
    expect(await countUnreadNotifications(stock)).toBe(100);
    expect((await listMyNotifications(stock)).unreadCount).toBe(120);
    expect(await markAllNotificationsRead(stock)).toBe(120);
  });
});
