import { describe, expect, it } from "vitest";
import { DATE_PARTS, RESETS } from "./numbering.input";

/** Issue 20 item 12: 编码规则 speaks Chinese with an example, not the raw yyyyMMdd tokens. */
describe("numbering rule choices", () => {
  it("label every date part without format tokens", () => {
    for (const [, label] of [...DATE_PARTS, ...RESETS]) expect(label).not.toMatch(/yyyy|MM|dd/);
    expect(DATE_PARTS.map(([v]) => v)).toEqual(["yyyyMMdd", "yyyyMM", "yyyy", ""]);
  });
});
