import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { companies, companyUsers } from "../kernel/identity.tables";
import { companyIdOf, ctxOf, useTestDatabase, userIdOf } from "../test/test-db";
import { saveCompanySetting } from "../system/company-setting.service";
import { settings } from "../setting/setting.tables";
import { sessions } from "./auth.tables";
import { endSession, endUserSessions, hashToken, listMyCompanies, pickStartCompany, resolveSession, startSession, switchCompany } from "./session.service";

describe("sessions", () => {
  useTestDatabase();

  it("stores only a hash of the token and resolves it to the user's context", async () => {
    const userId = await userIdOf("sales1");
    const { token } = await startSession({ userId, kind: "web", ip: "10.0.0.8", userAgent: "test" });
    const rows = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.some((r) => r.id === hashToken(token))).toBe(true);
    const ctx = await resolveSession(token);
    expect(ctx).toMatchObject({ userId, username: "sales1", companyShortName: "穗通汽配", roleName: "销售" });
  });

  it("gives sales XSGL-004 but not CGGL-004, buyers the reverse, managers both", async () => {
    const perms = async (u: string) => (await ctxOf(u)).ctx.permissions;
    expect((await perms("sales1")).has("XSGL-004")).toBe(true);
    expect((await perms("sales1")).has("CGGL-004")).toBe(false);
    expect((await perms("buyer1")).has("CGGL-004")).toBe(true);
    expect((await perms("buyer1")).has("XSGL-004")).toBe(false);
    expect((await perms("boss2")).has("XSGL-004")).toBe(true);
    expect((await perms("boss2")).has("CGGL-004")).toBe(true);
    // Platform-only menus stay with the operator.
    expect((await perms("boss1")).has("XTGL-031")).toBe(false);
    expect((await perms("admin")).has("XTGL-031")).toBe(true);
  });

  it("ends: a removed session no longer resolves (kick)", async () => {
    const { token, ctx } = await ctxOf("stock1");
    await endUserSessions(ctx.userId);
    expect(await resolveSession(token)).toBeUndefined();
    const again = await ctxOf("stock1");
    await endSession(again.token);
    expect(await resolveSession(again.token)).toBeUndefined();
  });

  it("expires after its lifetime", async () => {
    const userId = await userIdOf("stock2");
    const start = new Date("2026-01-01T00:00:00Z");
    const { token, expiresAt } = await startSession({ userId, kind: "web", now: start });
    expect(expiresAt.getTime() - start.getTime()).toBe(30 * 24 * 3600 * 1000);
    // In use until the end (the idle timeout has nothing to say).
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(expiresAt.getTime() - 60_000) })
      .where(eq(sessions.id, hashToken(token)));
    expect(await resolveSession(token, new Date(expiresAt.getTime() - 1000))).toBeDefined();
    expect(await resolveSession(token, new Date(expiresAt.getTime() + 1000))).toBeUndefined();
  });

  it("ends a web session left unused for 8 hours (the default), however long its cookie lives", async () => {
    const userId = await userIdOf("stock2");
    const start = new Date("2026-02-01T08:00:00Z");
    const { token } = await startSession({ userId, kind: "web", now: start });
    const hours = (h: number) => new Date(start.getTime() + h * 3600_000);
    // Used now and then through a long day: alive.
    for (const h of [3, 7.9, 15.5, 23]) expect(await resolveSession(token, hours(h))).toBeDefined();
    // Then 8 hours and 2 minutes of nothing: gone, and gone for good.
    expect(await resolveSession(token, hours(31 + 2 / 60))).toBeUndefined();
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(0);
    expect(await resolveSession(token, hours(23.5))).toBeUndefined();
  });

  it("takes the idle timeout from the company setting SessionIdleTimeoutMinutes; API tokens keep their own lifetime", async () => {
    const { ctx } = await ctxOf("boss2");
    await saveCompanySetting(ctx, { name: "SessionIdleTimeoutMinutes", value: "30" });
    const userId = await userIdOf("sales2");
    const start = new Date("2026-02-02T08:00:00Z");
    const minutes = (m: number) => new Date(start.getTime() + m * 60_000);
    const web = await startSession({ userId, kind: "web", now: start });
    const api = await startSession({ userId, kind: "api", now: start });
    expect(await resolveSession(web.token, minutes(29))).toBeDefined();
    expect(await resolveSession(web.token, minutes(29 + 31))).toBeUndefined();
    expect(await resolveSession(api.token, minutes(60))).toBeDefined();
    // Another company's sessions keep the default.
    const other = await startSession({ userId: await userIdOf("sales1"), kind: "web", now: start });
    expect(await resolveSession(other.token, minutes(7 * 60))).toBeDefined();
    // Nonsense is refused on the way in (one schema per setting) …
    await expect(saveCompanySetting(ctx, { name: "SessionIdleTimeoutMinutes", value: "-5" })).rejects.toThrow("闲置自动退出");
    // … and nonsense already stored (an older version wrote it) counts as the default, never as
    // "no timeout" or "instant".
    await db()
      .update(settings)
      .set({ value: "-5" })
      .where(and(eq(settings.scope, "company"), eq(settings.ownerId, ctx.companyId), eq(settings.name, "SessionIdleTimeoutMinutes")));
    const again = await startSession({ userId, kind: "web", now: start });
    expect(await resolveSession(again.token, minutes(60))).toBeDefined();
    expect(await resolveSession(again.token, minutes(60 + 8 * 60 + 2))).toBeUndefined();
  });

  it("starts admin in the configured admin company and others in their first unlocked company", async () => {
    expect(await pickStartCompany(await userIdOf("admin"))).toBe(await companyIdOf("车护者"));
    expect(await pickStartCompany(await userIdOf("boss2"))).toBe(await companyIdOf("鹏达汽配"));
    const duo = await userIdOf("duo");
    expect(await pickStartCompany(duo)).toBe(await companyIdOf("穗通汽配"));
    // With 穗通 locked, duo starts in 鹏达; the locked 福达 is never chosen.
    const suitong = await companyIdOf("穗通汽配");
    await db().update(companies).set({ status: 0 }).where(eq(companies.id, suitong));
    try {
      expect(await pickStartCompany(duo)).toBe(await companyIdOf("鹏达汽配"));
    } finally {
      await db().update(companies).set({ status: 1 }).where(eq(companies.id, suitong));
    }
  });

  it("moves a live session off a company that gets locked", async () => {
    const { token } = await ctxOf("duo");
    const suitong = await companyIdOf("穗通汽配");
    await db().update(companies).set({ status: 0 }).where(eq(companies.id, suitong));
    try {
      expect((await resolveSession(token))?.companyShortName).toBe("鹏达汽配");
    } finally {
      await db().update(companies).set({ status: 1 }).where(eq(companies.id, suitong));
    }
  });

  it("signs nobody in without an unlocked company", async () => {
    const userId = await userIdOf("stock1");
    const suitong = await companyIdOf("穗通汽配");
    await db().update(companies).set({ status: 0 }).where(eq(companies.id, suitong));
    try {
      await expect(startSession({ userId, kind: "web" })).rejects.toThrow("未加入任何可用的公司");
    } finally {
      await db().update(companies).set({ status: 1 }).where(eq(companies.id, suitong));
    }
  });

  it("switches only to a company the user belongs to that is not locked", async () => {
    const { ctx, token } = await ctxOf("duo");
    const mine = await listMyCompanies(ctx);
    expect(mine.map((c) => c.shortName)).toEqual(["穗通汽配", "鹏达汽配"]);
    await switchCompany(ctx, await companyIdOf("鹏达汽配"));
    expect((await resolveSession(token))?.companyShortName).toBe("鹏达汽配");
    await expect(switchCompany(ctx, await companyIdOf("福达汽配"))).rejects.toThrow("您不属于该公司");
    await expect(switchCompany(ctx, await companyIdOf("车护者"))).rejects.toThrow("您不属于该公司");
    const sales1 = (await ctxOf("sales1")).ctx;
    await expect(switchCompany(sales1, await companyIdOf("鹏达汽配"))).rejects.toMatchObject({ code: "forbidden" });
    expect((await resolveSession((await ctxOf("sales1")).token))?.companyShortName).toBe("穗通汽配");
  });

  it("drops the session when the membership of its only company is removed", async () => {
    const { ctx, token } = await ctxOf("buyer1");
    await db().delete(companyUsers).where(eq(companyUsers.userId, ctx.userId));
    expect(await resolveSession(token)).toBeUndefined();
  });
});
