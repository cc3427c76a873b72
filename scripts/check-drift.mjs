#!/usr/bin/env node
// `npm run check:drift`: the tables (drizzle.config.ts's schema, server/**/*.tables.ts) and the
// committed migrations (drizzle/) agree. drizzle-kit generates into a copy of drizzle/ in a
// temporary folder; a new migration there means a table changed without its migration
// (run `npm run db:generate` and commit the SQL). Offline: no database is needed, and the real
// drizzle/ folder is never written.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const config = (await tsImport("../drizzle.config.ts", import.meta.url)).default;
const out = path.resolve(config.out ?? "drizzle");
// drizzle-kit reads `--out` relative to the working folder ("./" + out): a folder in .cache/.
fs.mkdirSync(".cache", { recursive: true });
const tmp = path.relative(root, fs.mkdtempSync(path.join(root, ".cache", "drift-")));
const copy = path.join(tmp, "drizzle");
fs.cpSync(out, copy, { recursive: true });

const files = (dir) => new Set(fs.readdirSync(dir, { recursive: true }).map(String));
const before = files(copy);
const args = ["generate", "--dialect", config.dialect, "--out", copy, ...[config.schema].flat().flatMap((s) => ["--schema", s])];
if (config.casing) args.push("--casing", config.casing);
if (config.breakpoints === false) args.push("--breakpoints", "false");
if (config.migrations?.prefix) args.push("--prefix", config.migrations.prefix);
// A rename makes drizzle-kit ask which column is which: no terminal here, so it cannot wait
// for an answer; the timeout ends it and the check fails. It exits 0 even after an error, so
// success is its "No schema changes" or a new file.
const r = spawnSync(path.join(root, "node_modules", ".bin", "drizzle-kit"), args, {
  encoding: "utf8",
  input: "",
  timeout: 120_000,
  env: { ...process.env, FORCE_COLOR: "0" },
});
const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;

let failed = false;
const added = [...files(copy)].filter((f) => !before.has(f));
if (r.status !== 0 || (!added.length && !/No schema changes/i.test(output))) {
  console.error(`drizzle-kit generate failed (${r.error?.message ?? r.status}):\n${output}`);
  console.error("(A renamed table or column makes drizzle-kit ask what happened: run `npm run db:generate` in a terminal and commit the migration.)");
  failed = true;
} else {
  const sql = added.filter((f) => f.endsWith(".sql"));
  if (added.length) {
    failed = true;
    console.error(`迁移与表定义不一致：drizzle-kit 会生成 ${added.join("、")}。`);
    for (const f of sql) console.error(`\n--- ${f} ---\n${fs.readFileSync(path.join(copy, f), "utf8")}`);
    console.error(`\nThe tables changed without a migration: run \`npm run db:generate\`, review the SQL and commit it.`);
  } else {
    console.log(`迁移与表定义一致（${[...before].filter((f) => f.endsWith(".sql")).length} 个迁移）。`);
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
