import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { companies, companyUserRoles, roles, users } from "../kernel/identity.tables";
import { createCompany } from "./company-admin.service";
import { claimJob, ensureScheduledJobs } from "./scheduler";
import { scheduledJobs } from "../reference/reference.tables";
import { createStaff, setStaffRoles } from "./user-admin.service";

/**
 * Administration writes that two people (or two app instances) can make at the same moment,
 * on separate PostgreSQL connections: a login's phone and name, a company's name, a scheduled
 * job's run and a member's roles. Exactly one wins where one must; every other call is
 * refused in Chinese, never a 500, and the data holds afterwards. PostgreSQL only: PGlite runs
 * one statement at a time and hides races.
 */
const PW = "Racer@2026";
const settle = <T>(calls: Promise<T>[]) =>
  Promise.all(
    calls.map((p) =>
      p.then(
        (v) => ({ ok: true as const, v }),
        (e: { code?: string; message?: string }) => ({ ok: false as const, code: e.code, message: e.message }),
      ),
    ),
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)("administration under parallel requests (PostgreSQL)", () => {
  useTestDatabase();

  it("one phone number, ten managers creating logins at once: exactly one login gets it", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const sales = (await db().select({ id: roles.id }).from(roles).where(eq(roles.code, "sales")))[0]!.id;
    const outcomes = await settle(
      Array.from({ length: 10 }, (_, i) =>
        createStaff(boss1, undefined, {
          username: `racer${i}`,
          name: `抢号${i}`,
          phone: "13955550000",
          password: PW,
          confirmPassword: PW,
          roleIds: [String(sales)],
        }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const o of outcomes.filter((o) => !o.ok)) expect(o).toMatchObject({ ok: false, code: "conflict", message: expect.stringMatching(/手机号/) });
    expect(await db().select().from(users).where(eq(users.phone, "13955550000"))).toHaveLength(1);
  });

  it("one login name, ten creations at once: exactly one", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const sales = (await db().select({ id: roles.id }).from(roles).where(eq(roles.code, "sales")))[0]!.id;
    const outcomes = await settle(
      Array.from({ length: 10 }, (_, i) =>
        createStaff(boss1, undefined, {
          username: "samename",
          name: `同名${i}`,
          phone: `1396666000${i}`,
          password: PW,
          confirmPassword: PW,
          roleIds: [String(sales)],
        }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const o of outcomes.filter((o) => !o.ok)) expect(o.code).toBe("conflict");
    expect(
      await db()
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = 'samename'`),
    ).toHaveLength(1);
  });

  it("one company name, six operators creating it at once: one company, one manager login", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const outcomes = await settle(
      Array.from({ length: 6 }, (_, i) =>
        createCompany(admin, {
          name: "佛山并发汽配有限公司",
          shortName: `并发${i}`,
          status: "1",
          adminUserName: `bingfa${i}`,
          adminName: `并发经理${i}`,
          adminPhone: `1377777000${i}`,
          adminPassword: PW,
          adminConfirmPassword: PW,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const o of outcomes.filter((o) => !o.ok)) expect(o).toMatchObject({ code: "conflict", message: "公司名称已存在" });
    expect(await db().select().from(companies).where(eq(companies.name, "佛山并发汽配有限公司"))).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(users)
        .where(sql`${users.username} like 'bingfa%'`),
    ).toHaveLength(1);
  });

  it("a due job claimed by ten instances at once runs on exactly one", async () => {
    await ensureScheduledJobs();
    await db()
      .update(scheduledJobs)
      .set({ isEnabled: true, isRunning: false, nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(scheduledJobs.name, "purgeSessions"));
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimJob("purgeSessions", { due: true })));
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
  });

  it("two managers setting a member's roles at once: the member ends with one of the two sets, whole", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const code = async (c: string) => String((await db().select({ id: roles.id }).from(roles).where(eq(roles.code, c)))[0]!.id);
    const [sales, purchasing, warehouse] = await Promise.all([code("sales"), code("purchasing"), code("warehouse")]);
    const sales1 = (await db().select({ id: users.id }).from(users).where(eq(users.username, "sales1")))[0]!.id;
    const sets = [[sales], [purchasing, warehouse], [sales, warehouse], [purchasing]];
    const outcomes = await settle(Array.from({ length: 12 }, (_, i) => setStaffRoles(boss1, undefined, sales1, { roleIds: sets[i % sets.length] })));
    for (const o of outcomes.filter((o) => !o.ok)) expect(o.code).toBe("conflict");
    expect(outcomes.some((o) => o.ok)).toBe(true);
    const held = (
      await db()
        .select({ roleId: companyUserRoles.roleId })
        .from(companyUserRoles)
        .where(sql`${companyUserRoles.userId} = ${sales1} and ${companyUserRoles.companyId} = ${boss1.companyId}`)
    )
      .map((r) => String(r.roleId))
      .sort();
    expect(sets.map((s) => [...s].sort())).toContainEqual(held);
  });
});
