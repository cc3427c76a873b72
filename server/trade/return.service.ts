import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn, type PgSelect, type PgTable } from "drizzle-orm/pg-core";
import type * as z from "zod";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { busyError, inTransaction } from "../db/transaction";
import { add, dec, gt, moneyString, mul, qtyString, roundMoney, sub, sum, type Decimal } from "../lib/decimal";
import { labelOf, REASON_CODES, type BizType } from "../lib/dictionary";
import { worksStep } from "../lib/document-chain";
import { DomainError, isDomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { parseInput } from "../lib/validate";
import { actionsFor, assertTransition, lockDocument, runDocumentAction, type PostingOutcome, type StatusMachine } from "../kernel/document";
import { companies, users } from "../kernel/identity.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { postPartnerEntry, reversePartnerEntry } from "../finance/partner-account.service";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { postStock, reverseDocument, type MoveLine } from "../stock/stock-ledger.service";
import { warehouses } from "../stock/stock.tables";
import type { ReturnInputBase } from "./return.input";

/**
 * The trade layer of returns: what a sales return (销售退货) and a purchase return (采购退货)
 * do alike, once, parameterised by a `ReturnSide` that each side fills in with its tables, its
 * words, its permission codes, the order statuses whose goods may come back, and its posting
 * hooks (how confirm moves the stock in or out, what submit and cancel do besides the status).
 * It imports neither server/sale nor server/purchase: the sides hand it what is theirs.
 *
 * A return comes from an order (the sales order it was delivered on, the purchase order it was
 * received on) or stands free. Never more than moved (delivered, received) − already returned
 * per order line, checked at submit and again at confirm under the order's row lock.
 *
 * LOCK ORDER (as every use case touching the order): the order row → the return row (→ the
 * side's rows: its approval) → stock balances and costs (ledger) → the partner account (LAST).
 *
 * Confirming posts the side's stock moves (bizType `confirm`), writes back the cost (and batch) each line moved at,
 * counts the quantity as returned on the order lines, and lowers what the partner is owed or
 * owes (postPartnerEntry, −total) last. 红冲 posts the moves back (the side's `Back` biz type),
 * uncounts the returned quantities and takes the partner entry back. Submit, confirm, cancel and
 * reverse run through the document kernel (server/kernel/document.ts runDocumentAction).
 */

/** The actions every return's status machine has (a side may have more: the sales return's approval). */
export type ReturnAction = "update" | "remove" | "submit" | "confirm" | "cancel" | "reverse";

type Columns<K extends string> = PgTable & { [k in K]: PgColumn };
/** The columns every return header has (sales_return_orders, purchase_return_orders). */
export type ReturnTable = Columns<
  | "id"
  | "companyId"
  | "no"
  | "status"
  | "partnerId"
  | "warehouseId"
  | "remark"
  | "createdBy"
  | "creationTime"
  | "postedBy"
  | "postedAt"
  | "updatedAt"
  | "totalQty"
  | "totalAmount"
>;
/** The columns every return line has. */
export type ReturnLineTable = Columns<
  "id" | "companyId" | "returnOrderId" | "lineNo" | "productId" | "qty" | "price" | "amount" | "unitCost" | "reasonCode" | "batchNo" | "remark"
>;
/** The order a return comes from: its header, and its lines with the quantity returned so far. */
export type ReturnOrderTable = Columns<"id" | "companyId" | "no" | "partnerId" | "status">;
export type ReturnOrderLineTable = Columns<"id" | "companyId" | "orderId" | "productId" | "returnedQty">;

/** A return header row as the shared service reads it. */
export interface ReturnDoc {
  id: number;
  no: string;
  status: number;
  partnerId: number;
  warehouseId: number;
  remark: string | null;
  createdBy: number | null;
  creationTime: Date;
  postedAt: Date | null;
  totalQty: string;
  totalAmount: string;
}

/** A return line row as the shared service reads it. */
export interface ReturnLine {
  id: number;
  lineNo: number;
  productId: number;
  qty: string;
  price: string;
  amount: string;
  unitCost: string | null;
  reasonCode: number | null;
  batchNo: string;
  remark: string | null;
}

type InputLine<I extends ReturnInputBase> = I["lines"][number];
type Row = Record<string, unknown>;
/** Joins a side adds to a read (its location, its delivery note). */
type Join = (q: PgSelect) => PgSelect;

/**
 * One side of the trade: a sales return or a purchase return. `H`, `L` and `I` are its header
 * row, line row and input; `F` what its lines need from the order when written (the sales
 * return's delivery lines); `X` what its confirm needs from the checks under the order's lock.
 */
export interface ReturnSide<H extends ReturnDoc, L extends ReturnLine, I extends ReturnInputBase, F, X> {
  /** 销售退货单 / 采购退货单 (its 不存在 message, the audit trail's document). */
  label: string;
  /** The document type's code (numbering, the ledger's and the partner account's docType). */
  docType: string;
  machine: StatusMachine<ReturnAction>;
  /** The actions offered as buttons on the return's page. */
  buttons: readonly string[];
  /** The draft status a new return starts in. */
  draft: number;
  /** The page codes that may write returns (the list/document page and the create action). */
  codes: readonly string[];
  /** 客户 (rel 1) / 供应商 (rel 0). */
  partner: { label: string; rel: number };
  /** The header and line tables (their rows are H and L). */
  table: ReturnTable & { $inferSelect: H };
  lines: ReturnLineTable & { $inferSelect: L };
  schema: z.ZodType<I>;
  order: {
    /** 销售单 / 采购单. */
    label: string;
    /** The return's column naming the order, and the input's field of the same name (salesOrderId). */
    key: keyof H & keyof I & string;
    column: PgColumn;
    table: ReturnOrderTable;
    /** The order statuses whose goods may come back. */
    returnable: readonly number[];
    /** Why an order of another status may not: 尚未发货. */
    notReturnable: string;
    /** What an input line refers to on the order: 销售单的发货明细. */
    refs: string;
    lines: ReturnOrderLineTable;
    /** The order line's quantity that left or came in (deliveredQty, receivedQty), and its word: 发货 / 收货. */
    movedQty: PgColumn;
    moved: string;
  };
  /** Whether an input line refers to the order (refused without one). */
  hasRefs(l: InputLine<I>): boolean;
  /** The order line a return line counts on. */
  orderLineOf(l: L): number | null;
  bizType: { confirm: BizType; reverse: BizType };
  /** The partner entry's remark at confirm. */
  entryRemark?: (no: string) => string;
  /** The message when 红冲 is refused because the goods moved since (the ledger's reason appended). */
  reverseRefused?: (no: string, why: string) => string;

  /** Checks the lines' own columns (the purchase return's locations in the warehouse). */
  checkLines?(tx: Executor, ctx: Ctx, input: I): Promise<void>;
  /** Checks the input's lines fit the order and gives what writing them needs. */
  orderFacts(tx: Executor, ctx: Ctx, order: { id: number; no: string }, input: I): Promise<F>;
  /** The side's columns of a line to write, with the price it is returned at. */
  lineRow(l: InputLine<I>, input: I, facts: F | null): { price: string } & Row;
  /** Refuses a line of a return from an order that does not name what it counts on. */
  assertLinked?(l: L): void;
  /** More of what may come back, checked under the order's lock (the sales return's delivery lines). */
  checkMore?(tx: Executor, ctx: Ctx, orderId: number, lines: L[]): Promise<X>;
  /** Counts (+1) or uncounts (−1) the lines on the side's rows besides the order lines (delivery lines). */
  count?(tx: Executor, ctx: Ctx, lines: L[], sign: 1 | -1): Promise<void>;
  /** What submit does besides the checks and the status: columns written with it, who hears of it. */
  submit(tx: Executor, ctx: Ctx, doc: H, lines: L[]): Promise<{ set?: Row; notify?: () => Promise<unknown> } | void>;
  /**
   * Confirm's stock: readies it (releases the locks, finds the return location) and gives each
   * line's move (in or out: location, batch, signed quantity, cost), and columns written with the status.
   */
  stock(
    tx: Executor,
    ctx: Ctx,
    doc: H,
    lines: L[],
    more: X | null,
  ): Promise<{ move: (l: L) => Omit<MoveLine, "productId" | "docLineId" | "remark">; set?: Row }>;
  /** What cancel undoes besides the status (the approval waiting, the stock locked). */
  cancel(tx: Executor, ctx: Ctx, doc: H): Promise<void>;
  /** What goes with a deleted draft besides its lines. */
  remove?(tx: Executor, ctx: Ctx, id: number): Promise<void>;

  view: {
    /** The header's side columns and their joins (the return location). */
    headerSelect?: Record<string, PgColumn | SQL>;
    joinHeader?: Join;
    /** The lines' side columns and their joins (the delivery note, the location). */
    lineSelect?: Record<string, PgColumn | SQL>;
    joinLines?: Join;
    /** The side's fields of the header (`picked`: its headerSelect and the order's `orderNo`). */
    header(doc: H, picked: Row): Row;
    /** The side's fields of a line (`picked`: its lineSelect). */
    line(line: L, picked: Row): Row;
    /** More read beside the lines (the sales return's approval). */
    more?(ex: Executor, ctx: Ctx, id: number): Promise<Row>;
  };
}

/** The fields every return's view has; the sides add theirs (server/sale, server/purchase). */
export interface ReturnViewBase {
  id: number;
  no: string;
  status: number;
  statusName: string;
  partnerId: number;
  partnerName: string;
  partnerContact: string | null;
  partnerPhone: string | null;
  partnerAddress: string | null;
  warehouseId: number;
  warehouseName: string;
  remark: string | null;
  totalQty: string;
  totalAmount: string;
  creationTime: Date;
  postedAt: Date | null;
  createdByName: string | null;
  postedByName: string | null;
  companyName: string;
  /** The status actions offered now as buttons (submit, confirm, cancel, reverse). */
  actions: string[];
}

export interface ReturnLineViewBase {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
  batchNo: string;
  qty: string;
  price: string;
  amount: string;
  unitCost: string | null;
  reasonCode: number | null;
  reasonName: string;
  remark: string | null;
}

export const reasonName = (code: number | null) => labelOf(REASON_CODES, code as 20 | null);

export function forbidden(): never {
  throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

/** Runs one status action by name from a side's table of actions (the document page's buttons, the JSON API). */
export function actionNamed<F>(actions: Record<string, F>, action: string): F {
  const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!run) throw new DomainError("bad_request", "未知操作");
  return run;
}

/** The company's partners of one kind (rel 1 customers, 0 suppliers) and its enabled warehouses, for the header selects and filters. */
export async function partnersAndWarehouses(ctx: Ctx, rel: number) {
  const [partners, whs] = await Promise.all([
    db()
      .select({ value: enterpriseRelations.id, label: enterpriseRelations.name })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, rel)))
      .orderBy(asc(enterpriseRelations.nameSort))
      .limit(500),
    db()
      .select({ value: warehouses.id, label: warehouses.name, isDefault: warehouses.isDefault })
      .from(warehouses)
      .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isEnabled, true)))
      .orderBy(desc(warehouses.isDefault), asc(warehouses.id)),
  ]);
  return { partners, warehouses: whs };
}

/** Thrown inside the kernel's check when a draft was re-pointed to another order between the peek and the lock. */
class Repointed extends Error {}

/** Sums the lines' quantities per key (order line, delivery line); lines without one are left out. */
export function sumPer<L extends { qty: string }>(lines: L[], keyOf: (l: L) => number | null | undefined): Map<number, Decimal> {
  const out = new Map<number, Decimal>();
  for (const l of lines) {
    const k = keyOf(l);
    if (k) out.set(k, add(out.get(k) ?? 0, l.qty));
  }
  return out;
}

/** The returns of one side: its use cases, from the side's description. */
export function defineReturnService<H extends ReturnDoc, L extends ReturnLine, I extends ReturnInputBase, F, X>(side: ReturnSide<H, L, I, F, X>) {
  const { table, order } = side;
  const notFound = () => new DomainError("not_found", `${side.label}不存在`);
  /** The kernel reads any document table: its rows are this side's. */
  const asDoc = (row: unknown) => row as H;
  const orderOf = (row: H | I) => (row[order.key] as number | null | undefined) ?? null;

  /** The side's codes, or the worker of the action's step of the goods' chain (退货入库 confirms). */
  function requireWriter(ctx: Ctx, action: string) {
    if (worksStep(ctx, side.docType, action)) return;
    if (!side.codes.some((c) => ctx.permissions.has(c))) forbidden();
  }

  /** Checks the header and lines refer to the caller's rows and fit together; returns what the lines need from the order. */
  async function checkInput(tx: Executor, ctx: Ctx, input: I): Promise<F | null> {
    const [partner] = await tx
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.id, input.partnerId), eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, side.partner.rel)));
    if (!partner) throw new DomainError("bad_request", `所选${side.partner.label}不存在`, { partnerId: [`所选${side.partner.label}不存在`] });
    const [wh] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, input.warehouseId), eq(warehouses.companyId, ctx.companyId)));
    if (!wh) throw new DomainError("bad_request", "所选仓库不存在", { warehouseId: ["所选仓库不存在"] });
    if (input.lines.length) {
      const productIds = [...new Set(input.lines.map((l) => l.productId))];
      const ps = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, productIds)));
      if (ps.length !== productIds.length) throw new DomainError("bad_request", "所选产品不存在");
    }
    await side.checkLines?.(tx, ctx, input);
    const orderId = orderOf(input);
    if (!orderId) {
      if (input.lines.some((l) => side.hasRefs(l))) throw new DomainError("bad_request", `退货明细引用了${order.refs}，但未选择${order.label}`);
      return null;
    }
    const [o] = (await tx
      .select({ id: order.table.id, no: order.table.no, partnerId: order.table.partnerId, status: order.table.status })
      .from(order.table)
      .where(and(eq(order.table.id, orderId), eq(order.table.companyId, ctx.companyId)))) as { id: number; no: string; partnerId: number; status: number }[];
    if (!o) throw new DomainError("bad_request", `所选${order.label}不存在`, { [order.key]: [`所选${order.label}不存在`] });
    if (!order.returnable.includes(o.status)) throw new DomainError("conflict", `${order.label} ${o.no} ${order.notReturnable}，不能退货`);
    const mismatch = `退货${side.partner.label}与${order.label}的${side.partner.label}不一致`;
    if (o.partnerId !== input.partnerId) throw new DomainError("bad_request", mismatch, { partnerId: [mismatch] });
    return side.orderFacts(tx, ctx, o, input);
  }

  async function writeLines(tx: Executor, ctx: Ctx, returnOrderId: number, input: I, facts: F | null) {
    const rows = input.lines.map((l, i) => {
      const own = side.lineRow(l, input, facts);
      return {
        companyId: ctx.companyId,
        returnOrderId,
        lineNo: i + 1,
        productId: l.productId,
        qty: qtyString(l.qty!),
        amount: moneyString(roundMoney(mul(l.qty!, own.price))),
        reasonCode: l.reasonCode,
        remark: l.remark,
        ...own,
      };
    });
    if (rows.length) await tx.insert(side.lines).values(rows as never);
    return {
      totalQty: qtyString(sum(rows.map((r) => r.qty))),
      totalAmount: moneyString(sum(rows.map((r) => r.amount))),
    };
  }

  /** Locks the orders of `ids` (sorted; the return's own must exist, another — a draft's new order — may be missing: the input check names it). */
  async function lockOrders(tx: Executor, ctx: Ctx, ids: (number | null | undefined)[], own: number | null) {
    for (const oid of [...new Set(ids.filter((x): x is number => !!x))].sort((a, b) => a - b)) {
      try {
        await lockDocument(tx, order.table, ctx, oid, order.label);
      } catch (e) {
        if (oid === own || !isDomainError(e) || e.code !== "not_found") throw e;
      }
    }
  }

  /**
   * Locks the return's order row first (when it has one, and `alsoOrder` — a draft being
   * re-pointed — too, lower id first), then the return. The order id is read before the locks; a
   * draft re-pointed to another order in between is read again.
   */
  async function lockReturnWithOrder(tx: Executor, ctx: Ctx, id: number, alsoOrder?: number | null): Promise<H> {
    if (!isId(id)) throw notFound();
    for (let i = 0; i < 3; i++) {
      const [peek] = await tx
        .select({ orderId: order.column })
        .from(table)
        .where(and(eq(table.id, id), eq(table.companyId, ctx.companyId)));
      if (!peek) throw notFound();
      const own = (peek.orderId as number | null) ?? null;
      await lockOrders(tx, ctx, [own, alsoOrder], own);
      const doc = asDoc(await lockDocument(tx, table, ctx, id, side.label));
      if (orderOf(doc) === own) return doc;
    }
    throw busyError();
  }

  /** One kernel action under the order's row lock: the order, then the return (read again when a draft was re-pointed in between). */
  async function runUnderOrder(
    tx: Executor,
    ctx: Ctx,
    action: ReturnAction,
    id: number,
    spec: { post: (tx: Executor, doc: H) => Promise<PostingOutcome<undefined>>; notify?: () => Promise<unknown> },
  ) {
    for (let i = 0; i < 3; i++) {
      let own: number | null = null;
      try {
        return await runDocumentAction(tx, ctx, {
          table,
          machine: side.machine,
          action,
          type: side.docType,
          id,
          lockParent: async (tx, peek) => {
            own = orderOf(asDoc(peek));
            await lockOrders(tx, ctx, [own], own);
          },
          check: (_tx, doc) => {
            if (orderOf(asDoc(doc)) !== own) throw new Repointed();
          },
          post: (tx, doc) => spec.post(tx, asDoc(doc)),
          notify: spec.notify && (() => spec.notify!()),
        });
      } catch (e) {
        if (!(e instanceof Repointed)) throw e;
      }
    }
    throw busyError();
  }

  async function linesOf(ex: Executor, id: number): Promise<L[]> {
    return (await ex.select().from(side.lines).where(eq(side.lines.returnOrderId, id)).orderBy(asc(side.lines.lineNo))) as L[];
  }

  /**
   * Never more than moved − already returned per order line (the return's lines of one order line
   * summed), then the side's own limits. The caller holds the order row lock.
   */
  async function checkReturnable(tx: Executor, ctx: Ctx, orderId: number, lines: L[]): Promise<X | null> {
    if (side.assertLinked) for (const l of lines) side.assertLinked(l);
    const need = sumPer(lines, side.orderLineOf);
    if (need.size) {
      const ol = order.lines;
      const rows = (await tx
        .select({ id: ol.id, movedQty: order.movedQty, returnedQty: ol.returnedQty, mainOE: products.mainOE, name: products.name })
        .from(ol)
        .innerJoin(products, eq(products.id, ol.productId))
        .where(and(eq(ol.companyId, ctx.companyId), eq(ol.orderId, orderId), inArray(ol.id, [...need.keys()])))) as {
        id: number;
        movedQty: string;
        returnedQty: string;
        mainOE: string;
        name: string;
      }[];
      if (rows.length !== need.size) throw new DomainError("conflict", `退货明细与${order.label}明细不一致`);
      for (const r of rows) {
        const left = sub(r.movedQty, r.returnedQty);
        const n = need.get(r.id)!;
        if (gt(n, left)) {
          throw new DomainError(
            "conflict",
            `产品 ${r.mainOE} ${r.name} 最多可退 ${qtyString(left)} 件（已${order.moved} ${qtyString(r.movedQty)}，已退货 ${qtyString(r.returnedQty)}），本次退货 ${qtyString(n)} 件`,
          );
        }
      }
    }
    return side.checkMore ? side.checkMore(tx, ctx, orderId, lines) : null;
  }

  /** Counts (+1) or uncounts (−1, never below 0) the lines as returned on the order lines and the side's rows. */
  async function countReturned(tx: Executor, ctx: Ctx, lines: L[], sign: 1 | -1) {
    const ol = order.lines;
    for (const [lineId, q] of sumPer(lines, side.orderLineOf)) {
      const returnedQty = sign > 0 ? sql`${ol.returnedQty} + ${qtyString(q)}::numeric` : sql`greatest(${ol.returnedQty} - ${qtyString(q)}::numeric, 0)`;
      await tx
        .update(ol)
        .set({ returnedQty } as never)
        .where(and(eq(ol.id, lineId), eq(ol.companyId, ctx.companyId)));
    }
    await side.count?.(tx, ctx, lines, sign);
  }

  /** Creates a draft (with `submit`, submits it too) in one transaction. */
  async function create(ctx: Ctx, body: unknown, opts: { submit?: boolean; tx?: Executor } = {}): Promise<{ id: number; no: string }> {
    requireWriter(ctx, "create");
    const input = parseInput(side.schema, body) as I;
    return inTransaction(
      async (tx) => {
        const facts = await checkInput(tx, ctx, input);
        const no = await nextDocumentNo(tx, ctx, side.docType, { exists: noTakenIn(tx, ctx, table) });
        const [row] = await tx
          .insert(table)
          .values({
            companyId: ctx.companyId,
            no,
            status: side.draft,
            partnerId: input.partnerId,
            warehouseId: input.warehouseId,
            [order.key]: orderOf(input),
            remark: input.remark,
            createdBy: ctx.userId,
            creationTime: ctx.now,
            updatedAt: ctx.now,
          } as never)
          .returning({ id: table.id });
        const id = row!.id as number;
        const totals = await writeLines(tx, ctx, id, input, facts);
        await tx
          .update(table)
          .set(totals as never)
          .where(eq(table.id, id));
        if (opts.submit) await submitIn(tx, ctx, id);
        return { id, no };
      },
      { tx: opts.tx },
    );
  }

  /** Replaces a draft's header and lines (with `submit`, submits it in the same transaction). */
  async function update(ctx: Ctx, id: number, body: unknown, opts: { submit?: boolean } = {}): Promise<{ id: number; no: string }> {
    requireWriter(ctx, "update");
    const input = parseInput(side.schema, body) as I;
    return inTransaction(async (tx) => {
      const doc = await lockReturnWithOrder(tx, ctx, id, orderOf(input));
      assertTransition(side.machine, "update", doc.status);
      const facts = await checkInput(tx, ctx, input);
      await tx.delete(side.lines).where(eq(side.lines.returnOrderId, id));
      const totals = await writeLines(tx, ctx, id, input, facts);
      await tx
        .update(table)
        .set({
          ...totals,
          partnerId: input.partnerId,
          warehouseId: input.warehouseId,
          [order.key]: orderOf(input),
          remark: input.remark,
          updatedAt: ctx.now,
        } as never)
        .where(eq(table.id, id));
      if (opts.submit) await submitIn(tx, ctx, id);
      return { id, no: doc.no };
    });
  }

  /** Deletes a draft (a submitted return is voided instead). */
  async function remove(ctx: Ctx, id: number) {
    requireWriter(ctx, "remove");
    await inTransaction(async (tx) => {
      const doc = asDoc(await lockDocument(tx, table, ctx, id, side.label));
      assertTransition(side.machine, "remove", doc.status);
      await side.remove?.(tx, ctx, id);
      await tx.delete(table).where(eq(table.id, id));
    });
    return { success: true };
  }

  /** 提交 inside the caller's transaction: lines with their reasons, never more than returnable, then the side's own (an approval, stock locks). */
  async function submitIn(tx: Executor, ctx: Ctx, id: number) {
    let after: (() => Promise<unknown>) | undefined;
    return runUnderOrder(tx, ctx, "submit", id, {
      post: async (tx, doc) => {
        const lines = await linesOf(tx, id);
        if (lines.length === 0) throw new DomainError("bad_request", "请添加退货明细");
        for (const l of lines) if (l.reasonCode === null) throw new DomainError("bad_request", `第 ${l.lineNo} 行请选择退货原因`);
        const orderId = orderOf(doc);
        if (orderId) await checkReturnable(tx, ctx, orderId, lines);
        const own = await side.submit(tx, ctx, doc, lines);
        after = own?.notify;
        return { set: own?.set, total: doc.totalAmount };
      },
      notify: () => after?.() ?? Promise.resolve(),
    });
  }

  async function submit(ctx: Ctx, id: number) {
    requireWriter(ctx, "submit");
    const done = await inTransaction((tx) => submitIn(tx, ctx, id));
    return { id, status: done.status };
  }

  /**
   * 确认: under the order's row lock the returnable quantities are checked again; the side posts
   * its stock moves, the lines keep the cost (and batch) they moved at, the order lines count the
   * return, and the partner's account is lowered by the total, last.
   */
  async function confirm(ctx: Ctx, id: number) {
    requireWriter(ctx, "confirm");
    const done = await inTransaction((tx) =>
      runUnderOrder(tx, ctx, "confirm", id, {
        post: async (tx, doc) => {
          const lines = await linesOf(tx, id);
          if (lines.length === 0) throw new DomainError("bad_request", "请添加退货明细");
          const orderId = orderOf(doc);
          const more = orderId ? await checkReturnable(tx, ctx, orderId, lines) : null;
          const { move, set } = await side.stock(tx, ctx, doc, lines, more);
          const moves = await postStock(tx, ctx, {
            bizType: side.bizType.confirm,
            docType: side.docType,
            docId: id,
            docNo: doc.no,
            lines: lines.map((l) => ({ ...move(l), productId: l.productId, docLineId: l.id, remark: reasonName(l.reasonCode) || null })),
          });
          for (const m of moves) {
            if (m.docLineId)
              await tx
                .update(side.lines)
                .set({ unitCost: m.unitCost, batchNo: m.batchNo } as never)
                .where(eq(side.lines.id, m.docLineId));
          }
          if (orderId) await countReturned(tx, ctx, lines, 1);
          // The partner's account: LAST lock of the transaction.
          if (gt(doc.totalAmount, 0)) {
            await postPartnerEntry(tx, ctx, {
              partnerId: doc.partnerId,
              docType: side.docType,
              docId: id,
              docNo: doc.no,
              amount: dec(doc.totalAmount).neg(),
              remark: side.entryRemark?.(doc.no),
            });
          }
          return { set: { ...set, postedAt: ctx.now, postedBy: ctx.userId }, total: doc.totalAmount };
        },
      }),
    );
    return { id, status: done.status };
  }

  /** 作废: the side undoes what it holds (an approval waiting, stock locked). */
  async function cancel(ctx: Ctx, id: number) {
    requireWriter(ctx, "cancel");
    const done = await inTransaction((tx) =>
      runDocumentAction(tx, ctx, {
        table,
        machine: side.machine,
        action: "cancel",
        type: side.docType,
        id,
        post: async (tx, doc) => {
          await side.cancel(tx, ctx, asDoc(doc));
          return { total: asDoc(doc).totalAmount };
        },
      }),
    );
    return { id, status: done.status };
  }

  /**
   * 红冲: under the order's row lock the moves are posted back at their cost (refused when the
   * goods moved since: the ledger never goes negative), the returned quantities go down again,
   * and the partner entry is taken back (partner account last).
   */
  async function reverse(ctx: Ctx, id: number) {
    requireWriter(ctx, "reverse");
    const done = await inTransaction((tx) =>
      runUnderOrder(tx, ctx, "reverse", id, {
        post: async (tx, doc) => {
          try {
            await reverseDocument(tx, ctx, { docType: side.docType, docId: id, docNo: doc.no, bizType: side.bizType.reverse, remark: `红冲 ${doc.no}` });
          } catch (e) {
            if (side.reverseRefused && isDomainError(e) && e.code === "conflict") throw new DomainError("conflict", side.reverseRefused(doc.no, e.message));
            throw e;
          }
          await countReturned(tx, ctx, await linesOf(tx, id), -1);
          await reversePartnerEntry(tx, ctx, { docType: side.docType, docId: id, docNo: doc.no });
          return { total: doc.totalAmount };
        },
      }),
    );
    return { id, status: done.status };
  }

  /** One return with its lines and names (document page, print page, JSON API); the side adds its fields. */
  async function get(ctx: Ctx, id: number, ex: Executor = db()): Promise<ReturnViewBase & Row & { lines: (ReturnLineViewBase & Row)[] }> {
    if (!isId(id)) throw notFound();
    const creator = alias(users, "creator");
    const poster = alias(users, "poster");
    const header = ex
      .select({
        doc: table,
        partnerName: enterpriseRelations.name,
        partnerContact: enterpriseRelations.contactName,
        partnerPhone: enterpriseRelations.contactPhone,
        partnerAddress: enterpriseRelations.address,
        warehouseName: warehouses.name,
        orderNo: order.table.no,
        createdByName: creator.name,
        postedByName: poster.name,
        companyName: companies.name,
        ...side.view.headerSelect,
      })
      .from(table)
      .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, table.partnerId))
      .innerJoin(warehouses, eq(warehouses.id, table.warehouseId))
      .innerJoin(companies, eq(companies.id, table.companyId))
      .leftJoin(order.table, eq(order.table.id, order.column))
      .leftJoin(creator, eq(creator.id, table.createdBy))
      .leftJoin(poster, eq(poster.id, table.postedBy))
      .$dynamic();
    const [h] = (await (side.view.joinHeader?.(header) ?? header).where(and(eq(table.id, id), eq(table.companyId, ctx.companyId)))) as (Row & {
      doc: H;
      partnerName: string;
      partnerContact: string | null;
      partnerPhone: string | null;
      partnerAddress: string | null;
      warehouseName: string;
      createdByName: string | null;
      postedByName: string | null;
      companyName: string;
    })[];
    if (!h) throw notFound();
    const lineQuery = ex
      .select({
        line: side.lines,
        mainOE: products.mainOE,
        productName: products.name,
        brandName: productBrands.name,
        unitName: productUnits.name,
        ...side.view.lineSelect,
      })
      .from(side.lines)
      .innerJoin(products, eq(products.id, side.lines.productId))
      .leftJoin(productBrands, eq(productBrands.id, products.brandId))
      .leftJoin(productUnits, eq(productUnits.id, products.unitId))
      .$dynamic();
    const [lines, more] = await Promise.all([
      (side.view.joinLines?.(lineQuery) ?? lineQuery).where(eq(side.lines.returnOrderId, id)).orderBy(asc(side.lines.lineNo)) as Promise<
        (Row & { line: L; mainOE: string; productName: string; brandName: string | null; unitName: string | null })[]
      >,
      side.view.more ? side.view.more(ex, ctx, id) : Promise.resolve({}),
    ]);
    const d = h.doc;
    return {
      id: d.id,
      no: d.no,
      status: d.status,
      statusName: labelOf(side.machine.statuses, d.status),
      partnerId: d.partnerId,
      partnerName: h.partnerName,
      partnerContact: h.partnerContact,
      partnerPhone: h.partnerPhone,
      partnerAddress: h.partnerAddress,
      warehouseId: d.warehouseId,
      warehouseName: h.warehouseName,
      ...side.view.header(d, h),
      remark: d.remark,
      totalQty: d.totalQty,
      totalAmount: d.totalAmount,
      creationTime: d.creationTime,
      postedAt: d.postedAt,
      createdByName: h.createdByName,
      postedByName: h.postedByName,
      companyName: h.companyName,
      ...more,
      actions: actionsFor(side.machine, d.status).filter((a) => side.buttons.includes(a)),
      lines: lines.map((r) => ({
        id: r.line.id,
        lineNo: r.line.lineNo,
        productId: r.line.productId,
        mainOE: r.mainOE,
        productName: r.productName,
        brandName: r.brandName,
        unitName: r.unitName,
        batchNo: r.line.batchNo,
        qty: r.line.qty,
        price: r.line.price,
        amount: r.line.amount,
        unitCost: r.line.unitCost,
        reasonCode: r.line.reasonCode,
        reasonName: reasonName(r.line.reasonCode),
        ...side.view.line(r.line, r),
        remark: r.line.remark,
      })),
    };
  }

  return { requireWriter, lockReturnWithOrder, linesOf, create, update, remove, submit, confirm, cancel, reverse, get };
}
