import { describe, expect, it } from "vitest";
import { useApiTestApp } from "../test/http-app";
import { useTestDatabase } from "../test/test-db";

/** ABP's identity writes through the real build and HTTP stack: the tenant rules from outside. */
describe("ABP identity writes: /api/identity/users", () => {
  useTestDatabase();
  const app = useApiTestApp();
  const { signIn, tokenOf, call } = app;

  it("a manager creates a login that signs in with exactly its roles, changes its roles, locks and removes it", async () => {
    const boss1 = await tokenOf("boss1");
    const created = await call("/api/identity/users", boss1, "POST", {
      userName: "cashier1",
      name: "出纳甲",
      phoneNumber: "13811110001",
      password: "Cash@2026",
      roleNames: ["销售"],
    });
    expect(created.status).toBe(200);
    const user = (await created.json()) as { id: number };
    expect(user).toMatchObject({ userName: "cashier1", name: "出纳甲", phoneNumber: "13811110001", isActive: true, roleNames: ["销售"] });

    const cashier = await tokenOf("cashier1", "Cash@2026");
    expect((await call("/api/app/salesOrder?MaxResultCount=1", cashier)).status).toBe(200);
    expect((await call("/api/app/purchaseOrder?MaxResultCount=1", cashier)).status).toBe(403);
    expect((await call("/api/identity/users", cashier)).status).toBe(403);

    // Roles by code or name; the change is refused or granted at the very next request.
    expect((await call(`/api/identity/users/${user.id}/roles`, boss1, "PUT", { roleNames: ["purchasing"] })).status).toBe(204);
    expect((await call("/api/app/purchaseOrder?MaxResultCount=1", cashier)).status).toBe(200);
    expect((await call("/api/app/salesOrder?MaxResultCount=1", cashier)).status).toBe(403);
    expect(await (await call(`/api/identity/users/${user.id}/roles`, boss1)).json()).toMatchObject({ items: [{ name: "采购" }] });

    const put = await call(`/api/identity/users/${user.id}`, boss1, "PUT", {
      name: "出纳乙",
      phoneNumber: "13811110002",
      roleNames: ["销售", "仓管"],
      isActive: true,
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ name: "出纳乙", phoneNumber: "13811110002", roleNames: ["销售", "仓管"] });
    const rename = await call(`/api/identity/users/${user.id}`, boss1, "PUT", { userName: "someone", name: "出纳乙" });
    expect(rename.status).toBe(400);
    expect(await rename.json()).toMatchObject({ error: { message: "登录名不可修改" } });

    expect((await call(`/api/identity/users/${user.id}/lock`, boss1, "POST")).status).toBe(204);
    expect((await call("/api/app/salesOrder?MaxResultCount=1", cashier)).status).toBe(401);
    expect(await (await call(`/api/identity/users/${user.id}`, boss1)).json()).toMatchObject({ isActive: false });
    expect((await call(`/api/identity/users/${user.id}/unlock`, boss1, "POST")).status).toBe(204);
    expect((await call(`/api/identity/users/${user.id}/frobnicate`, boss1, "POST")).status).toBe(404);

    expect((await call(`/api/identity/users/${user.id}/reset-password`, boss1, "POST", { newPassword: "Reset@2026" })).status).toBe(204);
    expect((await signIn("cashier1", "Cash@2026")).status).toBe(401);
    await tokenOf("cashier1", "Reset@2026");

    expect(await (await call("/api/identity/users/check-phone?phoneNumber=13811110002", boss1)).json()).toEqual({ exists: true });
    expect((await call(`/api/identity/users/${user.id}`, boss1, "DELETE")).status).toBe(204);
    expect((await call(`/api/identity/users/${user.id}`, boss1)).status).toBe(404);
    expect((await signIn("cashier1", "Reset@2026")).status).toBe(403);
  });

  it("a manager can never reach another company's users, hand out a role his company may not use, or make himself an operator", async () => {
    const boss1 = await tokenOf("boss1");
    const boss2 = await tokenOf("boss2");
    const sales2 = ((await (await call("/api/identity/users?filter=sales2", boss2)).json()) as { items: { id: number }[] }).items[0]!.id;
    for (const [path, method, body] of [
      [`/api/identity/users/${sales2}`, "GET"],
      [`/api/identity/users/${sales2}`, "PUT", { name: "被改了" }],
      [`/api/identity/users/${sales2}`, "DELETE"],
      [`/api/identity/users/${sales2}/roles`, "PUT", { roleNames: ["经理"] }],
      [`/api/identity/users/${sales2}/lock`, "POST"],
      [`/api/identity/users/${sales2}/reset-password`, "POST", { newPassword: "Taken@2026" }],
    ] as [string, string, unknown?][]) {
      const res = await call(path, boss1, method, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // A company in the body or query is the operator's choice only: ignored for a manager.
    expect((await call(`/api/identity/users/${sales2}?companyId=${2}`, boss1, "PUT", { name: "被改了", extraProperties: { companyId: 3 } })).status).toBe(404);
    await tokenOf("sales2");

    const me = ((await (await call("/api/identity/users?filter=boss1", boss1)).json()) as { items: { id: number }[] }).items[0]!.id;
    const selfPromote = await call(`/api/identity/users/${me}/roles`, boss1, "PUT", { roleNames: ["平台管理员"] });
    expect(selfPromote.status).toBe(403);
    const platformRole = await call("/api/identity/users", boss1, "POST", {
      userName: "sneaky1",
      name: "某人",
      password: "Sneak@2026",
      roleNames: ["platform_admin"],
    });
    expect(platformRole.status).toBe(403);
    expect(await platformRole.json()).toMatchObject({ error: { code: "forbidden" } });
    const ownRoles = await call(`/api/identity/users/${me}/roles`, boss1, "PUT", { roleNames: ["销售"] });
    expect(ownRoles.status).toBe(403);
    // Bad input: a Chinese message, nothing created.
    const bad = await call("/api/identity/users", boss1, "POST", { userName: "x", name: "", password: "1", roleNames: "经理" });
    expect(bad.status).toBe(400);
    expect((await call("/api/identity/users?filter=sneaky1", boss1).then((r) => r.json())) as { totalCount: number }).toMatchObject({ totalCount: 0 });

    const sales1 = await tokenOf("sales1");
    expect((await call("/api/identity/users", sales1, "POST", { userName: "nope1", name: "无权", password: "Nope@2026", roleNames: ["销售"] })).status).toBe(
      403,
    );
    expect((await fetch(app.base + "/api/identity/users", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(401);
  });
});
