import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, expect } from "vitest";
import { TEST_PASSWORD } from "./test-db";

/**
 * The real Remix build behind the real Express stack, on a free port of 127.0.0.1, for the
 * HTTP-level tests (npm test builds first). Returns its base url and how to stop it.
 */
export async function startTestApp(opts: { loginRateLimit?: number; clientBuildDir?: string } = {}) {
  process.env.SESSION_SECRET ??= "test-secret-for-http";
  const buildFile = path.resolve("build/server/index.js");
  if (!fs.existsSync(buildFile)) throw new Error("build/server/index.js 不存在：请先运行 npm run build（npm test 会自动构建）");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const { createApp } = await import("../http");
  const server = createApp(build, { log: () => {}, loginRateLimit: opts.loginRateLimit ?? 1000, clientBuildDir: opts.clientBuildDir }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * An HTTP test's app for the whole describe block (started before its tests, stopped after)
 * with the JSON API's helpers: `signIn` (POST /auth/user/auth), `tokenOf` (the bearer headers
 * of a user who signs in) and `call` (a JSON request with those headers).
 */
export function useApiTestApp(opts: Parameters<typeof startTestApp>[0] = {}) {
  let app: Awaited<ReturnType<typeof startTestApp>> | undefined;
  beforeAll(async () => {
    app = await startTestApp(opts);
  });
  afterAll(() => app?.close());
  const api = {
    get base() {
      if (!app) throw new Error("the test app is not started yet (use it inside a test)");
      return app.base;
    },
    signIn: (username: string, password = TEST_PASSWORD) =>
      fetch(api.base + "/auth/user/auth", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username, password }) }),
    async tokenOf(username: string, password = TEST_PASSWORD): Promise<Record<string, string>> {
      const res = await api.signIn(username, password);
      expect(res.status).toBe(200);
      const { access_token } = (await res.json()) as { access_token: string };
      return { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" };
    },
    call: (path: string, headers: Record<string, string> | undefined, method = "GET", body?: unknown) =>
      fetch(api.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  };
  return api;
}
