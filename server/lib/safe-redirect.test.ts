import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site relative paths with their query", () => {
    expect(safeRedirect("/profile?actab=1")).toBe("/profile?actab=1");
    expect(safeRedirect("/sale/order?page=2&sort=code.desc")).toBe("/sale/order?page=2&sort=code.desc");
  });

  it.each([
    ["//evil.com", "protocol-relative"],
    ["//evil.com/home", "protocol-relative with path"],
    ["/\\evil.com", "slash-backslash"],
    ["/%5Cevil.com", "encoded backslash"],
    ["/%5cevil.com", "encoded backslash, lower case"],
    ["/%2F%2Fevil.com", "encoded double slash"],
    ["/home\u0000x", "NUL"],
    ["/\tevil.com", "tab"],
    ["/\r\n//evil.com", "CR LF"],
    ["/%0d%0aSet-Cookie:x", "encoded CR LF"],
    ["http:evil.com", "scheme without slashes"],
    ["http://evil.com", "absolute url"],
    ["javascript:alert(1)", "javascript scheme"],
    ["JavaScript:alert(1)", "javascript scheme, mixed case"],
    ["evil.com", "no leading slash"],
    ["", "empty"],
    ["/login", "back into sign-in"],
    ["/%E0%A4%A", "malformed percent-encoding"],
  ])("refuses %j (%s)", (input) => {
    expect(safeRedirect(input)).toBe("/home");
  });

  it("refuses non-strings and uses the given fallback", () => {
    expect(safeRedirect(null)).toBe("/home");
    expect(safeRedirect(undefined, "/")).toBe("/");
    expect(safeRedirect(["/home"])).toBe("/home");
  });
});
