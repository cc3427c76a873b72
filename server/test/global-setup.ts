import fs from "node:fs";
import path from "node:path";
import { bootDatabase } from "../boot";
import { TEST_PASSWORD, TEMPLATE_DIR } from "./test-db";

/**
 * Builds one migrated, demo-seeded PGlite database per test run and saves it as a tarball;
 * every test file starts from a copy (0.6 s instead of 3-4 s for initdb + migrate + seed).
 * The file is this run's own (named by the process, written whole before its name appears,
 * removed at the end), so two runs in one checkout never read each other's half-written file.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const { handle } = await bootDatabase({ demo: true, demoPassword: TEST_PASSWORD });
  const blob = await handle.dump!();
  await handle.close();
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const file = path.join(TEMPLATE_DIR, `test-template-${process.pid}.tar`);
  fs.writeFileSync(`${file}.tmp`, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(`${file}.tmp`, file);
  // The test workers start after this and inherit the environment.
  process.env.TEST_TEMPLATE_PATH = file;
  return () => fs.rmSync(file, { force: true });
}
