import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDateTimeText } from "./date-time-text";
import { cellText } from "./grid-settings";

/** Issue 20 item 8: instants are shown in the company's time zone (a setting), by one formatter. */
describe("date-time text", () => {
  it("writes an instant in the given time zone, Asia/Shanghai when none or an unknown one", () => {
    const at = "2026-11-20T16:30:05Z";
    expect(formatDateTimeText(at)).toBe("2026-11-21 00:30");
    expect(formatDateTimeText(at, "Asia/Shanghai", true)).toBe("2026-11-21 00:30:05");
    expect(formatDateTimeText(at, "Europe/Berlin")).toBe("2026-11-20 17:30");
    expect(formatDateTimeText(new Date(at), "America/Los_Angeles")).toBe("2026-11-20 08:30");
    expect(formatDateTimeText(at, "Mars/Base")).toBe("2026-11-21 00:30");
    expect(formatDateTimeText("not a date")).toBeNull();
    expect(cellText({ field: "t", header: "时间", kind: "datetime" }, at, "UTC")).toBe("2026-11-20 16:30");
  });

  it("no page fixes the time zone, formats money through a float (one formatter per kind) or asks with the browser's confirm() (the kit's dialog)", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          const text = fs.readFileSync(p, "utf8");
          if (/timeZone:\s*"Asia\//.test(text)) offenders.push(`${p}: fixed time zone`);
          if (/Number\([^)]*\)\.(toFixed|toLocaleString)\(/.test(text)) offenders.push(`${p}: money or quantity through a float`);
          if (/window\.confirm\(/.test(text)) offenders.push(`${p}: the browser's confirm()`);
        }
      }
    };
    walk(path.resolve(__dirname, "../../app"));
    expect(offenders).toEqual([]);
  });
});
