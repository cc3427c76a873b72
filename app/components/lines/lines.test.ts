import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cellNumber, mulText, sumText } from "./line-math";
import type { LineColumn } from "./line-types";
import { totalsOf, withDefaults } from "./line-view";
import { PlainLineTable } from "./PlainLineTable";

const product = {
  productId: 7,
  mainOE: "06J115403Q",
  name: "机油滤清器",
  brandName: "曼牌",
  unitName: "个",
  available: "10.00",
  lastPrice: "26.80",
  defaultLocationId: 3,
  defaultLocationName: "主仓-A-01",
  priceSale: "50.00",
};
const columns: LineColumn[] = [
  { kind: "product" },
  { kind: "info", field: "available", label: "可用库存" },
  { kind: "number", name: "qty", label: "数量", total: true },
  { kind: "number", name: "price", label: "单价", defaultFrom: "lastPrice" },
  { kind: "amount", label: "金额", of: ["qty", "price"] },
  { kind: "select", name: "locationId", label: "货位", options: [{ value: "3", label: "主仓-A-01" }], defaultFrom: "defaultLocationId" },
];

describe("line editor arithmetic (no decimal.js in the browser)", () => {
  it("multiplies and sums exactly, rounding half-up to 2 decimals", () => {
    expect(mulText("3", "26.8")).toBe("80.40");
    expect(mulText("0.1", "0.2")).toBe("0.02");
    expect(mulText("1.005", "1")).toBe("1.01");
    expect(mulText("-2", "1.255")).toBe("-2.51");
    expect(mulText(null, "1")).toBeNull();
    expect(sumText(["0.1", "0.2", null, "1,0" as never])).toBe("0.30");
    expect(sumText([])).toBe("0.00");
    expect(cellNumber("1,234.50")).toBe("1234.50");
    expect(cellNumber("１２")).toBe("12");
    expect(cellNumber("abc")).toBeNull();
  });

  it("fills blank cells from the picked product and totals the lines", () => {
    expect(withDefaults({ qty: "2", price: "" }, product, columns)).toEqual({ qty: "2", price: "26.80", locationId: "3" });
    expect(withDefaults({ price: "30" }, product, columns).price).toBe("30");
    expect(totalsOf([{ values: { qty: "2", price: "26.80" } }, { values: { qty: "1,000", price: "0.015" } }], columns)).toEqual({
      qty: "1002.00",
      "amount:qty*price": "73.60",
    });
    // A price is read as the server reads it: 2 decimals (0.015 → 0.02), so 1,000 × 0.02 = 20.00.
  });
});

/** The value attribute of the input named `name` in rendered HTML (attributes come in any order). */
function valueOf(html: string, name: string): string | undefined {
  const tag = html.match(new RegExp(`<input[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>`))?.[0];
  return tag ? (/ value="([^"]*)"/.exec(tag)?.[1] ?? "") : undefined;
}

describe("the plain line table (no JavaScript)", () => {
  const html = (props: Parameters<typeof PlainLineTable>[0]) => renderToStaticMarkup(createElement(PlainLineTable, props));

  it("posts lines[i].field inputs, 删除 per line, 添加行, and totals", () => {
    const out = html({
      columns,
      lines: [
        { values: { productId: "7", productText: "06J115403Q 机油滤清器", productPicked: "06J115403Q 机油滤清器", qty: "3", lineId: "55" }, product },
        { values: { qty: "" } },
      ],
    });
    expect(valueOf(out, "lines[0].productId")).toBe("7");
    expect(valueOf(out, "lines[0].qty")).toBe("3");
    expect(valueOf(out, "lines[0].price")).toBe("26.80");
    expect(valueOf(out, "lines[0].lineId")).toBe("55");
    expect(valueOf(out, "lines[1].qty")).toBe("");
    expect(out).toContain('value="removeLine:1"');
    expect(out).toContain('value="addLine"');
    expect(out).toContain("￥80.40");
    expect(out).toContain(">10<");
    // The hidden default button comes first: Enter adds a line, never deletes one.
    expect(out.indexOf('value="addLine"')).toBeLessThan(out.indexOf('value="removeLine:0"'));
  });

  it("totals what the cells show: a price the product fills in counts in 合计 (issue 20, item 4)", () => {
    // Line 1 typed at 32; line 2's price left blank, shown as the product's last price 72.
    const out = html({
      columns,
      lines: [{ values: { qty: "2", price: "32" } }, { values: { productId: "7", qty: "4", price: "" }, product: { ...product, lastPrice: "72.00" } }],
    });
    expect(valueOf(out, "lines[1].price")).toBe("72.00");
    const foot = out.slice(out.indexOf("<tfoot>"));
    expect(foot).toContain('data-total="amount:qty*price">￥352.00<');
    expect(foot).toContain('data-total="qty">6.00<');
  });

  it("offers the choices of an ambiguous text as a select and shows the line's message", () => {
    const out = html({
      columns,
      lines: [
        {
          values: { productText: "机滤", productPicked: "机滤" },
          choices: [product, { ...product, productId: 8, mainOE: "X2" }],
          error: "“机滤”对应多个产品，请选择",
        },
      ],
      errors: { "lines[0].qty": ["数量必须大于 0"] },
    });
    expect(out).toContain("<select class");
    expect(out).toContain('name="lines[0].productId"');
    expect(out).toContain('value="8"');
    expect(out).toContain("对应多个产品");
    expect(out).toContain("数量必须大于 0");
  });
});

describe("sales lines: discount, price defaults, below-cost warning", () => {
  const sale: LineColumn[] = [
    { kind: "product" },
    { kind: "info", field: "locations", label: "库位库存" },
    { kind: "number", name: "qty", label: "数量", total: true },
    { kind: "number", name: "price", label: "单价", defaultFrom: ["lastPrice", "priceSale"], warnBelowCost: { percent: "discount" } },
    { kind: "number", name: "discount", label: "折扣(%)" },
    { kind: "amount", label: "金额", of: ["qty", "price"], percent: "discount" },
  ];
  const priced = { ...product, lastPrice: null, avgCost: "40.0000", locations: [{ locationName: "主仓-A-01", available: "6.00" }] };

  it("takes the first price the product has and computes the discounted amount", () => {
    expect(withDefaults({ qty: "1" }, priced, sale).price).toBe("50.00");
    expect(withDefaults({ qty: "1" }, { ...priced, lastPrice: "45.00" }, sale).price).toBe("45.00");
    expect(
      totalsOf([{ values: { qty: "3", price: "10", discount: "95" } }, { values: { qty: "1", price: "0.99", discount: "" } }], sale)["amount:qty*price"],
    ).toBe("29.49");
    expect(totalsOf([{ values: { qty: "1", price: "10.01", discount: "33.33" } }], sale)["amount:qty*price"]).toBe("3.34");
  });

  it("warns 低于成本 when the net price is below the known cost, never without a cost", () => {
    const out = (values: Record<string, string>, p: typeof priced | typeof product = priced) =>
      renderToStaticMarkup(createElement(PlainLineTable, { columns: sale, lines: [{ values: { productId: "7", ...values }, product: p }] }));
    expect(out({ qty: "1", price: "45", discount: "80" })).toContain("低于成本");
    expect(out({ qty: "1", price: "45", discount: "100" })).not.toContain("低于成本");
    expect(out({ qty: "1", price: "39.99" })).toContain("低于成本");
    expect(out({ qty: "1", price: "1" }, product)).not.toContain("低于成本");
    expect(out({ qty: "1", price: "45" })).toContain("主仓-A-01 6");
  });
});
