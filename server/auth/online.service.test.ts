import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { sessions } from "./auth.tables";
import { kickAllSessions, kickSession, listOnlineSessions } from "./online.service";
import { resolveSession } from "./session.service";

describe("在线用户: who is signed in, and kicking them out", () => {
  useTestDatabase();

  it("a manager sees and kicks his company's sessions only; the kicked one is signed out at once", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const { token: salesToken } = await ctxOf("sales1");
    const { token: boss2Token } = await ctxOf("boss2");

    const mine = await listOnlineSessions(boss1);
    const names = mine.items.map((s) => s.username);
    expect(names).toEqual(expect.arrayContaining(["boss1", "sales1"]));
    expect(names).not.toContain("boss2");
    expect(mine.items.find((s) => s.current)?.username).toBe("boss1");
    expect((await listOnlineSessions(boss1, { keyword: "sales1" })).items.map((s) => s.username)).toEqual(["sales1"]);

    // Another company's session is "not found", however its number is guessed.
    const [other] = await db()
      .select({ seq: sessions.seq })
      .from(sessions)
      .where(eq(sessions.id, (await resolveSession(boss2Token))!.sessionId));
    await expect(kickSession(boss1, String(other!.seq))).rejects.toMatchObject({ code: "not_found" });
    expect(await resolveSession(boss2Token)).toBeDefined();
    await expect(kickSession(boss1, "abc")).rejects.toMatchObject({ code: "not_found" });
    // Not himself.
    const own = mine.items.find((s) => s.current)!;
    await expect(kickSession(boss1, String(own.seq))).rejects.toMatchObject({ code: "bad_request" });

    const sales = mine.items.find((s) => s.username === "sales1")!;
    expect(await kickSession(boss1, String(sales.seq))).toEqual({ username: "sales1" });
    expect(await resolveSession(salesToken)).toBeUndefined();
    await expect(kickSession(boss1, String(sales.seq))).rejects.toMatchObject({ code: "not_found" });
    const [entry] = await db().select().from(auditLogs).where(eq(auditLogs.action, "kick"));
    expect(entry).toMatchObject({ userName: "boss1", companyId: boss1.companyId, summary: "踢出 sales1" });
  });

  it("全部踢出 ends every session in reach but the caller's own; staff without the page cannot", async () => {
    const { ctx: boss1, token: bossToken } = await ctxOf("boss1");
    const { ctx: sales1 } = await ctxOf("sales1");
    await ctxOf("stock1");
    const { token: boss2Token } = await ctxOf("boss2");
    await expect(listOnlineSessions(sales1)).rejects.toMatchObject({ code: "forbidden" });
    await expect(kickAllSessions(sales1)).rejects.toMatchObject({ code: "forbidden" });
    expect(await kickAllSessions(boss1)).toBeGreaterThanOrEqual(2);
    expect(await resolveSession(bossToken)).toBeDefined();
    expect(await resolveSession(boss2Token)).toBeDefined();
    expect((await listOnlineSessions(boss1)).items.map((s) => s.username)).toEqual(["boss1"]);
  });

  it("the platform operator sees every company's sessions", async () => {
    await ctxOf("boss2");
    const { ctx: admin } = await ctxOf("admin");
    const names = (await listOnlineSessions(admin)).items.map((s) => s.username);
    expect(names).toEqual(expect.arrayContaining(["admin", "boss2"]));
  });
});
