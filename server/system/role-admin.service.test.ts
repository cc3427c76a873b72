import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resolveSession } from "../auth/session.service";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { companyIdOf, ctxOf, userIdOf, useTestDatabase } from "../test/test-db";
import {
  createIdentityRole,
  createRole,
  deleteRole,
  listRolesInReach,
  rolePermissionTree,
  setRolePermissions,
  updateIdentityRole,
  updateRole,
  updateRolePermissionsAbp,
} from "./role-admin.service";
import { companyRoles, companyUserRoles, roles } from "../kernel/identity.tables";

const roleId = async (code: string) => (await db().select({ id: roles.id }).from(roles).where(eq(roles.code, code)))[0]!.id;

describe("角色管理: roles in reach, their permissions, and who may change them", () => {
  useTestDatabase();

  it("a company sees its allowed templates and its own roles; the operator every role", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const { ctx: boss2 } = await ctxOf("boss2");
    const { ctx: admin } = await ctxOf("admin");
    const mine = await createRole(boss1, { name: "仓库助理", description: "只看库存" });
    expect(mine).toMatchObject({ name: "仓库助理", scope: "company", companyId: boss1.companyId, editable: true, memberCount: 0 });
    // Allowed in the company at once.
    expect(
      await db()
        .select()
        .from(companyRoles)
        .where(and(eq(companyRoles.companyId, boss1.companyId), eq(companyRoles.roleId, mine.id))),
    ).toHaveLength(1);

    const list1 = await listRolesInReach(boss1);
    expect(list1.map((r) => r.name)).toEqual(expect.arrayContaining(["经理", "销售", "仓库助理"]));
    expect(list1.find((r) => r.name === "经理")).toMatchObject({ editable: false, companyId: null });
    expect(list1.map((r) => r.code)).not.toContain("platform_admin");
    expect((await listRolesInReach(boss2)).map((r) => r.name)).not.toContain("仓库助理");
    const all = await listRolesInReach(admin);
    expect(all.find((r) => r.id === mine.id)).toMatchObject({ companyName: "穗通汽配", editable: true });
    expect(all.find((r) => r.code === "platform_admin")).toMatchObject({ editable: true });

    // Another company's role is not found, whatever the id.
    await expect(rolePermissionTree(boss2, mine.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(updateRole(boss2, mine.id, { name: "抢走" })).rejects.toMatchObject({ code: "not_found" });
    await expect(setRolePermissions(boss2, mine.id, { code: ["XSGL-001"] })).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteRole(boss2, mine.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(rolePermissionTree(boss1, "abc")).rejects.toMatchObject({ code: "not_found" });

    // Names are unique in a reach; the same name in another company is fine.
    await expect(createRole(boss1, { name: "仓库助理" })).rejects.toMatchObject({ code: "conflict", message: "已有同名角色" });
    await expect(createRole(boss1, { name: "经理" })).rejects.toMatchObject({ code: "conflict" });
    expect(await createRole(boss2, { name: "仓库助理" })).toMatchObject({ companyId: boss2.companyId });
    await expect(createRole(boss1, { name: " " })).rejects.toMatchObject({ code: "bad_request", message: "请输入角色名称" });
    await expect(createRole(boss1, { name: "x".repeat(21) })).rejects.toMatchObject({ code: "bad_request", message: "角色名称最多 20 个字" });
    // A company cannot make a platform role.
    await expect(createRole(boss1, { name: "超管", scope: "platform" })).rejects.toMatchObject({ code: "forbidden" });

    // Staff without 角色管理 cannot do any of it.
    const { ctx: sales1 } = await ctxOf("sales1");
    await expect(listRolesInReach(sales1)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createRole(sales1, { name: "自封" })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("a manager edits only their own company's roles, never a template, and never grants platform entries", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const manager = await roleId("manager");
    await expect(setRolePermissions(boss1, manager, { code: ["XSGL-001"] })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateRole(boss1, manager, { name: "老板" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(deleteRole(boss1, manager)).rejects.toMatchObject({ code: "forbidden" });
    const tree = await rolePermissionTree(boss1, manager);
    expect(tree.role.editable).toBe(false);

    const clerk = await createRole(boss1, { name: "开票员" });
    await expect(setRolePermissions(boss1, clerk.id, { code: ["XSGL-001", "XTGL-018"] })).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("平台专用"),
    });
    await expect(setRolePermissions(boss1, clerk.id, { code: ["NOPE-1"] })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("权限编码不存在"),
    });
    // Nothing changed by the refusals.
    expect((await rolePermissionTree(boss1, clerk.id)).granted).toEqual([]);
    // The company role's tree does not even offer platform entries.
    const flat = (nodes: { code: string; children: any[] }[]): string[] => nodes.flatMap((n) => [n.code, ...flat(n.children)]);
    const codes = flat((await rolePermissionTree(boss1, clerk.id)).tree);
    expect(codes).toContain("XSGL-001");
    expect(codes).not.toContain("XTGL-018");
    expect(codes).not.toContain("XTGL-G4");
  });

  it("saving the tree stores the ancestors, is audited with added and removed codes, and applies at the holder's next request", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const { token: stockToken } = await ctxOf("stock1");
    const clerk = await createRole(boss1, { name: "收银员" });
    const stockId = await userIdOf("stock1");
    await db()
      .insert(companyUserRoles)
      .values({ companyId: await companyIdOf("穗通汽配"), userId: stockId, roleId: clerk.id });

    const before = (await resolveSession(stockToken))!;
    expect(before.permissions.has("XSGL-001")).toBe(false);

    const saved = await setRolePermissions(boss1, clerk.id, { code: ["XSGL-001", "XSGL-004"] });
    expect(saved.added).toEqual(expect.arrayContaining(["XSGL", "XSGL-G1", "XSGL-001", "XSGL-004"]));
    expect(saved.removed).toEqual([]);
    const after = (await resolveSession(stockToken))!;
    expect(after.permissions.has("XSGL-001")).toBe(true);
    expect(after.permissions.has("XSGL-004")).toBe(true);
    expect(after.menuRows.map((m) => m.code)).toEqual(expect.arrayContaining(["XSGL", "XSGL-G1"]));

    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "permissionChange"), eq(auditLogs.targetId, String(clerk.id))));
    expect(entry).toMatchObject({ userName: "boss1", companyId: boss1.companyId });
    expect(entry!.summary).toContain("收银员");
    expect(entry!.summary).toContain("销售订单");
    expect(entry!.before).toEqual({ codes: [] });
    expect((entry!.after as { added: string[] }).added).toContain("XSGL-001");

    // Unchecking everything takes it away again at the next request; the same save twice records once.
    const removed = await setRolePermissions(boss1, clerk.id, {});
    expect(removed.removed).toEqual(expect.arrayContaining(["XSGL-001", "XSGL"]));
    expect((await resolveSession(stockToken))!.permissions.has("XSGL-001")).toBe(false);
    expect(await setRolePermissions(boss1, clerk.id, {})).toMatchObject({ added: [], removed: [] });
    expect(
      await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, "permissionChange"), eq(auditLogs.targetId, String(clerk.id)))),
    ).toHaveLength(2);

    // A role somebody holds is not deleted; once free it is, with its grants.
    await expect(deleteRole(boss1, clerk.id)).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("仍有用户在使用") });
    await db().delete(companyUserRoles).where(eq(companyUserRoles.roleId, clerk.id));
    expect(await deleteRole(boss1, clerk.id)).toEqual({ name: "收银员" });
    expect(await db().select().from(roles).where(eq(roles.id, clerk.id))).toHaveLength(0);
    expect(await db().select().from(auditLogs).where(eq(auditLogs.action, "roleDelete"))).toHaveLength(1);
  });

  it("the operator edits template roles and may grant platform entries to platform roles only", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const sales = await roleId("sales");
    const renamed = await updateRole(admin, sales, { name: "销售员", description: "销售开单" });
    expect(renamed).toMatchObject({ name: "销售员", description: "销售开单" });
    expect((await db().select().from(auditLogs).where(eq(auditLogs.action, "roleUpdate"))).at(-1)).toMatchObject({
      before: { name: "销售", description: expect.any(String) },
      after: { name: "销售员", description: "销售开单" },
    });
    await expect(setRolePermissions(admin, sales, { code: ["XTGL-018"] })).rejects.toMatchObject({ code: "forbidden" });
    // The operator cannot take 角色管理 from the role he holds himself.
    const platformAdmin = await roleId("platform_admin");
    const held = (await rolePermissionTree(admin, platformAdmin)).granted;
    await expect(setRolePermissions(admin, platformAdmin, { code: held.filter((c) => c !== "XTGL-002") })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("角色管理"),
    });
    expect((await rolePermissionTree(admin, platformAdmin)).granted).toEqual(held);

    const tpl = await createRole(admin, { name: "运营助理", scope: "platform" });
    expect(tpl).toMatchObject({ companyId: null, scope: "platform" });
    expect((await setRolePermissions(admin, tpl.id, { code: ["XTGL-018"] })).added).toContain("XTGL-018");
    await expect(deleteRole(admin, await roleId("warehouse"))).rejects.toMatchObject({ code: "conflict" });
  });

  it("ABP's calls: create and rename in IdentityRoleDto's shape, and apply only the listed permission changes", async () => {
    const { ctx: boss2 } = await ctxOf("boss2");
    const dto = await createIdentityRole(boss2, { name: "对账员", isDefault: false, isPublic: true });
    expect(dto).toMatchObject({ name: "对账员", isDefault: false, isStatic: false, isPublic: true, extraProperties: { scope: "company" } });
    expect(await updateIdentityRole(boss2, String(dto.id), { name: "对账会计" })).toMatchObject({ id: dto.id, name: "对账会计" });

    await updateRolePermissionsAbp(boss2, "R", "对账会计", {
      permissions: [
        { name: "CWGL-001", isGranted: true },
        { name: "XSGL-001", isGranted: true },
      ],
    });
    expect((await rolePermissionTree(boss2, dto.id)).granted).toEqual(expect.arrayContaining(["CWGL", "CWGL-001", "XSGL-001"]));
    // Revoking an area revokes what is under it; the other grants stay.
    const res = await updateRolePermissionsAbp(boss2, "R", dto.extraProperties.code, { permissions: [{ name: "XSGL", isGranted: false }] });
    expect(res.removed).toEqual(expect.arrayContaining(["XSGL", "XSGL-001"]));
    const granted = (await rolePermissionTree(boss2, dto.id)).granted;
    expect(granted).toContain("CWGL-001");
    expect(granted).not.toContain("XSGL-001");

    await expect(updateRolePermissionsAbp(boss2, "R", "对账会计", { permissions: [{ name: "XTGL-015", isGranted: true }] })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(updateRolePermissionsAbp(boss2, "R", "经理", { permissions: [{ name: "XSGL-001", isGranted: true }] })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(updateRolePermissionsAbp(boss2, "U", "对账会计", { permissions: [] })).rejects.toMatchObject({ code: "bad_request" });
    await expect(updateRolePermissionsAbp(boss2, "R", "对账会计", { permissions: [{ name: "CWGL-001", isGranted: "yes" }] })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(updateRolePermissionsAbp(boss2, "R", "不存在的角色", { permissions: [] })).rejects.toMatchObject({ code: "not_found" });
  });
});
