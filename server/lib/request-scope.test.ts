import { describe, expect, it } from "vitest";
import { memoInRequest, requestScope } from "./request-scope";

describe("request scope", () => {
  it("computes once per key within one request, and anew in the next", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const first = await requestScope.run(new Map(), async () => [await memoInRequest("k", compute), await memoInRequest("k", compute)]);
    expect(first).toEqual([1, 1]);
    const second = await requestScope.run(new Map(), () => memoInRequest("k", compute));
    expect(second).toBe(2);
    // Outside any request nothing is remembered.
    expect(await memoInRequest("k", compute)).toBe(3);
    expect(await memoInRequest("k", compute)).toBe(4);
  });
});
