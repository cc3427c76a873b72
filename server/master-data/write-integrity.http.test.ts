import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { createRow, getRow } from "../lib/resource";
import { addressResource } from "../organization/organization.resources";
import { companyAddresses } from "../organization/organization.tables";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { TEST_PASSWORD, companyIdOf, ctxOf, useTestDatabase } from "../test/test-db";
import { startTestApp } from "../test/http-app";

/**
 * Issue 7 items 2 and 7 over the real HTTP stack (the real build behind the real Express app):
 * a PUT changes only the fields it sends; an id that is not the canonical spelling of a
 * positive int4 is no id at all: 404 in a URL, 400 in a form, a query or a body, and never
 * a 500 or another row than the one spelled.
 */
type Row = Record<string, any>;

describe("writes and ids over HTTP", () => {
  useTestDatabase();
  let base = "";
  let close: (() => Promise<void>) | undefined;
  let boss1: Ctx;
  let api: Record<string, string>;
  let cookie = "";
  let product: Row;

  beforeAll(async () => {
    ({ base, close } = await startTestApp());
    const session = await ctxOf("boss1");
    boss1 = session.ctx;
    api = { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" };
    const login = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ username: "boss1", password: TEST_PASSWORD }).toString(),
    });
    cookie = login.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    expect(cookie).not.toBe("");
    const [first] = await db().select({ id: products.id }).from(products).where(eq(products.companyId, boss1.companyId)).limit(1);
    product = await getRow<Row>(productResource, boss1, first!.id);
  });
  afterAll(() => close?.());

  const call = (method: string, p: string, body?: unknown) =>
    fetch(base + p, { method, headers: api, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const postForm = (p: string, data: Record<string, string>) =>
    fetch(base + p, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
      body: new URLSearchParams(data).toString(),
    });

  describe("PUT /api/app/{resource}/{id} changes only the fields sent", () => {
    it("a product sent with only a new name keeps its code, prices and dictionaries", async () => {
      const res = await call("PUT", `/api/app/product/${product.id}`, { name: "接口只改名称" });
      expect(res.status).toBe(200);
      const after = await getRow<Row>(productResource, boss1, product.id);
      expect(after.name).toBe("接口只改名称");
      // The new name brings its pinyin (not retyped); everything else is as it was.
      expect(after).toMatchObject({ pinYin: "jiekouzhigaimingcheng", initial: "JKZGMC" });
      expect({ ...after, name: product.name, pinYin: product.pinYin, initial: product.initial }).toEqual(product);
      product = after;
    });

    it("a required field sent empty is refused with the Chinese message, and nothing changes", async () => {
      const res = await call("PUT", `/api/app/product/${product.id}`, { name: "", aliasName: "不应保存" });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "bad_request", message: "名称不能为空" } });
      expect(await getRow(productResource, boss1, product.id)).toEqual(product);
    });

    it("the page form still posts the whole form: an unticked checkbox clears the default", async () => {
      const made = await createRow<Row>(addressResource, boss1, { contactName: "页面表单", phone: "13900000011", address: "表单路 1 号", isDefault: true });
      const res = await postForm("/organization/company/address", {
        intent: "save",
        id: String(made.id),
        contactName: "页面表单",
        phone: "13900000011",
        province: "",
        city: "江门",
        district: "",
        address: "表单路 1 号",
        isDefault: "false",
      });
      expect(res.status).toBe(302);
      expect(await getRow(addressResource, boss1, made.id)).toMatchObject({ city: "江门", isDefault: false });
    });
  });

  describe("ids in URLs: anything but the canonical spelling is 404", () => {
    // Each spells the id of a real product of boss1's company some other way.
    const spellings = (id: number) => [`0x${id.toString(16)}`, `%20${id}`, `${id}%20`, `0${id}`, `${id}e0`, `${id}.0`, `+${id}`];
    const notFound = { error: { code: "not_found", message: "产品不存在" } };

    it("GET, PUT and DELETE with the canonical id reach the row", async () => {
      expect((await call("GET", `/api/app/product/${product.id}`)).status).toBe(200);
    });

    it.each(["GET", "PUT", "DELETE"])("%s with another spelling of a real id answers 404 and changes nothing", async (method) => {
      for (const p of spellings(product.id)) {
        const res = await call(method, `/api/app/product/${p}`, method === "PUT" ? { name: "不应保存" } : undefined);
        expect([p, res.status]).toEqual([p, 404]);
        expect(await res.json()).toEqual(notFound);
      }
      expect(await getRow(productResource, boss1, product.id)).toEqual(product);
    });

    it.each(["2147483648", "99999999999999999999", "-1", "0", "1e3", "abc"])("%s is 404, never 500", async (p) => {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const res = await call(method, `/api/app/product/${p}`, method === "PUT" ? { name: "x" } : undefined);
        expect([method, res.status]).toEqual([method, 404]);
      }
    });
  });

  describe("ids in forms, queries and bodies: anything but the canonical spelling is 400", () => {
    it("a page form saving with a non-canonical id neither updates nor creates a row", async () => {
      const before = await db().select({ n: count() }).from(companyAddresses).where(eq(companyAddresses.companyId, boss1.companyId));
      const made = await createRow<Row>(addressResource, boss1, { contactName: "表单编号", phone: "13900000012", address: "编号路 1 号" });
      for (const id of [`0x${made.id.toString(16)}`, ` ${made.id}`, `0${made.id}`, "2147483648"]) {
        const res = await postForm("/organization/company/address", {
          intent: "save",
          id,
          contactName: "改过了",
          phone: "13900000012",
          address: "编号路 2 号",
          isDefault: "false",
        });
        expect([id, res.status]).toEqual([id, 400]);
      }
      const after = await db().select({ n: count() }).from(companyAddresses).where(eq(companyAddresses.companyId, boss1.companyId));
      expect(after[0]!.n).toBe(before[0]!.n + 1);
      expect(await getRow(addressResource, boss1, made.id)).toMatchObject({ contactName: "表单编号", address: "编号路 1 号" });
    });

    it("a page form deleting with a non-canonical id deletes nothing", async () => {
      const made = await createRow<Row>(addressResource, boss1, { contactName: "删除编号", phone: "13900000013", address: "编号路 3 号" });
      const res = await postForm("/organization/company/address", { intent: "delete", id: `0x${made.id.toString(16)}` });
      expect(res.status).toBe(400);
      expect((await getRow<Row>(addressResource, boss1, made.id)).contactName).toBe("删除编号");
    });

    it("switching company with a non-canonical id is refused", async () => {
      const own = await companyIdOf("穗通汽配");
      for (const id of [`0x${own.toString(16)}`, ` ${own}`, `0${own}`, "2147483648"]) {
        const res = await postForm("/company/switch", { companyId: id, redirectTo: "/home" });
        expect([id, res.status]).toEqual([id, 400]);
      }
    });

    it("checkRepeatOE with an out-of-range or non-canonical id is 400 in Chinese, not 500", async () => {
      for (const id of ["2147483648", "0x10", "%201", "1e3"]) {
        const res = await call("GET", `/api/app/product/checkRepeatOE?oe=${encodeURIComponent(product.mainOE)}&id=${id}`);
        expect([id, res.status]).toEqual([id, 400]);
        expect(await res.json()).toMatchObject({ error: { code: "bad_request", message: "产品编号不正确" } });
      }
      const own = await call("GET", `/api/app/product/checkRepeatOE?oe=${encodeURIComponent(product.mainOE)}&id=${product.id}`);
      expect(await own.json()).toBe(false);
    });

    it("foreign keys in a JSON body must be canonical ids too", async () => {
      for (const brandId of ["0x10", " 1", "01", "1e3", 2147483648, -1]) {
        const res = await call("POST", "/api/app/product", { mainOE: `ID-CHECK-${String(brandId).trim()}`, name: "编号校验", brandId });
        expect([brandId, res.status]).toEqual([brandId, 400]);
        expect(await res.json()).toMatchObject({ error: { code: "bad_request", message: "请选择品牌" } });
      }
      const batch = await call("POST", "/api/app/product/batch", {
        data: [{ basicInfo: { mainOE: "ID-CHECK-BATCH", name: "批量编号校验" }, productTemplateLibId: 2147483648 }],
      });
      expect(batch.status).toBe(400);
      const made = await db()
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, boss1.companyId), eq(products.name, "批量编号校验")));
      expect(made).toEqual([]);
    });
  });
});
