import { describe, expect, it } from "vitest";
import { hrefWith, pageWindow } from "./DataGrid";
import { applyGridSettings, cellText, toSettings, type GridColumn } from "../../../server/lib/grid-settings";

const columns: GridColumn[] = [
  { field: "name", header: "名称", width: 160 },
  { field: "code", header: "编码", width: 120 },
  { field: "remark", header: "备注", hidden: true },
];

describe("grid settings (summaryDefs per grid)", () => {
  it("uses the defaults when nothing is saved", () => {
    expect(applyGridSettings(columns, null).map((c) => [c.field, c.hide, c.px])).toEqual([
      ["name", false, 160],
      ["code", false, 120],
      ["remark", true, null],
    ]);
  });

  it("applies the saved order, visibility and widths, drops unknown fields and appends new columns", () => {
    const saved = {
      autoFit: false,
      columnDefs: [
        { field: "code", headerName: "编码", hide: true, width: 5000 },
        { field: "gone", headerName: "旧列", hide: false, width: 100 },
        { field: "name", headerName: "名称", hide: false, width: null },
      ],
    };
    const out = applyGridSettings(columns, saved);
    expect(out.map((c) => [c.field, c.hide, c.px])).toEqual([
      ["code", true, 1000],
      ["name", false, null],
      ["remark", true, null],
    ]);
    expect(toSettings(out, 50)).toEqual({
      autoFit: false,
      columnDefs: [
        { field: "code", headerName: "编码", hide: true, width: 1000 },
        { field: "name", headerName: "名称", hide: false, width: null },
        { field: "remark", headerName: "备注", hide: true, width: null },
      ],
      perPageNum: 50,
    });
  });
});

describe("grid paging and cells", () => {
  it("shows at most 7 page links around the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 100)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(50, 100)).toEqual([47, 48, 49, 50, 51, 52, 53]);
    expect(pageWindow(100, 100)).toEqual([94, 95, 96, 97, 98, 99, 100]);
  });

  it("changes one URL param and keeps the others", () => {
    expect(hrefWith("?q=滤&page=3&sort=name.desc", { page: null, edit: 5 })).toBe(`?q=${encodeURIComponent("滤")}&sort=name.desc&edit=5`);
  });

  it("shows money with ￥ and two decimals, codes as labels, China time", () => {
    expect(cellText({ field: "p", header: "价", kind: "money" }, 12.5)).toBe("￥12.50");
    // numeric columns arrive as strings; thousands are separated (issue 7 item 19)
    expect(cellText({ field: "p", header: "价", kind: "money" }, "1234.50")).toBe("￥1,234.50");
    expect(cellText({ field: "p", header: "价", kind: "money" }, "2.675")).toBe("￥2.68");
    expect(cellText({ field: "p", header: "价", kind: "money" }, "-1234567.5")).toBe("-￥1,234,567.50");
    expect(cellText({ field: "r", header: "类型", kind: "enum", labels: [[1, "客户"]] }, 1)).toBe("客户");
    expect(cellText({ field: "t", header: "时间", kind: "datetime" }, "2026-11-20T16:30:00Z")).toBe("2026-11-21 00:30");
    expect(cellText({ field: "b", header: "状态", kind: "bool", yesNo: ["启用", "停用"] }, false)).toBe("停用");
  });
});

describe("grid rows as HTML", () => {
  it("escapes every value, so stored text can never become markup", async () => {
    const { rowsHtml } = await import("./DataGrid");
    const html = rowsHtml([{ id: 7, name: `<img src=x onerror="alert(1)">&'` }], [{ field: "name", header: "名称", hide: false, px: null }], "grid-command");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;");
    expect(html).toContain('value="7"');
  });
});
