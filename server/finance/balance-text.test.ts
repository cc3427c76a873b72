import { describe, expect, it } from "vitest";
import { balanceWords } from "./balance-text";

describe("balance words", () => {
  it("says 预收 for a customer in credit and 欠款 for one who owes, the amount always positive", () => {
    expect(balanceWords("-453.50", "customer").text).toBe("预收 ￥453.50");
    expect(balanceWords("1200", "customer").text).toBe("欠款 ￥1,200.00");
    expect(balanceWords("0.00", "customer").text).toBe("欠款 ￥0.00");
    expect(balanceWords("-20", "supplier").text).toBe("预付 ￥20.00");
    expect(balanceWords("88.8", "supplier")).toEqual({ label: "应付", amount: "￥88.80", text: "应付 ￥88.80" });
  });
});
