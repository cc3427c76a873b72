import { describe, expect, it } from "vitest";
import { formatCostText, formatMoneyText, formatQtyText } from "./decimal-text";
import { formatQty } from "./decimal";

/** Issue 20 item 12: one formatter per kind of number, the same on every page. */
describe("number formats", () => {
  it("shows a quantity without trailing zeros, thousands separated, in the product's unit", () => {
    expect(formatQtyText("20.00")).toBe("20");
    expect(formatQtyText("18.00", "个")).toBe("18 个");
    expect(formatQtyText("2.50", "升")).toBe("2.5 升");
    expect(formatQtyText("1200")).toBe("1,200");
    expect(formatQtyText("-3.10")).toBe("-3.1");
    expect(formatQtyText("0.005")).toBe("0.01");
    expect(formatQtyText("abc")).toBeNull();
    // The server's decimal helper says the same.
    expect(formatQty("1200.00")).toBe(formatQtyText("1200.00"));
  });

  it("shows money with ￥ and two decimals, a unit cost with ￥ and two to four", () => {
    expect(formatMoneyText("453.5")).toBe("￥453.50");
    expect(formatCostText("27.8700")).toBe("￥27.87");
    expect(formatCostText("27.8712")).toBe("￥27.8712");
    expect(formatCostText("27.871")).toBe("￥27.871");
    expect(formatCostText("1234.5")).toBe("￥1,234.50");
    expect(formatCostText("-0.12345")).toBe("-￥0.1235");
    expect(formatCostText("x")).toBeNull();
  });
});
