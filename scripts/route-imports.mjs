#!/usr/bin/env node
// Rewrites imports from the retired `~/services.server` into the per-area entry points
// app/server/<area>.server.ts (after a merge brought a route that still names the old file):
//   node scripts/route-imports.mjs
// Each imported name goes to the entry point that exports it (read with the TypeScript API).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const entries = fs
  .readdirSync("app/server")
  .filter((f) => f.endsWith(".server.ts"))
  .map((f) => path.resolve("app/server", f));
const program = ts.createProgram(entries, {
  allowJs: true,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  baseUrl: process.cwd(),
  paths: { "#server/*": ["./server/*"], "~/*": ["./app/*"] },
  jsx: ts.JsxEmit.ReactJSX,
});
const checker = program.getTypeChecker();
const entryOf = new Map();
for (const e of entries) {
  const sym = checker.getSymbolAtLocation(program.getSourceFile(e));
  for (const s of checker.getExportsOfModule(sym)) if (!entryOf.has(s.name)) entryOf.set(s.name, path.basename(e, ".ts"));
}
const files = [];
(function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name)) files.push(p);
  }
})("app");
const re = /import(\s+type)?\s*\{([^}]*)\}\s*from\s*["']~\/services\.server["'];?/g;
let changed = 0;
for (const f of files) {
  const src = fs.readFileSync(f, "utf8");
  if (!src.includes("~/services.server")) continue;
  const out = src.replace(re, (_all, typeAll, list) => {
    const by = new Map();
    for (const spec of list
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean)) {
      const name = spec
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]
        .trim();
      const entry = entryOf.get(name);
      if (!entry) throw new Error(`${f}: no entry point exports ${name}; add its module to one in app/server/`);
      if (!by.has(entry)) by.set(entry, []);
      by.get(entry).push(spec);
    }
    return [...by]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([entry, specs]) => `import${typeAll ?? ""} { ${specs.join(", ")} } from "~/server/${entry}";`)
      .join("\n");
  });
  if (out !== src) {
    fs.writeFileSync(f, out);
    changed++;
  }
}
console.log(`route-imports: rewrote ${changed} file(s)`);
