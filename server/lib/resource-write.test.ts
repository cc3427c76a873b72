import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "./context";
import { db } from "../db/client";
import { API_RESOURCES, MASTER_DATA_RESOURCES, isReadOnlyList, resourceByPage } from "../master-data/registry";
import { addressResource, bankAccountResource } from "../organization/organization.resources";
import { companyAddresses } from "../organization/organization.tables";
import { productResource } from "../product/product.resources";
import { productOes } from "../product/product.tables";
import { vehicleModelResource } from "../product/vehicle.resources";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { listFromParams } from "./list-read";
import { createRow, deleteRow, getRow, updateRow, type ResourceDef } from "./resource";

/**
 * Writes through the generic resource functions: PUT is a partial update (a field the caller
 * leaves out keeps its value, for every resource), the full-row rules still hold on the merged
 * row, and a row deleted once is "not found" the second time.
 */
type Row = Record<string, any>;

useTestDatabase();

let admin: Ctx;
let boss1: Ctx;
beforeAll(async () => {
  admin = (await ctxOf("admin")).ctx;
  boss1 = (await ctxOf("boss1")).ctx;
});

const writerOf = (def: ResourceDef<any>) => (def.scope === "platform" ? admin : boss1);

async function firstRow(def: ResourceDef<any>, ctx: Ctx): Promise<Row> {
  const { items } = await listFromParams<Row>(def, ctx, new URLSearchParams("maxResultCount=1"));
  expect(items.length, `${def.name}: the demo data has a row to change`).toBe(1);
  return getRow<Row>(def, ctx, items[0]!.id);
}

describe("PUT changes only the fields sent", () => {
  const every = [...MASTER_DATA_RESOURCES, resourceByPage("/product/priceSetting")];

  it.each(every.map((d) => [d.name, d] as const))("%s: an empty body changes nothing", async (_name, def) => {
    const ctx = writerOf(def);
    const before = await firstRow(def, ctx);
    const after = await updateRow<Row>(def, ctx, before.id, {});
    expect(after).toEqual(before);
    expect(await getRow<Row>(def, ctx, before.id)).toEqual(before);
  });

  it("a product keeps its prices, dictionaries and codes when only the name is sent", async () => {
    const before = await firstRow(productResource, boss1);
    expect(before.priceSale).not.toBeNull();
    const oesBefore = await db().select().from(productOes).where(eq(productOes.productId, before.id));
    const after = await updateRow<Row>(productResource, boss1, before.id, { name: "只改名称的产品" });
    expect(after.name).toBe("只改名称的产品");
    // The new name's pinyin comes with it (it was not retyped); everything else is as it was.
    expect(after).toMatchObject({ pinYin: "zhigaimingchengdechanpin", initial: "ZGMCDCP" });
    expect({ ...after, name: before.name, pinYin: before.pinYin, initial: before.initial }).toEqual(before);
    const oesAfter = await db().select().from(productOes).where(eq(productOes.productId, before.id));
    expect(oesAfter.map((r) => r.oeNorm).sort()).toEqual(oesBefore.map((r) => r.oeNorm).sort());
  });

  it("a field sent as null or empty is cleared; an omitted one is kept", async () => {
    const made = await createRow<Row>(addressResource, boss1, {
      contactName: "部分更新",
      phone: "13900000001",
      city: "佛山",
      district: "南海",
      address: "桂城街道 1 号",
    });
    const after = await updateRow<Row>(addressResource, boss1, made.id, { district: "" });
    expect(after).toMatchObject({ contactName: "部分更新", phone: "13900000001", city: "佛山", district: null, address: "桂城街道 1 号" });
  });

  it("the full-row rules still hold: a required field cannot be blanked, and nothing changes", async () => {
    const before = await firstRow(productResource, boss1);
    await expect(updateRow(productResource, boss1, before.id, { name: "", priceSale: 1 })).rejects.toMatchObject({
      code: "bad_request",
      message: "名称不能为空",
    });
    expect(await getRow(productResource, boss1, before.id)).toEqual(before);
  });

  it("a rule across fields is checked on the merged row (a year range half sent)", async () => {
    const model = await firstRow(vehicleModelResource, admin);
    const fixed = await updateRow<Row>(vehicleModelResource, admin, model.id, { yearFrom: 2010, yearTo: 2015 });
    await expect(updateRow(vehicleModelResource, admin, model.id, { yearFrom: 2018 })).rejects.toMatchObject({ message: "截止年款不能早于起始年款" });
    expect(await getRow(vehicleModelResource, admin, model.id)).toEqual(fixed);
  });

  it("another company's row is not found, and stays as it was", async () => {
    const { ctx: boss2 } = await ctxOf("boss2");
    const theirs = await firstRow(bankAccountResource, boss2);
    await expect(updateRow(bankAccountResource, boss1, theirs.id, { remark: "改别人的" })).rejects.toMatchObject({
      code: "not_found",
      message: "银行账户不存在",
    });
    expect(await getRow(bankAccountResource, boss2, theirs.id)).toEqual(theirs);
  });
});

describe("defaults and deletes", () => {
  it("setting a new default address clears the old one, keeping exactly one", async () => {
    const a = await createRow<Row>(addressResource, boss1, { contactName: "甲", phone: "13900000002", address: "一号", isDefault: true });
    const b = await createRow<Row>(addressResource, boss1, { contactName: "乙", phone: "13900000003", address: "二号", isDefault: true });
    const defaults = await db().select({ id: companyAddresses.id }).from(companyAddresses).where(eq(companyAddresses.isDefault, true));
    expect(defaults.filter((d) => d.id === a.id || d.id === b.id)).toEqual([{ id: b.id }]);
    await updateRow(addressResource, boss1, a.id, { isDefault: true });
    expect((await getRow<Row>(addressResource, boss1, b.id)).isDefault).toBe(false);
    // A partial update of the default row that does not mention isDefault keeps it the default.
    expect((await updateRow<Row>(addressResource, boss1, a.id, { city: "惠州" })).isDefault).toBe(true);
  });

  it("a second delete of the same row answers not found", async () => {
    const made = await createRow<Row>(addressResource, boss1, { contactName: "删两次", phone: "13900000004", address: "三号" });
    await deleteRow(addressResource, boss1, made.id);
    await expect(deleteRow(addressResource, boss1, made.id)).rejects.toMatchObject({ code: "not_found", message: "公司地址不存在" });
    await expect(updateRow(addressResource, boss1, made.id, { city: "x" })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("documents and read-only lists", () => {
  it("are never written row by row: a document only through its service, a stock or report list not at all", async () => {
    const kinds = API_RESOURCES.filter((d) => d.document || isReadOnlyList(d));
    expect(kinds.map((d) => d.name)).toEqual(
      expect.arrayContaining(["purchaseOrder", "receiveOrder", "moveOrder", "inventoryOrder", "stock", "stockFlow", "purchaseExecute"]),
    );
    for (const def of kinds) {
      const row = (await listFromParams<Row>(def, boss1, new URLSearchParams("maxResultCount=1"))).items[0];
      const id = (row?.id as number | undefined) ?? 1;
      const before = row ? await getRow<Row>(def, boss1, id) : null;
      for (const attempt of [createRow(def, boss1, {}), updateRow(def, boss1, id, {}), deleteRow(def, boss1, id)]) {
        await expect(attempt, def.name).rejects.toMatchObject({ code: expect.stringMatching(/^(bad_request|forbidden)$/) });
      }
      if (before) expect(await getRow<Row>(def, boss1, id), def.name).toEqual(before);
    }
  });
});
