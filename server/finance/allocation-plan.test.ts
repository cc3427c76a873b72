import { describe, expect, it } from "vitest";
import { plannedAllocation } from "./allocation-plan";

/** Issue 20 item 12: the receipt form says which documents an untouched allocation settles. */
describe("planned allocation", () => {
  const docs = [
    { entryId: 1, outstanding: "100.00" },
    { entryId: 2, outstanding: "50.50" },
    { entryId: 3, outstanding: "30.00" },
  ];
  it("settles the oldest first, each up to what is open, the rest on account", () => {
    const p = plannedAllocation("120", docs, []);
    expect([...p.settles]).toEqual([
      [1, "100.00"],
      [2, "20.00"],
    ]);
    expect(p.left).toBe("0.00");
    expect(plannedAllocation("1,000.5", docs, []).left).toBe("820.00");
  });
  it("takes the ticked documents first", () => {
    expect([...plannedAllocation("60", docs, [3]).settles]).toEqual([
      [3, "30.00"],
      [1, "30.00"],
    ]);
  });
  it("plans nothing for no amount or a bad one", () => {
    expect(plannedAllocation("", docs, []).settles.size).toBe(0);
    expect(plannedAllocation("abc", docs, []).settles.size).toBe(0);
    expect(plannedAllocation("-5", docs, []).settles.size).toBe(0);
  });
});
