import { describe, expect, it } from "vitest";
import { useApiTestApp } from "../test/http-app";
import { useTestDatabase } from "../test/test-db";

/** 角色管理 and 菜单配置's ABP calls through the real build and HTTP stack, with bearer tokens. */
describe("ABP role and menu writes: /api/identity/roles, /api/permission-management/permissions, /api/app/sysMenu", () => {
  useTestDatabase();
  const app = useApiTestApp();
  const { tokenOf, call } = app;
  type RoleDto = { id: number; name: string; isStatic: boolean; extraProperties: { code: string; scope: string } };

  it("a manager creates, renames, grants and deletes a role of their company; templates, platform codes and other companies' roles are refused", async () => {
    const boss1 = await tokenOf("boss1");
    const boss2 = await tokenOf("boss2");

    const created = await call("/api/identity/roles", boss1, "POST", { name: "开票员", isDefault: false, isPublic: true });
    expect(created.status).toBe(200);
    const role = (await created.json()) as RoleDto;
    expect(role).toMatchObject({
      name: "开票员",
      isDefault: false,
      isStatic: false,
      isPublic: true,
      concurrencyStamp: "",
      extraProperties: { scope: "company" },
    });
    const list = (await (await call("/api/identity/roles", boss1)).json()) as { items: RoleDto[] };
    expect(list.items.find((r) => r.id === role.id)).toEqual(role);
    const manager = list.items.find((r) => r.extraProperties.code === "manager")!;
    expect(manager.isStatic).toBe(true);

    expect((await call("/api/identity/roles", boss1, "POST", { name: "" })).status).toBe(400);
    const dup = await call("/api/identity/roles", boss1, "POST", { name: "开票员" });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: { code: "conflict", message: "已有同名角色", fields: { name: ["已有同名角色"] } } });

    const renamed = await call(`/api/identity/roles/${role.id}`, boss1, "PUT", { name: "开票专员" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: role.id, name: "开票专员" });

    const put = (key: string, permissions: unknown, h = boss1) =>
      call(`/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent(key)}`, h, "PUT", { permissions });
    expect((await put("开票专员", [{ name: "XSGL-001", isGranted: true }])).status).toBe(204);
    const perms = (await (await call(`/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent("开票专员")}`, boss1)).json()) as {
      groups: { name: string; permissions: { name: string; isGranted: boolean }[] }[];
    };
    const sale = perms.groups.find((g) => g.name === "XSGL")!;
    expect(sale.permissions.find((p) => p.name === "XSGL-001")?.isGranted).toBe(true);
    expect(sale.permissions.find((p) => p.name === "XSGL-002")?.isGranted).toBe(false);

    // A platform-only code: refused, nothing changes.
    const platform = await put("开票专员", [
      { name: "XTGL-018", isGranted: true },
      { name: "XSGL-002", isGranted: true },
    ]);
    expect(platform.status).toBe(403);
    expect(((await platform.json()) as { error: { message: string } }).error.message).toContain("平台专用的权限只能授予平台角色");
    // A template role: refused.
    const tpl = await put("经理", [{ name: "XSGL-001", isGranted: false }]);
    expect(tpl.status).toBe(403);
    expect(((await tpl.json()) as { error: { message: string } }).error.message).toContain("模板角色只能由平台管理员修改");
    expect((await call(`/api/identity/roles/${manager.id}`, boss1, "PUT", { name: "老板" })).status).toBe(403);
    expect((await call(`/api/identity/roles/${manager.id}`, boss1, "DELETE")).status).toBe(403);
    // Another company's role: not found.
    expect((await call(`/api/identity/roles/${role.id}`, boss2, "PUT", { name: "拿来" })).status).toBe(404);
    expect((await call(`/api/identity/roles/${role.id}`, boss2, "DELETE")).status).toBe(404);
    expect((await put(role.extraProperties.code, [{ name: "XSGL-002", isGranted: true }], boss2)).status).toBe(404);
    expect((await put("开票专员", { nope: 1 })).status).toBe(400);

    const after = (await (
      await call(`/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent("开票专员")}`, boss1)
    ).json()) as typeof perms;
    expect(after.groups.find((g) => g.name === "XSGL")!.permissions.find((p) => p.name === "XSGL-002")?.isGranted).toBe(false);

    expect((await call(`/api/identity/roles/${role.id}`, boss1, "DELETE")).status).toBe(204);
    expect((await call(`/api/identity/roles/${role.id}`, boss1)).status).toBe(404);
  });

  it("401 without a session, 403 without 角色管理 / 菜单配置", async () => {
    expect((await call("/api/identity/roles", { "Content-Type": "application/json" }, "POST", { name: "x" })).status).toBe(401);
    expect(
      (
        await call("/api/permission-management/permissions?providerName=R&providerKey=sales", { "Content-Type": "application/json" }, "PUT", {
          permissions: [],
        })
      ).status,
    ).toBe(401);
    expect((await call("/api/app/sysMenu", undefined)).status).toBe(401);
    const sales1 = await tokenOf("sales1");
    const denied = await call("/api/identity/roles", sales1, "POST", { name: "自封经理" });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: { code: "forbidden" } });
    expect(
      (
        await call("/api/permission-management/permissions?providerName=R&providerKey=sales", sales1, "PUT", {
          permissions: [{ name: "XTGL-002", isGranted: true }],
        })
      ).status,
    ).toBe(403);
    const boss1 = await tokenOf("boss1");
    expect((await call("/api/app/sysMenu", boss1)).status).toBe(403);
  });

  it("the operator lists menus in the list contract (not the generic resource route) and renames one", async () => {
    const admin = await tokenOf("admin");
    const res = await call("/api/app/sysMenu?sorting=sortOrder%20asc&skipCount=0&maxResultCount=1000", admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { totalCount: number; items: { id: number; code: string; name: string; sortOrder: number }[] };
    expect(body.items.length).toBe(body.totalCount);
    const entry = body.items.find((m) => m.code === "XTGL-004")!;
    expect(entry).toMatchObject({ name: "操作日志", url: "/system/permissions/log" });
    const put = await call(`/api/app/sysMenu/${entry.id}`, admin, "PUT", { name: "审计日志" });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ id: entry.id, name: "审计日志", sortOrder: entry.sortOrder, code: "XTGL-004" });
    const bad = await call(`/api/app/sysMenu/${entry.id}`, admin, "PUT", { name: "审计日志", code: "LOG" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "bad_request", message: "菜单编码是系统核对权限所用的编码，不能修改" } });
    expect((await call(`/api/app/sysMenu/${entry.id}`, admin, "DELETE")).status).toBe(405);
    expect((await call(`/api/app/sysMenu/abc`, admin)).status).toBe(404);
  });
});
