import { and, asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { add, type Decimal, qtyString } from "../lib/decimal";
import { labelOf, type BizType, type Dict } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { isId } from "../lib/ids";
import { actionsFor, lockDocument, peekDocument, runDocumentAction, type DocTable, type StatusMachine } from "../kernel/document";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { users } from "../kernel/identity.tables";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { reverseDocument } from "../stock/stock-ledger.service";
import { warehouses } from "../stock/stock.tables";
import { reversePartnerEntry } from "../finance/partner-account.service";
import { generic } from "../db/generic";

/**
 * The stock-moving notes of an order, both sides: the sale side's delivery note (发货单, goods
 * out of stock for a sales order) and the purchase side's receiving note (收货单, goods into
 * the 收货区 for a purchase order). What they share lives here once, parameterised by the
 * side (its tables, its order, its status machine): locking the note with its order, the
 * transitions through the document kernel, loading the lines, the reversal's scaffolding and
 * the view's common shape. What differs (picking and pricing against the order vs. received
 * quantities, reasons and put-away) stays in the side's service. This module imports neither
 * side: the sides hand it their tables and services.
 *
 * Lock order: the order row → the note row → stock (ledger) → the partner's account (last).
 */

/** A note's header table: the columns both notes have. */
export type MoveHeaderTable = PgTable & {
  id: PgColumn;
  companyId: PgColumn;
  no: PgColumn;
  status: PgColumn;
  updatedAt: PgColumn;
  partnerId: PgColumn;
  warehouseId: PgColumn;
  createdBy: PgColumn;
  postedBy: PgColumn;
};

/** A note's lines table: the columns both notes' lines have. */
export type MoveLineTable = PgTable & { id: PgColumn; companyId: PgColumn; lineNo: PgColumn; productId: PgColumn; batchNo: PgColumn };

/** The order a note moves goods for (销售订单 / 采购订单). */
export interface MoveOrderSide<O extends DocTable> {
  table: O;
  /** 销售订单 / 采购订单. */
  label: string;
  statuses: Dict;
  /** Recomputes the order's status from its lines and open notes; returns it. */
  refresh: (tx: Executor, ctx: Ctx, orderId: number) => Promise<number>;
}

/** One side's note: its tables, its order, its status machine. */
export interface StockMoveSide<H extends MoveHeaderTable, L extends MoveLineTable, A extends string, O extends DocTable> {
  /** The document type's code (deliverOrder / receiveOrder): stock moves, audit, partner entries. */
  docType: string;
  machine: StatusMachine<A>;
  header: H;
  lines: L;
  /** The lines' column pointing at the note. */
  lineNoteId: PgColumn;
  /** The note's column pointing at its order (a receiving note may have none). */
  orderId: PgColumn;
  order: MoveOrderSide<O>;
}

type OrderRow<O extends DocTable> = O["$inferSelect"] & { id: number; no: string; status: number };
type NoteRow<H extends MoveHeaderTable> = H["$inferSelect"] & { id: number; no: string; status: number };

/** The label of a note's side (发货单 / 收货单): its not-found and refusal messages. */
const labelOfSide = (side: { machine: { label: string } }) => side.machine.label;

/** A note id the database can hold; anything else is 不存在. */
export function validMoveId(id: number) {
  return isId(id);
}

/** The property of `table` that is `column` (drizzle writes and reads rows by property). */
function keyOf(table: PgTable, column: PgColumn): string {
  const hit = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!hit) throw new Error(`${column.name} is not a column of the table`);
  return hit[0];
}

function orderIdOf(side: { header: MoveHeaderTable; orderId: PgColumn }, note: object): number | null {
  return (note as Record<string, number | null>)[keyOf(side.header, side.orderId)] ?? null;
}

/** Refuses to move goods for an order whose status does not allow it: 销售订单当前状态为“已完成”，不能发货. */
export function assertOrderMoves(orderSide: { label: string; statuses: Dict }, order: { status: number }, allowed: readonly number[], verb: string) {
  if (!allowed.includes(order.status)) {
    throw new DomainError("conflict", `${orderSide.label}当前状态为“${labelOf(orderSide.statuses, order.status)}”，不能${verb}`);
  }
}

/**
 * Makes a note of the (locked) order in `status` with its lines, under the next number of the
 * side's document type; the order's status follows. `header` and `lines` are the side's
 * columns (given the number: a receiving line's batch is <number>-<line>).
 */
export async function createMoveNote<H extends MoveHeaderTable, L extends MoveLineTable, O extends DocTable>(
  tx: Executor,
  ctx: Ctx,
  side: StockMoveSide<H, L, string, O>,
  order: { id: number; partnerId: number; warehouseId: number },
  status: number,
  header: Record<string, unknown>,
  lines: (no: string) => Record<string, unknown>[],
): Promise<{ id: number; no: string }> {
  const no = await nextDocumentNo(tx, ctx, side.docType, { exists: noTakenIn(tx, ctx, side.header) });
  const now = ctx.now ?? new Date();
  const [note] = await generic(tx)
    .insert(side.header)
    .values({
      companyId: ctx.companyId,
      no,
      status,
      [keyOf(side.header, side.orderId)]: order.id,
      partnerId: order.partnerId,
      warehouseId: order.warehouseId,
      ...header,
      createdBy: ctx.userId,
      creationTime: now,
      updatedAt: now,
    })
    .returning({ id: side.header.id, no: side.header.no });
  const noteKey = keyOf(side.lines, side.lineNoteId);
  await generic(tx)
    .insert(side.lines)
    .values(lines(no).map((l, i) => ({ companyId: ctx.companyId, lineNo: i + 1, [noteKey]: note.id, ...l })));
  await side.order.refresh(tx, ctx, order.id);
  return note;
}

async function lockOrderOf<H extends MoveHeaderTable, O extends DocTable>(
  tx: Executor,
  ctx: Ctx,
  side: StockMoveSide<H, MoveLineTable, string, O>,
  note: H["$inferSelect"],
): Promise<OrderRow<O> | null> {
  const orderId = orderIdOf(side, note);
  return orderId ? ((await lockDocument(tx, side.order.table, ctx, orderId, side.order.label)) as OrderRow<O>) : null;
}

/** Locks the note's order (first), then the note itself. */
export async function lockMoveWithOrder<H extends MoveHeaderTable, O extends DocTable>(
  tx: Executor,
  ctx: Ctx,
  side: StockMoveSide<H, MoveLineTable, string, O>,
  id: number,
): Promise<{ order: OrderRow<O> | null; note: NoteRow<H> }> {
  const peek = await peekDocument(tx, side.header, ctx, id, labelOfSide(side));
  const order = await lockOrderOf(tx, ctx, side, peek);
  const note = (await lockDocument(tx, side.header, ctx, id, labelOfSide(side))) as NoteRow<H>;
  return { order, note };
}

/** What the order went through with the note (the audit entry's note): 销售订单 SO…：待发货 → 发货完成. */
export function orderChangeNote(orderSide: { label: string; statuses: Dict }, order: { no: string; status: number } | null, next: number | null) {
  return order
    ? `${orderSide.label} ${order.no}：${labelOf(orderSide.statuses, order.status)} → ${labelOf(orderSide.statuses, next ?? order.status)}`
    : undefined;
}

/** What a side's action does around the kernel's lock → transition → status → record. */
export interface MoveActionSteps<H extends MoveHeaderTable, O extends DocTable, R> {
  /** Refusals beyond the status (the order's status, returns of it …), under the locks. */
  check?: (tx: Executor, note: NoteRow<H>, order: OrderRow<O> | null) => Promise<void> | void;
  /** The stock and the lines, before the status is written; more columns to write with it, the audit's amount. */
  post?: (
    tx: Executor,
    note: NoteRow<H>,
    order: OrderRow<O> | null,
  ) =>
    | Promise<{ set?: Record<string, unknown>; total?: string | null; result?: R } | void>
    | { set?: Record<string, unknown>; total?: string | null; result?: R }
    | void;
  /** After the status is written and the order's status follows: children, the partner's account (last). */
  after?: (tx: Executor, note: NoteRow<H>, order: OrderRow<O> | null, result: R | undefined) => Promise<void>;
  /** Who hears of it, after the change is recorded. */
  notify?: (tx: Executor, note: NoteRow<H>, order: OrderRow<O> | null, result: R | undefined) => Promise<unknown>;
  /** The audit entry names the order's status change (default); a void that leaves the order's counts says nothing. */
  orderNote?: boolean;
  /** An action that does not move the status (logistics, 生成上架单): nothing written, nothing recorded. */
  keepStatus?: boolean;
}

/**
 * One action of a note through the document kernel, inside the caller's transaction: lock the
 * order, then the note → the side's status machine decides → the side's checks → its posting
 * → the new status (and the side's columns) → the order's status follows → the side's `after`
 * (partner account last) → the audit entry (with the order's status change) → notify.
 */
export async function runMoveAction<H extends MoveHeaderTable, L extends MoveLineTable, A extends string, O extends DocTable, R = undefined>(
  tx: Executor,
  ctx: Ctx,
  side: StockMoveSide<H, L, A, O>,
  action: A,
  id: number,
  steps: MoveActionSteps<H, O, R>,
): Promise<{ id: number; no: string; from: number; status: number; orderStatus: number | null; result: R | undefined }> {
  let orderStatus: number | null = null;
  let result: R | undefined;
  let order: OrderRow<O> | null = null;
  const done = await runDocumentAction(tx, ctx, {
    table: side.header,
    machine: side.machine,
    action,
    type: side.docType,
    id,
    lockParent: async (tx2, peek) => {
      order = await lockOrderOf(tx2, ctx, side, peek);
      return order;
    },
    check: steps.check ? (tx2, doc) => steps.check!(tx2, doc as NoteRow<H>, order) : undefined,
    post: async (tx2, doc) => {
      const note = doc as NoteRow<H>;
      const out = (await steps.post?.(tx2, note, order)) ?? {};
      result = out.result;
      if (steps.keepStatus) {
        if (steps.after) await steps.after(tx2, note, order, result);
        return { to: note.status, skipStatus: true, skipRecord: true };
      }
      const to = side.machine.actions[action].to!;
      await generic(tx2)
        .update(side.header)
        .set({ ...out.set, status: to, updatedAt: ctx.now ?? new Date() })
        .where(eq(side.header.id, note.id));
      orderStatus = order ? await side.order.refresh(tx2, ctx, order.id) : null;
      if (steps.after) await steps.after(tx2, note, order, result);
      return {
        skipStatus: true,
        total: out.total,
        note: steps.orderNote === false ? undefined : orderChangeNote(side.order, order, orderStatus),
      };
    },
    notify: steps.notify ? (tx2, doc) => steps.notify!(tx2, doc as NoteRow<H>, order, result) : undefined,
  });
  return { id: done.id, no: done.no, from: done.from, status: done.status, orderStatus, result };
}

/** A document's lines in their order (line number, then id): a note's, or its order's. */
export async function moveLinesOf<L extends PgTable & { id: PgColumn; companyId: PgColumn; lineNo: PgColumn }>(
  ex: Executor,
  ctx: Ctx,
  side: { lines: L; lineNoteId: PgColumn },
  noteId: number,
): Promise<L["$inferSelect"][]> {
  return generic(ex)
    .select()
    .from(side.lines)
    .where(and(eq(side.lineNoteId, noteId), eq(side.lines.companyId, ctx.companyId)))
    .orderBy(asc(side.lines.lineNo), asc(side.lines.id));
}

/** Σ quantity per order line of the given note lines. */
export function qtyPerOrderLine<T>(lines: readonly T[], orderLineOf: (l: T) => number | null, qtyOf: (l: T) => string | Decimal) {
  const per = new Map<number, Decimal>();
  for (const l of lines) {
    const lineId = orderLineOf(l);
    if (lineId) per.set(lineId, add(per.get(lineId) ?? 0, qtyOf(l)));
  }
  return per;
}

type OrderLineTable = PgTable & { id: PgColumn; companyId: PgColumn };

/**
 * Moves the order lines' counters by what a note moved (per order line): `raise` columns go up
 * (delivered / received on confirmation), `lower` columns go down, never below 0 (picked on
 * delivery; delivered / received on reversal).
 */
export async function moveOrderLineCounters<T extends OrderLineTable>(
  tx: Executor,
  ctx: Ctx,
  table: T,
  perLine: Map<number, Decimal>,
  columns: { raise?: readonly (keyof T & string)[]; lower?: readonly (keyof T & string)[] },
) {
  for (const [lineId, q] of perLine) {
    const set: Record<string, SQL> = {};
    for (const c of columns.raise ?? []) set[c] = sql`${table[c] as PgColumn} + ${qtyString(q)}::numeric`;
    for (const c of columns.lower ?? []) set[c] = sql`greatest(${table[c] as PgColumn} - ${qtyString(q)}::numeric, 0)`;
    await generic(tx)
      .update(table)
      .set(set)
      .where(and(eq(table.id, lineId), eq(table.companyId, ctx.companyId)));
  }
}

/**
 * 红冲's stock: the opposite of the note's moves, at the cost they moved with (`bizType`:
 * SalesOrderBack / PurchaseOrderBack). A ledger refusal (the goods are no longer there) can be
 * told in the side's words.
 */
export async function reverseMoveStock(
  tx: Executor,
  ctx: Ctx,
  side: { docType: string },
  note: { id: number; no: string },
  opts: { bizType: BizType; fillDemands?: boolean; refused?: (e: DomainError) => DomainError },
) {
  try {
    await reverseDocument(tx, ctx, {
      docType: side.docType,
      docId: note.id,
      docNo: note.no,
      bizType: opts.bizType,
      remark: `红冲 ${note.no}`,
      ...(opts.fillDemands === undefined ? {} : { fillDemands: opts.fillDemands }),
    });
  } catch (e) {
    if (opts.refused && e instanceof DomainError && e.code === "conflict") throw opts.refused(e);
    throw e;
  }
}

/** 红冲's partner entry: the note's amount posted back on the partner's account (last in the lock order). */
export async function reverseMovePartnerEntry(tx: Executor, ctx: Ctx, side: { docType: string }, note: { id: number; no: string }) {
  await reversePartnerEntry(tx, ctx, { docType: side.docType, docId: note.id, docNo: note.no });
}

/* ---------------- the view ---------------- */

/** What both notes' views say of the note itself. */
export interface MoveDocumentViewBase<A extends string = string> {
  id: number;
  no: string;
  status: number;
  statusName: string;
  partnerId: number;
  partnerName: string;
  warehouseName: string;
  remark: string | null;
  creationTime: Date;
  postedAt: Date | null;
  createdByName: string | null;
  postedByName: string | null;
  companyName: string;
  /** The actions the note's page offers now. */
  actions: A[];
}

/** What both notes' views say of a line's product. */
export interface MoveLineViewBase {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
  batchNo: string;
}

/** Columns a side reads along (a joined table's columns). */
type Extra = Record<string, PgColumn | SQL.Aliased>;
type ExtraValues<E extends Extra> = { [K in keyof E]: E[K] extends PgColumn ? E[K]["_"]["data"] | null : E[K] extends SQL.Aliased<infer T> ? T : never };
/** Tables a side joins (left) to read its extra columns. */
export type MoveJoins = readonly (readonly [PgTable, SQL])[];

interface MoveHeaderRow<H extends MoveHeaderTable> {
  note: NoteRow<H> & { partnerId: number; remark: string | null; creationTime: Date; postedAt: Date | null };
  orderNo: string | null;
  partnerName: string | null;
  warehouseName: string | null;
  createdByName: string | null;
  postedByName: string | null;
}

interface MoveLineRow<L extends MoveLineTable> {
  line: L["$inferSelect"] & { id: number; lineNo: number; productId: number; batchNo: string };
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
}

/**
 * Reads one note of the caller's company with its lines and the names both sides show
 * (order number, partner, warehouse, creator, poster; each line's product code, name, brand, unit) and the
 * side's own extra columns of the tables it joins; 不存在 otherwise.
 */
export async function readMoveDocument<H extends MoveHeaderTable, L extends MoveLineTable, HE extends Extra, LE extends Extra>(
  ex: Executor,
  ctx: Ctx,
  side: StockMoveSide<H, L, string, DocTable & { no: PgColumn }>,
  id: number,
  extra: { header: { joins: MoveJoins; columns: HE }; lines: { joins: MoveJoins; columns: LE } },
): Promise<{ head: MoveHeaderRow<H> & ExtraValues<HE>; rows: (MoveLineRow<L> & ExtraValues<LE>)[] }> {
  const label = labelOfSide(side);
  if (!isId(id)) throw new DomainError("not_found", `${label}不存在`);
  const h = side.header;
  const creator = alias(users, "creator");
  const poster = alias(users, "poster");
  let hq = generic(ex)
    .select({
      note: h,
      orderNo: side.order.table.no,
      partnerName: enterpriseRelations.name,
      warehouseName: warehouses.name,
      createdByName: creator.name,
      postedByName: poster.name,
      ...extra.header.columns,
    })
    .from(h)
    .leftJoin(side.order.table, eq(side.order.table.id, side.orderId))
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, h.partnerId))
    .leftJoin(warehouses, eq(warehouses.id, h.warehouseId))
    .leftJoin(creator, eq(creator.id, h.createdBy))
    .leftJoin(poster, eq(poster.id, h.postedBy));
  for (const [t, on] of extra.header.joins) hq = hq.leftJoin(t, on);
  const [head] = await hq.where(and(eq(h.id, id), eq(h.companyId, ctx.companyId)));
  if (!head) throw new DomainError("not_found", `${label}不存在`);
  const l = side.lines;
  let lq = generic(ex)
    .select({
      line: l,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      ...extra.lines.columns,
    })
    .from(l)
    .innerJoin(products, eq(products.id, l.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId));
  for (const [t, on] of extra.lines.joins) lq = lq.leftJoin(t, on);
  const rows = await lq.where(and(eq(side.lineNoteId, id), eq(l.companyId, ctx.companyId))).orderBy(asc(l.lineNo), asc(l.id));
  return { head, rows };
}

/**
 * The view's fields of the note both sides show; `actions` are the status machine's for its
 * status that `offered` keeps (the side shows some elsewhere, or only when there is work).
 */
export function moveViewBase<H extends MoveHeaderTable, A extends string>(
  ctx: Ctx,
  machine: StatusMachine<A>,
  head: MoveHeaderRow<H>,
  offered: (a: A) => boolean = () => true,
): MoveDocumentViewBase<A> {
  const n = head.note;
  return {
    id: n.id,
    no: n.no,
    status: n.status,
    statusName: labelOf(machine.statuses, n.status),
    partnerId: n.partnerId,
    partnerName: head.partnerName ?? "",
    warehouseName: head.warehouseName ?? "",
    remark: n.remark,
    creationTime: n.creationTime,
    postedAt: n.postedAt,
    createdByName: head.createdByName ?? null,
    postedByName: head.postedByName ?? null,
    companyName: ctx.companyName,
    actions: actionsFor(machine, n.status).filter(offered),
  };
}

/** A line's fields both sides show. */
export function moveLineBase<L extends MoveLineTable>(r: MoveLineRow<L>): MoveLineViewBase {
  return {
    id: r.line.id,
    lineNo: r.line.lineNo,
    productId: r.line.productId,
    mainOE: r.mainOE,
    productName: r.productName,
    brandName: r.brandName ?? null,
    unitName: r.unitName ?? null,
    batchNo: r.line.batchNo,
  };
}
