#!/usr/bin/env node
// The server's floors stay floors: fails when two folders (areas) under server/ import each
// other, directly or round a longer loop, when server/lib or server/db imports an area, or when
// an area imports one on a floor above its own (scripts/server-floors.mjs).
//   node scripts/check-layers.mjs            check (npm run check:layers)
//   node scripts/check-layers.mjs --edges    also list every area → area import with its count
//   node scripts/check-layers.mjs --floors   also list the imports from a floor up to a higher one
//   node scripts/check-layers.mjs --root DIR  check another checkout's server/ folder
// Tests (*.test.ts, *.pg.test.ts), fixtures and test kits are left out: a test may reach up.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { floorOf, SERVER_FLOORS } from "./server-floors.mjs";

const rootArg = process.argv.indexOf("--root");
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1], "server") : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "server");
const showEdges = process.argv.includes("--edges");
/** Floors that import no area: only each other, in this order (db below lib). */
const FLOORS = { db: [], lib: ["db"] };
/** The floors (scripts/server-floors.mjs); above them the server's top files and the tests. */
const TOP = ["(top)", "test"];
const floor = (area) => (TOP.includes(area) ? SERVER_FLOORS.length + TOP.indexOf(area) : floorOf(area));

const files = [];
(function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.|\.pg\.test|fixture|test-kit/.test(e.name)) files.push(p);
  }
})(root);

const areaOf = (abs) => {
  const parts = path.relative(root, abs).split(path.sep);
  return parts.length > 1 ? parts[0] : "(top)";
};
/** area → area → the imports that make the edge ("file -> target") */
const edges = new Map();
const importRe = /(?:import|export)[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
for (const f of files) {
  const src = fs.readFileSync(f, "utf8");
  for (const m of src.matchAll(importRe)) {
    const spec = m[1] || m[2];
    let target;
    if (spec.startsWith(".")) target = path.resolve(path.dirname(f), spec);
    else if (spec.startsWith("#server/")) target = path.join(root, spec.slice("#server/".length));
    else continue;
    if (!target.startsWith(root + path.sep)) continue;
    const a = areaOf(f);
    const b = areaOf(target);
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    const to = edges.get(a);
    to.set(b, (to.get(b) ?? []).concat(`${path.relative(root, f)} -> ${path.relative(root, target)}`));
  }
}

const problems = [];
// 1. Mutual pairs.
for (const [a, to] of edges)
  for (const [b, list] of to)
    if (a < b && edges.get(b)?.has(a)) {
      const back = edges.get(b).get(a);
      problems.push(`${a} ⇄ ${b}: ${list.length} import(s) one way, ${back.length} back, e.g.\n    ${list[0]}\n    ${back[0]}`);
    }
// 2. Longer loops: strongly connected components (Tarjan) of more than two areas.
{
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set();
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 2) problems.push(`a loop through ${comp.length} areas: ${comp.sort().join(", ")}`);
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) strong(v);
}
// 3. The bottom floors import no area.
for (const [floor, allowed] of Object.entries(FLOORS))
  for (const [b, list] of edges.get(floor) ?? [])
    if (!allowed.includes(b)) problems.push(`server/${floor} imports server/${b} (${list.length}), e.g. ${list[0]}`);

// 4. Every area has its floor and imports only floors below it.
const up = [];
for (const [a, to] of edges)
  for (const [b, list] of to) {
    const ia = floor(a),
      ib = floor(b);
    if (ia < 0 || ib < 0) {
      if (!problems.some((p) => p.includes(`server/${ia < 0 ? a : b} has no floor`)))
        problems.push(`server/${ia < 0 ? a : b} has no floor: add it to scripts/server-floors.mjs`);
    } else if (ib > ia) {
      up.push(...list.map((l) => `${a} -> ${b}  ${l}`));
      problems.push(`server/${a} imports server/${b}, a floor above it (${list.length}), e.g. ${list[0]}`);
    }
  }
if (process.argv.includes("--floors")) {
  for (const l of up) console.log("up  " + l);
  console.log(`arrows back up: ${up.length}`);
}
if (showEdges)
  for (const [a, to] of [...edges].sort(([x], [y]) => x.localeCompare(y)))
    for (const [b, list] of [...to].sort(([x], [y]) => x.localeCompare(y))) console.log(`${a} -> ${b}  ${list.length}`);
const count = [...edges.values()].reduce((n, to) => n + to.size, 0);
if (problems.length) {
  console.error(`check:layers: ${problems.length} problem(s) among ${edges.size} areas and ${count} area imports:`);
  for (const p of problems) console.error("  " + p);
  process.exit(1);
}
console.log(`check:layers: ${edges.size} areas, ${count} area imports: no mutual imports, loops or imports up a floor; lib and db import no area`);
