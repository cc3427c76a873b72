import { spawn } from "node:child_process";
import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("server process", () => {
  it("starts on a fresh embedded database, serves, and stops cleanly on SIGTERM, even with a stuck client", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-main-"));
    const port = 32000 + Math.floor(Math.random() * 2000);
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "" as NodeJS.ProcessEnv["NODE_ENV"], SESSION_SECRET: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    try {
      await waitFor(() => out.includes("已启动"), 90_000);
      // It prints the URL and the demo logins, and keeps a generated secret in DATA_DIR.
      expect(out).toContain(`http://127.0.0.1:${port}`);
      expect(out).toContain("Demo@123456");
      expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(true);
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("登");
      expect(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8")).toBe(String(child.pid));
      // A client that sent half a request and went quiet must not keep the server up.
      const stuck = net.connect(port, "127.0.0.1");
      stuck.on("error", () => {});
      await new Promise((r) => stuck.once("connect", r));
      stuck.write("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited, out).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});

async function waitFor(cond: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}
