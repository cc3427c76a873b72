import { describe, expect, it } from "vitest";
import { useApiTestApp } from "../test/http-app";
import { TEST_PASSWORD, useTestDatabase } from "../test/test-db";

/** ABP's identity calls through the real build and HTTP stack, with a bearer token. */
describe("ABP identity: my-profile, users, roles, permissions", () => {
  useTestDatabase();
  const app = useApiTestApp();
  const { tokenOf } = app;

  it("reads and updates the caller's own profile in ABP's shape, with Chinese errors", async () => {
    const headers = await tokenOf("buyer2");
    const me = await fetch(app.base + "/api/identity/my-profile", { headers });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ userName: "buyer2", isExternal: false, hasPassword: true, extraProperties: {} });

    const put = await fetch(app.base + "/api/identity/my-profile", {
      method: "PUT",
      headers,
      body: JSON.stringify({ name: "采购员乙", phoneNumber: "13600002222" }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ userName: "buyer2", name: "采购员乙", phoneNumber: "13600002222" });

    const rename = await fetch(app.base + "/api/identity/my-profile", { method: "PUT", headers, body: JSON.stringify({ userName: "admin" }) });
    expect(rename.status).toBe(400);
    expect(await rename.json()).toMatchObject({ error: { message: "用户名不能修改" } });
    const taken = await fetch(app.base + "/api/identity/my-profile", { method: "PUT", headers, body: JSON.stringify({ phoneNumber: "13922001001" }) });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { message: "该手机号已被其他账号使用" } });
    expect(await (await fetch(app.base + "/api/identity/my-profile", { headers })).json()).toMatchObject({ phoneNumber: "13600002222" });

    expect((await fetch(app.base + "/api/identity/my-profile")).status).toBe(401);
    expect((await fetch(app.base + "/api/identity/my-profile", { method: "DELETE", headers })).status).toBe(405);
  });

  it("changes the password with the current one; a wrong current password changes nothing", async () => {
    const headers = await tokenOf("stock2");
    const wrong = await fetch(app.base + "/api/identity/my-profile/change-password", {
      method: "POST",
      headers,
      body: JSON.stringify({ currentPassword: "nope", newPassword: "NewPass@2026" }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { message: "原密码不正确" } });
    const weak = await fetch(app.base + "/api/identity/my-profile/change-password", {
      method: "POST",
      headers,
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: "abc" }),
    });
    expect(weak.status).toBe(400);
    const ok = await fetch(app.base + "/api/identity/my-profile/change-password", {
      method: "POST",
      headers,
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: "NewPass@2026" }),
    });
    expect(ok.status).toBe(204);
    await tokenOf("stock2", "NewPass@2026");
    const old = await fetch(app.base + "/auth/user/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "stock2", password: TEST_PASSWORD }),
    });
    expect(old.status).toBe(401);
  });

  it("lists a company's own staff and one of them by id; never another company's, never without 用户管理", async () => {
    const boss1 = await tokenOf("boss1");
    const list = await fetch(app.base + "/api/identity/users?maxResultCount=100", { headers: boss1 });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { totalCount: number; items: { id: number; userName: string; roleNames: string[]; isActive: boolean }[] };
    const names = body.items.map((u) => u.userName);
    expect(names).toEqual(expect.arrayContaining(["boss1", "sales1", "buyer1", "stock1", "duo"]));
    expect(names).not.toContain("boss2");
    expect(names).not.toContain("admin");
    expect(body.totalCount).toBe(body.items.length);
    expect(body.items.find((u) => u.userName === "sales1")).toMatchObject({ roleNames: ["销售"], isActive: true });
    const filtered = (await (await fetch(app.base + "/api/identity/users?filter=sales", { headers: boss1 })).json()) as { items: { userName: string }[] };
    expect(filtered.items.map((u) => u.userName)).toEqual(["sales1"]);

    const admin = await tokenOf("admin");
    const all = (await (await fetch(app.base + "/api/identity/users?maxResultCount=1000", { headers: admin })).json()) as {
      items: { id: number; userName: string }[];
    };
    const boss2 = all.items.find((u) => u.userName === "boss2")!;
    expect(boss2).toBeTruthy();
    expect((await fetch(app.base + `/api/identity/users/${boss2.id}`, { headers: boss1 })).status).toBe(404);
    expect(await (await fetch(app.base + `/api/identity/users/${boss2.id}`, { headers: admin })).json()).toMatchObject({
      userName: "boss2",
      roleNames: ["经理"],
    });
    expect((await fetch(app.base + "/api/identity/users/x1", { headers: admin })).status).toBe(404);

    const sales1 = await tokenOf("sales1");
    expect((await fetch(app.base + "/api/identity/users", { headers: sales1 })).status).toBe(403);
    expect((await fetch(app.base + "/api/identity/roles", { headers: sales1 })).status).toBe(403);
  });

  it("lists the roles a company may hand out and a role's grants as ABP permission groups", async () => {
    const boss1 = await tokenOf("boss1");
    const roles = (await (await fetch(app.base + "/api/identity/roles", { headers: boss1 })).json()) as {
      items: { name: string; extraProperties: { code: string } }[];
    };
    const codes = roles.items.map((r) => r.extraProperties.code);
    expect(codes).toEqual(expect.arrayContaining(["manager", "sales"]));
    expect(codes).not.toContain("platform_admin");

    const perms = await fetch(app.base + "/api/permission-management/permissions?providerName=R&providerKey=" + encodeURIComponent("销售"), { headers: boss1 });
    expect(perms.status).toBe(200);
    const p = (await perms.json()) as { entityDisplayName: string; groups: { name: string; permissions: { name: string; isGranted: boolean }[] }[] };
    expect(p.entityDisplayName).toBe("销售");
    const flat = p.groups.flatMap((g) => g.permissions);
    expect(flat.find((x) => x.name === "XSGL-004")?.isGranted).toBe(true);
    expect(flat.find((x) => x.name === "CGGL-004")?.isGranted).toBe(false);
    // A role the company may not hand out is not there for it; bad provider names are refused.
    expect((await fetch(app.base + "/api/permission-management/permissions?providerName=R&providerKey=platform_admin", { headers: boss1 })).status).toBe(404);
    expect((await fetch(app.base + "/api/permission-management/permissions?providerName=U&providerKey=sales", { headers: boss1 })).status).toBe(400);
    const admin = await tokenOf("admin");
    expect((await fetch(app.base + "/api/permission-management/permissions?providerName=R&providerKey=platform_admin", { headers: admin })).status).toBe(200);
  });
});
