#!/usr/bin/env node
// Moves modules and rewrites every import of them (relative, `#server/…`, `~/…`), and the moved
// files' own relative imports.
//   node scripts/move-module.mjs server/db/seed.ts server/seed/seed.ts [old new]…   (git mv + rewrite)
//   node scripts/move-module.mjs --rewrite-only server/db/seed.ts server/seed/seed.ts …
//   node scripts/move-module.mjs --rewrite-only $(cat scripts/layer-moves.txt)   (issue 21's moves)
// --rewrite-only rewrites imports of modules already moved (after a merge brought new importers).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
const args = process.argv.slice(2);
const rewriteOnly = args[0] === "--rewrite-only";
if (rewriteOnly) args.shift();
if (!args.length || args.length % 2) throw new Error("usage: move-module.mjs [--rewrite-only] old new [old new]…");
const noExt = (p) => p.replace(/\.(tsx?|mts|mjs|js)$/, "");
const moves = new Map(); // absolute old path without extension -> absolute new path with extension
for (let i = 0; i < args.length; i += 2) moves.set(noExt(path.resolve(root, args[i])), path.resolve(root, args[i + 1]));

if (!rewriteOnly)
  for (const [oldNoExt, neu] of moves) {
    const ext = path.extname(neu);
    fs.mkdirSync(path.dirname(neu), { recursive: true });
    execFileSync("git", ["mv", oldNoExt + ext, neu], { stdio: "inherit" });
  }
// new file -> its old path (no ext): its relative imports were written from there (not after a merge)
const movedFrom = rewriteOnly ? new Map() : new Map([...moves].map(([o, n]) => [n, o]));

const files = [];
for (const dir of ["server", "app", "tests", "bench", "scripts"]) walk(path.join(root, dir));
for (const f of ["drizzle.config.ts", "vite.config.ts", "vitest.config.ts", "playwright.config.ts"]) if (fs.existsSync(f)) files.push(path.join(root, f));
function walk(d) {
  if (!fs.existsSync(d)) return;
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules" && e.name !== "build") walk(p);
    } else if (/\.(tsx?|mts|mjs)$/.test(e.name)) files.push(p);
  }
}

const specRe = /((?:from|import|export)\s*\(?\s*|vi\.mock\(\s*|schema:\s*)(["'])([^"'\n]+)\2/g;
let changed = 0;
for (const file of files) {
  const src = fs.readFileSync(file, "utf8");
  const oldFile = movedFrom.get(file);
  const baseDir = path.dirname(oldFile ?? file); // relative specifiers were written from here
  const out = src.replace(specRe, (all, pre, q, spec) => {
    let target;
    if (spec.startsWith("./") || spec.startsWith("../")) target = path.resolve(baseDir, spec);
    else if (spec.startsWith("#server/")) target = path.join(root, "server", spec.slice(8));
    else if (spec.startsWith("~/")) target = path.join(root, "app", spec.slice(2));
    else return all;
    const keepExt = /\.(tsx?|mts|mjs|js)$/.test(spec) ? path.extname(spec) : "";
    const t = noExt(target);
    const dest = moves.has(t) ? noExt(moves.get(t)) : t;
    if (dest === t && !oldFile) return all;
    let next;
    if (spec.startsWith("#server/") && dest.startsWith(path.join(root, "server") + path.sep))
      next = "#server/" + path.relative(path.join(root, "server"), dest);
    else if (spec.startsWith("~/") && dest.startsWith(path.join(root, "app") + path.sep)) next = "~/" + path.relative(path.join(root, "app"), dest);
    else {
      next = path.relative(path.dirname(file), dest);
      if (!next.startsWith(".")) next = "./" + next;
    }
    next = next.split(path.sep).join("/") + keepExt;
    if (file.endsWith("drizzle.config.ts") && pre.startsWith("schema")) next = "./" + path.relative(root, dest) + ".ts";
    return next === spec ? all : pre + q + next + q;
  });
  if (out !== src) {
    fs.writeFileSync(file, out);
    changed++;
  }
}
console.log(`moved ${rewriteOnly ? 0 : moves.size}, rewrote imports in ${changed} files`);
