import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { parseListQuery } from "../lib/list-query";
import { productBrands } from "./brand.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { createRow, deleteRow, getRow, updateRow } from "../lib/resource";
import { exportRows, listRows, listSpecOf } from "../lib/list-read";
import type { Ctx } from "../lib/context";
import { brandResource } from "./catalog.resources";

type Brand = typeof productBrands.$inferSelect;
const q = (s: string) => parseListQuery(new URLSearchParams(s), listSpecOf(brandResource));
const listBrands = (ctx: Ctx, query: ReturnType<typeof q>) => listRows<Brand>(brandResource, ctx, query);
const getBrand = (ctx: Ctx, id: number) => getRow<Brand>(brandResource, ctx, id);
const createBrand = (ctx: Ctx, input: unknown) => createRow<Brand>(brandResource, ctx, input);
const updateBrand = (ctx: Ctx, id: number, input: unknown) => updateRow<Brand>(brandResource, ctx, id, input);
const deleteBrand = (ctx: Ctx, id: number) => deleteRow(brandResource, ctx, id);
const exportBrands = (ctx: Ctx, input: unknown) => exportRows(brandResource, ctx, input);

describe("product brands (the generic resource functions)", () => {
  useTestDatabase();

  it("lists the seeded brands paged and sorted, for any company's user", async () => {
    const { ctx } = await ctxOf("sales1");
    const first = await listBrands(ctx, q("size=20"));
    expect(first.totalCount).toBeGreaterThanOrEqual(20);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.name).toBe("博世");
    const second = await listBrands(ctx, q("page=2&size=20"));
    expect(second.items.map((b) => b.id)).not.toContain(first.items[0]!.id);
    const byName = await listBrands(ctx, q("sort=code.desc&size=50"));
    const codes = byName.items.map((b) => b.code!);
    expect(codes).toEqual([...codes].sort().reverse());
  });

  it("finds by keyword in name or code, treating % and _ literally", async () => {
    const { ctx } = await ctxOf("buyer2");
    expect((await listBrands(ctx, q("q=bosch"))).items.map((b) => b.name)).toEqual(["博世"]);
    expect((await listBrands(ctx, q("q=马勒"))).items.map((b) => b.code)).toEqual(["MAHLE"]);
    expect((await listBrands(ctx, q("q=%25"))).totalCount).toBe(0);
  });

  it("lets only the platform operator create, change and delete", async () => {
    const { ctx: boss } = await ctxOf("boss1");
    await expect(createBrand(boss, { name: "测试品牌" })).rejects.toMatchObject({ code: "forbidden" });
    const { ctx: admin } = await ctxOf("admin");
    const made = await createBrand(admin, { name: " 索恩 ", code: "SOREN", sortOrder: "500", isEnabled: "true" });
    expect(made).toMatchObject({ name: "索恩", code: "SOREN", sortOrder: 500, isEnabled: true });
    await expect(updateBrand(boss, made.id, { name: "x" })).rejects.toMatchObject({ code: "forbidden" });
    const changed = await updateBrand(admin, made.id, { name: "索恩", code: "", isEnabled: "false" });
    expect(changed).toMatchObject({ code: null, isEnabled: false });
    expect((await listBrands(admin, q("isEnabled=false"))).items.map((b) => b.id)).toContain(made.id);
    await expect(deleteBrand(boss, made.id)).rejects.toMatchObject({ code: "forbidden" });
    await deleteBrand(admin, made.id);
    await expect(getBrand(admin, made.id)).rejects.toMatchObject({ code: "not_found", message: "品牌不存在" });
  });

  it("refuses duplicates (any case) and bad input with Chinese field messages, changing nothing", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const before = (await listBrands(admin, q(""))).totalCount;
    await expect(createBrand(admin, { name: "ngk" })).rejects.toMatchObject({ code: "conflict", fields: { name: ["品牌名称已存在"] } });
    await expect(createBrand(admin, { name: "" })).rejects.toMatchObject({ code: "bad_request", fields: { name: ["请输入品牌名称"] } });
    await expect(createBrand(admin, { name: "甲", code: "a b" })).rejects.toMatchObject({ fields: { code: ["品牌编码只能包含字母、数字、下划线和短横线"] } });
    await expect(createBrand(admin, { name: "甲", sortOrder: "abc" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(createBrand(admin, null)).rejects.toMatchObject({ code: "bad_request" });
    const bosch = (await listBrands(admin, q("q=BOSCH"))).items[0]!;
    await expect(updateBrand(admin, bosch.id, { name: "马勒" })).rejects.toMatchObject({ code: "conflict" });
    await expect(updateBrand(admin, 99999999, { name: "不存在" })).rejects.toMatchObject({ code: "not_found" });
    expect((await listBrands(admin, q(""))).totalCount).toBe(before);
    expect((await getBrand(admin, bosch.id)).name).toBe("博世");
  });
});

describe("product brand export", () => {
  useTestDatabase();

  async function read(stream: ReadableStream<Uint8Array>) {
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await new Response(stream).arrayBuffer()) as unknown as ArrayBuffer);
    return wb.worksheets[0]!;
  }

  it("exports the chosen columns with the screen's filter and sort, widths honoured", async () => {
    const { ctx } = await ctxOf("sales1");
    const { fileName, stream } = exportBrands(ctx, {
      sheetName: "品牌",
      outPutFileName: "品牌",
      filter: { filter: "a", sorting: "code desc" },
      excelColumes: [
        { displayName: "名称", fieldName: "name", width: 5120 },
        { displayName: "编码", fieldName: "code" },
        { displayName: "隐藏但不导出", fieldName: "description", exportable: false },
      ],
    });
    expect(fileName).toBe("品牌");
    const sheet = await read(stream);
    expect(sheet.getRow(1).values).toEqual([undefined, "名称", "编码"]);
    const names = sheet.getColumn(1).values.slice(2) as string[];
    const codes = sheet.getColumn(2).values.slice(2) as string[];
    expect(codes.length).toBeGreaterThan(3);
    // The keyword "a" filtered rows exactly as the list does (name or code).
    expect(names.every((n, i) => /a/i.test(n) || /a/i.test(codes[i]!))).toBe(true);
    expect(codes).not.toContain("NGK");
    expect(codes).toEqual([...codes].sort().reverse());
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getColumn(2).width).toBe(16);
  });

  it("writes text that looks like a formula as literal text", async () => {
    const { ctx: admin } = await ctxOf("admin");
    // Stored directly: the form would trim the leading tab and CR away.
    const evil = ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\ry"];
    await db()
      .insert(productBrands)
      .values(evil.map((description, i) => ({ name: `注入${i}`, description })));
    const { stream } = exportBrands(admin, {
      filter: { filter: "注入", sorting: "name asc" },
      excelColumes: [{ displayName: "说明", fieldName: "description" }],
    });
    const sheet = await read(stream);
    const cells = [2, 3, 4, 5, 6, 7].map((r) => sheet.getRow(r).getCell(1));
    expect(cells.map((c) => c.type)).toEqual(Array(6).fill(3)); // ExcelJS.ValueType.String
    // A carriage return inside XML text reads back as a line feed (XML line-end normalisation).
    expect(cells.map((c) => c.value)).toEqual(["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\ny"]);
  });

  it("refuses an export without columns", () => {
    return expect(ctxOf("sales1").then(({ ctx }) => exportBrands(ctx, { excelColumes: [] }))).rejects.toThrow("请选择要导出的列");
  });

  it("refuses a column the brand does not declare, naming it", () => {
    return expect(
      ctxOf("sales1").then(({ ctx }) =>
        exportBrands(ctx, {
          excelColumes: [
            { displayName: "名称", fieldName: "name" },
            { displayName: "不存在", fieldName: "secret" },
          ],
        }),
      ),
    ).rejects.toThrow("导出列不存在: secret");
  });
});
