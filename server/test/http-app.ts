import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";

/**
 * The real Remix build behind the real Express stack, on a free port of 127.0.0.1, for the
 * HTTP-level tests (npm test builds first). Returns its base url and how to stop it.
 */
export async function startTestApp(opts: { loginRateLimit?: number; publicDir?: string } = {}) {
  process.env.SESSION_SECRET ??= "test-secret-for-http";
  const buildFile = path.resolve("build/index.js");
  if (!fs.existsSync(buildFile)) throw new Error("build/index.js 不存在：请先运行 npm run build（npm test 会自动构建）");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const { createApp } = await import("../http");
  const server = createApp(build, { log: () => {}, loginRateLimit: opts.loginRateLimit ?? 1000, publicDir: opts.publicDir }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((r) => server.close(() => r())) };
}
