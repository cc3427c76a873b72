/**
 * One app start, as `npm start` does it (migrate, seed base and demo data, ensure the admin),
 * in a process of its own: the start-up race test runs two of these at the same moment.
 * Env: TEST_DATABASE_URL, BOOT_SCHEMA. Exits 0 when the database is ready, 1 with the error.
 */
import { bootDatabase } from "../boot";

const { handle } = await bootDatabase({
  url: process.env.TEST_DATABASE_URL,
  searchPath: process.env.BOOT_SCHEMA,
  demo: true,
  demoPassword: "Demo@123456",
  adminPassword: "Admin@123456",
}).catch((e: unknown) => {
  console.error(e instanceof Error ? `${e.message} ${String((e as { cause?: unknown }).cause ?? "")}` : String(e));
  process.exit(1);
});
await handle.close();
process.exit(0);
