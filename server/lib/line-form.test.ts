import { describe, expect, it } from "vitest";
import {
  applyLineIntent,
  isBlankLine,
  lineErrorsOf,
  lineFieldName,
  lineIntentOf,
  lineValues,
  MAX_LINES,
  readLines,
  removeLineIntent,
  withoutBlankLines,
} from "./line-form";

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("line form", () => {
  it("reads lines in index order, closing gaps, ignoring other fields", () => {
    const lines = readLines(
      form([
        ["partnerId", "3"],
        ["lines[2].productText", "06J115403Q"],
        ["lines[2].qty", "5"],
        ["lines[0].productId", "7"],
        ["lines[0].qty", "1,234.50"],
        ["lines[0].evil-name", "x"],
        ["other[0].qty", "9"],
      ]),
    );
    expect(lines).toEqual([
      { productId: "7", qty: "1,234.50" },
      { productText: "06J115403Q", qty: "5" },
    ]);
  });

  it("reads another prefix", () => {
    expect(
      readLines(
        form([
          ["counts[1].qty", "2"],
          ["lines[0].qty", "1"],
        ]),
        "counts",
      ),
    ).toEqual([{ qty: "2" }]);
  });

  it("keeps at most MAX_LINES lines", () => {
    const entries: [string, string][] = [];
    for (let i = 0; i < MAX_LINES + 20; i++) entries.push([`lines[${i}].qty`, "1"]);
    expect(readLines(form(entries))).toHaveLength(MAX_LINES);
  });

  it("tells blank lines (bookkeeping only) from typed ones", () => {
    expect(isBlankLine({ productText: " ", qty: "", productPicked: "x" })).toBe(true);
    expect(isBlankLine({ qty: "2" })).toBe(false);
    expect(withoutBlankLines([{ qty: "" }, { qty: "1" }])).toEqual([{ qty: "1" }]);
  });

  it("understands addLine and removeLine:<i> and keeps what was typed", () => {
    expect(lineIntentOf("addLine")).toEqual({ kind: "addLine" });
    expect(lineIntentOf(removeLineIntent(3))).toEqual({ kind: "removeLine", index: 3 });
    expect(lineIntentOf("save")).toBeNull();
    expect(lineIntentOf("removeLine:x")).toBeNull();
    const lines = [{ qty: "1" }, { qty: "2" }];
    expect(applyLineIntent(lines, { kind: "addLine" }, { qty: "" })).toEqual([{ qty: "1" }, { qty: "2" }, { qty: "" }]);
    expect(applyLineIntent(lines, { kind: "removeLine", index: 0 })).toEqual([{ qty: "2" }]);
    // The last line removed leaves one blank line to type in.
    expect(applyLineIntent([{ qty: "1" }], { kind: "removeLine", index: 0 }, { price: "" })).toEqual([{ price: "" }]);
  });

  it("flattens lines back to form values and names fields", () => {
    expect(lineFieldName("lines", 2, "qty")).toBe("lines[2].qty");
    expect(lineValues([{ qty: "1" }, { price: "2" }])).toEqual({ "lines[0].qty": "1", "lines[1].price": "2" });
  });

  it("maps zod issue paths and named fields to line messages", () => {
    const errors = lineErrorsOf({ "lines.1.price": ["单价不正确"], "lines[2]": ["产品重复"], partnerId: ["请选择供应商"] }, [
      { path: ["lines", 0, "qty"], message: "数量必须大于 0" },
      { path: ["lines", 3], message: "请选择产品" },
      { path: ["partnerId"], message: "x" },
    ]);
    expect(errors).toEqual({ "lines[0].qty": ["数量必须大于 0"], "lines[3]": ["请选择产品"], "lines[1].price": ["单价不正确"], "lines[2]": ["产品重复"] });
  });
});
