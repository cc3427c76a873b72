import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Db, Executor } from "../db/client";
import { managerCtx, withDatabase, withSeedSettings } from "./demo-seed-kit";
import { dec, gt, moneyString, mul, qtyString, roundMoney } from "../lib/decimal";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { productCosts, productLocations, safeStocks, stockBalances, stockLocations, warehouses } from "../stock/stock.tables";
import { companies } from "../kernel/identity.tables";
import { countInventoryOrder, createInventoryOrder, postInventoryOrder, startInventoryOrder, voidInventoryOrder } from "../warehouse/inventory-order.service";
import { createMoveOrder, reverseMoveOrder } from "../warehouse/move-order.service";
import { inventoryOrderLines } from "../warehouse/warehouse.tables";
import { cancelPurchaseOrder, completePurchaseOrder, createPurchaseOrder } from "../purchase/purchase-order.service";
import { completePurchasePlan, executePurchasePlan, generatePurchasePlan, voidPurchasePlan } from "../purchase/purchase-plan.service";
import { cancelPurchaseReturnOrder, confirmPurchaseReturnOrder, createPurchaseReturnOrder } from "../purchase/purchase-return.service";
import { purchaseOrderLines, purchaseOrders, putawayOrderLines, receiveOrderLines, receiveOrders } from "../purchase/purchase.tables";
import { confirmPutawayOrder } from "../purchase/putaway-order.service";
import { confirmReceiveOrder, createPutawayFromReceive, createReceiveOrder, reverseReceiveOrder } from "../purchase/receive-order.service";
import { runsAlone } from "../kernel/lock-phase";

/**
 * Demo documents: for each demo trading company (穗通汽配, 鹏达汽配) purchase orders in every
 * status of spec §4 (0, 10, 20, 30, 40, 90, 100), receiving notes in 10/100/90, put-away notes
 * in 10/100, purchase returns in 0/10/100/90, purchase plans in 0/10/100/90, transfers in
 * 0/100/90 and stocktakes in 0/10/100/90, spread over the last 60 days.
 *
 * Everything goes through the document services (the stock ledger stays the only writer of
 * stock), as the company's manager, with `ctx.now` set to the moment each step happened. It runs
 * inside the demo seed's transaction, right after the opening stock, before the app's database
 * handle exists: for its duration the services' `db()` is that transaction (their own
 * transactions become savepoints of it). A company that already has purchase orders is left
 * alone. The products used are taken from the end of the company's list (highest ids), so the
 * first products, which tests like to pick, keep their opening stock untouched.
 */

const DAY = 86_400_000;

/** Receiving settings for the seed's duration: notes are created but confirmed (and put away) by hand. */
const SEED_SETTINGS: Record<string, string> = { AutoCreateReceipt: "true", AutoConfirmReceipt: "false", AutoCreatePickIn: "false" };

interface Part {
  productId: number;
  price: string;
  /** The product's default shelf in 主仓, and its opening batch there. */
  shelfId: number;
  batchNo: string;
  onShelf: string;
}

/** The price a demo line is bought at: the product's cost price, else 60 % of its sale price, else 10. */
function priceOf(p: { priceCost: string | null; priceSale: string | null }) {
  const cost = p.priceCost && gt(p.priceCost, 0) ? dec(p.priceCost) : p.priceSale && gt(p.priceSale, 0) ? mul(p.priceSale, "0.6") : dec(10);
  return moneyString(roundMoney(cost));
}

/**
 * Seeds one company's documents; false when it already has purchase orders (or lacks what the
 * documents need: its manager, a supplier, 主仓 and 二号仓, products with opening stock).
 */
export async function seedCompanyDocuments(tx: Executor, companyId: number, base = new Date()): Promise<boolean> {
  runsAlone(tx); // one use case after another in one transaction, at boot: no lock order to keep
  const [has] = await tx.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.companyId, companyId)).limit(1);
  if (has) return false;
  const ctx0 = await managerCtx(tx, companyId);
  if (!ctx0) return false;
  const whs = await tx
    .select({ id: warehouses.id, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.isEnabled, true)))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.id));
  const main = whs[0]?.id;
  const second = whs.find((w) => w.id !== main)?.id;
  if (!main || !second) return false;
  const suppliers = (
    await tx
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, companyId), eq(enterpriseRelations.rel, 0), eq(enterpriseRelations.isEnabled, true)))
      .orderBy(asc(enterpriseRelations.id))
  ).map((s) => s.id);
  if (suppliers.length === 0) return false;
  const secondShelves = (
    await tx
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .where(
        and(eq(stockLocations.companyId, companyId), eq(stockLocations.warehouseId, second), eq(stockLocations.kind, 0), eq(stockLocations.isEnabled, true)),
      )
      .orderBy(asc(stockLocations.sortOrder), asc(stockLocations.id))
  ).map((l) => l.id);
  // Products from the end of the list with a default shelf in 主仓 and at least 8 of their opening batch (source 0) on it,
  // received more than 60 days ago (no document below moves a batch before it arrived).
  const rows = await tx
    .select({
      productId: products.id,
      priceCost: products.priceCost,
      priceSale: products.priceSale,
      shelfId: productLocations.locationId,
      batchNo: stockBalances.batchNo,
      onShelf: stockBalances.qty,
    })
    .from(products)
    .innerJoin(productLocations, and(eq(productLocations.productId, products.id), eq(productLocations.warehouseId, main)))
    .innerJoin(
      stockBalances,
      and(
        eq(stockBalances.productId, products.id),
        eq(stockBalances.locationId, productLocations.locationId),
        eq(stockBalances.source, 0),
        gte(stockBalances.qty, "8"),
        lte(stockBalances.receivedAt, new Date(base.getTime() - 61 * DAY)),
      ),
    )
    .where(and(eq(products.companyId, companyId), eq(products.isEnabled, true)))
    .orderBy(desc(products.id))
    .limit(60);
  const pool: Part[] = rows.map((r) => ({ productId: r.productId, price: priceOf(r), shelfId: r.shelfId, batchNo: r.batchNo, onShelf: r.onShelf }));
  if (pool.length < 48 || secondShelves.length === 0) return false;
  let next = 0;
  const take = (n: number) => {
    const out = pool.slice(next, next + n);
    next += n;
    return out;
  };
  const supplier = (i: number) => suppliers[i % suppliers.length]!;

  await withSeedSettings(tx, companyId, SEED_SETTINGS, () =>
    withDatabase(tx, async () => {
      // The manager's context six hours before `base`, `daysAgo` days back, plus `minutes`: never later than `base`.
      const at = (daysAgo: number, minutes = 0): Ctx => ({
        ...ctx0,
        now: new Date(base.getTime() - daysAgo * DAY - 6 * 3_600_000 + Math.min(minutes, 300) * 60_000),
      });
      const qtys = ["20", "12", "30", "8", "50", "24", "6", "40"];
      let lineSeq = 0;
      const orderLines = (ps: Part[]) => ps.map((p) => ({ productId: p.productId, qty: qtys[lineSeq++ % qtys.length]!, price: p.price }));
      const order = (ctx: Ctx, i: number, ps: Part[], opts: { submit?: boolean; remark?: string } = {}) =>
        createPurchaseOrder(ctx, { partnerId: supplier(i), warehouseId: main, remark: opts.remark, lines: orderLines(ps) }, { submit: opts.submit });
      const openNote = async (orderId: number) => {
        const [n] = await tx
          .select({ id: receiveOrders.id })
          .from(receiveOrders)
          .where(and(eq(receiveOrders.companyId, companyId), eq(receiveOrders.purchaseOrderId, orderId), eq(receiveOrders.status, 10)))
          .orderBy(desc(receiveOrders.id))
          .limit(1);
        if (!n) throw new Error(`demo seed: order ${orderId} has no open receiving note`);
        return n.id;
      };
      /** Confirms the order's open note; `short` lines (by index) arrive with only half (产品少发). */
      const receive = async (ctx: Ctx, orderId: number, short: number[] = []) => {
        const noteId = await openNote(orderId);
        const lines = await tx.select().from(receiveOrderLines).where(eq(receiveOrderLines.receiveOrderId, noteId)).orderBy(asc(receiveOrderLines.lineNo));
        await confirmReceiveOrder(ctx, noteId, {
          lines: lines
            .filter((_, i) => short.includes(i))
            .map((l) => ({ id: l.id, receivedQty: qtyString(dec(l.expectedQty).div(2).floor()), reasonCode: 30 })),
        });
        return noteId;
      };
      /** Puts a confirmed note's goods away onto the products' default shelves (any 主仓 shelf when none). */
      const putaway = async (ctx: Ctx, noteId: number, confirm: boolean) => {
        const p = await createPutawayFromReceive(ctx, noteId);
        if (!confirm) return p.id;
        const lines = await tx.select().from(putawayOrderLines).where(eq(putawayOrderLines.putawayOrderId, p.id));
        const fallback = pool[0]!.shelfId;
        await confirmPutawayOrder(ctx, p.id, { lines: lines.filter((l) => !l.toLocationId).map((l) => ({ id: l.id, toLocationId: fallback, qty: l.qty })) });
        return p.id;
      };

      // 100 订单已完成: received in full, put away, completed.
      const poDone = take(4);
      const done = await order(at(58), 0, poDone, { submit: true, remark: "常规补货" });
      const doneNote = await receive(at(57), done.id);
      await putaway(at(56, 30), doneNote, true);
      await completePurchaseOrder(at(55), done.id);

      // 30 部分收货: one line arrived short; what came is put away.
      const partial = await order(at(50), 1, take(3), { submit: true });
      const partialNote = await receive(at(48), partial.id, [1]);
      await putaway(at(47), partialNote, true);

      // 90 已作废 with a reversed (90) receiving note: received, 红冲, then voided.
      const voided = await order(at(45), 2, take(3), { submit: true, remark: "供应商发错货，已退回" });
      const wrongNote = await receive(at(44), voided.id);
      await reverseReceiveOrder(at(43), wrongNote);
      await cancelPurchaseOrder(at(42), voided.id);

      // A draft given up (90).
      const dropped = await order(at(40), 3, take(3), { remark: "询价后放弃" });
      await cancelPurchaseOrder(at(39), dropped.id);

      // 40 收货完成: everything received; its put-away note (10) is still waiting.
      const received = await order(at(35), 4, take(4), { submit: true });
      const receivedNote = await receive(at(33), received.id);
      await putaway(at(33, 20), receivedNote, false);

      // 采购退货 100: part of the completed order's goods, from the shelf they were put on.
      const doneBatches = await tx
        .select({
          productId: putawayOrderLines.productId,
          locationId: putawayOrderLines.toLocationId,
          batchNo: putawayOrderLines.batchNo,
          qty: putawayOrderLines.qty,
          purchaseOrderLineId: receiveOrderLines.purchaseOrderLineId,
        })
        .from(putawayOrderLines)
        .innerJoin(receiveOrderLines, eq(receiveOrderLines.id, putawayOrderLines.receiveOrderLineId))
        .where(eq(receiveOrderLines.receiveOrderId, doneNote))
        .orderBy(asc(putawayOrderLines.lineNo))
        .limit(2);
      const doneLines = await tx
        .select({ id: purchaseOrderLines.id, price: purchaseOrderLines.price })
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.orderId, done.id));
      const priceOfLine = new Map(doneLines.map((l) => [l.id, l.price]));
      const ret = await createPurchaseReturnOrder(
        at(30),
        {
          partnerId: supplier(0),
          warehouseId: main,
          purchaseOrderId: done.id,
          remark: "外观破损退回",
          lines: doneBatches.map((b, i) => ({
            productId: b.productId,
            locationId: b.locationId,
            batchNo: b.batchNo,
            qty: i === 0 ? "2" : "1",
            price: priceOfLine.get(b.purchaseOrderLineId!) ?? "0",
            reasonCode: 50,
            purchaseOrderLineId: b.purchaseOrderLineId,
          })),
        },
        { submit: true },
      );
      await confirmPurchaseReturnOrder(at(29), ret.id);

      // Transfers: 100 (主仓 → 二号仓), 90 (confirmed, then 红冲).
      const move = (ctx: Ctx, ps: Part[], remark: string, confirm: boolean) =>
        createMoveOrder(
          ctx,
          {
            remark,
            lines: ps.map((p, i) => ({
              productId: p.productId,
              fromLocationId: p.shelfId,
              batchNo: p.batchNo,
              toLocationId: secondShelves[i % secondShelves.length]!,
              qty: i === 0 ? "3" : "2",
            })),
          },
          { confirm },
        );
      await move(at(28), take(2), "二号仓补货", true);
      const undone = await move(at(26), take(2), "调错仓库", true);
      await reverseMoveOrder(at(25), undone.id);

      // Stocktakes: 100 with a surplus and a shortage, 90 voided.
      const counted = async (ctx: Ctx, id: number, diffs: (number | null)[]) => {
        const lines = await tx.select().from(inventoryOrderLines).where(eq(inventoryOrderLines.inventoryOrderId, id)).orderBy(asc(inventoryOrderLines.lineNo));
        const onHand = await tx
          .select({ productId: stockBalances.productId, locationId: stockBalances.locationId, batchNo: stockBalances.batchNo, qty: stockBalances.qty })
          .from(stockBalances)
          .where(
            and(
              eq(stockBalances.companyId, companyId),
              inArray(
                stockBalances.productId,
                lines.map((l) => l.productId),
              ),
            ),
          );
        const qtyOf = (l: (typeof lines)[number]) =>
          onHand.find((b) => b.productId === l.productId && b.locationId === l.locationId && b.batchNo === l.batchNo)?.qty ?? "0";
        const counts = lines.flatMap((l, i) =>
          diffs[i] === null || diffs[i] === undefined ? [] : [{ lineId: l.id, countedQty: qtyString(dec(qtyOf(l)).plus(diffs[i]!)) }],
        );
        await countInventoryOrder(ctx, id, { counts });
      };
      const stocktake = (ctx: Ctx, ps: Part[], remark: string) =>
        createInventoryOrder(ctx, { warehouseId: main, productIds: ps.map((p) => p.productId), remark });
      const posted = await stocktake(at(24), take(3), "月度抽盘");
      await startInventoryOrder(at(24, 10), posted.id);
      await counted(at(23, 40), posted.id, [2, -1, 0]);
      await postInventoryOrder(at(23), posted.id);
      const dropTake = await stocktake(at(22), take(2), "范围选错，重新建单");
      await voidInventoryOrder(at(22, 5), dropTake.id);

      // 20 收货中: part received, the rest on a new receiving note (10) not yet confirmed.
      const receiving = await order(at(20), 5, take(4), { submit: true });
      await receive(at(18), receiving.id, [0, 2]);
      await createReceiveOrder(at(17), { purchaseOrderId: receiving.id });

      // Returns from opening stock: 90 (submitted, then voided: its lock released), 10 (stock locked), 0 (draft).
      const returnOf = (ctx: Ctx, ps: Part[], i: number, remark: string | undefined, submit: boolean) =>
        createPurchaseReturnOrder(
          ctx,
          {
            partnerId: supplier(i),
            warehouseId: main,
            remark,
            lines: ps.map((p, j) => ({
              productId: p.productId,
              locationId: p.shelfId,
              batchNo: p.batchNo,
              qty: j === 0 ? "2" : "1",
              price: p.price,
              reasonCode: j === 0 ? 70 : 90,
            })),
          },
          { submit },
        );
      const cancelled = await returnOf(at(15), take(2), 1, "供应商不同意退货", true);
      await cancelPurchaseReturnOrder(at(14), cancelled.id);

      // Safe stock for the completed order's products, set above what is on hand: plans have lines and suppliers.
      const costs = await tx
        .select({ productId: productCosts.productId, qty: productCosts.qtyOnHand })
        .from(productCosts)
        .where(
          and(
            eq(productCosts.companyId, companyId),
            inArray(
              productCosts.productId,
              poDone.map((p) => p.productId),
            ),
          ),
        );
      await tx
        .insert(safeStocks)
        .values(
          poDone.slice(0, 3).map((p, i) => {
            const min = dec(costs.find((c) => c.productId === p.productId)?.qty ?? 0).plus(10 + i * 5);
            return { companyId, productId: p.productId, minQty: qtyString(min), maxQty: qtyString(min.plus(20)) };
          }),
        )
        .onConflictDoNothing();
      const planDone = await generatePurchasePlan(at(12));
      await executePurchasePlan(at(12, 15), planDone.id);
      await completePurchasePlan(at(11), planDone.id);
      const planVoid = await generatePurchasePlan(at(10));
      await voidPurchasePlan(at(10, 5), planVoid.id);
      const planRunning = await generatePurchasePlan(at(8));
      await executePurchasePlan(at(8, 10), planRunning.id);
      await generatePurchasePlan(at(6));

      await returnOf(at(5), take(2), 2, "质量问题待退", true);
      await move(at(4), take(2), "待确认调拨", false);
      const counting = await stocktake(at(3), take(3), "季度抽盘");
      await startInventoryOrder(at(3, 10), counting.id);
      await counted(at(2, 50), counting.id, [0, -2, null]);
      await stocktake(at(2), take(2), "下周盘点");
      await returnOf(at(2, 30), take(1), 3, undefined, false);

      // 10 待收货: submitted yesterday, its receiving note waiting; 0 草稿: today.
      await order(at(1), 6, take(3), { submit: true, remark: "加急" });
      await order(at(0, 120), 7, take(3), { remark: "下周到货" });
    }),
  );
  return true;
}

/** Every demo trading company (by short name) that exists: its demo documents. */
export async function seedDemoDocuments(tx: Executor, shortNames: readonly string[] = ["穗通汽配", "鹏达汽配"]) {
  const rows = await tx
    .select({ id: companies.id, shortName: companies.shortName })
    .from(companies)
    .where(and(inArray(companies.shortName, [...shortNames]), eq(companies.kind, "trading")))
    .orderBy(asc(companies.id));
  for (const c of rows) {
    // A savepoint per company: a document a service refuses leaves the company without demo documents, never half of them.
    try {
      await (tx as Db).transaction((sp) => seedCompanyDocuments(sp, c.id));
    } catch (e) {
      console.warn(`[seed] ${c.shortName} 的演示单据未能写入：${(e as Error).message}`);
    }
  }
}
