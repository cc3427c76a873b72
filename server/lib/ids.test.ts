import { describe, expect, it } from "vitest";
import { isId, MAX_ID, parseId } from "./ids";
import { optionalId, requiredId } from "./input-fields";

describe("ids: only canonical positive int4", () => {
  it.each(["1", "16", "2147483647"])("accepts %j", (text) => {
    expect(parseId(text)).toBe(Number(text));
  });

  it.each(["2147483648", "9999999999", "99999999999", "0x10", " 1", "1 ", "01", "1e3", "-1", "+1", "0", "1.0", "1_000", "１", "", "abc"])(
    "refuses %j",
    (text) => {
      expect(parseId(text)).toBeNull();
    },
  );

  it("refuses what is not text", () => {
    expect(parseId(null)).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId(16)).toBeNull();
  });

  it("numbers from JSON: safe positive int4 only", () => {
    expect([1, MAX_ID].every(isId)).toBe(true);
    expect([0, -1, 1.5, MAX_ID + 1, Number.NaN, "1"].some(isId)).toBe(false);
  });

  it("id fields of the input schemas take the same ids and say so in Chinese", () => {
    const brand = optionalId("品牌");
    expect(brand.parse("16")).toBe(16);
    expect(brand.parse(16)).toBe(16);
    expect(brand.parse("")).toBeNull();
    for (const bad of ["0x10", " 1", "01", "1e3", "-1", "2147483648", 2147483648, -1, 1.5]) {
      const r = brand.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error!.issues[0]!.message).toBe("请选择品牌");
    }
    expect(requiredId("单位").safeParse("0x10").success).toBe(false);
  });
});
