import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { canRead, listFromParams } from "../lib/list-read";
import { createRow, deleteRow, updateRow } from "../lib/resource";
import { verifyCredentials } from "../auth/login.service";
import { endSession } from "../auth/session.service";
import { logisticsCompanyResource } from "../sale/logistics.resource";
import { TEST_PASSWORD, companyIdOf, ctxOf, useTestDatabase, userIdOf } from "../test/test-db";
import { auditLogResource } from "./audit-log.resource";

// @postgres: the append-only trigger on the server itself

type Entry = {
  action: string;
  userName: string;
  companyId: number | null;
  summary: string;
  ip: string | null;
  before: unknown;
  targetType: string | null;
  targetId: string | null;
};

async function entries(where = sql`true`) {
  return (await db().select().from(auditLogs).where(where).orderBy(auditLogs.id)) as Entry[];
}

describe("the audit trail (操作日志)", () => {
  useTestDatabase();

  it("records sign-ins and failed sign-ins with who, where and why", async () => {
    const sales1 = await userIdOf("sales1");
    const suitong = await companyIdOf("穗通汽配");
    await expect(verifyCredentials({ username: "sales1", password: "wrong" }, { ip: "10.0.0.7", userAgent: "TestBrowser" })).rejects.toThrow();
    await expect(verifyCredentials({ username: "nobody-here", password: "wrong" }, { ip: "10.0.0.8" })).rejects.toThrow();
    expect(await verifyCredentials({ username: "sales1", password: TEST_PASSWORD }, { ip: "10.0.0.7" })).toBe(sales1);
    const { token } = await ctxOf("sales1"); // startSession: the sign-in itself
    await endSession(token);
    await endSession(token); // a second sign-out of the same session records nothing

    const failed = await entries(eq(auditLogs.action, "loginFailed"));
    expect(failed).toEqual([
      expect.objectContaining({ userName: "sales1", companyId: suitong, summary: "密码错误", ip: "10.0.0.7" }),
      expect.objectContaining({ userName: "nobody-here", companyId: null, summary: "用户名不存在", ip: "10.0.0.8" }),
    ]);
    const signedIn = await entries(eq(auditLogs.action, "login"));
    expect(signedIn.at(-1)).toMatchObject({ userName: "sales1", companyId: suitong, summary: "网页登录" });
    expect(await entries(eq(auditLogs.action, "logout"))).toEqual([expect.objectContaining({ userName: "sales1", companyId: suitong })]);
  });

  it("keeps what a deletion removed, in the deletion's transaction", async () => {
    const { ctx } = await ctxOf("stock1");
    const row = await createRow<{ id: number }>(logisticsCompanyResource, ctx, { name: "审计测试物流" });
    await deleteRow(logisticsCompanyResource, ctx, row.id);
    const [entry] = await entries(eq(auditLogs.action, "delete"));
    expect(entry).toMatchObject({
      userName: "stock1",
      companyId: ctx.companyId,
      targetType: "logisticsCompany",
      targetId: String(row.id),
      summary: "删除物流公司",
    });
    expect(entry!.before).toMatchObject({ id: row.id, name: "审计测试物流" });
    // A refused deletion (not found) leaves no entry.
    await expect(deleteRow(logisticsCompanyResource, ctx, row.id)).rejects.toThrow();
    expect(await entries(eq(auditLogs.action, "delete"))).toHaveLength(1);
  });

  it("cannot be changed or removed, whoever asks the database", async () => {
    await ctxOf("boss1");
    const [one] = await entries();
    await expect(
      db()
        .update(auditLogs)
        .set({ summary: "改过" })
        .where(eq(auditLogs.id, (one as unknown as { id: number }).id)),
    ).rejects.toThrow();
    await expect(db().delete(auditLogs)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_logs`)).rejects.toThrow();
    expect((await entries()).length).toBeGreaterThan(0);
    // Nor through the resource every page and the JSON API (/api/app/auditLog) write with.
    const { ctx: boss1 } = await ctxOf("boss1");
    const id = (one as unknown as { id: number }).id;
    await expect(createRow(auditLogResource, boss1, { summary: "x" })).rejects.toMatchObject({ code: "bad_request", message: "操作日志不支持新增" });
    await expect(updateRow(auditLogResource, boss1, id, { summary: "x" })).rejects.toMatchObject({ code: "bad_request", message: "操作日志不支持修改" });
    await expect(deleteRow(auditLogResource, boss1, id)).rejects.toMatchObject({ code: "bad_request", message: "操作日志不支持删除" });
    // Staff without 操作日志 (XTGL-004) do not read it.
    const { ctx: sales1 } = await ctxOf("sales1");
    expect(canRead(auditLogResource, sales1)).toBe(false);
    expect(canRead(auditLogResource, boss1)).toBe(true);
  });

  it("a company reads its own entries; the platform operator every company's and those of no company", async () => {
    await ctxOf("boss2");
    await expect(verifyCredentials({ username: "ghost-user", password: "x" })).rejects.toThrow();
    const { ctx: boss1 } = await ctxOf("boss1");
    const { ctx: admin } = await ctxOf("admin");
    const mine = await listFromParams<Entry>(auditLogResource, boss1, new URLSearchParams({ maxResultCount: "1000" }));
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((e) => e.companyId === boss1.companyId)).toBe(true);
    const all = await listFromParams<Entry>(auditLogResource, admin, new URLSearchParams({ maxResultCount: "1000" }));
    expect(all.items.some((e) => e.userName === "boss2")).toBe(true);
    expect(all.items.some((e) => e.userName === "ghost-user" && e.companyId === null)).toBe(true);
    const failedOnly = await listFromParams<Entry>(auditLogResource, admin, new URLSearchParams({ action: "loginFailed" }));
    expect(failedOnly.items.map((e) => e.userName)).toContain("ghost-user");
    expect(failedOnly.items.every((e) => e.action === "loginFailed")).toBe(true);
    // A made-up action finds nothing rather than everything.
    expect((await listFromParams<Entry>(auditLogResource, admin, new URLSearchParams({ action: "x' or 1=1" }))).items).toEqual([]);
  });

  it("价格变更 entries (cost prices) reach only readers who may see prices", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    await db()
      .insert(auditLogs)
      .values({
        companyId: boss1.companyId,
        userName: "boss1",
        action: "priceChange",
        summary: "价格变更 测试",
        before: { priceCost: "10" },
        after: { priceCost: "12" },
      });
    const q = new URLSearchParams({ action: "priceChange" });
    expect((await listFromParams<Entry>(auditLogResource, boss1, q)).items.map((e) => e.summary)).toContain("价格变更 测试");
    // A role with 操作日志 but without 产品价格 (CPGL-002).
    const auditorOnly = { ...boss1, permissions: new Set([...boss1.permissions].filter((c) => c !== "CPGL-002")) };
    expect((await listFromParams<Entry>(auditLogResource, auditorOnly, q)).items).toEqual([]);
  });
});
