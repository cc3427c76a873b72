import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Server-only code must never reach the browser: these strings only exist in server code. */
const SERVER_MARKERS = ["pg_advisory_xact_lock", "password_hash", "argon2id", "PGlite", "pg-protocol", "SESSION_SECRET", "WorkbookWriter"];

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? jsFiles(p) : p.endsWith(".js") ? [p] : [];
  });
}

describe("browser bundle", () => {
  it("contains no server code (npm test builds first)", () => {
    const files = jsFiles(path.resolve("build/client"));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = fs.readFileSync(f, "utf8");
      for (const marker of SERVER_MARKERS) {
        expect(text.includes(marker), `${path.relative(".", f)} contains ${marker}`).toBe(false);
      }
    }
  });

  it("loads no dropdown machinery (Combobox, Popover, floating-ui) before a list page with a form is shown", () => {
    // A page's first load: the entry, root, the signed-in layout and the route, with every
    // chunk they import. Mantine's own NativeSelect file imports Combobox, Popover and
    // ScrollArea for their side effects and so brought 27 KB gzip of them into this set
    // (app/components/ui/mantine/NativeSelect.tsx rebuilds it on InputBase); the date picker
    // and the line grid that do use them are lazy chunks.
    const dir = path.resolve("build/client");
    const manifestFile = jsFiles(dir).find((f) => /\/manifest-[^/]*\.js$/.test(f));
    expect(manifestFile, "npm test builds first").toBeTruthy();
    const text = fs.readFileSync(manifestFile!, "utf8");
    // Remix's manifest lists each module with every chunk it imports (the modulepreload links).
    type Entry = { module: string; imports?: string[] };
    const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { entry: Entry; routes: Record<string, Entry> };
    const file = (url: string) => path.join(dir, url.replace(/^\/build\//, ""));
    for (const routeId of ["routes/_app+/sale+/order", "routes/_app+/product+/list"]) {
      const seen = new Set<string>();
      for (const e of [manifest.entry, ...["root", "routes/_app+/_layout", routeId].map((id) => manifest.routes[id]!)]) {
        for (const url of [e.module, ...(e.imports ?? [])]) seen.add(url);
      }
      const loaded = [...seen].map((url) => fs.readFileSync(file(url), "utf8")).join("\n");
      for (const marker of ['"@mantine/core/Popover"', '"@mantine/core/Combobox"', "data-floating-ui-"]) {
        expect(loaded.includes(marker), `${routeId} first load contains ${marker}`).toBe(false);
      }
    }
  });
});
