import { and, asc, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { dec, mul, roundCost } from "../lib/decimal";
import { pinyinSortKey } from "../lib/sort-key";
import { products } from "../product/product.tables";
import { companies, companyUsers } from "../kernel/identity.tables";
import { locationFullName } from "./location.service";
import { postOpeningLines } from "./opening-stock.service";
import { productLocations, stockLocations, warehouses } from "./stock.tables";

/**
 * Demo places and opening stock: every demo trading company gets 主仓 (its default warehouse:
 * 收货区, 退货区 and shelves A-01-01 … C-04-03) and 二号仓 (收货区, 退货区, B-01 … B-06); most
 * products get a default shelf, and most get opening stock posted through the stock ledger
 * (StockInit), with quantities and costs derived from the product (deterministic). A company
 * that already has a warehouse is left alone, so running it again changes nothing.
 */
const MAIN_SHELVES = ["A", "B", "C"].flatMap((aisle) => [1, 2, 3, 4].flatMap((rack) => [1, 2, 3].map((level) => `${aisle}-0${rack}-0${level}`)));
const SECOND_SHELVES = ["B-01", "B-02", "B-03", "B-04", "B-05", "B-06"];

async function addWarehouse(tx: Executor, companyId: number, name: string, code: string, isDefault: boolean, shelves: string[]) {
  const [wh] = await tx
    .insert(warehouses)
    .values({ companyId, name, nameSort: pinyinSortKey(name), code, isDefault, contactName: "仓管", remark: isDefault ? "默认仓库" : null })
    .returning({ id: warehouses.id });
  const rows = [
    { code: "收货区", kind: 1, sortOrder: -9 },
    { code: "退货区", kind: 2, sortOrder: -8 },
    ...shelves.map((code, i) => ({ code, kind: 0, sortOrder: i + 1 })),
  ].map((l) => {
    const fullName = locationFullName(name, l.code);
    return { companyId, warehouseId: wh!.id, code: l.code, fullName, fullNameSort: pinyinSortKey(fullName), kind: l.kind, sortOrder: l.sortOrder };
  });
  const made = await tx.insert(stockLocations).values(rows).returning({ id: stockLocations.id, code: stockLocations.code, kind: stockLocations.kind });
  return { id: wh!.id, shelves: made.filter((m) => m.kind === 0).map((m) => m.id) };
}

/** Seeds one company's places and opening stock; false when it already has a warehouse. */
export async function seedCompanyStock(tx: Executor, companyId: number, now = new Date()): Promise<boolean> {
  const [has] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, companyId)).limit(1);
  if (has) return false;
  const main = await addWarehouse(tx, companyId, "主仓", "WH01", true, MAIN_SHELVES);
  const second = await addWarehouse(tx, companyId, "二号仓", "WH02", false, SECOND_SHELVES);

  const list = await tx
    .select({ id: products.id, priceCost: products.priceCost, priceSale: products.priceSale })
    .from(products)
    .where(eq(products.companyId, companyId))
    .orderBy(asc(products.id));
  if (list.length === 0) return true;

  // Default shelves: 9 of 10 products in 主仓, every third in 二号仓.
  const defaults: (typeof productLocations.$inferInsert)[] = [];
  const lines: Parameters<typeof postOpeningLines>[2] = [];
  // The company went live 65 days ago (before the demo documents, which span 60 days): its
  // opening balances are posted then, of batches received up to 240 days before that.
  const openedAt = new Date(now.getTime() - 65 * 86_400_000);
  list.forEach((p, i) => {
    const mainShelf = main.shelves[i % main.shelves.length]!;
    const secondShelf = second.shelves[i % second.shelves.length]!;
    if (i % 10 !== 9) defaults.push({ companyId, productId: p.id, warehouseId: main.id, locationId: mainShelf });
    if (i % 3 === 0) defaults.push({ companyId, productId: p.id, warehouseId: second.id, locationId: secondShelf });
    // Opening stock for 4 of 5 products; some also in 二号仓. Ages spread over 0–240 days.
    if (i % 5 === 4) return;
    const cost = p.priceCost ? dec(p.priceCost) : p.priceSale ? mul(p.priceSale, "0.6") : dec(10);
    const unitCost = roundCost(cost.gt(0) ? cost : 10);
    const receivedAt = new Date(openedAt.getTime() - ((i * 37) % 241) * 86_400_000);
    lines.push({ productId: p.id, locationId: mainShelf, batchNo: "", qty: dec(5 + ((i * 7) % 46)), unitCost, receivedAt });
    if (i % 6 === 0)
      lines.push({
        productId: p.id,
        locationId: secondShelf,
        batchNo: "",
        qty: dec(2 + ((i * 3) % 11)),
        unitCost,
        receivedAt: new Date(receivedAt.getTime() - 30 * 86_400_000),
      });
  });
  for (let i = 0; i < defaults.length; i += 1000) await tx.insert(productLocations).values(defaults.slice(i, i + 1000));

  const [boss] = await tx
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(asc(companyUsers.userId))
    .limit(1);
  // The seed runs before the app's database handle exists: a fixed number, no numbering rule read.
  const ctx = { companyId, userId: boss?.userId ?? null, now: openedAt, permissions: new Set<string>() } as unknown as Ctx;
  await postOpeningLines(tx, ctx, lines, { remark: "演示期初库存", docNo: "QC-DEMO-0001" });
  return true;
}

/** Every demo trading company (by short name) that exists: places and opening stock. */
export async function seedDemoStock(tx: Executor, shortNames: readonly string[] = ["穗通汽配", "鹏达汽配", "福达汽配"]) {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.shortName, [...shortNames]), eq(companies.kind, "trading")))
    .orderBy(asc(companies.id));
  for (const c of rows) await seedCompanyStock(tx, c.id);
}
