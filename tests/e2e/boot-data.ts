/**
 * Prepares one browser-test database in a process of its own (tests/e2e/global-setup.ts runs
 * it): migrates and seeds the embedded database in DATA_DIR as the app's start does, then
 * closes it. The setup copies the directory for each worker's server, so the servers start on a
 * ready database instead of each migrating and seeding its own.
 */
import { bootDatabase } from "../../server/boot";
import { config } from "../../server/lib/config";

const { handle } = await bootDatabase({ dataDir: config.dataDir, demo: true }).catch((e: unknown) => {
  console.error(e instanceof Error ? `${e.message} ${String((e as { cause?: unknown }).cause ?? "")}` : String(e));
  process.exit(1);
});
await handle.close();
process.exit(0);
