import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "./context";
import { brandResource } from "../product/catalog.resources";
import { productResource } from "../product/product.resources";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { readSheet } from "../test/list-behaviour";
import { exportRows, listFromParams } from "./list-read";
import { parseListQuery } from "./list-query";

/**
 * Issue 7 item 8: names that users send (export columns, sort keys, filters) are looked up as
 * the list's own declared keys, never on an object's prototype (`constructor`, `toString` gave
 * "function Object()…" in the export).
 */
const PROTOTYPE_NAMES = ["constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "__proto__"];

describe("only declared columns, sort keys and filters", () => {
  useTestDatabase();
  let boss1: Ctx;
  beforeAll(async () => {
    boss1 = (await ctxOf("boss1")).ctx;
  });

  it.each(PROTOTYPE_NAMES)("refuses the export column %j with a Chinese 400", (name) => {
    for (const def of [productResource, brandResource]) {
      const run = () =>
        exportRows(def, boss1, {
          excelColumes: [
            { displayName: "名称", fieldName: "name" },
            { displayName: "怪列", fieldName: name },
          ],
        });
      if (name === "__proto__") expect(run).toThrow(expect.objectContaining({ code: "bad_request" }));
      else expect(run).toThrow(expect.objectContaining({ code: "bad_request", message: `导出列不存在: ${name}` }));
    }
  });

  it("refuses a column nobody declared, and still exports declared ones (names from dictionaries too)", async () => {
    expect(() => exportRows(productResource, boss1, { excelColumes: [{ displayName: "X", fieldName: "noSuchField" }] })).toThrow("导出列不存在: noSuchField");
    const { stream } = exportRows(productResource, boss1, {
      filter: { maxResultCount: 5 },
      excelColumes: [
        { displayName: "名称", fieldName: "name" },
        { displayName: "品牌", fieldName: "brandName" },
        { displayName: "状态", fieldName: "isEnabled" },
      ],
    });
    const sheet = await readSheet(stream);
    expect(sheet.getRow(1).values).toEqual([undefined, "名称", "品牌", "状态"]);
    const cells = sheet.getRow(2).values as unknown[];
    expect(cells.some((v) => String(v).includes("function"))).toBe(false);
    expect(["启用", "停用"]).toContain(cells[3]);
  });

  it.each(PROTOTYPE_NAMES)("ignores %j as a sort key or filter name (the default list)", async (name) => {
    const plain = await listFromParams<Record<string, unknown>>(productResource, boss1, new URLSearchParams("size=20"));
    const odd = await listFromParams<Record<string, unknown>>(
      productResource,
      boss1,
      new URLSearchParams(`size=20&sort=${name}.asc&sorting=${name}&${name}=1`),
    );
    expect(odd.items.map((r) => r.id)).toEqual(plain.items.map((r) => r.id));
    expect(odd.totalCount).toBe(plain.totalCount);
    const q = parseListQuery(new URLSearchParams(`sort=${name}.asc&${name}=x`), {
      sortable: ["name"],
      defaultSort: { field: "name", dir: "asc" },
      filters: { name: "text" },
    });
    expect(q.sort.field).toBe("name");
    expect(Object.keys(q.filters)).toEqual([]);
  });
});
