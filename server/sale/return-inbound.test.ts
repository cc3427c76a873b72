import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { apiDocumentAction, apiItem } from "../resource/api";
import { labelOf, PURCHASE_ORDER_STATUSES } from "../lib/dictionary";
import { loadPurchaseOrderPage } from "../purchase/purchase-order.page";
import { purchaseOrders } from "../purchase/purchase.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { salesReturnOrders } from "./sale.tables";
import { makeDeliveredOrder, makeReturnWorld, type ReturnWorld } from "./sales-return.fixture";
import { loadSalesOrderPage, salesOrderPageAction } from "./sales-order.page";
import { loadSalesReturnPage, salesReturnPageAction } from "./sales-return.page";
import { approveSalesReturnOrder, createSalesReturnOrder } from "./sales-return.service";
import "../master-data/registry"; // the resource kit finds resources through it

/**
 * Issue 20 item 6: the stock keeper (stock1, 仓管) finishes the goods' path. He confirms an
 * approved sales return into the warehouse (退货入库, XSGL-010) on the return's page and through
 * the JSON API, and nothing else of it; he opens the documents his notes link to (the sales
 * order, the purchase order) read only, without the prices he may not read.
 */
useTestDatabase();

let boss: Ctx;
let sales: Ctx;
let stock: { ctx: Ctx; token: string };
let w: ReturnWorld;

const get = (token: string, path: string) => new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } });
const post = (token: string, path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

async function refused(p: Promise<unknown>) {
  const thrown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).status;
}

async function approvedReturn() {
  const { order, deliveryLines } = await makeDeliveredOrder(w, { qty: "4", price: "25", deliveries: ["4"] });
  const made = await createSalesReturnOrder(
    sales,
    {
      partnerId: w.customerId,
      warehouseId: w.warehouseId,
      salesOrderId: order.id,
      lines: [{ productId: w.productId, qty: "1", reasonCode: 50, deliverOrderLineId: deliveryLines[0]!.id }],
    },
    { submit: true },
  );
  await approveSalesReturnOrder(boss, made.id, { comment: "同意" });
  return { ...made, orderId: order.id };
}
const statusOf = async (id: number) =>
  (await db().select({ status: salesReturnOrders.status }).from(salesReturnOrders).where(eq(salesReturnOrders.id, id)))[0]!.status;

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  sales = (await ctxOf("sales1")).ctx;
  stock = await ctxOf("stock1");
  expect(stock.ctx.permissions.has("XSGL-010")).toBe(true);
  expect(stock.ctx.permissions.has("XSGL-003")).toBe(false);
  w = await makeReturnWorld(boss, "IN1", { qty: "50", cost: "10" });
});

describe("仓管 finishes the sales return", () => {
  it("opens the approved return read only with 确认入库 only, and confirms it on the page", async () => {
    const r = await approvedReturn();
    const page = await loadSalesReturnPage(get(stock.token, `/sale/returnOrder/${r.id}`), String(r.id));
    expect(page).toMatchObject({ readOnly: true, canEdit: false });
    expect(page.doc!.actions).toEqual(["confirm"]);
    // Cancelling is sales' (XSGL-003): refused, nothing changed.
    expect(await refused(salesReturnPageAction(post(stock.token, `/sale/returnOrder/${r.id}`, { intent: "cancel" }), String(r.id)))).toBe(403);
    expect(await statusOf(r.id)).toBe(20);
    const done = await salesReturnPageAction(post(stock.token, `/sale/returnOrder/${r.id}`, { intent: "confirm" }), String(r.id));
    expect(done.status).toBe(302);
    expect(await statusOf(r.id)).toBe(100);
  });

  it("confirms through the JSON API (POST /api/app/salesReturnOrder/{id}/confirm), and may not cancel there", async () => {
    const r = await approvedReturn();
    const cancel = await apiDocumentAction(
      new Request(`http://localhost/api/app/salesReturnOrder/${r.id}/cancel`, { method: "POST", headers: { Authorization: `Bearer ${stock.token}` } }),
      "salesReturnOrder",
      String(r.id),
      "cancel",
    );
    expect(cancel.status).toBe(403);
    const res = await apiDocumentAction(
      new Request(`http://localhost/api/app/salesReturnOrder/${r.id}/confirm`, { method: "POST", headers: { Authorization: `Bearer ${stock.token}` } }),
      "salesReturnOrder",
      String(r.id),
      "confirm",
    );
    expect(res.status).toBe(200);
    expect(await statusOf(r.id)).toBe(100);
    // He reads the return he worked, with the customer's prices (his paper), not its costs.
    const read = await apiItem(get(stock.token, `/api/app/salesReturnOrder/${r.id}`), "salesReturnOrder", String(r.id));
    const body = (await read.json()) as { totalAmount: string; lines: Record<string, unknown>[] };
    expect(body.totalAmount).toBe("25.00");
    expect(body.lines[0]).not.toHaveProperty("unitCost");
  });

  it("opens the linked sales order read only, without prices, amounts or the customer's credit, and may not act on it", async () => {
    const r = await approvedReturn();
    const page = (await loadSalesOrderPage(get(stock.token, `/sale/order/${r.orderId}`), String(r.orderId))) as Record<string, any>;
    expect(page).toMatchObject({ readOnly: true, actions: [], canPrint: false });
    const json = JSON.stringify(page);
    expect(json).not.toMatch(/"(price|amount|totalAmount|deliveredAmount|credit|costPrice)"/);
    expect(page.order.lines[0]).toMatchObject({ qty: "4.00" });
    expect(await refused(salesOrderPageAction(post(stock.token, `/sale/order/${r.orderId}`, { intent: "complete" }), String(r.orderId)))).toBe(403);
    // The manager's page is the full one.
    const full = (await loadSalesOrderPage(get((await ctxOf("boss1")).token, `/sale/order/${r.orderId}`), String(r.orderId))) as Record<string, any>;
    expect(full.readOnly).toBeUndefined();
    expect(full.order.totalAmount).toBe("100.00");
  });

  it("opens a purchase order (his receiving and put-away notes' source) read only, without prices", async () => {
    const [po] = await db().select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.companyId, stock.ctx.companyId)).limit(1);
    const page = (await loadPurchaseOrderPage(get(stock.token, `/purchase/order/${po!.id}`), String(po!.id))) as Record<string, any>;
    expect(page.readOnly).toBe(true);
    // the status badge reads like the full page's
    expect(page.order.statusLabel).toBe(labelOf(PURCHASE_ORDER_STATUSES, page.order.status));
    expect(JSON.stringify(page.order)).not.toMatch(/"(price|amount|totalAmount)"/);
    expect(page.followUps).toMatchObject({ canCreateReceipt: false, returnHref: null });
  });

  it("someone who works no step of the chain is still refused (sales1 opening a purchase order)", async () => {
    const [po] = await db().select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.companyId, sales.companyId)).limit(1);
    expect(await refused(loadPurchaseOrderPage(get((await ctxOf("sales1")).token, `/purchase/order/${po!.id}`), String(po!.id)))).toBe(403);
  });
});
