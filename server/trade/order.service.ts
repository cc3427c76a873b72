import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type * as z from "zod";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { div, moneyString, mul, qtyString, roundMoney, sum } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import { isId } from "../lib/ids";
import { parseInput } from "../lib/validate";
import { companies, companyUsers, users } from "../kernel/identity.tables";
import { assertTransition, lockDocument, runDocumentAction, type PostingOutcome, type StatusMachine } from "../kernel/document";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { warehouses } from "../stock/stock.tables";
import type { OrderInputBase } from "./order.input";
import { generic } from "../db/generic";

/**
 * THE trade order (销售订单 / 采购订单): what a sales order and a purchase order do alike, written
 * once and parameterised by the side (an `OrderSide`: its tables, document type, status machine,
 * partner kind and hooks). Every use case is one transaction; every status change runs through
 * the document kernel (runDocumentAction: the order's row lock → the status machine's check →
 * the side's posting → the new status → the audit entry), so a double click, two tabs or a
 * retried request moves an order once. Create and update check the partner, the warehouse and
 * the products against the company, write the lines and the totals, and submit in the same
 * transaction when asked. What only one side does (a sale's stock locks and credit check, a
 * purchase's receiving and plan) comes in through the side's hooks: this module imports
 * neither server/sale nor server/purchase.
 */

/** The header table of an order: the columns this module writes or reads. */
export type OrderTable = PgTable & {
  id: PgColumn;
  companyId: PgColumn;
  no: PgColumn;
  status: PgColumn;
  updatedAt: PgColumn;
  partnerId: PgColumn;
  warehouseId: PgColumn;
  totalQty: PgColumn;
  totalAmount: PgColumn;
  createdBy: PgColumn;
  creationTime: PgColumn;
};

/** The line table of an order. */
export type OrderLineTable = PgTable & {
  id: PgColumn;
  companyId: PgColumn;
  orderId: PgColumn;
  lineNo: PgColumn;
  productId: PgColumn;
  qty: PgColumn;
  price: PgColumn;
  amount: PgColumn;
  returnedQty: PgColumn;
  remark: PgColumn;
};

/** What the shared code reads of an order row. */
export interface OrderRowBase {
  id: number;
  no: string;
  status: number;
  partnerId: number;
  warehouseId: number;
  totalAmount: string;
}

/** The partner as the header takes it: blank header fields take the partner's. */
export interface PartnerFacts {
  paymentTerm: number | null;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
}

/** The actions every order has; a side's machine has more. */
type BaseAction = "save" | "remove" | "submit";

/** One status action of a side: its checks and postings around the kernel's status change. */
export interface OrderActionHooks<Row, O> {
  /** Past tense for the page's message: 销售订单 SO… 已取消. */
  done: string;
  /** Refuses the action beyond its status (a purchase order with goods received cannot be voided). */
  check?: (tx: Executor, ctx: Ctx, order: Row) => Promise<void>;
  /** The side's posting before the status is written: stock, amounts, lines, children; may add columns or an audit note. */
  post?: (tx: Executor, ctx: Ctx, order: Row, opts: O) => Promise<Omit<PostingOutcome<undefined>, "result"> | void>;
  /** What follows the new status (it is written and recorded): the warehouse's notes, the plan, who hears of it. */
  after?: (tx: Executor, ctx: Ctx, order: Row, opts: O) => Promise<void>;
}

/**
 * A side of trade. `I` its parsed input, `Row` its order row, `A` its machine's actions, `O` the
 * options its commands take (a sale's allowShortage, a purchase's planId).
 */
export interface OrderSide<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object> {
  orders: OrderTable;
  lines: OrderLineTable;
  /** The document type's code: numbering, audit trail, approvals. */
  docType: string;
  machine: StatusMachine<A | BaseAction>;
  schema: z.ZodType<I>;
  /** The side's person on the order, as lists and pages name it: salesmanName / buyerName, from its column. */
  person: { field: string; column: PgColumn };
  /** enterprise_relations.rel of the partner (1 customer, 0 supplier) and its Chinese name. */
  partner: { rel: number; label: string };
  /**
   * The side's header columns from the checked input (the shared ones are partner, warehouse,
   * payment terms and remark); `current` is the order being edited, null on create. Runs after
   * the partner and warehouse checks and before the products'.
   */
  header: (tx: Executor, ctx: Ctx, input: I, partner: PartnerFacts, current: Row | null) => Promise<Record<string, unknown>>;
  /** Columns only a new order gets (who buys, the plan it came from). */
  createColumns?: (ctx: Ctx, opts: O) => Record<string, unknown>;
  /** Columns an edit sets besides the header and totals (after the lines are rewritten). */
  updateColumns?: (tx: Executor, ctx: Ctx, order: Row, opts: O) => Promise<Record<string, unknown>>;
  /** The side's columns of each line, given every product's list price (priceSale). */
  lineColumns?: (tx: Executor, ctx: Ctx, input: I, listPrices: Map<number, string | null>) => Promise<(line: I["lines"][number]) => Record<string, unknown>>;
  /** Runs under the lock before a draft is deleted. */
  beforeRemove?: (tx: Executor, ctx: Ctx, order: Row) => Promise<unknown>;
  /** The status actions a user starts (submit among them) with their hooks. */
  actions: { [K in A | "submit"]?: OrderActionHooks<Row, O> };
}

export type OrderCommandOpts<O> = O & { submit?: boolean; tx?: Executor };

/** The lines of one order of the caller's company (a where condition). */
export const linesOfOrder = (lines: OrderLineTable, ctx: Pick<Ctx, "companyId">, orderId: number) =>
  and(eq(lines.orderId, orderId), eq(lines.companyId, ctx.companyId));

/** A line's amount: qty × price × discount ÷ 100 (no discount: 100), rounded half-up to cents. */
export function lineAmount(qty: string, price: string, discount = "100"): string {
  return moneyString(roundMoney(div(mul(mul(qty, price), discount), 100)));
}

/** A partner error on the partner field: 客户不存在，请从本公司的客户中选择. */
const partnerError = (message: string) => new DomainError("bad_request", message, { partnerId: [message] });

/**
 * The partner, warehouse and products must be the company's own (and usable); the side's
 * header hook checks its own references between. Returns the header columns and the list prices.
 */
async function checkReferences<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(
  tx: Executor,
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  input: I,
  current: Row | null,
) {
  const { rel, label } = side.partner;
  const [partner] = await tx
    .select({
      rel: enterpriseRelations.rel,
      isEnabled: enterpriseRelations.isEnabled,
      paymentTerm: enterpriseRelations.paymentTerm,
      contactName: enterpriseRelations.contactName,
      contactPhone: enterpriseRelations.contactPhone,
      address: enterpriseRelations.address,
    })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, input.partnerId), eq(enterpriseRelations.companyId, ctx.companyId)));
  if (!partner || partner.rel !== rel) throw partnerError(`${label}不存在，请从本公司的${label}中选择`);
  if (!partner.isEnabled) throw partnerError(`该${label}已停用`);
  const [wh] = await tx
    .select({ id: warehouses.id, isEnabled: warehouses.isEnabled })
    .from(warehouses)
    .where(and(eq(warehouses.id, input.warehouseId), eq(warehouses.companyId, ctx.companyId)));
  if (!wh) throw new DomainError("bad_request", "仓库不存在", { warehouseId: ["仓库不存在"] });
  if (!wh.isEnabled) throw new DomainError("bad_request", "该仓库已停用", { warehouseId: ["该仓库已停用"] });
  const facts: PartnerFacts = { ...partner, paymentTerm: (partner.paymentTerm as number | null) ?? null };
  const sideHeader = await side.header(tx, ctx, input, facts, current);
  const ids = [...new Set(input.lines.map((l) => l.productId))];
  const found = await tx
    .select({ id: products.id, priceSale: products.priceSale })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, ids)));
  const listPrices = new Map(found.map((p) => [p.id, p.priceSale]));
  const bad = input.lines.findIndex((l) => !listPrices.has(l.productId));
  if (bad >= 0) throw new DomainError("bad_request", `第 ${bad + 1} 行：产品不存在`, { lines: [`第 ${bad + 1} 行：产品不存在`] });
  const header = {
    partnerId: input.partnerId,
    warehouseId: input.warehouseId,
    paymentTerm: input.paymentTerm ?? facts.paymentTerm,
    ...sideHeader,
    remark: input.remark,
  };
  return { header, listPrices };
}

/** Writes the order's lines (numbered from 1 in the input's order) and returns its totals. */
async function writeLines<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(
  tx: Executor,
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  orderId: number,
  input: I,
  listPrices: Map<number, string | null>,
) {
  const own = side.lineColumns ? await side.lineColumns(tx, ctx, input, listPrices) : () => ({});
  const rows = input.lines.map((l, i) => ({
    companyId: ctx.companyId,
    orderId,
    lineNo: i + 1,
    productId: l.productId,
    qty: qtyString(l.qty),
    price: moneyString(l.price),
    amount: lineAmount(l.qty, l.price, l.discount),
    ...own(l),
    remark: l.remark,
  }));
  await generic(tx).insert(side.lines).values(rows);
  return { totalQty: qtyString(sum(rows.map((r) => r.qty))), totalAmount: moneyString(sum(rows.map((r) => r.amount))) };
}

async function lockOrder<Row>(tx: Executor, ctx: Ctx, side: { orders: OrderTable; machine: StatusMachine<string> }, id: number): Promise<Row> {
  return (await lockDocument(tx, side.orders, ctx, id, side.machine.label)) as Row;
}

/**
 * Runs one status action of a locked or unlocked order inside `tx` through the document kernel,
 * then the side's `after` hook; returns the order's status as it stands afterwards (a submit
 * may be followed by an automatic picking list or receiving).
 */
export async function runOrderActionIn<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(
  tx: Executor,
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  id: number,
  action: A | "submit",
  opts: O,
): Promise<{ id: number; no: string; status: number }> {
  const hooks: OrderActionHooks<Row, O> = side.actions[action] ?? { done: "" };
  let locked: Row | undefined;
  const done = await runDocumentAction(tx, ctx, {
    table: side.orders,
    machine: side.machine,
    action,
    type: side.docType,
    id,
    check: hooks.check && ((t, doc) => hooks.check!(t, ctx, doc as unknown as Row)),
    post: async (t, doc) => {
      locked = doc as unknown as Row;
      const out = (hooks.post ? await hooks.post(t, ctx, doc as unknown as Row, opts) : undefined) ?? {};
      // Submitting posts the order: who and when, on every side.
      const posted = action === "submit" ? { postedAt: ctx.now ?? new Date(), postedBy: ctx.userId } : {};
      return { total: (doc as unknown as Row).totalAmount, ...out, set: { ...posted, ...out.set } };
    },
  });
  if (!hooks.after) return { id, no: done.no, status: done.status };
  await hooks.after(tx, ctx, { ...locked!, no: done.no, status: done.status }, opts);
  const [after] = await generic(tx).select({ status: side.orders.status }).from(side.orders).where(eq(side.orders.id, id));
  return { id, no: done.no, status: after.status as number };
}

/** One status action in its own transaction. */
export function runOrderAction<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  id: number,
  action: A | "submit",
  opts: O,
) {
  return inTransaction((tx) => runOrderActionIn(tx, ctx, side, id, action, opts));
}

/** A side's status actions as functions (ctx, id, opts?), each in its own transaction: submitSalesOrder, cancelPurchaseOrder … */
export function orderActionsOf<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(side: OrderSide<I, Row, A, O>) {
  const run = (action: A | "submit") => (ctx: Ctx, id: number, opts?: O) => runOrderAction(ctx, side, id, action, opts ?? ({} as O));
  return Object.fromEntries((Object.keys(side.actions) as (A | "submit")[]).map((a) => [a, run(a)])) as Record<A | "submit", ReturnType<typeof run>>;
}

/** A new draft with its lines (submitted in the same transaction with `submit`). */
export async function createOrder<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  input: unknown,
  opts: OrderCommandOpts<O>,
): Promise<{ id: number; no: string; status: number }> {
  const parsed = parseInput(side.schema, input);
  const { orders, machine } = side;
  return inTransaction(
    async (tx) => {
      const { header, listPrices } = await checkReferences(tx, ctx, side, parsed, null);
      const no = await nextDocumentNo(tx, ctx, side.docType, { exists: noTakenIn(tx, ctx, orders) });
      const now = ctx.now ?? new Date();
      const draft = machine.actions.save.to!;
      const [order] = await generic(tx)
        .insert(orders)
        .values({
          companyId: ctx.companyId,
          no,
          status: draft,
          ...header,
          ...side.createColumns?.(ctx, opts),
          createdBy: ctx.userId,
          creationTime: now,
          updatedAt: now,
        })
        .returning({ id: orders.id, no: orders.no });
      const totals = await writeLines(tx, ctx, side, order.id, parsed, listPrices);
      await generic(tx).update(orders).set(totals).where(eq(orders.id, order.id));
      if (!opts.submit) return { id: order.id as number, no: order.no as string, status: draft };
      await runOrderActionIn(tx, ctx, side, order.id, "submit", opts);
      return { id: order.id as number, no: order.no as string, status: machine.actions.submit.to! };
    },
    { tx: opts.tx },
  );
}

/** Replaces a draft's header and lines (draft only); with `submit` it is submitted in the same transaction. */
export async function updateOrder<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  id: number,
  input: unknown,
  opts: OrderCommandOpts<O>,
): Promise<{ id: number; no: string; status: number }> {
  const parsed = parseInput(side.schema, input);
  const { orders, lines, machine } = side;
  return inTransaction(
    async (tx) => {
      const order = await lockOrder<Row>(tx, ctx, side, id);
      assertTransition(machine, "save", order.status);
      const { header, listPrices } = await checkReferences(tx, ctx, side, parsed, order);
      await generic(tx)
        .delete(lines)
        .where(linesOfOrder(lines, ctx, id));
      const totals = await writeLines(tx, ctx, side, id, parsed, listPrices);
      const own = side.updateColumns ? await side.updateColumns(tx, ctx, order, opts) : {};
      await generic(tx)
        .update(orders)
        .set({ ...header, ...totals, ...own, updatedAt: ctx.now ?? new Date() })
        .where(eq(orders.id, id));
      if (!opts.submit) return { id, no: order.no, status: order.status };
      await runOrderActionIn(tx, ctx, side, id, "submit", opts);
      return { id, no: order.no, status: machine.actions.submit.to! };
    },
    { tx: opts.tx },
  );
}

/** Deletes a draft (nothing was posted for it). */
export async function removeOrder<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  id: number,
): Promise<{ id: number; no: string }> {
  const { orders } = side;
  return inTransaction(async (tx) => {
    const order = await lockOrder<Row>(tx, ctx, side, id);
    assertTransition(side.machine, "remove", order.status);
    await side.beforeRemove?.(tx, ctx, order);
    await generic(tx)
      .delete(orders)
      .where(and(eq(orders.id, id), eq(orders.companyId, ctx.companyId)));
    return { id, no: order.no };
  });
}

export interface OrderCommandResult {
  id: number;
  no: string;
  status: number | null;
  message: string;
}

/** A command of the side's own (提交审批, 生成拣货单): its result, and its message when not the usual one. */
export type OwnOrderCommand<O> = (ctx: Ctx, id: number, opts: O) => Promise<{ no: string; status?: number | null; message?: string }>;

/**
 * One button of an order's page or one action of the JSON API (POST /api/app/{order}/{id}/{action}):
 * the side's status actions, 删除, and the side's own commands; answers 销售订单 SO… 已取消.
 */
export async function runOrderCommand<I extends OrderInputBase, Row extends OrderRowBase, A extends string, O extends object>(
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  id: number,
  action: string,
  opts: O,
  own: Record<string, { done: string; run: OwnOrderCommand<O> }> = {},
): Promise<OrderCommandResult> {
  const answer = (r: { no: string; status?: number | null; message?: string }, done: string) => ({
    id,
    no: r.no,
    status: r.status ?? null,
    message: r.message ?? `${side.machine.label} ${r.no} ${done}`,
  });
  if (Object.hasOwn(own, action)) return answer(await own[action]!.run(ctx, id, opts), own[action]!.done);
  if (action === "remove") return answer(await removeOrder(ctx, side, id), "已删除");
  const hooks = Object.hasOwn(side.actions, action) ? side.actions[action as A] : undefined;
  if (!hooks) throw new DomainError("bad_request", "未知的操作");
  return answer(await runOrderAction(ctx, side, id, action as A, opts), hooks.done);
}

// ─── Reading ───

/** What a select of these fields reads: an sql<T> gives T, a column its data (null unless not null). */
type SelectedOf<H> = {
  [K in keyof H]: H[K] extends SQL<infer T> ? T : H[K] extends PgColumn<infer C> ? (C["notNull"] extends true ? C["data"] : C["data"] | null) : unknown;
};

/** The names an order's page shows with it. */
export interface OrderNames {
  partnerName: string;
  warehouseName: string;
  companyName: string;
}

/** An order as its page and the JSON API read it: the row, its names and its lines. */
export type OrderView<Row, L> = Row & OrderNames & { lines: L[] };

/**
 * The order's row with the names a page shows: partner, warehouse, company and the side's
 * person (`person.field`: salesmanName / buyerName, from `person.column`), and `extra` columns.
 * 不存在 for another company's order.
 */
export async function readOrderHead<
  I extends OrderInputBase,
  Row extends OrderRowBase,
  A extends string,
  O extends object,
  P extends string,
  H extends Record<string, SQL | PgColumn> = Record<string, never>,
>(
  ex: Executor,
  ctx: Ctx,
  side: OrderSide<I, Row, A, O>,
  id: number,
  person: { field: P; column: PgColumn },
  extra: H = {} as H,
): Promise<Row & OrderNames & Record<P, string | null> & SelectedOf<H>> {
  const { orders, machine } = side;
  if (!isId(id)) throw new DomainError("not_found", `${machine.label}不存在`);
  const [head] = await generic(ex)
    .select({
      order: orders,
      partnerName: enterpriseRelations.name,
      warehouseName: warehouses.name,
      personName: users.name,
      companyName: companies.name,
      ...extra,
    })
    .from(orders)
    .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, orders.partnerId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(users, eq(users.id, person.column))
    .where(and(eq(orders.id, id), eq(orders.companyId, ctx.companyId)));
  if (!head) throw new DomainError("not_found", `${machine.label}不存在`);
  const { order, personName, ...names } = head;
  return { ...order, ...names, [person.field]: personName };
}

/** What every order line shows: its product's code, name, brand and unit, and its own numbers. */
export interface OrderLineBase {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
  qty: string;
  price: string;
  amount: string;
  returnedQty: string;
  remark: string | null;
}

/** A line as the order's page shows it. */
export interface OrderLineView extends OrderLineBase {
  /** What the order still has to deliver or receive, not below 0. */
  openQty: string;
}

/** The order's lines in their order, with the side's own columns (`extra`, read as the side's line type `L`). */
export async function readOrderLines<L extends OrderLineBase>(
  ex: Executor,
  ctx: Ctx,
  lines: OrderLineTable,
  orderId: number,
  extra: Record<string, SQL | PgColumn>,
): Promise<L[]> {
  return generic(ex)
    .select({
      id: lines.id,
      lineNo: lines.lineNo,
      productId: lines.productId,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      qty: lines.qty,
      price: lines.price,
      amount: lines.amount,
      returnedQty: lines.returnedQty,
      ...extra,
      remark: lines.remark,
    })
    .from(lines)
    .innerJoin(products, eq(products.id, lines.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .where(linesOfOrder(lines, ctx, orderId))
    .orderBy(asc(lines.lineNo), asc(lines.id));
}

/** A user of the company (a salesman, a buyer); refused on `field` with `label不存在` otherwise. */
export async function assertCompanyUser(tx: Executor, ctx: Ctx, userId: number, field: string, label: string) {
  const [member] = await tx
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, ctx.companyId), eq(companyUsers.userId, userId)));
  if (!member) throw new DomainError("bad_request", `${label}不存在`, { [field]: [`${label}不存在`] });
}
