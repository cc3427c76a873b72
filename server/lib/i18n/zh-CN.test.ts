import { describe, expect, it } from "vitest";
import { t } from "./zh-CN";

/** Issue 20 item 8: the UI speaks Chinese; no English sentence is left in the word catalogue. */
describe("the UI word catalogue", () => {
  it("has no English phrase among its words", () => {
    const english: string[] = [];
    const walk = (v: unknown, path: string) => {
      if (typeof v === "string") {
        if (/[A-Za-z]{2,}(\s+[A-Za-z]{2,}){2,}/.test(v)) english.push(`${path}: ${v}`);
      } else if (v && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
      }
    };
    walk(t, "t");
    expect(english).toEqual([]);
  });
});
