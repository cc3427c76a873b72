import { describe, expect, it } from "vitest";
import { addressWithCity } from "./print-sheet";

describe("print header address", () => {
  it("names the city once (issue 20 item 12)", () => {
    expect(addressWithCity("广州", "广州市白云区机场路 88 号")).toBe("广州市白云区机场路 88 号");
    expect(addressWithCity("广州市", "广州市白云区机场路 88 号")).toBe("广州市白云区机场路 88 号");
    expect(addressWithCity("广州", "白云区机场路 88 号")).toBe("广州 白云区机场路 88 号");
    expect(addressWithCity("", "白云区机场路 88 号")).toBe("白云区机场路 88 号");
    expect(addressWithCity("广州", null)).toBe("广州");
  });
});
