import { describe, expect, it } from "vitest";
import { chineseAmount } from "./chinese-amount";

describe("chineseAmount (大写金额)", () => {
  it("writes the brief's example", () => {
    expect(chineseAmount("1234.50")).toBe("壹仟贰佰叁拾肆元伍角整");
  });
  it("writes zero, whole yuan and 整", () => {
    expect(chineseAmount("0")).toBe("零元整");
    expect(chineseAmount("0.00")).toBe("零元整");
    expect(chineseAmount("0.004")).toBe("零元整");
    expect(chineseAmount("1")).toBe("壹元整");
    expect(chineseAmount("10")).toBe("壹拾元整");
    expect(chineseAmount("15")).toBe("壹拾伍元整");
    expect(chineseAmount("100")).toBe("壹佰元整");
  });
  it("reads a run of zeros once and drops trailing zeros of a section", () => {
    expect(chineseAmount("1001")).toBe("壹仟零壹元整");
    expect(chineseAmount("1010")).toBe("壹仟零壹拾元整");
    expect(chineseAmount("1100")).toBe("壹仟壹佰元整");
    expect(chineseAmount("10000")).toBe("壹万元整");
    expect(chineseAmount("10010")).toBe("壹万零壹拾元整");
    expect(chineseAmount("100100")).toBe("壹拾万零壹佰元整");
    expect(chineseAmount("110000")).toBe("壹拾壹万元整");
    expect(chineseAmount("1000001")).toBe("壹佰万零壹元整");
  });
  it("writes 角 and 分", () => {
    expect(chineseAmount("0.5")).toBe("伍角整");
    expect(chineseAmount("0.05")).toBe("伍分");
    expect(chineseAmount("0.55")).toBe("伍角伍分");
    expect(chineseAmount("1.05")).toBe("壹元零伍分");
    expect(chineseAmount("12.34")).toBe("壹拾贰元叁角肆分");
    expect(chineseAmount("100.10")).toBe("壹佰元壹角整");
  });
  it("rounds half up to the fen first", () => {
    expect(chineseAmount("1.005")).toBe("壹元零壹分");
    expect(chineseAmount("9.999")).toBe("壹拾元整");
  });
  it("writes large amounts with 万 and 亿", () => {
    expect(chineseAmount("100000000")).toBe("壹亿元整");
    expect(chineseAmount("100010000")).toBe("壹亿零壹万元整");
    expect(chineseAmount("110000000")).toBe("壹亿壹仟万元整");
    expect(chineseAmount("101000000")).toBe("壹亿零壹佰万元整");
    expect(chineseAmount("123456789012.34")).toBe("壹仟贰佰叁拾肆亿伍仟陆佰柒拾捌万玖仟零壹拾贰元叁角肆分");
    expect(chineseAmount("10000000000000000")).toBe("壹亿亿元整");
  });
  it("starts a negative amount with 负", () => {
    expect(chineseAmount("-1234.5")).toBe("负壹仟贰佰叁拾肆元伍角整");
    expect(chineseAmount("-0.05")).toBe("负伍分");
    expect(chineseAmount("-0.001")).toBe("零元整");
  });
});
