import { describe, expect, it } from "vitest";
import { useApiTestApp } from "../test/http-app";
import { useTestDatabase } from "../test/test-db";

/** /api/app/sysCompany through the real build and HTTP stack: the operator only (403 for a company's manager, 401 without a session). */
describe("/api/app/sysCompany", () => {
  useTestDatabase();
  const app = useApiTestApp();
  const { tokenOf, call } = app;
  type Company = { id: number; name: string; status: number; isLocked: boolean; adminUserId?: number };

  it("the operator creates a company, its manager signs in, the operator takes it offline and the manager's token stops working", async () => {
    const admin = await tokenOf("admin");
    const list = await call("/api/app/sysCompany?keyword=&isLocked=false&SkipCount=0&MaxResultCount=500", admin);
    expect(list.status).toBe(200);
    const page = (await list.json()) as { totalCount: number; items: Company[] };
    expect(page.totalCount).toBe(page.items.length);
    expect(page.items.every((c) => c.status === 1 && !c.isLocked)).toBe(true);

    const body = {
      name: "接口测试汽配有限公司",
      shortName: "接口测试",
      city: "深圳",
      status: 1,
      adminUserName: "api_boss",
      adminName: "接口经理",
      adminPhone: "13899991001",
      adminPassword: "Api@2026x",
    };
    expect(await (await call(`/api/app/sysCompany/checkName?name=${encodeURIComponent(body.name)}`, admin)).json()).toEqual({ exists: false });
    const created = await call("/api/app/sysCompany", admin, "POST", body);
    expect(created.status).toBe(200);
    const company = (await created.json()) as Company;
    expect(company).toMatchObject({ name: body.name, status: 1, isLocked: false });
    expect(await (await call(`/api/app/sysCompany/checkName?name=${encodeURIComponent(body.name.toLowerCase())}`, admin)).json()).toEqual({ exists: true });
    const dup = await call("/api/app/sysCompany", admin, "POST", { ...body, adminUserName: "api_boss2", adminPhone: "13899991002" });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: { code: "conflict", message: "公司名称已存在", fields: { name: ["公司名称已存在"] } } });
    const bad = await call("/api/app/sysCompany", admin, "POST", { ...body, name: "另一家", adminPassword: "weak" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/密码/);

    const boss = await tokenOf("api_boss", body.adminPassword);
    expect((await call("/api/app/sysCompany", boss)).status).toBe(403);

    const roles = (await (await call(`/api/app/sysCompany/${company.id}/allowedRoles`, admin)).json()) as {
      roleIds: number[];
      items: { id: number; code: string; allowed: boolean }[];
    };
    expect(roles.items.filter((r) => r.allowed).map((r) => r.code)).toEqual(["manager", "sales", "purchasing", "warehouse"]);
    const sales = roles.items.find((r) => r.code === "sales")!;
    const put = await call(`/api/app/sysCompany/${company.id}/allowedRoles`, admin, "PUT", { roleIds: roles.roleIds.filter((id) => id !== sales.id) });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { roleIds: number[] }).roleIds).not.toContain(sales.id);
    expect((await call(`/api/app/sysCompany/${company.id}/allowedRoles`, admin, "PUT", { roleIds: ["x"] })).status).toBe(400);

    const off = await call(`/api/app/sysCompany/${company.id}/offline`, admin, "POST");
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ id: company.id, status: 0, statusName: "未上线" });
    expect((await call("/api/identity/my-profile", boss)).status).toBe(401);
    expect((await call(`/api/app/sysCompany/${company.id}/offline`, admin, "POST")).status).toBe(409);
    expect((await call(`/api/app/sysCompany/${company.id}/close`, admin, "POST")).status).toBe(200);
    expect(await (await call(`/api/app/sysCompany/${company.id}/closedToOnline`, admin, "POST")).json()).toMatchObject({ status: 1 });
    expect((await call(`/api/app/sysCompany/${company.id}/explode`, admin, "POST")).status).toBe(404);
    expect((await call(`/api/app/sysCompany/${company.id}/offline`, admin, "GET")).status).toBe(405);

    const wrong = await call(`/api/app/sysCompany/${company.id}/resetBusinessData`, admin, "POST", { confirmName: "接口测试" });
    expect(wrong.status).toBe(400);
    const reset = await call(`/api/app/sysCompany/${company.id}/resetBusinessData`, admin, "POST", { confirmName: body.name });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ companyId: company.id, total: 0 });
  });

  it("a trading company's manager gets 403 on every call, without a session 401", async () => {
    const boss1 = await tokenOf("boss1");
    const id = 1;
    const calls: [string, string, unknown?][] = [
      ["/api/app/sysCompany?isLocked=false&SkipCount=0&MaxResultCount=500", "GET"],
      ["/api/app/sysCompany", "POST", { name: "越权公司" }],
      ["/api/app/sysCompany/checkName?name=x", "GET"],
      [`/api/app/sysCompany/${id}`, "GET"],
      [`/api/app/sysCompany/${id}/offline`, "POST"],
      [`/api/app/sysCompany/${id}/online`, "POST"],
      [`/api/app/sysCompany/${id}/close`, "POST"],
      [`/api/app/sysCompany/${id}/closedToOnline`, "POST"],
      [`/api/app/sysCompany/${id}/resetBusinessData`, "POST", { confirmName: "x" }],
      [`/api/app/sysCompany/${id}/allowedRoles`, "GET"],
      [`/api/app/sysCompany/${id}/allowedRoles`, "PUT", { roleIds: [] }],
    ];
    for (const [path, method, body] of calls) {
      const res = await call(path, boss1, method, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
      const anon = await call(path, { "Content-Type": "application/json" }, method, body);
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
    }
  });
});
