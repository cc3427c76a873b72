import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { commitSessionToken } from "../auth/cookie";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { createRow } from "../lib/resource";
import { apiCollection, apiItem } from "../resource/api";
import { loadResourcePage, resourcePageAction } from "../resource/page";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { CREDIT_CODE, partnerResource } from "./organization.resources";
import { enterpriseRelations } from "./organization.tables";
import "../master-data/registry"; // the resource kit finds resources through it

/**
 * Issue 20 item 13: a customer's credit limit and payment terms decide whether an order needs
 * the manager's credit approval. Only holders of 信用额度 (CWGL-002, 经理 by default) write
 * them, on every path (page form, JSON API PUT and POST); every change is audited with the old
 * and the new value. The partner's other fields stay editable by sales.
 */
useTestDatabase();

let boss1: Ctx;
let sales1: { ctx: Ctx; token: string; cookie: string };
let buyer1: { ctx: Ctx; token: string };
let partnerId: number;

const api = (token: string, method: string, path: string, body?: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

async function stored() {
  const [row] = await db().select().from(enterpriseRelations).where(eq(enterpriseRelations.id, partnerId));
  return row!;
}

async function creditAudits() {
  return db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "creditChange"), eq(auditLogs.targetId, String(partnerId))))
    .orderBy(desc(auditLogs.id));
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "test-secret-for-forms";
  boss1 = (await ctxOf("boss1")).ctx;
  const s = await ctxOf("sales1");
  sales1 = { ...s, cookie: (await commitSessionToken(s.token)).split(";")[0]! };
  buyer1 = await ctxOf("buyer1");
  expect(boss1.permissions.has(CREDIT_CODE)).toBe(true);
  expect(sales1.ctx.permissions.has(CREDIT_CODE)).toBe(false);
  expect(buyer1.ctx.permissions.has(CREDIT_CODE)).toBe(false);
  partnerId = (await createRow<{ id: number }>(partnerResource, boss1, { rel: 1, name: "信用测试客户", creditLimit: "800", paymentTerm: 100 })).id;
});

describe("credit limit and payment terms: 信用额度 (CWGL-002) only", () => {
  it("records the credit a manager sets on a new partner", async () => {
    const [entry] = await creditAudits();
    expect(entry).toMatchObject({ userId: boss1.userId, before: { creditLimit: null, paymentTerm: null } });
    expect(entry!.after).toMatchObject({ creditLimit: "800.00", paymentTerm: 100 });
  });

  it("refuses sales and purchasing through the JSON API (PUT and POST) with a Chinese 403 and changes nothing", async () => {
    for (const [token, body, message] of [
      [sales1.token, { creditLimit: "0" }, "没有权限修改信用额度"],
      [buyer1.token, { creditLimit: "0" }, "没有权限修改信用额度"],
      [sales1.token, { paymentTerm: 200 }, "没有权限修改结算方式"],
    ] as const) {
      const res = await apiItem(api(token, "PUT", `/api/app/enterpriseRelation/${partnerId}`, body), "enterpriseRelation", String(partnerId));
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toBe(message);
    }
    const created = await apiCollection(
      api(sales1.token, "POST", "/api/app/enterpriseRelation", { rel: 1, name: "销售新建带额度", creditLimit: "99999" }),
      "enterpriseRelation",
    );
    expect(created.status).toBe(403);
    const row = await stored();
    expect(row.creditLimit).toBe("800.00");
    expect(row.paymentTerm).toBe(100);
    expect(await creditAudits()).toHaveLength(1);
    const [none] = await db().select().from(enterpriseRelations).where(eq(enterpriseRelations.name, "销售新建带额度"));
    expect(none).toBeUndefined();
  });

  it("lets sales change the partner's other fields (the row sent back whole keeps its credit)", async () => {
    const res = await apiItem(
      api(sales1.token, "PUT", `/api/app/enterpriseRelation/${partnerId}`, { contactName: "李四", creditLimit: "800.00" }),
      "enterpriseRelation",
      String(partnerId),
    );
    expect(res.status).toBe(200);
    const row = await stored();
    expect(row.contactName).toBe("李四");
    expect(row.creditLimit).toBe("800.00");
  });

  it("the page form leaves the credit fields out for sales, and refuses them when posted anyway", async () => {
    const page = await loadResourcePage(
      new Request(`http://localhost/organization/partner?edit=${partnerId}`, { headers: { Cookie: sales1.cookie } }),
      "/organization/partner",
    );
    expect(page.data.lockedFields).toEqual(expect.arrayContaining(["creditLimit", "paymentTerm"]));
    expect(page.data.form).not.toHaveProperty("creditLimit");
    expect(page.data.form).toHaveProperty("contactName");
    const post = new Request("http://localhost/organization/partner", {
      method: "POST",
      headers: { Cookie: sales1.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", id: String(partnerId), rel: "1", name: "信用测试客户", creditLimit: "0" }),
    });
    const res = await resourcePageAction(post, "/organization/partner");
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).toContain("没有权限修改信用额度");
    expect((await stored()).creditLimit).toBe("800.00");
  });

  it("lets the manager change it, audited with the old and the new value", async () => {
    const res = await apiItem(
      api((await ctxOf("boss1")).token, "PUT", `/api/app/enterpriseRelation/${partnerId}`, { creditLimit: "0" }),
      "enterpriseRelation",
      String(partnerId),
    );
    expect(res.status).toBe(200);
    expect((await stored()).creditLimit).toBe("0.00");
    const [entry] = await creditAudits();
    expect(entry).toMatchObject({ userId: boss1.userId, before: { creditLimit: "800.00" }, after: { creditLimit: "0.00" } });
    expect(entry!.summary).toContain("信用额度 800.00 → 0.00");
  });
});
