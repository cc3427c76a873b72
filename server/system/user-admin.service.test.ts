import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyCredentials } from "../auth/login.service";
import { resolveSession, startSession } from "../auth/session.service";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { departments } from "../organization/organization.tables";
import { companyIdOf, ctxOf, useTestDatabase, userIdOf } from "../test/test-db";
import { createStaff, getStaff, joinStaff, listStaff, removeStaff, resetStaffPassword, setStaffLock, setStaffRoles, updateStaff } from "./user-admin.service";
import { companyRoles, roles } from "../kernel/identity.tables";

const PW = "Newbie@2026";
const roleId = async (code: string) => (await db().select({ id: roles.id }).from(roles).where(eq(roles.code, code)))[0]!.id;
const newUser = (over: Record<string, unknown> = {}) => ({
  username: "kaipiao1",
  name: "赵开票",
  phone: "13911112222",
  password: PW,
  confirmPassword: PW,
  ...over,
});

describe("用户管理: a company's staff logins", () => {
  useTestDatabase();

  it("a manager creates a login that signs in with exactly the roles given, and its permissions follow role changes at the next request", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const [dept] = await db().insert(departments).values({ companyId: boss1.companyId, name: "门市部", nameSort: "men2shi4bu4" }).returning();
    const sales = await roleId("sales");
    const { userId } = await createStaff(boss1, undefined, newUser({ roleIds: [String(sales)], departmentId: String(dept!.id) }));

    const list = await listStaff(boss1, { keyword: "kaipiao" });
    expect(list.items).toEqual([
      expect.objectContaining({ username: "kaipiao1", name: "赵开票", roleNames: "销售", departmentName: "门市部", memberLocked: false }),
    ]);

    expect(await verifyCredentials({ username: "kaipiao1", password: PW }, { ip: "10.0.0.9" })).toBe(userId);
    const { token } = await startSession({ userId, kind: "web" });
    const ctx = (await resolveSession(token))!;
    expect(ctx.companyId).toBe(boss1.companyId);
    expect(ctx.roleName).toBe("销售");
    expect(ctx.permissions.has("XSGL-001")).toBe(true);
    expect(ctx.permissions.has("CGGL-001")).toBe(false);
    expect(ctx.permissions.has("XTGL-001")).toBe(false);

    // Two roles: the union of their grants, at the very next request.
    await setStaffRoles(boss1, undefined, String(userId), { roleIds: [sales, await roleId("purchasing")] });
    const both = (await resolveSession(token))!;
    expect(both.roleName).toBe("销售、采购");
    expect(both.permissions.has("CGGL-001")).toBe(true);
    await updateStaff(boss1, undefined, userId, { name: "赵开票", phone: "13911112222", departmentId: "", roleIds: [String(await roleId("warehouse"))] });
    const after = (await resolveSession(token))!;
    expect(after.permissions.has("XSGL-001")).toBe(false);
    expect(after.permissions.has("CKGL-001")).toBe(true);

    const trail = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, "user"), eq(auditLogs.targetId, String(userId))));
    expect(trail.map((e) => e.action)).toEqual(["userCreate", "userRoles", "userRoles"]);
    expect(trail[2]).toMatchObject({ userName: "boss1", companyId: boss1.companyId, before: { roles: ["销售", "采购"] }, after: { roles: ["仓管"] } });
  });

  it("refuses what a company may not do: other companies' users, roles it is not allowed, platform roles, itself", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const boss2Id = await userIdOf("boss2");
    const pengda = await companyIdOf("鹏达汽配");
    // The page's company choice is the operator's: a manager always works on his own company.
    expect((await listStaff(boss1, { company: String(pengda) })).company.id).toBe(boss1.companyId);
    expect((await listStaff(boss1)).items.map((r) => r.username)).not.toContain("boss2");
    await expect(getStaff(boss1, undefined, boss2Id)).rejects.toMatchObject({ code: "not_found" });
    await expect(updateStaff(boss1, String(pengda), boss2Id, { name: "x", roleIds: [1] })).rejects.toMatchObject({ code: "not_found" });
    await expect(setStaffLock(boss1, undefined, boss2Id, true)).rejects.toMatchObject({ code: "not_found" });
    await expect(resetStaffPassword(boss1, undefined, boss2Id, { newPassword: PW, confirmPassword: PW })).rejects.toMatchObject({ code: "not_found" });
    await expect(removeStaff(boss1, undefined, boss2Id)).rejects.toMatchObject({ code: "not_found" });

    const fresh = { username: "kaipiao2", phone: "13911113333" };
    await expect(createStaff(boss1, undefined, newUser({ ...fresh, roleIds: [await roleId("platform_admin")] }))).rejects.toMatchObject({ code: "forbidden" });
    // A role the operator withdrew from the company cannot be handed out.
    const { token } = await ctxOf("buyer1");
    await db()
      .delete(companyRoles)
      .where(and(eq(companyRoles.companyId, boss1.companyId), eq(companyRoles.roleId, await roleId("purchasing"))));
    await expect(createStaff(boss1, undefined, newUser({ ...fresh, roleIds: [await roleId("purchasing")] }))).rejects.toMatchObject({ code: "forbidden" });
    // ...and stops granting at its holders' next request (buyer1 held only that role: signed out).
    expect(await resolveSession(token)).toBeUndefined();

    // Not himself: roles, lock, removal, password.
    await expect(setStaffRoles(boss1, undefined, boss1.userId, { roleIds: [await roleId("sales")] })).rejects.toMatchObject({ code: "forbidden" });
    await expect(setStaffLock(boss1, undefined, boss1.userId, true)).rejects.toMatchObject({ code: "forbidden" });
    await expect(removeStaff(boss1, undefined, boss1.userId)).rejects.toMatchObject({ code: "forbidden" });
    await expect(resetStaffPassword(boss1, undefined, boss1.userId, { newPassword: PW, confirmPassword: PW })).rejects.toMatchObject({ code: "forbidden" });
    // The operator-only lock.
    await expect(setStaffLock(boss1, undefined, await userIdOf("sales1"), true, { everywhere: true })).rejects.toMatchObject({ code: "forbidden" });
    // Without 用户管理, nothing.
    const { ctx: sales1 } = await ctxOf("sales1");
    await expect(listStaff(sales1)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("checks the input: unique login name and phone on the platform, password rules, a department of the company", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const sales = String(await roleId("sales"));
    const newUser = (over: Record<string, unknown> = {}) => ({
      username: "kaipiao3",
      name: "钱开票",
      phone: "13911114444",
      password: PW,
      confirmPassword: PW,
      ...over,
    });
    await expect(createStaff(boss1, undefined, newUser({ username: "BOSS2", roleIds: [sales] }))).rejects.toMatchObject({
      code: "conflict",
      fields: { username: ["登录名已被使用"] },
    });
    await expect(createStaff(boss1, undefined, newUser({ phone: "13760002001", roleIds: [sales] }))).rejects.toMatchObject({
      code: "conflict",
      fields: { phone: ["该手机号已被其他账号使用"] },
    });
    await expect(createStaff(boss1, undefined, newUser({ password: "abc", confirmPassword: "abc", roleIds: [sales] }))).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(createStaff(boss1, undefined, newUser({ roleIds: [] }))).rejects.toMatchObject({ code: "bad_request" });
    await expect(createStaff(boss1, undefined, newUser({ username: "1abc", roleIds: [sales] }))).rejects.toMatchObject({ code: "bad_request" });
    const [otherDept] = await db()
      .insert(departments)
      .values({ companyId: await companyIdOf("鹏达汽配"), name: "鹏达仓库" })
      .returning();
    await expect(createStaff(boss1, undefined, newUser({ roleIds: [sales], departmentId: String(otherDept!.id) }))).rejects.toMatchObject({
      code: "bad_request",
    });
    expect((await listStaff(boss1, { keyword: "kaipiao3" })).total).toBe(0);
  });

  it("a company lock keeps the member out of that company only; the operator's lock keeps them out everywhere", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const duoId = await userIdOf("duo");
    const { token } = await ctxOf("duo");
    expect((await resolveSession(token))!.companyShortName).toBe("穗通汽配");
    await setStaffLock(boss1, undefined, duoId, true);
    // Moved on to the next company he works in.
    expect((await resolveSession(token))!.companyShortName).toBe("鹏达汽配");
    expect((await listStaff(boss1, { status: "locked" })).items.map((r) => r.username)).toEqual(["duo"]);
    // duo also works in 鹏达: 穗通's manager may not change his identity or password.
    await expect(resetStaffPassword(boss1, undefined, duoId, { newPassword: PW, confirmPassword: PW })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateStaff(boss1, undefined, duoId, { name: "改名", roleIds: [String(await roleId("manager"))] })).rejects.toMatchObject({
      code: "forbidden",
    });
    await setStaffLock(boss1, undefined, duoId, false);

    const { ctx: admin } = await ctxOf("admin");
    const suitong = String(await companyIdOf("穗通汽配"));
    await setStaffLock(admin, suitong, duoId, true, { everywhere: true });
    expect(await resolveSession(token)).toBeUndefined();
    await expect(verifyCredentials({ username: "duo", password: "Demo@123456" }, { ip: "10.0.0.8" })).rejects.toMatchObject({ code: "locked" });
    await setStaffLock(admin, suitong, duoId, false, { everywhere: true });
    // The operator resets a shared member's password; the member's sessions end.
    const { token: again } = await ctxOf("duo");
    await resetStaffPassword(admin, suitong, duoId, { newPassword: PW, confirmPassword: PW });
    expect(await resolveSession(again)).toBeUndefined();
    expect(await verifyCredentials({ username: "duo", password: PW }, { ip: "10.0.0.7" })).toBe(duoId);
  });

  it("the operator adds an existing login to another company; removing a member keeps the login", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const pengda = String(await companyIdOf("鹏达汽配"));
    const sales1Id = await userIdOf("sales1");
    const { ctx: boss1 } = await ctxOf("boss1");
    await expect(joinStaff(boss1, undefined, { username: "sales2", roleIds: [String(await roleId("sales"))] })).rejects.toMatchObject({ code: "forbidden" });
    await joinStaff(admin, pengda, { username: "SALES1", roleIds: [String(await roleId("sales"))] });
    const seen = await getStaff(admin, pengda, sales1Id);
    expect(seen.otherCompanies).toEqual(["穗通汽配"]);
    expect(seen.shared).toBe(true);
    await expect(joinStaff(admin, pengda, { username: "sales1", roleIds: [String(await roleId("sales"))] })).rejects.toMatchObject({ code: "conflict" });

    const { token } = await ctxOf("sales1");
    await removeStaff(boss1, undefined, sales1Id);
    // Out of 穗通; he goes on in 鹏达.
    expect((await resolveSession(token))?.companyShortName).toBe("鹏达汽配");
    expect((await listStaff(boss1, { keyword: "sales1" })).total).toBe(0);
  });
});
