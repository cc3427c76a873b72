import { config } from "../lib/config";
import { openDatabase, setDatabase, type OpenOptions } from "./client";
import { migrate } from "./migrate";
import { ensureAdmin, seedBase, seedDemo } from "./seed";

export interface BootOptions extends OpenOptions {
  /** Seed demo companies and users into an empty database. */
  demo?: boolean;
  demoPassword?: string;
  adminPassword?: string;
  log?: (msg: string) => void;
}

/** Opens the database, applies migrations, seeds what is missing; the app is then ready. */
export async function bootDatabase(opts: BootOptions) {
  const log = opts.log ?? (() => {});
  const handle = await openDatabase(opts);
  try {
    const ran = await migrate(handle.db, handle.kind);
    if (ran.length) log(`数据库迁移完成：${ran.join(", ")}`);
    await seedBase(handle.db);
    let seededDemo = false;
    if (opts.demo) seededDemo = await seedDemo(handle.db, opts.demoPassword ?? config.demoPassword);
    if (opts.adminPassword) await ensureAdmin(handle.db, opts.adminPassword);
    if (seededDemo) log("已写入演示数据");
    setDatabase(handle);
    return { handle, seededDemo };
  } catch (e) {
    await handle.close().catch(() => {});
    throw e;
  }
}
