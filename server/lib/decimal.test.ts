import { describe, expect, it } from "vitest";
import {
  add,
  compare,
  costString,
  dec,
  div,
  formatMoney,
  formatNumber,
  formatQty,
  hasMoreDecimals,
  moneyString,
  mul,
  qtyString,
  roundCost,
  roundMoney,
  sub,
  sum,
  tryDecimal,
} from "./decimal";
import { decimalText, formatMoneyText, plainNumberText } from "./decimal-text";

describe("decimal helper", () => {
  it("adds exactly where floats do not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(add("0.1", "0.2").toString()).toBe("0.3");
    expect(add(0.1, 0.2).toString()).toBe("0.3");
    expect(sub("1.10", "0.2").toString()).toBe("0.9");
    expect(mul("19.99", "3").toString()).toBe("59.97");
    expect(sum(["0.1", "0.2", null, "0.3", undefined]).toString()).toBe("0.6");
  });

  it("rounds money half-up on the decimal value, not the binary float", () => {
    // Math.round(1.005 * 100) / 100 is 1 and (2.675).toFixed(2) is "2.67": both wrong.
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect((2.675).toFixed(2)).toBe("2.67");
    expect(moneyString("1.005")).toBe("1.01");
    expect(moneyString(1.005)).toBe("1.01");
    expect(moneyString("2.675")).toBe("2.68");
    expect(moneyString(2.675)).toBe("2.68");
    expect(moneyString("1.004")).toBe("1.00");
    expect(roundMoney("0.125").toString()).toBe("0.13");
  });

  it("rounds negatives away from zero at the half, like 四舍五入", () => {
    expect(moneyString("-1.005")).toBe("-1.01");
    expect(moneyString("-2.675")).toBe("-2.68");
    expect(moneyString("-1.004")).toBe("-1.00");
    expect(moneyString("-0.004")).toBe("0.00");
  });

  it("keeps costs to 4 decimals and quantities to 2", () => {
    expect(costString(div("10", "3"))).toBe("3.3333");
    expect(roundCost("2.00005").toString()).toBe("2.0001");
    expect(qtyString("2.345")).toBe("2.35");
    expect(hasMoreDecimals("1.234", 2)).toBe(true);
    expect(hasMoreDecimals("1.20", 2)).toBe(false);
  });

  it("formats money as ￥1,234.50", () => {
    expect(formatMoney("1234.5")).toBe("￥1,234.50");
    expect(formatMoney(1234.5)).toBe("￥1,234.50");
    expect(formatMoney("0")).toBe("￥0.00");
    expect(formatMoney("1234567.891")).toBe("￥1,234,567.89");
    expect(formatMoney("-12")).toBe("-￥12.00");
    expect(formatMoney("999.995")).toBe("￥1,000.00");
    expect(formatNumber("1000000")).toBe("1,000,000.00");
    expect(formatQty("1200.50")).toBe("1,200.5");
    expect(formatQty("3.00")).toBe("3");
  });

  it("parses only finite plain numbers", () => {
    expect(tryDecimal(" 12.50 ")?.toString()).toBe("12.5");
    expect(tryDecimal("1e3")?.toString()).toBe("1000");
    for (const bad of ["", "abc", "0x10", "1,234", "NaN", "Infinity", "1.2.3", null, undefined, {}, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(tryDecimal(bad)).toBeNull();
    }
    expect(() => dec("x" as string)).toThrow();
    expect(() => div("1", "0")).toThrow();
  });

  it("compares", () => {
    expect(compare("1.10", "1.1")).toBe(0);
    expect(compare("2", "10")).toBe(-1);
    expect(compare("-1", "-2")).toBe(1);
  });

  it("formats the same without decimal.js (the browser's grid and forms)", () => {
    for (const v of ["1234.5", "0", "-12", "999.995", "1.005", "-1.005", "2.675", "1234567.891", "0.004", "-0.004", "00012.50"]) {
      expect(formatMoneyText(v), v).toBe(formatMoney(v));
    }
    expect(formatMoneyText(1234.5)).toBe("￥1,234.50");
    expect(formatMoneyText("abc")).toBeNull();
    expect(formatMoneyText("1e3")).toBeNull();
    expect(decimalText("-0.00")).toBe("0.00");
    expect(plainNumberText("2.50")).toBe("2.5");
    expect(plainNumberText("3.00")).toBe("3");
    expect(plainNumberText("1200")).toBe("1200");
  });
});

describe("cost cells", () => {
  it("show a unit cost as money with up to its 4 decimals and thousands separators, exactly (issue 20 item 12)", async () => {
    const { cellText } = await import("./grid-settings");
    expect(cellText({ field: "c", header: "成本", kind: "cost" }, "70.8100")).toBe("￥70.81");
    expect(cellText({ field: "c", header: "成本", kind: "cost" }, "12345.67895")).toBe("￥12,345.679");
    expect(cellText({ field: "c", header: "成本", kind: "cost" }, "27.8712")).toBe("￥27.8712");
    expect(cellText({ field: "c", header: "成本", kind: "cost" }, "5")).toBe("￥5.00");
  });
});
