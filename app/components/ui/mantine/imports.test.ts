import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * First-load code never imports the @mantine/core barrel, nor a package that imports it
 * (see ./README.md): esbuild would then count every Mantine component as reachable from the
 * page and put ~100 of them into its first load. Only lazily loaded modules may (their
 * chunk is fetched when used): the line grid, the date range picker, chart components.
 */
const BARREL_PACKAGES = [
  "@mantine/core",
  "@mantine/dates",
  "@mantine/notifications",
  "@mantine/nprogress",
  "@mantine/charts",
  "@mantine/modals",
  "@mantine/spotlight",
  "mantine-react-table",
];
/** Modules reached only through React.lazy / import(): they may use the barrel. */
const LAZY = [/\/lines\/LineGrid\.tsx$/, /\/lines\/ProductPicker\.tsx$/, /\/grid\/DateRangePicker\.tsx$/, /\.lazy\.tsx$/];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("Mantine imports of first-load code", () => {
  it("no module outside the lazy chunks imports a Mantine barrel (values; types and styles are free)", () => {
    const offenders: string[] = [];
    for (const f of files(path.resolve("app"))) {
      if (LAZY.some((re) => re.test(f))) continue;
      const src = fs.readFileSync(f, "utf8");
      for (const m of src.matchAll(/^import\s+(?!type\b)([^;]*?)\s+from\s+"([^"]+)";/gms)) {
        const pkg = m[2]!;
        if (!BARREL_PACKAGES.some((b) => pkg === b || pkg.startsWith(`${b}/`))) continue;
        if (/\.css(\?url)?$/.test(pkg)) continue;
        offenders.push(`${path.relative(process.cwd(), f)}: ${pkg}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("the lazy modules are only imported lazily", () => {
    const offenders: string[] = [];
    for (const f of files(path.resolve("app"))) {
      const src = fs.readFileSync(f, "utf8");
      for (const m of src.matchAll(/^import\s+(?!type\b)[^;]*?\s+from\s+"([^"]+)";/gms)) {
        const spec = m[1]!;
        if (/(^|\/)(LineGrid|DateRangePicker)$/.test(spec) || /\.lazy$/.test(spec)) {
          if (!LAZY.some((re) => re.test(f))) offenders.push(`${path.relative(process.cwd(), f)} imports ${spec} statically`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
