import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { startTestApp } from "../test/http-app";
import { companyIdOf, TEST_PASSWORD, useTestDatabase } from "../test/test-db";
import { attachments } from "./attachment.tables";

/**
 * The upload limit (60 a minute per company) under parallel requests on PostgreSQL, through
 * the real HTTP stack: 90 uploads sent 45 at a time store exactly 60, the rest are told to
 * wait. Before the count and the insert were taken under one lock, 71 got in.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("attachment uploads at once on PostgreSQL", () => {
  useTestDatabase();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-attachments-race-"));
  const dataDir = process.env.DATA_DIR;
  let base = "";
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    process.env.DATA_DIR = root;
    ({ base, close } = await startTestApp());
  });
  afterAll(async () => {
    await close?.();
    if (dataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = dataDir;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("90 uploads, 45 at a time: exactly 60 stored, 30 refused with the wait message", async () => {
    const res = await fetch(base + "/auth/user/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "boss1", password: TEST_PASSWORD }),
    });
    const { access_token } = (await res.json()) as { access_token: string };
    const headers = { Authorization: `Bearer ${access_token}` };
    const upload = async (i: number) => {
      const form = new FormData();
      form.set("intent", "upload");
      form.set("ownerType", "product");
      form.set("ownerNo", "04E903186F");
      form.set("file", new File([new TextEncoder().encode(`%PDF-1.4\n${i}\n`)], `回单${i}.pdf`, { type: "application/pdf" }));
      const r = await fetch(base + "/system/attachment", { method: "POST", headers, body: form, redirect: "manual" });
      const text = await r.text();
      return r.status === 302 ? "stored" : r.status === 429 && text.includes("本公司上传过于频繁，请稍后再试") ? "refused" : `${r.status}`;
    };
    const results: string[] = [];
    for (const batch of [0, 45]) results.push(...(await Promise.all(Array.from({ length: 45 }, (_, i) => upload(batch + i)))));
    expect(results.filter((r) => r === "stored")).toHaveLength(60);
    expect(results.filter((r) => r === "refused")).toHaveLength(30);
    const companyId = await companyIdOf("穗通汽配");
    const [rows] = await db()
      .select({ n: count() })
      .from(attachments)
      .where(and(eq(attachments.companyId, companyId)));
    expect(rows!.n).toBe(60);
    // Nothing of a refused upload stays on disk either.
    const files = (fs.readdirSync(path.join(root, "attachments"), { recursive: true }) as string[]).filter((f) =>
      fs.statSync(path.join(root, "attachments", f)).isFile(),
    );
    expect(files).toHaveLength(60);
  });
});
