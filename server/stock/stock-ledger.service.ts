import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { enterLockPhase } from "../kernel/lock-phase";
import type { BizType } from "../lib/dictionary";
import {
  add,
  costString,
  dec,
  div,
  formatQty,
  gt,
  isZero,
  lt,
  moneyString,
  mul,
  qtyString,
  roundCost,
  roundMoney,
  roundQty,
  sub,
  tryDecimal,
  type Decimal,
  type DecimalInput,
} from "../lib/decimal";
import { DomainError } from "../lib/errors";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { productCosts, stockDemands, stockLocations, stockLocks, stockMoves } from "./stock.tables";
import { rows as rowsOf } from "../lib/rows";

/**
 * THE ONLY WRITER OF STOCK (../shared/design/stock-ledger.md). Every change of a balance's
 * quantity or locked quantity goes through `postStock`, `lockStock`, `releaseLocks` or
 * `reverseDocument`, inside the posting document's own transaction (`tx`), after the caller
 * has locked the document row and checked its status transition.
 *
 * Lock order, the same for every transaction (two documents touching the same products in
 * opposite order then wait instead of deadlocking):
 *   the document row (caller) → balance rows sorted by (product, location, batch) →
 *   product_costs rows sorted by product → (the caller) the partner's account.
 * Waiting demands (stock_demands) are taken after the cost rows, SKIP LOCKED: never waited for.
 * Each ledger call takes every balance row it needs in ONE sorted statement, before any cost
 * row: a posting whose arrivals fill waiting demands reads the shelves those demands may take
 * from first and locks them with its own keys (`shelvesForDemands`); a release that refills
 * does the same. A transaction of several ledger calls (release the delivery's locks, then post its
 * outflow) takes no new balance row after the first call's cost rows: its later calls touch
 * the keys already held.
 *
 * Invariants: balance.qty = Σ moves.qty of its key; qty ≥ 0, 0 ≤ locked ≤ qty (also a CHECK);
 * moves are never updated or deleted; a reversal is a new move pointing at the one it undoes
 * (unique, so a move is undone once); product_costs.qty_on_hand = Σ balances of the product.
 */

export interface MoveLine {
  productId: number;
  locationId: number;
  batchNo?: string;
  /** Signed quantity: receipts positive, issues negative; 2 decimals at most. */
  qty: DecimalInput;
  /**
   * Inflow: the unit cost it comes in at (receipt price, the cost a return left with); without
   * it, the moving average. Outflow: without it the moving average (the normal case); with it,
   * a cost-exact undo of an inflow (the average is recomputed as if that inflow never happened).
   */
  unitCost?: DecimalInput;
  /** Inflow into a new or empty batch: its stock source (spec 000 §4) and received time. */
  source?: number;
  receivedAt?: Date;
  /** Inflow: the batch keeps the identity (cost, source, received time) of this key (transfers, put-away). */
  batchFrom?: { locationId: number; batchNo: string };
  docLineId?: number | null;
  remark?: string | null;
}

export interface Posting {
  bizType: BizType;
  /** Document kind: receiveOrder, putawayOrder, purchaseReturnOrder, moveOrder, inventoryOrder, opening … */
  docType: string;
  docId: number | null;
  docNo: string;
  lines: MoveLine[];
  /** For reversals: the move each line undoes (same index). */
  reverses?: (number | null)[];
  /**
   * false: shelf stock that arrives does not go to waiting demands (stock_demands); the caller
   * locks it for its own document in the same transaction (a 红冲 delivery's goods go back to
   * the order they were delivered for). Default true.
   */
  fillDemands?: boolean;
  /**
   * An internal move (put-away, transfer, and their reversals): the stock only changes place.
   * Every line leaves and enters at the batch's own unit cost — an outflow at its key's cost, an
   * inflow at its `batchFrom` key's cost (or at `unitCost`, the cost a reversal undoes) — and the
   * product's moving average stays as it is: a location emptied goes back to value 0, and the
   * company's value does not change. The lines net to zero per product.
   */
  internal?: boolean;
}

export interface PostedMove {
  id: number;
  productId: number;
  locationId: number;
  batchNo: string;
  qty: string;
  unitCost: string;
  amount: string;
  balanceAfter: string;
  docLineId: number | null;
}

interface BalanceRow {
  id: number;
  productId: number;
  locationId: number;
  warehouseId: number;
  batchNo: string;
  qty: Decimal;
  lockedQty: Decimal;
  unitCost: Decimal;
  source: number;
  receivedAt: Date;
  dirty: boolean;
}

interface CostRow {
  productId: number;
  avgCost: Decimal;
  qtyOnHand: Decimal;
  lockedQty: Decimal;
  dirty: boolean;
}

interface LocationRow {
  id: number;
  warehouseId: number;
  fullName: string;
  isEnabled: boolean;
  kind: number;
}

const keyOf = (productId: number, locationId: number, batchNo: string) => `${productId}|${locationId}|${batchNo}`;

type BalanceKey = { productId: number; locationId: number; batchNo: string };

/** The distinct keys in the global lock order: (product, location, batch). */
function lockOrder(keys: Iterable<BalanceKey>): BalanceKey[] {
  const unique = new Map<string, BalanceKey>();
  for (const k of keys) unique.set(keyOf(k.productId, k.locationId, k.batchNo), { productId: k.productId, locationId: k.locationId, batchNo: k.batchNo });
  return [...unique.values()].sort(
    (a, b) => a.productId - b.productId || a.locationId - b.locationId || (a.batchNo < b.batchNo ? -1 : a.batchNo > b.batchNo ? 1 : 0),
  );
}

function quantityOf(v: DecimalInput, what = "数量"): Decimal {
  const d = tryDecimal(v);
  if (!d || !d.isFinite()) throw new DomainError("bad_request", `${what}不正确`);
  if (!roundQty(d).eq(d)) throw new DomainError("bad_request", `${what}最多两位小数`);
  if (d.abs().gte("1e12")) throw new DomainError("bad_request", `${what}过大`);
  return d;
}

async function locationsOf(tx: Executor, ctx: Ctx, ids: number[]): Promise<Map<number, LocationRow>> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({
      id: stockLocations.id,
      warehouseId: stockLocations.warehouseId,
      fullName: stockLocations.fullName,
      isEnabled: stockLocations.isEnabled,
      kind: stockLocations.kind,
    })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, ctx.companyId), inArray(stockLocations.id, unique)));
  const map = new Map(rows.map((r) => [r.id, r]));
  if (map.size !== unique.length) throw new DomainError("not_found", "货位不存在");
  return map;
}

/** A product as a refusal names it: "06J 115 403Q 机油滤清器", counted in its own unit (只, 套, 升). */
interface ProductLabel {
  text: string;
  unit: string | null;
}

async function productLabels(tx: Executor, ctx: Ctx, ids: number[]): Promise<Map<number, ProductLabel>> {
  const rows = await tx
    .select({ id: products.id, mainOE: products.mainOE, name: products.name, unit: productUnits.name })
    .from(products)
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, { text: `${r.mainOE} ${r.name}`, unit: r.unit }]));
}

/** A quantity of the product as shown everywhere, in its unit ("3 只"); a product without a unit gets the bare number. */
function qtyOf(label: ProductLabel | undefined, q: Decimal) {
  return formatQty(q, label?.unit);
}

async function assertProducts(tx: Executor, ctx: Ctx, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, unique)));
  if (rows.length !== unique.length) throw new DomainError("not_found", "产品不存在");
}

/**
 * Bulk values travel as ONE json parameter read with json_to_recordset: a 10,000-line posting
 * is then one statement of one parameter (a tuple list of 30,000 parameters is slow to build
 * and PGlite mishandles long row-value IN lists).
 */
const asJson = (rows: unknown[]) => JSON.stringify(rows);
const intArray = (ids: number[]) => `{${ids.map((i) => Math.trunc(i)).join(",")}}`;

/**
 * Locks, in ONE statement and in the global lock order, the balance rows of `keys` sorted by
 * (product, location, batch), then the products' cost rows sorted by product. (The rows exist:
 * `ensureRows` made the missing ones; an outflow of a key without a row has nothing available.)
 * The first branch of the UNION ALL is read to its end before the second one starts, so every
 * balance lock is taken before any cost lock, as two separate statements would.
 */
async function lockRows(
  tx: Executor,
  ctx: Ctx,
  keys: { productId: number; locationId: number; batchNo: string }[],
  productIds: number[],
): Promise<{ balances: Map<string, BalanceRow>; costs: Map<number, CostRow> }> {
  enterLockPhase(tx, "ledger", "库存余额");
  const wanted = keys.map((k) => ({ kp: k.productId, kl: k.locationId, kb: k.batchNo }));
  const ids = intArray([...new Set(productIds)].sort((a, b) => a - b));
  const rows = rowsOf(
    await tx.execute(sql`with b as materialized (
        select s.id, s.product_id, s.location_id, s.warehouse_id, s.batch_no, s.qty::text as qty, s.locked_qty::text as locked_qty, s.unit_cost::text as unit_cost, s.source,
          s.received_at
        from stock_balances s
        join json_to_recordset(${asJson(wanted)}::json) as k(kp int, kl int, kb text) on s.product_id = k.kp and s.location_id = k.kl and s.batch_no = k.kb
        where s.company_id = ${ctx.companyId}
        order by s.product_id, s.location_id, s.batch_no
        for update of s
      ), c as materialized (
        select product_id, avg_cost::text as avg_cost, qty_on_hand::text as qty_on_hand, locked_qty::text as locked_qty
        from product_costs
        where company_id = ${ctx.companyId} and product_id = any(${ids}::int[])
        order by product_id
        for update
      )
      select 0 as part, row_to_json(b)::text as r from b
      union all
      select 1 as part, row_to_json(c)::text as r from c`),
  );
  const balances = new Map<string, BalanceRow>();
  const costs = new Map<number, CostRow>();
  for (const { part, r: text } of rows) {
    const r = JSON.parse(String(text)) as Record<string, string | number>;
    if (Number(part) === 0) {
      const row: BalanceRow = {
        id: Number(r.id),
        productId: Number(r.product_id),
        locationId: Number(r.location_id),
        warehouseId: Number(r.warehouse_id),
        batchNo: String(r.batch_no),
        qty: dec(String(r.qty)),
        lockedQty: dec(String(r.locked_qty)),
        unitCost: dec(String(r.unit_cost)),
        source: Number(r.source),
        receivedAt: new Date(String(r.received_at)),
        dirty: false,
      };
      balances.set(keyOf(row.productId, row.locationId, row.batchNo), row);
    } else {
      const productId = Number(r.product_id);
      costs.set(productId, {
        productId,
        avgCost: dec(String(r.avg_cost)),
        qtyOnHand: dec(String(r.qty_on_hand)),
        lockedQty: dec(String(r.locked_qty)),
        dirty: false,
      });
    }
  }
  return { balances, costs };
}

type NewBalance = { productId: number; locationId: number; warehouseId: number; batchNo: string; unitCost: string; source: number; receivedAt: Date };

/**
 * Before any lock is taken, in one statement: the products' cost rows and the balance rows the
 * inflows go to exist (ON CONFLICT DO NOTHING locks nothing), so every key can then be locked.
 */
async function ensureRows(tx: Executor, ctx: Ctx, productIds: number[], create: NewBalance[]) {
  const ids = intArray([...new Set(productIds)].sort((a, b) => a - b));
  const rows = create.map((c) => ({
    p: c.productId,
    l: c.locationId,
    w: c.warehouseId,
    b: c.batchNo,
    c: c.unitCost,
    s: c.source,
    r: c.receivedAt.toISOString(),
  }));
  await tx.execute(sql`with costs as (
      insert into product_costs (company_id, product_id) select ${ctx.companyId}::int, p from unnest(${ids}::int[]) as p on conflict do nothing
    )
    insert into stock_balances (company_id, product_id, location_id, warehouse_id, batch_no, unit_cost, source, received_at)
    select ${ctx.companyId}::int, k.p, k.l, k.w, k.b, k.c, k.s, k.r
    from json_to_recordset(${asJson(rows)}::json) as k(p int, l int, w int, b text, c numeric, s smallint, r timestamptz)
    on conflict do nothing`);
}

/**
 * Every write of a posting in ONE statement (the balance rows, the cost rows and the new ledger
 * rows): the locks are held for as few round trips as possible. Returns the ledger rows in line order.
 */
async function writePosting(
  tx: Executor,
  ctx: Ctx,
  balanceRows: BalanceRow[],
  costRows: CostRow[],
  moves: (typeof stockMoves.$inferInsert)[],
  now: Date,
): Promise<PostedMove[]> {
  const balances = balanceRows
    .filter((r) => r.dirty)
    .map((r) => ({ id: r.id, q: qtyString(r.qty), l: qtyString(r.lockedQty), c: costString(r.unitCost), s: r.source, r: r.receivedAt.toISOString() }));
  const costs = costRows
    .filter((r) => r.dirty)
    .map((r) => ({ p: r.productId, a: costString(r.avgCost), q: qtyString(r.qtyOnHand), l: qtyString(r.lockedQty) }));
  const ledger = moves.map((m, o) => ({
    o,
    p: m.productId,
    l: m.locationId,
    w: m.warehouseId,
    b: m.batchNo,
    q: m.qty,
    u: m.unitCost,
    a: m.amount,
    ba: m.balanceAfter,
    pq: m.productQtyAfter,
    ac: m.avgCostAfter,
    bt: m.bizType,
    dt: m.docType,
    di: m.docId,
    dn: m.docNo,
    dl: m.docLineId,
    s: m.source,
    rv: m.reversesMoveId,
    us: m.userId,
    rm: m.remark,
  }));
  const at = now.toISOString();
  const out = rowsOf(
    await tx.execute(sql`with balances as (
        update stock_balances b set qty = v.q, locked_qty = v.l, unit_cost = v.c, source = v.s, received_at = v.r, updated_at = ${at}::timestamptz
        from json_to_recordset(${asJson(balances)}::json) as v(id bigint, q numeric, l numeric, c numeric, s smallint, r timestamptz)
        where b.id = v.id and b.company_id = ${ctx.companyId}
      ), costs as (
        update product_costs c set avg_cost = v.a, qty_on_hand = v.q, locked_qty = v.l, updated_at = ${at}::timestamptz
        from json_to_recordset(${asJson(costs)}::json) as v(p int, a numeric, q numeric, l numeric)
        where c.company_id = ${ctx.companyId} and c.product_id = v.p
      )
      insert into stock_moves (company_id, product_id, location_id, warehouse_id, batch_no, qty, unit_cost, amount, balance_after, product_qty_after, avg_cost_after,
        biz_type, doc_type, doc_id, doc_no, doc_line_id, source, reverses_move_id, user_id, remark, created_at)
      select ${ctx.companyId}::int, v.p, v.l, v.w, v.b, v.q, v.u, v.a, v.ba, v.pq, v.ac, v.bt, v.dt, v.di, v.dn, v.dl, v.s, v.rv, v.us, v.rm, ${at}::timestamptz
      from json_to_recordset(${asJson(ledger)}::json) as v(o int, p int, l int, w int, b text, q numeric, u numeric, a numeric, ba numeric, pq numeric, ac numeric,
        bt text, dt text, di int, dn text, dl int, s smallint, rv bigint, us int, rm text)
      order by v.o
      returning id, product_id, location_id, batch_no, qty::text as qty, unit_cost::text as unit_cost, amount::text as amount, balance_after::text as balance_after, doc_line_id`),
  );
  return out
    .map((r) => ({
      id: Number(r.id),
      productId: Number(r.product_id),
      locationId: Number(r.location_id),
      batchNo: String(r.batch_no),
      qty: String(r.qty),
      unitCost: String(r.unit_cost),
      amount: String(r.amount),
      balanceAfter: String(r.balance_after),
      docLineId: r.doc_line_id === null || r.doc_line_id === undefined ? null : Number(r.doc_line_id),
    }))
    .sort((a, b) => a.id - b.id);
}

function shortage(label: ProductLabel | undefined, location: string, available: Decimal, need: Decimal) {
  return new DomainError("conflict", `产品 ${label?.text ?? ""} 在 ${location} 可用 ${qtyOf(label, available)}，需要 ${qtyOf(label, need)}`);
}

/**
 * Posts one document's stock movements: locks, checks (never below zero, never into the locked
 * quantity), updates balances and moving-average costs, appends one ledger row per line.
 */
export async function postStock(tx: Executor, ctx: Ctx, posting: Posting): Promise<PostedMove[]> {
  const lines = posting.lines.map((l, i) => ({
    ...l,
    index: i,
    batchNo: l.batchNo ?? "",
    q: quantityOf(l.qty),
  }));
  if (lines.length === 0) return [];
  for (const l of lines) if (isZero(l.q)) throw new DomainError("bad_request", "数量不能为 0");
  const now = ctx.now ?? new Date();
  const internal = posting.internal === true;
  // A batch moved elsewhere is an internal move, valued as one: never at the average.
  if (!internal && lines.some((l) => l.batchFrom)) throw new Error("postStock: a line with batchFrom belongs to an internal posting");
  if (internal) {
    const perProduct = new Map<number, Decimal>();
    for (const l of lines) perProduct.set(l.productId, add(perProduct.get(l.productId) ?? 0, l.q));
    if ([...perProduct.values()].some((q) => !isZero(q))) throw new Error("postStock: an internal posting's lines net to zero per product");
  }

  const locations = await locationsOf(
    tx,
    ctx,
    lines.flatMap((l) => (l.batchFrom ? [l.locationId, l.batchFrom.locationId] : [l.locationId])),
  );
  await assertProducts(
    tx,
    ctx,
    lines.map((l) => l.productId),
  );
  for (const l of lines) {
    if (gt(l.q, 0) && !locations.get(l.locationId)!.isEnabled)
      throw new DomainError("conflict", `货位 ${locations.get(l.locationId)!.fullName} 已停用，不能入库`);
  }

  const keySet = new Map<string, { productId: number; locationId: number; batchNo: string }>();
  const create = new Map<string, NewBalance>();
  for (const l of lines) {
    keySet.set(keyOf(l.productId, l.locationId, l.batchNo), {
      productId: l.productId,
      locationId: l.locationId,
      batchNo: l.batchNo,
    });
    if (l.batchFrom)
      keySet.set(keyOf(l.productId, l.batchFrom.locationId, l.batchFrom.batchNo), {
        productId: l.productId,
        locationId: l.batchFrom.locationId,
        batchNo: l.batchFrom.batchNo,
      });
    const k = keyOf(l.productId, l.locationId, l.batchNo);
    if (gt(l.q, 0) && !create.has(k)) {
      create.set(k, {
        productId: l.productId,
        locationId: l.locationId,
        warehouseId: locations.get(l.locationId)!.warehouseId,
        batchNo: l.batchNo,
        unitCost: costString(l.unitCost !== undefined ? roundCost(l.unitCost) : 0),
        source: l.source ?? 0,
        receivedAt: l.receivedAt ?? now,
      });
    }
  }
  // Shelf stock that arrives goes to the demands waiting for it (oldest first): the shelves
  // they may take from are locked with this posting's own keys, before any cost row.
  const arrived = posting.fillDemands === false ? [] : lines.filter((l) => gt(l.q, 0) && locations.get(l.locationId)!.kind === 0);
  const arrivedProducts = arrived.map((l) => l.productId);
  const arrivedWarehouses = arrived.map((l) => locations.get(l.locationId)!.warehouseId);
  const shelves = arrived.length ? await shelvesForDemands(tx, ctx, arrivedProducts, arrivedWarehouses) : [];
  const sortedKeys = lockOrder([...keySet.values(), ...shelves]);
  await ensureRows(
    tx,
    ctx,
    lines.map((l) => l.productId),
    [...create.values()],
  );
  const { balances, costs } = await lockRows(
    tx,
    ctx,
    sortedKeys,
    lines.map((l) => l.productId),
  );

  // Lines of one key are summed before the check: the refusal names the whole need.
  const net = new Map<string, Decimal>();
  for (const l of lines) {
    const k = keyOf(l.productId, l.locationId, l.batchNo);
    net.set(k, add(net.get(k) ?? 0, l.q));
  }
  for (const [k, n] of net) {
    if (!lt(n, 0)) continue;
    const row = balances.get(k);
    const available = row ? sub(row.qty, row.lockedQty) : dec(0);
    if (lt(add(available, n), 0)) {
      const l = lines.find((x) => keyOf(x.productId, x.locationId, x.batchNo) === k)!;
      const labels = await productLabels(tx, ctx, [l.productId]);
      throw shortage(labels.get(l.productId), locations.get(l.locationId)!.fullName, available, n.neg());
    }
  }

  const moves: (typeof stockMoves.$inferInsert)[] = [];
  for (const l of lines) {
    const k = keyOf(l.productId, l.locationId, l.batchNo);
    const row = balances.get(k)!;
    const cost = costs.get(l.productId)!;
    let unitCost: Decimal;
    if (gt(l.q, 0)) {
      const from = l.batchFrom ? balances.get(keyOf(l.productId, l.batchFrom.locationId, l.batchFrom.batchNo)) : undefined;
      if (internal && l.unitCost === undefined && !from) throw new Error("postStock: an internal inflow needs its batchFrom key or a unit cost");
      unitCost = roundCost(l.unitCost !== undefined ? l.unitCost : internal ? from!.unitCost : cost.avgCost);
      // The batch: a fresh (empty) batch takes this inflow's identity; a batch moved from
      // elsewhere keeps the identity it had there; a batch topped up averages its cost.
      const batchCost = from ? from.unitCost : unitCost;
      if (isZero(row.qty)) {
        row.unitCost = batchCost;
        if (from) {
          row.source = from.source;
          row.receivedAt = from.receivedAt;
        } else {
          if (l.source !== undefined) row.source = l.source;
          if (l.receivedAt) row.receivedAt = l.receivedAt;
        }
      } else {
        row.unitCost = roundCost(div(add(mul(row.qty, row.unitCost), mul(l.q, batchCost)), add(row.qty, l.q)));
      }
      // Moving weighted average: what was on hand at its average plus what came in at its cost.
      // An internal move's inflow is stock already counted in it.
      const onHand = cost.qtyOnHand;
      if (!internal) cost.avgCost = gt(onHand, 0) ? roundCost(div(add(mul(onHand, cost.avgCost), mul(l.q, unitCost)), add(onHand, l.q))) : unitCost;
    } else {
      // An internal move leaves at the batch's cost (what it came in at), not at the average.
      unitCost = roundCost(l.unitCost !== undefined ? l.unitCost : internal ? row.unitCost : cost.avgCost);
      const after = add(cost.qtyOnHand, l.q);
      // Undoing an inflow at its own cost takes its value out of the average too.
      if (!internal && l.unitCost !== undefined && gt(after, 0)) {
        const avg = div(add(mul(cost.qtyOnHand, cost.avgCost), mul(l.q, unitCost)), after);
        cost.avgCost = avg.isNegative() ? dec(0) : roundCost(avg);
      }
    }
    row.qty = add(row.qty, l.q);
    row.dirty = true;
    cost.qtyOnHand = add(cost.qtyOnHand, l.q);
    cost.dirty = true;
    if (lt(row.qty, row.lockedQty) || lt(cost.qtyOnHand, 0)) {
      const labels = await productLabels(tx, ctx, [l.productId]);
      throw shortage(labels.get(l.productId), locations.get(l.locationId)!.fullName, add(sub(row.qty, row.lockedQty), l.q.neg()), l.q.neg());
    }
    moves.push({
      companyId: ctx.companyId,
      productId: l.productId,
      locationId: l.locationId,
      warehouseId: row.warehouseId,
      batchNo: l.batchNo,
      qty: qtyString(l.q),
      unitCost: costString(unitCost),
      amount: moneyString(roundMoney(mul(l.q, unitCost))),
      balanceAfter: qtyString(row.qty),
      productQtyAfter: qtyString(cost.qtyOnHand),
      avgCostAfter: costString(cost.avgCost),
      bizType: posting.bizType,
      docType: posting.docType,
      docId: posting.docId,
      docNo: posting.docNo,
      docLineId: l.docLineId ?? null,
      source: row.source,
      reversesMoveId: posting.reverses?.[l.index] ?? null,
      userId: ctx.userId,
      remark: l.remark ?? null,
      createdAt: now,
    });
  }

  const waiting = arrived.length ? await lockDemands(tx, ctx, arrivedProducts, arrivedWarehouses) : [];
  const fills = await allocateDemands(tx, ctx, waiting, balances, costs, now);
  const posted = await writePosting(tx, ctx, [...balances.values()], [...costs.values()], moves, now);
  await recordFills(tx, ctx, fills);
  return posted;
}

/**
 * 反审核 / 红冲: posts the opposite of every not yet reversed move of a document, each at the
 * cost it was posted with, with the "…Back" bizType, pointing at the move it undoes. A move can
 * be undone once (unique index); an inflow whose goods have left since cannot be undone (the
 * balance would go below zero) and the refusal says so.
 */
export async function reverseDocument(
  tx: Executor,
  ctx: Ctx,
  doc: {
    docType: string;
    docId: number;
    docNo: string;
    bizType: BizType;
    remark?: string;
    /** See Posting.fillDemands. */
    fillDemands?: boolean;
    /** See Posting.internal: the document moved stock between locations (a transfer). */
    internal?: boolean;
  },
) {
  const originals = await tx
    .select()
    .from(stockMoves)
    .where(
      and(
        eq(stockMoves.companyId, ctx.companyId),
        eq(stockMoves.docType, doc.docType),
        eq(stockMoves.docId, doc.docId),
        isNull(stockMoves.reversesMoveId),
        sql`${stockMoves.id} not in (select r.reverses_move_id from stock_moves r where r.company_id = ${ctx.companyId} and r.doc_type = ${doc.docType} and r.doc_id = ${doc.docId} and r.reverses_move_id is not null)`,
      ),
    )
    .orderBy(asc(stockMoves.id));
  if (originals.length === 0) return [];
  return postStock(tx, ctx, {
    bizType: doc.bizType,
    docType: doc.docType,
    docId: doc.docId,
    docNo: doc.docNo,
    lines: originals.map((m) => ({
      productId: m.productId,
      locationId: m.locationId,
      batchNo: m.batchNo,
      qty: dec(m.qty).neg(),
      unitCost: m.unitCost,
      source: m.source,
      docLineId: m.docLineId,
      remark: doc.remark ?? `红冲 ${m.docNo}`,
    })),
    reverses: originals.map((m) => m.id),
    fillDemands: doc.fillDemands,
    internal: doc.internal,
  });
}

export interface LockLine {
  productId: number;
  locationId: number;
  batchNo?: string;
  qty: DecimalInput;
  docLineId?: number | null;
}

/** Locks stock for a document (never more than available); released exactly by `releaseLocks`. */
export async function lockStock(tx: Executor, ctx: Ctx, doc: { docType: string; docId: number; docNo: string }, lines: LockLine[]) {
  if (lines.length === 0) return;
  const items = lines.map((l) => ({
    ...l,
    batchNo: l.batchNo ?? "",
    q: quantityOf(l.qty),
  }));
  for (const l of items) if (!gt(l.q, 0)) throw new DomainError("bad_request", "锁定数量必须大于 0");
  const locations = await locationsOf(
    tx,
    ctx,
    items.map((l) => l.locationId),
  );
  const keys = lockOrder(items);
  const { balances, costs } = await lockRows(
    tx,
    ctx,
    keys,
    items.map((l) => l.productId),
  );
  const need = new Map<string, Decimal>();
  for (const l of items) need.set(keyOf(l.productId, l.locationId, l.batchNo), add(need.get(keyOf(l.productId, l.locationId, l.batchNo)) ?? 0, l.q));
  for (const [k, n] of need) {
    const row = balances.get(k);
    const available = row ? sub(row.qty, row.lockedQty) : dec(0);
    if (lt(available, n)) {
      const l = items.find((x) => keyOf(x.productId, x.locationId, x.batchNo) === k)!;
      throw shortage((await productLabels(tx, ctx, [l.productId])).get(l.productId), locations.get(l.locationId)!.fullName, available, n);
    }
    row!.lockedQty = add(row!.lockedQty, n);
    row!.dirty = true;
    const cost = costs.get(row!.productId)!;
    cost.lockedQty = add(cost.lockedQty, n);
    cost.dirty = true;
  }
  const now = ctx.now ?? new Date();
  await writePosting(tx, ctx, [...balances.values()], [...costs.values()], [], now);
  await tx.insert(stockLocks).values(
    items.map((l) => ({
      companyId: ctx.companyId,
      productId: l.productId,
      locationId: l.locationId,
      warehouseId: locations.get(l.locationId)!.warehouseId,
      batchNo: l.batchNo,
      qty: qtyString(l.q),
      docType: doc.docType,
      docId: doc.docId,
      docNo: doc.docNo,
      docLineId: l.docLineId ?? null,
      userId: ctx.userId,
      createdAt: now,
    })),
  );
}

/**
 * Releases what a document locked (all of it, or only some of its lines). Returns what was
 * released. With `fillDemands`, the freed shelf stock goes to the demands waiting for it in the
 * same lock statement (the lock order: every balance row before the cost rows).
 */
export async function releaseLocks(
  tx: Executor,
  ctx: Ctx,
  doc: { docType: string; docId: number },
  docLineIds?: number[],
  opts: { fillDemands?: boolean } = {},
) {
  const conds: SQL[] = [eq(stockLocks.companyId, ctx.companyId), eq(stockLocks.docType, doc.docType), eq(stockLocks.docId, doc.docId)];
  if (docLineIds) {
    if (docLineIds.length === 0) return [];
    conds.push(inArray(stockLocks.docLineId, docLineIds));
  }
  const locks = await tx
    .select()
    .from(stockLocks)
    .where(and(...conds));
  if (locks.length === 0) return [];
  const productIds = locks.map((l) => l.productId);
  const warehouseIds = locks.map((l) => l.warehouseId);
  const shelves = opts.fillDemands ? await shelvesForDemands(tx, ctx, productIds, warehouseIds) : [];
  const { balances, costs } = await lockRows(tx, ctx, lockOrder([...locks, ...shelves]), productIds);
  for (const l of locks) {
    const row = balances.get(keyOf(l.productId, l.locationId, l.batchNo))!;
    row.lockedQty = sub(row.lockedQty, l.qty);
    row.dirty = true;
    const cost = costs.get(l.productId)!;
    cost.lockedQty = sub(cost.lockedQty, l.qty);
    cost.dirty = true;
  }
  const now = ctx.now ?? new Date();
  const waiting = opts.fillDemands ? await lockDemands(tx, ctx, productIds, warehouseIds) : [];
  const fills = await allocateDemands(tx, ctx, waiting, balances, costs, now);
  await writePosting(tx, ctx, [...balances.values()], [...costs.values()], [], now);
  await tx.delete(stockLocks).where(
    inArray(
      stockLocks.id,
      locks.map((l) => l.id),
    ),
  );
  await recordFills(tx, ctx, fills);
  return locks;
}

/** The moving average cost of products (4 decimals as text; "0.0000" for one never received). */
export async function averageCosts(ex: Executor, ctx: Ctx, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await ex
    .select({
      productId: productCosts.productId,
      avgCost: productCosts.avgCost,
    })
    .from(productCosts)
    .where(and(eq(productCosts.companyId, ctx.companyId), inArray(productCosts.productId, [...new Set(productIds)])));
  return new Map(rows.map((r) => [r.productId, r.avgCost]));
}

// ─── Reservations: locks chosen by the ledger (first-in-first-out), demands waiting for stock ───

export interface Demand {
  productId: number;
  warehouseId: number;
  qty: DecimalInput;
  docLineId: number;
}

export interface Reservation {
  docLineId: number;
  productId: number;
  locked: Decimal;
  short: Decimal;
  locks: { locationId: number; batchNo: string; qty: Decimal }[];
}

/**
 * The balance rows a FIFO allocation may take from, locked (global order) with the products'
 * cost rows: shelf locations (kind 0, enabled) of the warehouses, with something available.
 * The candidates are read without a lock, then locked and re-read: a row another transaction
 * emptied meanwhile simply has nothing available any more.
 */
async function lockShelfStock(tx: Executor, ctx: Ctx, productIds: number[], warehouseIds: number[]) {
  const cand = rowsOf(
    await tx.execute(sql`select b.product_id, b.location_id, b.batch_no from stock_balances b join stock_locations l on l.id = b.location_id
      where b.company_id = ${ctx.companyId} and b.product_id = any(${intArray(productIds)}::int[]) and b.warehouse_id = any(${intArray(warehouseIds)}::int[])
        and l.kind = 0 and l.is_enabled and b.qty > b.locked_qty`),
  );
  const keys = lockOrder(cand.map((r) => ({ productId: Number(r.product_id), locationId: Number(r.location_id), batchNo: String(r.batch_no) })));
  const { balances, costs } = await lockRows(tx, ctx, keys, productIds);
  // Per (product, warehouse): oldest stock first, then location and batch for a stable choice.
  const pools = new Map<string, BalanceRow[]>();
  for (const row of balances.values()) {
    const k = `${row.productId}|${row.warehouseId}`;
    const list = pools.get(k) ?? [];
    list.push(row);
    pools.set(k, list);
  }
  for (const list of pools.values())
    list.sort(
      (a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.locationId - b.locationId || (a.batchNo < b.batchNo ? -1 : a.batchNo > b.batchNo ? 1 : 0),
    );
  return { balances, costs, pools };
}

/** Takes up to `need` from the pool's available stock, oldest first; marks what it took as locked. */
function takeFifo(pool: BalanceRow[] | undefined, costs: Map<number, CostRow>, need: Decimal) {
  const taken: { locationId: number; batchNo: string; qty: Decimal }[] = [];
  let left = need;
  for (const row of pool ?? []) {
    if (!gt(left, 0)) break;
    const available = sub(row.qty, row.lockedQty);
    if (!gt(available, 0)) continue;
    const q = lt(available, left) ? available : left;
    row.lockedQty = add(row.lockedQty, q);
    row.dirty = true;
    const cost = costs.get(row.productId)!;
    cost.lockedQty = add(cost.lockedQty, q);
    cost.dirty = true;
    taken.push({ locationId: row.locationId, batchNo: row.batchNo, qty: q });
    left = sub(left, q);
  }
  return { taken, short: left };
}

/**
 * Locks stock for document lines (a sales order being submitted) first-in-first-out over the
 * warehouse's shelf locations. What cannot be locked is refused with every short product named
 * — or, with `allowShortage`, recorded as a demand (stock_demands) that stock arriving later
 * fills. Returns, per line, what was locked where and what is short.
 */
export async function reserveStock(
  tx: Executor,
  ctx: Ctx,
  doc: { docType: string; docId: number; docNo: string },
  demands: Demand[],
  opts: { allowShortage?: boolean } = {},
): Promise<Reservation[]> {
  const items = demands.map((d) => ({ ...d, q: quantityOf(d.qty) }));
  for (const d of items) if (!gt(d.q, 0)) throw new DomainError("bad_request", "数量必须大于 0");
  if (items.length === 0) return [];
  const productIds = [...new Set(items.map((d) => d.productId))].sort((a, b) => a - b);
  const warehouseIds = [...new Set(items.map((d) => d.warehouseId))];
  const { balances, costs, pools } = await lockShelfStock(tx, ctx, productIds, warehouseIds);
  const out: Reservation[] = items.map((d) => {
    const { taken, short } = takeFifo(pools.get(`${d.productId}|${d.warehouseId}`), costs, d.q);
    return { docLineId: d.docLineId, productId: d.productId, locked: sub(d.q, short), short, locks: taken };
  });
  const shortOnes = out.filter((r) => gt(r.short, 0));
  if (shortOnes.length && !opts.allowShortage) {
    const labels = await productLabels(
      tx,
      ctx,
      shortOnes.map((r) => r.productId),
    );
    const byProduct = new Map<number, { need: Decimal; locked: Decimal }>();
    for (const r of out) {
      if (!shortOnes.some((s) => s.productId === r.productId)) continue;
      const t = byProduct.get(r.productId) ?? { need: dec(0), locked: dec(0) };
      byProduct.set(r.productId, { need: add(t.need, add(r.locked, r.short)), locked: add(t.locked, r.locked) });
    }
    const parts = [...byProduct].map(
      ([pid, t]) => `${labels.get(pid)?.text ?? ""} 可用 ${qtyOf(labels.get(pid), t.locked)}，需要 ${qtyOf(labels.get(pid), t.need)}`,
    );
    throw new DomainError("conflict", `库存不足：${parts.join("；")}`);
  }
  const now = ctx.now ?? new Date();
  await writePosting(tx, ctx, [...balances.values()], [...costs.values()], [], now);
  const lockRowsToInsert = out.flatMap((r) => {
    const wh = items.find((d) => d.docLineId === r.docLineId)!.warehouseId;
    return r.locks.map((l) => ({
      companyId: ctx.companyId,
      productId: r.productId,
      locationId: l.locationId,
      warehouseId: wh,
      batchNo: l.batchNo,
      qty: qtyString(l.qty),
      docType: doc.docType,
      docId: doc.docId,
      docNo: doc.docNo,
      docLineId: r.docLineId,
      userId: ctx.userId,
      createdAt: now,
    }));
  });
  if (lockRowsToInsert.length) await tx.insert(stockLocks).values(lockRowsToInsert);
  if (shortOnes.length) {
    await tx.insert(stockDemands).values(
      shortOnes.map((r) => ({
        companyId: ctx.companyId,
        productId: r.productId,
        warehouseId: items.find((d) => d.docLineId === r.docLineId)!.warehouseId,
        qty: qtyString(r.short),
        docType: doc.docType,
        docId: doc.docId,
        docNo: doc.docNo,
        docLineId: r.docLineId,
        userId: ctx.userId,
        createdAt: now,
      })),
    );
  }
  return out;
}

interface WaitingDemand {
  id: number;
  productId: number;
  warehouseId: number;
  qty: Decimal;
  docType: string;
  docId: number;
  docNo: string;
  docLineId: number;
}

/**
 * The shelf keys with stock available that demands waiting in their warehouse may take (read
 * WITHOUT a lock): the caller locks them with its own keys in one sorted statement, before any
 * cost row, then takes the demands (`lockDemands`). A key emptied meanwhile has nothing available
 * once locked; stock freed meanwhile by a transaction that filled (it held the cost row first)
 * went to the demands already, and stock freed without filling goes to the next event's demands.
 */
async function shelvesForDemands(tx: Executor, ctx: Ctx, productIds: number[], warehouseIds: number[]): Promise<BalanceKey[]> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const cand = rowsOf(
    // The demands first: with none waiting (the usual case) the balances are not read at all.
    await tx.execute(sql`with d as materialized (
        select distinct product_id, warehouse_id from stock_demands
        where company_id = ${ctx.companyId} and product_id = any(${intArray(ids)}::int[]) and warehouse_id = any(${intArray([...new Set(warehouseIds)])}::int[])
      )
      select b.product_id, b.location_id, b.batch_no from d
      join stock_balances b on b.company_id = ${ctx.companyId} and b.product_id = d.product_id and b.warehouse_id = d.warehouse_id
      join stock_locations l on l.id = b.location_id
      where l.kind = 0 and l.is_enabled and b.qty > b.locked_qty`),
  );
  return cand.map((r) => ({ productId: Number(r.product_id), locationId: Number(r.location_id), batchNo: String(r.batch_no) }));
}

/**
 * The demands waiting for stock of these products in these warehouses, oldest first, locked
 * SKIP LOCKED: one another transaction holds (its document is being changed, or it is filling
 * it) is left to it, never waited for — so taking them after the cost rows cannot deadlock.
 * The caller holds the products' cost rows: every other filler of them has committed, and the
 * demands read here are all that wait.
 */
async function lockDemands(tx: Executor, ctx: Ctx, productIds: number[], warehouseIds: number[]): Promise<WaitingDemand[]> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  return rowsOf(
    await tx.execute(sql`select id, product_id, warehouse_id, qty::text as qty, doc_type, doc_id, doc_no, doc_line_id from stock_demands
      where company_id = ${ctx.companyId} and product_id = any(${intArray(ids)}::int[]) and warehouse_id = any(${intArray([...new Set(warehouseIds)])}::int[])
      order by id for update skip locked`),
  ).map((r) => ({
    id: Number(r.id),
    productId: Number(r.product_id),
    warehouseId: Number(r.warehouse_id),
    qty: dec(String(r.qty)),
    docType: String(r.doc_type),
    docId: Number(r.doc_id),
    docNo: String(r.doc_no),
    docLineId: Number(r.doc_line_id),
  }));
}

interface DemandFills {
  locks: (typeof stockLocks.$inferInsert)[];
  filled: { docType: string; docId: number; docLineId: number; productId: number; qty: Decimal }[];
  /** The demands' quantities still waiting (0: the demand is gone). */
  changed: { id: number; qty: string }[];
}

/**
 * Gives the waiting demands the available stock of the locked rows on enabled shelves of their
 * warehouse, oldest demand first, FIFO over the stock; marks the rows and cost rows it locked.
 * Takes no lock: the caller locked every row it may take (`shelvesForDemands`' keys and its own).
 */
async function allocateDemands(
  tx: Executor,
  ctx: Ctx,
  waiting: WaitingDemand[],
  balances: Map<string, BalanceRow>,
  costs: Map<number, CostRow>,
  now: Date,
): Promise<DemandFills> {
  const out: DemandFills = { locks: [], filled: [], changed: [] };
  if (waiting.length === 0 || balances.size === 0) return out;
  const rows = [...balances.values()];
  const places = await locationsOf(
    tx,
    ctx,
    rows.map((r) => r.locationId),
  );
  const pools = new Map<string, BalanceRow[]>();
  for (const row of rows) {
    const place = places.get(row.locationId)!;
    if (place.kind !== 0 || !place.isEnabled) continue;
    const k = `${row.productId}|${row.warehouseId}`;
    const list = pools.get(k) ?? [];
    list.push(row);
    pools.set(k, list);
  }
  for (const list of pools.values())
    list.sort(
      (a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.locationId - b.locationId || (a.batchNo < b.batchNo ? -1 : a.batchNo > b.batchNo ? 1 : 0),
    );
  for (const d of waiting) {
    const { taken, short } = takeFifo(pools.get(`${d.productId}|${d.warehouseId}`), costs, d.qty);
    if (taken.length === 0) continue;
    for (const t of taken) {
      out.locks.push({
        companyId: ctx.companyId,
        productId: d.productId,
        locationId: t.locationId,
        warehouseId: d.warehouseId,
        batchNo: t.batchNo,
        qty: qtyString(t.qty),
        docType: d.docType,
        docId: d.docId,
        docNo: d.docNo,
        docLineId: d.docLineId,
        userId: ctx.userId,
        createdAt: now,
      });
    }
    out.filled.push({ docType: d.docType, docId: d.docId, docLineId: d.docLineId, productId: d.productId, qty: sub(d.qty, short) });
    out.changed.push({ id: d.id, qty: qtyString(short) });
  }
  return out;
}

/** Writes what `allocateDemands` decided: the new lock rows, the demands shrunk or gone. */
async function recordFills(tx: Executor, ctx: Ctx, fills: DemandFills) {
  if (fills.locks.length === 0) return;
  await tx.insert(stockLocks).values(fills.locks);
  await tx.execute(sql`with v as (select * from json_to_recordset(${asJson(fills.changed)}::json) as v(id bigint, qty numeric)),
      d as (delete from stock_demands s using v where s.id = v.id and v.qty = 0 and s.company_id = ${ctx.companyId})
    update stock_demands s set qty = v.qty from v where s.id = v.id and v.qty > 0 and s.company_id = ${ctx.companyId}`);
}

/**
 * Shelf stock that became free goes to the demands waiting for it in its warehouse, oldest
 * demand first, FIFO over the stock. Returns what was locked for which document line. As a call
 * of its own it must be the transaction's first ledger lock (it locks balance rows); stock that
 * arrives (`postStock`) or is released (`releaseLocks` with `fillDemands`) fills demands in the
 * same lock statement instead.
 *
 * A demand recorded by a transaction that commits while an arrival is being posted is not seen
 * by that arrival (it was not committed yet); the next arrival or release fills it. Locks are
 * never wrong either way: only an allocation can come one event late.
 */
export async function fillDemands(tx: Executor, ctx: Ctx, productIds: number[], warehouseIds: number[]) {
  const keys = await shelvesForDemands(tx, ctx, productIds, warehouseIds);
  if (keys.length === 0) return [];
  const { balances, costs } = await lockRows(tx, ctx, lockOrder(keys), productIds);
  const waiting = await lockDemands(tx, ctx, productIds, warehouseIds);
  const now = ctx.now ?? new Date();
  const fills = await allocateDemands(tx, ctx, waiting, balances, costs, now);
  if (fills.locks.length === 0) return [];
  await writePosting(tx, ctx, [...balances.values()], [...costs.values()], [], now);
  await recordFills(tx, ctx, fills);
  return fills.filled;
}

/** Drops what a document's lines still wait for (a cancelled order, a line cancelled). */
export async function cancelDemands(tx: Executor, ctx: Ctx, doc: { docType: string; docId: number }, docLineIds?: number[]) {
  const conds: SQL[] = [eq(stockDemands.companyId, ctx.companyId), eq(stockDemands.docType, doc.docType), eq(stockDemands.docId, doc.docId)];
  if (docLineIds) {
    if (docLineIds.length === 0) return [];
    conds.push(inArray(stockDemands.docLineId, docLineIds));
  }
  return tx
    .delete(stockDemands)
    .where(and(...conds))
    .returning({ docLineId: stockDemands.docLineId, productId: stockDemands.productId, qty: stockDemands.qty });
}

/**
 * Releases part of what a document line locked, on given keys (a delivery about to post its
 * outflow from exactly those batches): the lock rows shrink, and the balances' locked quantity
 * with them. Refused when the line did not lock that much there. The caller holds the document
 * row lock (a document's lock rows change only under it).
 */
export async function releaseLockedQty(
  tx: Executor,
  ctx: Ctx,
  doc: { docType: string; docId: number },
  parts: { docLineId: number; productId: number; locationId: number; batchNo?: string; qty: DecimalInput }[],
) {
  const items = parts.map((p) => ({ ...p, batchNo: p.batchNo ?? "", q: quantityOf(p.qty) })).filter((p) => gt(p.q, 0));
  if (items.length === 0) return;
  const held = await tx
    .select()
    .from(stockLocks)
    .where(
      and(
        eq(stockLocks.companyId, ctx.companyId),
        eq(stockLocks.docType, doc.docType),
        eq(stockLocks.docId, doc.docId),
        inArray(
          stockLocks.docLineId,
          items.map((p) => p.docLineId),
        ),
      ),
    )
    .orderBy(asc(stockLocks.id));
  const need = new Map<string, Decimal>();
  for (const p of items) {
    const k = `${p.docLineId}|${keyOf(p.productId, p.locationId, p.batchNo)}`;
    need.set(k, add(need.get(k) ?? 0, p.q));
  }
  const shrink: { id: number; qty: Decimal }[] = [];
  for (const [k, n] of need) {
    let left = n;
    for (const l of held) {
      if (`${l.docLineId}|${keyOf(l.productId, l.locationId, l.batchNo)}` !== k || !gt(left, 0)) continue;
      const q = lt(dec(l.qty), left) ? dec(l.qty) : left;
      shrink.push({ id: l.id, qty: sub(l.qty, q) });
      left = sub(left, q);
    }
    if (gt(left, 0)) {
      const p = items.find((x) => `${x.docLineId}|${keyOf(x.productId, x.locationId, x.batchNo)}` === k)!;
      const labels = await productLabels(tx, ctx, [p.productId]);
      throw new DomainError("conflict", `产品 ${labels.get(p.productId)?.text ?? ""} 在该货位锁定的数量不足 ${qtyOf(labels.get(p.productId), n)}`);
    }
  }
  const { balances, costs } = await lockRows(
    tx,
    ctx,
    lockOrder(items),
    items.map((p) => p.productId),
  );
  for (const p of items) {
    const row = balances.get(keyOf(p.productId, p.locationId, p.batchNo))!;
    row.lockedQty = sub(row.lockedQty, p.q);
    row.dirty = true;
    const cost = costs.get(p.productId)!;
    cost.lockedQty = sub(cost.lockedQty, p.q);
    cost.dirty = true;
  }
  await writePosting(tx, ctx, [...balances.values()], [...costs.values()], [], ctx.now ?? new Date());
  const gone = shrink.filter((s) => isZero(s.qty)).map((s) => s.id);
  const kept = shrink.filter((s) => !isZero(s.qty)).map((s) => ({ id: s.id, qty: qtyString(s.qty) }));
  if (gone.length) await tx.delete(stockLocks).where(inArray(stockLocks.id, gone));
  if (kept.length) {
    await tx.execute(sql`update stock_locks s set qty = v.qty from json_to_recordset(${asJson(kept)}::json) as v(id bigint, qty numeric)
      where s.id = v.id and s.company_id = ${ctx.companyId}`);
  }
}
