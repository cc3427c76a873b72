import { and, count, eq, isNull } from "drizzle-orm";
import { notifications } from "../kernel/message.tables";
import { describe, expect, it } from "vitest";
import { startSession, resolveSession } from "../auth/session.service";
import { db } from "../db/client";
import { paymentMethods, partnerAccounts, partnerPayments } from "../finance/finance.tables";
import { auditLogs } from "../lib/audit.tables";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { purchaseOrders, receiveOrders } from "../purchase/purchase.tables";
import { deliverOrders, salesOrderLines, salesOrders } from "../sale/sale.tables";
import { settings } from "../setting/setting.tables";
import { stockBalances, stockLocations, stockMoves, warehouses } from "../stock/stock.tables";
import { companyIdOf, ctxOf, useTestDatabase } from "../test/test-db";
import {
  changeCompanyStatus,
  companyNameExists,
  createCompany,
  getAllowedRoles,
  listCompanies,
  resetBusinessData,
  setAllowedRoles,
} from "./company-admin.service";
import { companies, companyRoles, roles } from "../kernel/identity.tables";

const NEW = {
  name: "广州新测汽配有限公司",
  shortName: "新测汽配",
  city: "广州",
  phone: "020-88886666",
  contactName: "陈经理",
  address: "广州市白云区测试路 1 号",
  taxNumber: "",
  status: "1",
  adminUserName: "xince_boss",
  adminName: "陈新",
  adminPhone: "13899990001",
  adminPassword: "Xince@2026",
  adminConfirmPassword: "Xince@2026",
};

async function rows(table: any, companyId: number) {
  const [r] = await db().select({ n: count() }).from(table).where(eq(table.companyId, companyId));
  return Number(r?.n ?? 0);
}

async function auditOf(action: string) {
  return db().select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(auditLogs.id);
}

describe("公司档案: the operator administers companies", () => {
  useTestDatabase();

  it("only the platform operator with 公司档案 may list or change companies", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const suitong = await companyIdOf("穗通汽配");
    await expect(listCompanies(boss1, new URLSearchParams())).rejects.toMatchObject({ code: "forbidden" });
    await expect(createCompany(boss1, NEW)).rejects.toMatchObject({ code: "forbidden" });
    await expect(changeCompanyStatus(boss1, suitong, "offline")).rejects.toMatchObject({ code: "forbidden" });
    await expect(setAllowedRoles(boss1, suitong, { roleIds: [] })).rejects.toMatchObject({ code: "forbidden" });
    await expect(resetBusinessData(boss1, suitong, { confirmName: "x" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(companyNameExists(boss1, "x")).rejects.toMatchObject({ code: "forbidden" });
    // The operator without the permission code is refused as well.
    const { ctx: admin } = await ctxOf("admin");
    const stripped = { ...admin, permissions: new Set([...admin.permissions].filter((c) => c !== "XTGL-018")) };
    await expect(listCompanies(stripped, new URLSearchParams())).rejects.toMatchObject({ code: "forbidden" });
  });

  it("lists with the API's parameters (isLocked=false is the online companies) and the page's", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const all = await listCompanies(admin, new URLSearchParams("keyword=&isLocked=false&SkipCount=0&MaxResultCount=500"));
    expect(all.totalCount).toBeGreaterThanOrEqual(3);
    expect(all.items.every((c) => c.status === 1 && c.isLocked === false)).toBe(true);
    const hit = await listCompanies(admin, new URLSearchParams("Keyword=穗通"));
    expect(hit.items.map((c) => c.shortName)).toEqual(["穗通汽配"]);
    const paged = await listCompanies(admin, new URLSearchParams("size=20&page=1&sort=name.desc&status=1"));
    expect(paged.query.sort).toEqual({ field: "name", dir: "desc" });
    // Nonsense parameters are ignored, never an error.
    expect((await listCompanies(admin, new URLSearchParams("status=abc&sorting=drop table&SkipCount=-1"))).totalCount).toBe(
      (await listCompanies(admin, new URLSearchParams())).totalCount,
    );
  });

  it("creates a company with its manager in one go; the manager signs in at once and works in an empty company", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const [existing] = await db().select({ name: companies.name }).from(companies).where(eq(companies.shortName, "穗通汽配"));
    expect(await companyNameExists(admin, existing!.name.toUpperCase())).toBe(true);
    await expect(createCompany(admin, { ...NEW, name: existing!.name })).rejects.toMatchObject({
      code: "conflict",
      message: "公司名称已存在",
      fields: { name: ["公司名称已存在"] },
    });
    await expect(createCompany(admin, { ...NEW, adminUserName: "SALES1" })).rejects.toMatchObject({
      code: "conflict",
      fields: { adminUserName: ["登录名已被使用"] },
    });
    await expect(createCompany(admin, { ...NEW, adminPhone: "13922001003" })).rejects.toMatchObject({
      code: "conflict",
      fields: { adminPhone: ["手机号已被其他用户使用"] },
    });
    await expect(createCompany(admin, { ...NEW, adminPassword: "abc", adminConfirmPassword: "abc" })).rejects.toMatchObject({
      code: "bad_request",
      message: "密码长度至少为 6 位",
    });
    await expect(createCompany(admin, { ...NEW, adminConfirmPassword: "other" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(createCompany(admin, { ...NEW, name: "" })).rejects.toMatchObject({ code: "bad_request" });
    expect(await companyNameExists(admin, NEW.name)).toBe(false);

    const made = await createCompany(admin, NEW);
    expect(await companyNameExists(admin, NEW.name)).toBe(true);
    const ctx = await resolveSession((await startSession({ userId: made.adminUserId, kind: "web" })).token);
    expect(ctx).toMatchObject({ companyId: made.id, companyKind: "trading", roleName: "经理" });
    expect(ctx!.permissions.has("XSGL-004")).toBe(true);
    // Empty of business, ready to work: settings, a default warehouse with its places, payment methods, four allowed roles.
    expect(await rows(products, made.id)).toBe(0);
    expect(await rows(salesOrders, made.id)).toBe(0);
    const [wh] = await db().select().from(warehouses).where(eq(warehouses.companyId, made.id));
    expect(wh).toMatchObject({ name: "主仓", isDefault: true });
    expect((await db().select().from(stockLocations).where(eq(stockLocations.warehouseId, wh!.id))).map((l) => l.kind).sort()).toEqual([0, 1, 2]);
    expect(await rows(paymentMethods, made.id)).toBe(4);
    const company = await db()
      .select()
      .from(settings)
      .where(and(eq(settings.scope, "company"), eq(settings.ownerId, made.id)));
    expect(company.find((s) => s.name === "AutoCreateDeliver")?.value).toBe("true");
    const allowed = await getAllowedRoles(admin, made.id);
    expect(allowed.items.filter((r) => r.allowed).map((r) => r.code)).toEqual(["manager", "sales", "purchasing", "warehouse"]);
    const [entry] = await auditOf("companyCreate");
    expect(entry).toMatchObject({ userName: "admin", targetId: String(made.id) });

    // Created not online: the manager cannot sign in to it yet.
    const later = await createCompany(admin, {
      ...NEW,
      name: "未上线测试公司",
      shortName: "未上线",
      adminUserName: "offline_boss",
      adminPhone: "13899990002",
      status: "0",
    });
    await expect(startSession({ userId: later.adminUserId, kind: "web" })).rejects.toMatchObject({ code: "forbidden" });
    await changeCompanyStatus(admin, later.id, "online");
    expect(await resolveSession((await startSession({ userId: later.adminUserId, kind: "web" })).token)).toMatchObject({ companyId: later.id });
  });

  it("takes a company offline, closes and recovers it; a live session there ends at its next request", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const fuda = await companyIdOf("福达汽配");
    const fudaStatus = async () => (await db().select({ s: companies.status }).from(companies).where(eq(companies.id, fuda)))[0]!.s;
    const fudaBefore = await fudaStatus();
    const made = await createCompany(admin, { ...NEW, name: "下线测试公司", shortName: "下线测试", adminUserName: "down_boss", adminPhone: "13899990003" });
    const { token } = await startSession({ userId: made.adminUserId, kind: "web" });
    expect(await resolveSession(token)).toBeDefined();

    expect(await changeCompanyStatus(admin, made.id, "offline")).toMatchObject({ status: 0, statusName: "未上线" });
    expect(await resolveSession(token)).toBeUndefined();
    await expect(changeCompanyStatus(admin, made.id, "offline")).rejects.toMatchObject({ code: "conflict" });
    await expect(changeCompanyStatus(admin, made.id, "closedToOnline")).rejects.toMatchObject({ code: "conflict" });
    expect(await changeCompanyStatus(admin, made.id, "close")).toMatchObject({ status: 2 });
    await expect(changeCompanyStatus(admin, made.id, "online")).rejects.toMatchObject({ code: "conflict" });
    expect(await changeCompanyStatus(admin, made.id, "closedToOnline")).toMatchObject({ status: 1 });
    await expect(changeCompanyStatus(admin, made.id, "reboot")).rejects.toMatchObject({ code: "bad_request" });
    await expect(changeCompanyStatus(admin, 999999, "offline")).rejects.toMatchObject({ code: "not_found" });
    await expect(changeCompanyStatus(admin, "abc", "offline")).rejects.toMatchObject({ code: "not_found" });
    // The operator's own company is never taken offline or closed.
    await expect(changeCompanyStatus(admin, admin.companyId, "offline")).rejects.toMatchObject({ code: "forbidden" });
    await expect(changeCompanyStatus(admin, admin.companyId, "close")).rejects.toMatchObject({ code: "forbidden" });
    expect((await db().select({ s: companies.status }).from(companies).where(eq(companies.id, admin.companyId)))[0]!.s).toBe(1);
    expect(await fudaStatus()).toBe(fudaBefore); // other companies untouched
    const entries = (await auditOf("companyStatus")).filter((e) => e.targetId === String(made.id));
    expect(entries.map((e) => (e.after as { status: number }).status)).toEqual([0, 2, 1]);
    expect(entries[0]!.before).toMatchObject({ status: 1 });
  });

  it("withdraws an allowed role: its holders lose it at their next request; only company templates may be allowed", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const suitong = await companyIdOf("穗通汽配");
    const { token } = await ctxOf("sales1");
    const before = await getAllowedRoles(admin, suitong);
    const sales = before.items.find((r) => r.code === "sales")!;
    expect(sales.allowed).toBe(true);
    const [platformAdmin] = await db().select({ id: roles.id }).from(roles).where(eq(roles.code, "platform_admin"));
    await expect(setAllowedRoles(admin, suitong, { roleIds: [...before.roleIds, platformAdmin!.id] })).rejects.toMatchObject({ code: "bad_request" });
    await expect(setAllowedRoles(admin, admin.companyId, { roleIds: [] })).rejects.toMatchObject({ code: "forbidden" });

    await setAllowedRoles(admin, suitong, { roleIds: before.roleIds.filter((id) => id !== sales.id) });
    expect(await resolveSession(token)).toBeUndefined(); // sales1 held only 销售 in 穗通汽配
    expect((await getAllowedRoles(admin, suitong)).items.find((r) => r.code === "sales")!.allowed).toBe(false);
    const boss1 = await ctxOf("boss1"); // the others keep working
    expect(boss1.ctx.companyId).toBe(suitong);
    const [entry] = await auditOf("companyRoles");
    expect(entry!.before).toMatchObject({ roles: expect.arrayContaining(["销售"]) });
    expect(entry!.after).not.toMatchObject({ roles: expect.arrayContaining(["销售"]) });

    await setAllowedRoles(admin, suitong, { roleIds: before.roleIds });
    expect((await ctxOf("sales1")).ctx.permissions.size).toBeGreaterThan(0);
    // Template roles only: the company's own roles stay allowed whatever is sent.
    expect(
      await db()
        .select()
        .from(companyRoles)
        .where(and(eq(companyRoles.companyId, suitong))),
    ).toHaveLength(before.roleIds.length + before.ownRoles.length);
    expect((await db().select().from(roles).where(isNull(roles.companyId))).length).toBeGreaterThan(0);
  });

  it("resets business data only after the exact name is typed; master data and the other companies stay", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const suitong = await companyIdOf("穗通汽配");
    const pengda = await companyIdOf("鹏达汽配");
    const [c] = await db().select({ name: companies.name }).from(companies).where(eq(companies.id, suitong));
    const business = [
      salesOrders,
      salesOrderLines,
      deliverOrders,
      purchaseOrders,
      receiveOrders,
      stockMoves,
      stockBalances,
      partnerAccounts,
      partnerPayments,
      notifications,
    ] as const;
    const master = [products, enterpriseRelations, warehouses, stockLocations, paymentMethods] as const;
    const count = async (companyId: number, tables: readonly any[]) => Promise.all(tables.map((tb) => rows(tb, companyId)));
    const suitongBefore = await count(suitong, business);
    expect(suitongBefore.every((n) => n > 0)).toBe(true); // the demo data has them all
    const pengdaBefore = await count(pengda, [...business, ...master]);
    const masterBefore = await count(suitong, master);

    await expect(resetBusinessData(admin, suitong, { confirmName: "穗通汽配" })).rejects.toMatchObject({
      code: "bad_request",
      fields: { confirmName: ["输入的名称与公司全称不一致，未重置任何数据"] },
    });
    await expect(resetBusinessData(admin, suitong, {})).rejects.toMatchObject({ code: "bad_request" });
    await expect(resetBusinessData(admin, admin.companyId, { confirmName: "x" })).rejects.toMatchObject({ code: "forbidden" });
    expect(await count(suitong, business)).toEqual(suitongBefore);

    const done = await resetBusinessData(admin, suitong, { confirmName: ` ${c!.name} ` });
    expect(done.total).toBeGreaterThan(0);
    expect(await count(suitong, business)).toEqual(business.map(() => 0));
    expect(await count(suitong, master)).toEqual(masterBefore);
    expect(await count(pengda, [...business, ...master])).toEqual(pengdaBefore);
    const [entry] = await auditOf("companyReset");
    expect(entry).toMatchObject({ userName: "admin", targetId: String(suitong) });
    expect((entry!.before as Record<string, number>)["销售订单"]).toBe(suitongBefore[0]);
    // The company still works: its manager signs in and sees no documents.
    const { ctx } = await ctxOf("boss1");
    expect(ctx.companyId).toBe(suitong);
  });
});
