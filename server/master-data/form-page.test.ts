import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { commitSessionToken } from "../auth/cookie";
import { db } from "../db/client";
import { createRow } from "../lib/resource";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { vehicleGroups, vehicleMakes } from "../vehicle/vehicle.tables";
import { loadResourcePage, resourcePageAction } from "../resource/page";
import "./registry"; // the resource kit finds resources through it

/**
 * The master-data page forms (issue 7 items 14, 17, 22): the form is described by its zod
 * schema, a refused save answers the one form reply, 刷新选项 posts the form back, and the
 * pickers' pairs are checked on the server.
 */
async function asUser(username: string) {
  process.env.SESSION_SECRET ??= "test-secret-for-forms";
  const { ctx, token } = await ctxOf(username);
  return { ctx, cookie: (await commitSessionToken(token)).split(";")[0]! };
}

function post(cookie: string, path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function idOf(table: typeof vehicleGroups | typeof vehicleMakes, name: string) {
  const [row] = await db().select({ id: table.id }).from(table).where(eq(table.name, name));
  return row!.id;
}

describe("master-data page forms", () => {
  useTestDatabase();

  it("a car make must belong to the chosen 车系分组; the group is filled in from the make", async () => {
    const { ctx } = await ctxOf("boss1");
    const [japanese, german, bmw] = [await idOf(vehicleGroups, "日系"), await idOf(vehicleGroups, "德系"), await idOf(vehicleMakes, "宝马")];
    await expect(createRow(productResource, ctx, { mainOE: "CASCADE-1", name: "配对", carGroupId: japanese, makeId: bmw })).rejects.toMatchObject({
      code: "bad_request",
      fields: { makeId: ["汽车品牌不属于所选车系分组"] },
    });
    const made = await createRow<{ id: number; carGroupId: number }>(productResource, ctx, { mainOE: "CASCADE-2", name: "配对", makeId: bmw });
    expect(made.carGroupId).toBe(german);
    await expect(createRow(productResource, ctx, { mainOE: "CASCADE-3", name: "配对", carGroupId: german, makeId: bmw })).resolves.toBeTruthy();
  });

  it("the open form is described by the resource's schema, and make/manufacturer options know their parent", async () => {
    const { cookie } = await asUser("admin");
    const { data } = await loadResourcePage(
      new Request("http://localhost/system/vehicle/model?edit=new", { headers: { Cookie: cookie } }),
      "/system/vehicle/model",
      {
        formLookups: ["vehicleMake", "vehicleMfr"],
      },
    );
    expect(data.form?.name).toMatchObject({ label: "车型名称", required: true, maxLength: 50 });
    expect(data.form?.yearFrom).toMatchObject({ label: "起始年款", kind: "int", min: 1950, max: 2100, step: 1 });
    const vw = data.lookups.vehicleMake!.find((o) => o.label === "大众")!;
    expect(
      data.lookups
        .vehicleMfr!.filter((o) => o.parentId === vw.value)
        .map((o) => o.label)
        .sort(),
    ).toEqual(["一汽-大众", "上汽大众"].sort());
    const closed = await loadResourcePage(new Request("http://localhost/system/vehicle/model", { headers: { Cookie: cookie } }), "/system/vehicle/model");
    expect(closed.data.form).toBeNull();
  });

  it("saves number text as clerks type it; refuses the rest with the form reply; 刷新选项 posts the form back", async () => {
    const { ctx, cookie } = await asUser("boss1");
    const saved = await resourcePageAction(
      post(cookie, "/product/list", {
        intent: "save",
        back: "",
        mainOE: "FORM-NUM-1",
        name: "数字",
        priceSale: "￥1,234.567",
        priceCost: "８８",
        minOrderCount: "1,200",
      }),
      "/product/list",
    );
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(products).where(eq(products.oeNorm, "FORMNUM1"));
    expect(row).toMatchObject({ companyId: ctx.companyId, minOrderCount: 1200 });
    expect(String(row!.priceSale)).toMatch(/^1234\.57$/);
    expect(String(row!.priceCost)).toMatch(/^88(\.00)?$/);

    const refused = await resourcePageAction(
      post(cookie, "/product/list", { intent: "save", back: "", mainOE: "FORM-NUM-2", name: "数字", priceSale: "abc", orderCycle: "3.5" }),
      "/product/list",
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      intent: "save",
      fields: { priceSale: ["销售价必须是数字"], orderCycle: ["订货周期：请输入整数"] },
      values: { mainOE: "FORM-NUM-2", priceSale: "abc", orderCycle: "3.5" },
    });
    expect(await db().select().from(products).where(eq(products.oeNorm, "FORMNUM2"))).toEqual([]);

    const refreshed = await resourcePageAction(
      post(cookie, "/product/list", { intent: "refresh", back: "", mainOE: "FORM-NUM-3", categoryLevel0Id: "1" }),
      "/product/list",
    );
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toEqual({ intent: "save", message: "", fields: {}, values: { mainOE: "FORM-NUM-3", categoryLevel0Id: "1" } });
    expect(await db().select().from(products).where(eq(products.oeNorm, "FORMNUM3"))).toEqual([]);
  });
});
