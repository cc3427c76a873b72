import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { gt, moneyString } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import type { RawLine } from "../lib/line-form";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { normalizeOE } from "../product/oe";
import { ownProductKeyword } from "../product/product.resources";
import { productOes, products } from "../product/product.tables";
import { productCosts, productLocations, stockBalances, stockLocations, warehouses } from "../stock/stock.tables";

/**
 * The product picker of every document line (app/components/lines/LineEditor.tsx): the
 * company's enabled products a keyword finds (any OE spelling, pinyin or initials, name, brand:
 * the product list's own search), each with what a clerk needs to fill the line in: stock
 * available in the document's warehouse (Σ qty − locked of stock_balances), the last purchase
 * price from the document's supplier, the product's default location in that warehouse, the
 * sale price and, for holders of 产品价格 (CPGL-002), the moving average cost.
 * With the sale side's price history (the sales order form) the facts are the salesperson's
 * instead: stock available on the warehouse's shelf locations (what an order can lock), per
 * location (at most 5), and the last price THIS customer paid (its newest submitted sales order
 * with the product). The prices come from the side's own order lines, which this module does not
 * read: the side hands its PriceHistory in (sale/sale-price-history.ts, purchase/purchase-price-history.ts).
 * Company-scoped throughout: another company's products are never found.
 *
 * It serves purchase, stock and sale documents alike, below all of them (trade).
 */
export interface PickedProduct {
  productId: number;
  mainOE: string;
  name: string;
  brandName: string | null;
  unitName: string | null;
  /** Quantity on hand minus locked, in the warehouse (all warehouses when none is given). */
  available: string;
  /** The price of the last purchase order line from the supplier (null without a supplier, a purchase, or the right to see it). */
  lastPrice: string | null;
  defaultLocationId: number | null;
  defaultLocationName: string | null;
  priceSale: string | null;
  /** Moving average cost, only for holders of CPGL-002. */
  avgCost?: string | null;
  /**
   * The purchase side's suggested price of a new line: this supplier's last price, else the last
   * purchase price from any supplier, else the cost (moving average, then the product's 成本价;
   * only for holders of CPGL-002). Null when none is known or may be seen.
   */
  purchasePrice?: string | null;
  /** side "sale" with a warehouse: available stock of its shelf locations holding some (most first, at most 5). */
  locations?: { locationName: string; available: string }[];
}

/** Whose facts the picker gives: a purchase document's (default) or a sales order's. */
export type PickSide = "sale" | "purchase";

/**
 * Where the picker finds earlier prices: a side's own order lines. A stock document passes none
 * (purchase-side facts without prices but the cost).
 */
export interface PriceHistory {
  side: PickSide;
  /** Per product, the price of the newest line of this partner's newest order that bought or sold it. */
  ofPartner(ctx: Ctx, partnerId: number, productIds: number[]): Promise<Map<number, string>>;
  /** Per product, the newest price from any partner (the purchase side's fallback). */
  ofAny?(ctx: Ctx, productIds: number[]): Promise<Map<number, string>>;
}

export interface PickOptions {
  partnerId?: number | null;
  warehouseId?: number | null;
  /** The document's side and where its earlier prices are (default: purchase facts, no prices). */
  prices?: PriceHistory;
}

export interface PickQuery extends PickOptions {
  keyword: string;
  /** At most 40 (default 20). */
  limit?: number;
}

export const PICK_LIMIT_MAX = 40;
const PICK_LIMIT_DEFAULT = 20;

/** Purchase prices and cost are 产品价格's (CPGL-002); a buyer entering an order (CGGL-004) sees the last price too. */
const canSeeCost = (ctx: Ctx) => ctx.permissions.has("CPGL-002");
const canSeeLastPrice = (ctx: Ctx) => ctx.permissions.has("CPGL-002") || ctx.permissions.has("CGGL-004");

/** At most this many shelf locations are listed per product. */
const LOCATIONS_MAX = 5;

async function ensureWarehouse(ctx: Ctx, warehouseId: number | null | undefined) {
  if (!warehouseId) return null;
  const [wh] = await db()
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.id, warehouseId)));
  if (!wh) throw new DomainError("not_found", "仓库不存在");
  return wh.id;
}

/** The picker's facts for these products (in the given order), company-scoped; unknown ids are left out. */
export async function pickedProductsByIds(ctx: Ctx, productIds: readonly number[], opts: PickOptions = {}): Promise<PickedProduct[]> {
  const ids = [...new Set(productIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!ids.length) return [];
  const warehouseId = await ensureWarehouse(ctx, opts.warehouseId);
  const rows = await db()
    .select({
      productId: products.id,
      mainOE: products.mainOE,
      name: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      priceSale: products.priceSale,
    })
    .from(products)
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, ids)));
  if (!rows.length) return [];
  const found = rows.map((r) => r.productId);

  const sale = opts.prices?.side === "sale";
  // A sales order can only lock shelf stock (kind 0, enabled locations): that is what it sees.
  const shelf = sale ? sql`exists (select 1 from stock_locations l where l.id = ${stockBalances.locationId} and l.kind = 0 and l.is_enabled)` : undefined;
  const stock = await db()
    .select({ productId: stockBalances.productId, available: sql<string>`coalesce(sum(${stockBalances.qty} - ${stockBalances.lockedQty}), 0)::text` })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.companyId, ctx.companyId),
        inArray(stockBalances.productId, found),
        warehouseId ? eq(stockBalances.warehouseId, warehouseId) : undefined,
        shelf,
      ),
    )
    .groupBy(stockBalances.productId);
  const availableOf = new Map(stock.map((s) => [s.productId, s.available]));

  const lastPriceOf = new Map<number, string>();
  const locationsOf = new Map<number, { locationName: string; available: string }[]>();
  if (sale && opts.partnerId && opts.prices) {
    // This customer's newest submitted order with the product (line price before discount).
    for (const [id, price] of await opts.prices.ofPartner(ctx, opts.partnerId, found)) lastPriceOf.set(id, price);
  }
  if (sale && warehouseId) {
    const perLocation = await db()
      .select({
        productId: stockBalances.productId,
        locationName: stockLocations.fullName,
        available: sql<string>`sum(${stockBalances.qty} - ${stockBalances.lockedQty})::text`,
      })
      .from(stockBalances)
      .innerJoin(stockLocations, eq(stockLocations.id, stockBalances.locationId))
      .where(
        and(
          eq(stockBalances.companyId, ctx.companyId),
          eq(stockBalances.warehouseId, warehouseId),
          inArray(stockBalances.productId, found),
          eq(stockLocations.kind, 0),
          eq(stockLocations.isEnabled, true),
          sql`${stockBalances.qty} > ${stockBalances.lockedQty}`,
        ),
      )
      .groupBy(stockBalances.productId, stockLocations.id, stockLocations.fullName)
      .orderBy(stockBalances.productId, sql`sum(${stockBalances.qty} - ${stockBalances.lockedQty}) desc`, asc(stockLocations.fullName));
    for (const l of perLocation) {
      const list = locationsOf.get(l.productId) ?? [];
      if (list.length < LOCATIONS_MAX) list.push({ locationName: l.locationName, available: l.available });
      locationsOf.set(l.productId, list);
    }
  }
  if (!sale && opts.partnerId && opts.prices && canSeeLastPrice(ctx)) {
    for (const [id, price] of await opts.prices.ofPartner(ctx, opts.partnerId, found)) lastPriceOf.set(id, price);
  }
  // No earlier price from this supplier: the last purchase price from any supplier (issue 20 item 12).
  const unpriced = found.filter((id) => !lastPriceOf.has(id));
  const anyPriceOf =
    !sale && unpriced.length && opts.prices?.ofAny && canSeeLastPrice(ctx) ? await opts.prices.ofAny(ctx, unpriced) : new Map<number, string>();

  const locationOf = new Map<number, { id: number; name: string }>();
  if (warehouseId) {
    const locs = await db()
      .select({ productId: productLocations.productId, id: stockLocations.id, name: stockLocations.fullName })
      .from(productLocations)
      .innerJoin(stockLocations, eq(stockLocations.id, productLocations.locationId))
      .where(and(eq(productLocations.companyId, ctx.companyId), eq(productLocations.warehouseId, warehouseId), inArray(productLocations.productId, found)));
    for (const l of locs) locationOf.set(l.productId, { id: l.id, name: l.name });
  }

  const costOf = new Map<number, string>();
  const withCost = canSeeCost(ctx);
  if (withCost) {
    const costs = await db()
      .select({ productId: productCosts.productId, avgCost: productCosts.avgCost })
      .from(productCosts)
      .where(and(eq(productCosts.companyId, ctx.companyId), inArray(productCosts.productId, found)));
    for (const c of costs) costOf.set(c.productId, c.avgCost);
  }
  const priceCostOf = new Map<number, string>();
  if (withCost && !sale) {
    const listed = await db()
      .select({ id: products.id, priceCost: products.priceCost })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, found)));
    for (const p of listed) if (p.priceCost !== null) priceCostOf.set(p.id, p.priceCost);
  }
  /** A cost as a price: two decimals, and only when there is one (a zero average is no cost). */
  const costPrice = (v: string | undefined) => (v !== undefined && gt(v, 0) ? moneyString(v) : null);

  const byId = new Map(rows.map((r) => [r.productId, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const loc = locationOf.get(id);
    const picked: PickedProduct = {
      ...r,
      available: availableOf.get(id) ?? "0.00",
      lastPrice: lastPriceOf.get(id) ?? null,
      defaultLocationId: loc?.id ?? null,
      defaultLocationName: loc?.name ?? null,
    };
    if (withCost) picked.avgCost = costOf.get(id) ?? null;
    if (!sale) {
      picked.purchasePrice = lastPriceOf.get(id) ?? anyPriceOf.get(id) ?? (withCost ? (costPrice(costOf.get(id)) ?? costPrice(priceCostOf.get(id))) : null);
    }
    if (sale && warehouseId) picked.locations = locationsOf.get(id) ?? [];
    return [picked];
  });
}

/** The company's enabled products the keyword finds, best first (exact code, then code order), with the picker's facts. */
export async function pickProducts(ctx: Ctx, query: PickQuery): Promise<PickedProduct[]> {
  const keyword = (query.keyword ?? "").trim().slice(0, 100);
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? PICK_LIMIT_DEFAULT) || PICK_LIMIT_DEFAULT, 1), PICK_LIMIT_MAX);
  if (!keyword) return [];
  const norm = normalizeOE(keyword);
  const cond = await ownProductKeyword(ctx, keyword);
  const rows = await db()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), eq(products.isEnabled, true), cond))
    .orderBy(norm ? sql`(${products.oeNorm} = ${norm}) desc` : sql`1`, asc(products.oeNorm), asc(products.id))
    .limit(limit);
  return pickedProductsByIds(
    ctx,
    rows.map((r) => r.id),
    query,
  );
}

/** What a typed product text names: one product, several to choose from, or none (with a message). */
export type LineProductResolution =
  { kind: "chosen"; product: PickedProduct } | { kind: "choices"; choices: PickedProduct[]; message: string } | { kind: "none"; message: string };

/** At most this many choices are offered for an ambiguous text. */
const CHOICES_MAX = 20;

/**
 * The product a clerk typed on a line without JavaScript (OE in any spelling, pinyin initials,
 * name): exactly one product by its own code, then by any code it is known by (standard or
 * replacement OE), then by an exact name; otherwise the picker's search decides (one → chosen,
 * several → choices, none → a Chinese message).
 */
export async function resolveLineProduct(ctx: Ctx, text: string, opts: PickOptions = {}): Promise<LineProductResolution> {
  const typed = (text ?? "").trim().slice(0, 100);
  if (!typed) return { kind: "none", message: "请输入产品编码或名称" };
  const norm = normalizeOE(typed);
  const company = eq(products.companyId, ctx.companyId);
  const enabled = eq(products.isEnabled, true);
  const exact = async (ids: number[]) => {
    const unique = [...new Set(ids)];
    if (unique.length !== 1) return null;
    const [p] = await pickedProductsByIds(ctx, unique, opts);
    return p ? ({ kind: "chosen", product: p } as const) : null;
  };
  if (norm) {
    const own = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(company, enabled, eq(products.oeNorm, norm)))
      .limit(2);
    const hit = await exact(own.map((r) => r.id));
    if (hit) return hit;
    const known = await db()
      .select({ id: productOes.productId })
      .from(productOes)
      .innerJoin(products, eq(products.id, productOes.productId))
      .where(and(eq(productOes.companyId, ctx.companyId), eq(productOes.oeNorm, norm), company, enabled))
      .limit(10);
    const hit2 = await exact(known.map((r) => r.id));
    if (hit2) return hit2;
  }
  const named = await db()
    .select({ id: products.id })
    .from(products)
    .where(and(company, enabled, eq(products.name, typed)))
    .limit(2);
  const hit3 = await exact(named.map((r) => r.id));
  if (hit3) return hit3;

  const found = await pickProducts(ctx, { keyword: typed, limit: CHOICES_MAX, ...opts });
  if (found.length === 1) return { kind: "chosen", product: found[0]! };
  if (found.length > 1) return { kind: "choices", choices: found, message: `“${typed}”对应多个产品，请选择` };
  return { kind: "none", message: `未找到产品“${typed}”` };
}

/** A posted line with its product settled (as far as it can be) for answering the form back or saving. */
export interface ResolvedLine {
  /** The posted fields; productId/productText/productPicked filled in when a product was chosen. */
  values: RawLine;
  /** The chosen product's facts (stock, last price, default location). */
  product: PickedProduct | null;
  /** Products the typed text could mean (shown as a select on the line). */
  choices: PickedProduct[];
  /** Why the line has no product (Chinese), or null. */
  error: string | null;
}

/** A new, empty line for `applyLineIntent(lines, intent, blankResolvedLine())`. */
export function blankResolvedLine(values: RawLine = {}): ResolvedLine {
  return { values: { ...values }, product: null, choices: [], error: null };
}

/** The text a chosen product shows in its line's product field (and `productPicked` remembers). */
export const productLabelOf = (p: Pick<PickedProduct, "mainOE" | "name">) => `${p.mainOE} ${p.name}`;

/**
 * Settles the product of each posted line. A line keeps its `productId` while its product text
 * is the one it was picked with (`productPicked`, written by the editor) or blank; a changed or
 * new text is resolved by `resolveLineProduct`. A productId of another company is dropped (and
 * its text resolved). Blank lines pass through untouched.
 */
export async function resolveLines(ctx: Ctx, lines: readonly RawLine[], opts: PickOptions = {}): Promise<ResolvedLine[]> {
  const idOf = (l: RawLine) => (/^\d{1,9}$/.test((l.productId ?? "").trim()) ? Number(l.productId!.trim()) : null);
  const textOf = (l: RawLine) => (l.productText ?? "").trim();
  const keeps = (l: RawLine) => idOf(l) !== null && (textOf(l) === "" || textOf(l) === (l.productPicked ?? "").trim());
  const known = await pickedProductsByIds(
    ctx,
    lines.filter(keeps).map((l) => idOf(l)!),
    opts,
  );
  const knownById = new Map(known.map((p) => [p.productId, p]));

  const out: ResolvedLine[] = [];
  for (const line of lines) {
    const values: RawLine = { ...line };
    const kept = keeps(line) ? knownById.get(idOf(line)!) : undefined;
    if (kept) {
      const label = productLabelOf(kept);
      out.push({ values: { ...values, productId: String(kept.productId), productText: label, productPicked: label }, product: kept, choices: [], error: null });
      continue;
    }
    const text = textOf(line);
    if (!text) {
      out.push({ values: { ...values, productId: "", productPicked: "" }, product: null, choices: [], error: idOf(line) !== null ? "产品不存在" : null });
      continue;
    }
    const r = await resolveLineProduct(ctx, text, opts);
    if (r.kind === "chosen") {
      const label = productLabelOf(r.product);
      out.push({
        values: { ...values, productId: String(r.product.productId), productText: label, productPicked: label },
        product: r.product,
        choices: [],
        error: null,
      });
    } else if (r.kind === "choices") {
      // The select posts productId; the unchanged text (= productPicked) keeps that choice next time.
      out.push({ values: { ...values, productId: "", productPicked: text }, product: null, choices: r.choices, error: r.message });
    } else {
      out.push({ values: { ...values, productId: "", productPicked: "" }, product: null, choices: [], error: r.message });
    }
  }
  return out;
}

/** Who may pick products for document lines: anyone working on purchase, sales, stock or quotes. */
export function assertCanPickLines(ctx: Ctx) {
  for (const code of ctx.permissions) if (/^(CGGL|XSGL|CKGL|XQGL)-/.test(code)) return;
  throw new DomainError("forbidden", "没有权限选择产品");
}
