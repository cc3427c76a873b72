import { describe, expect, it } from "vitest";
import { useApiTestApp } from "../test/http-app";
import { useTestDatabase } from "../test/test-db";
import { DICT_TEXT } from "../reference/dictionary.input";

/** /api/app/dictType and its items through the real build and HTTP stack, with bearer tokens. */
describe("数据字典 API: /api/app/dictType[/{id}[/items[/{itemId}]]]", () => {
  useTestDatabase();
  const app = useApiTestApp();
  const { tokenOf, call } = app;

  it("everyone signed in reads; only the operator writes; closed rules, bad input and unknown rows answer in Chinese", async () => {
    const admin = await tokenOf("admin");
    const boss = await tokenOf("boss1");

    expect((await call("/api/app/dictType", undefined)).status).toBe(401);
    const list = await call("/api/app/dictType?filter=Status&sorting=code%20asc&maxResultCount=3&skipCount=0", boss);
    expect(list.status).toBe(200);
    const page = (await list.json()) as { totalCount: number; items: { code: string; isClosed: boolean; kind: string }[] };
    expect(page.totalCount).toBe(14);
    expect(page.items.map((t) => t.code)).toEqual(["ApprovalStatus", "DeliverOrderStatus", "InventoryOrderStatus"]);
    expect(page.items.every((t) => t.isClosed && t.kind === "status")).toBe(true);
    const byCode = (await (await call("/api/app/dictType/PaymentTerm", boss)).json()) as { id: number; items: { value: string; label: string }[] };
    expect(byCode.items.slice(0, 2)).toMatchObject([
      { value: "100", label: "月结" },
      { value: "200", label: "次月结" },
    ]);
    expect(((await (await call(`/api/app/dictType/${byCode.id}/items`, boss)).json()) as { totalCount: number }).totalCount).toBe(9);

    const refused = await call("/api/app/dictType", boss, "POST", { code: "Boss", name: "老板" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");

    const bad = await call("/api/app/dictType", admin, "POST", { code: "9x", name: "" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: "bad_request", message: DICT_TEXT.codeInvalid, fields: { code: [DICT_TEXT.codeInvalid], name: [DICT_TEXT.nameRequired] } },
    });

    const created = await call("/api/app/dictType", admin, "POST", { code: "Carrier", name: "承运方式", sortOrder: 500 });
    expect(created.status).toBe(200);
    const type = (await created.json()) as { id: number; code: string; kind: string; items: unknown[] };
    expect(type).toMatchObject({ code: "Carrier", kind: "custom", items: [] });
    expect((await call("/api/app/dictType", admin, "POST", { code: "Carrier", name: "又一个" })).status).toBe(409);

    const item = await call(`/api/app/dictType/${type.id}/items`, admin, "POST", { value: "AIR", label: "空运" });
    expect(item.status).toBe(200);
    const air = (await item.json()) as { id: number; isEnabled: boolean };
    expect(air).toMatchObject({ isEnabled: true });
    expect((await call(`/api/app/dictType/${type.id}/items`, boss, "POST", { value: "SEA", label: "海运" })).status).toBe(403);
    const put = await call(`/api/app/dictType/Carrier/items/${air.id}`, admin, "PUT", { label: "航空", isEnabled: false });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ value: "AIR", label: "航空", isEnabled: false });
    expect(await (await call(`/api/app/dictType/${type.id}/items/${air.id}`, boss)).json()).toMatchObject({ label: "航空" });
    const fixed = await call(`/api/app/dictType/${type.id}/items/${air.id}`, admin, "PUT", { value: "SEA" });
    expect(fixed.status).toBe(400);
    expect(((await fixed.json()) as { error: { message: string } }).error.message).toBe(DICT_TEXT.valueFixed);

    const closedAdd = await call(`/api/app/dictType/SalesOrderStatus/items`, admin, "POST", { value: "120", label: "已归档" });
    expect(closedAdd.status).toBe(409);
    expect(((await closedAdd.json()) as { error: { message: string } }).error.message).toBe(DICT_TEXT.closedAdd);
    const builtinDelete = await call(`/api/app/dictType/${byCode.id}`, admin, "DELETE");
    expect(builtinDelete.status).toBe(409);
    expect(((await builtinDelete.json()) as { error: { message: string } }).error.message).toBe(DICT_TEXT.builtinType);

    expect((await call(`/api/app/dictType/${type.id}/items/${air.id}`, admin, "DELETE")).status).toBe(204);
    expect((await call(`/api/app/dictType/${type.id}/items/${air.id}`, admin)).status).toBe(404);
    expect((await call(`/api/app/dictType/${type.id}`, boss, "DELETE")).status).toBe(403);
    expect((await call(`/api/app/dictType/${type.id}`, admin, "DELETE")).status).toBe(204);
    const gone = await call("/api/app/dictType/Carrier", admin);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toBe(DICT_TEXT.typeMissing);
    const patch = await call("/api/app/dictType/PaymentTerm", admin, "PATCH", {});
    expect(patch.status).toBe(405);
    expect(patch.headers.get("Allow")).toBe("GET, PUT, DELETE, HEAD");
  });

  it("a renamed status is what the pages show: the list's cells and filter, and the browser gets the same labels to render with", async () => {
    const admin = await tokenOf("admin");
    const boss = await tokenOf("boss1");
    const status = (await (await call("/api/app/dictType/SalesOrderStatus", admin)).json()) as { items: { id: number; value: string }[] };
    const waiting = status.items.find((i) => i.value === "30")!;
    const page = async () => (await call("/sale/order?status=30", { Authorization: boss.Authorization! })).text();
    try {
      expect((await call(`/api/app/dictType/SalesOrderStatus/items/${waiting.id}`, admin, "PUT", { label: "待出库" })).status).toBe(200);
      const html = await page();
      expect(html).toMatch(/<td[^>]*>待出库<\/td>/);
      expect(html).toMatch(/<option value="30"[^>]*>待出库<\/option>/);
      expect(html).not.toContain(">待发货<");
      expect(html).toContain('"dictLabels":{"SalesOrderStatus":{"30":"待出库"}}');
    } finally {
      expect((await call(`/api/app/dictType/SalesOrderStatus/items/${waiting.id}`, admin, "PUT", { label: "待发货" })).status).toBe(200);
    }
    const html = await page();
    expect(html).toMatch(/<td[^>]*>待发货<\/td>/);
    expect(html).toContain('"dictLabels":{}');
  });
});
