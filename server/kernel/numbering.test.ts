import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { moveOrders } from "../warehouse/warehouse.tables";
import { DEFAULT_RULES, listBusinessCodeRules, nextDocumentNo, noTakenIn, restoreDefaultBusinessCodeRule, saveBusinessCodeRule } from "./numbering";
import { businessCodeRules } from "./numbering.tables";

useTestDatabase();

let boss: Ctx;
let boss2: Ctx;
let stock: Ctx;
const NOW = new Date("2026-03-15T04:00:00Z"); // 2026-03-15 12:00 in Asia/Shanghai
const at = (c: Ctx, now = NOW) => ({ ...c, now });
const take = (c: Ctx, docType: string, opts?: Parameters<typeof nextDocumentNo>[3]) => inTransaction((tx) => nextDocumentNo(tx, c, docType, opts));

beforeAll(async () => {
  boss = at((await ctxOf("boss1")).ctx);
  boss2 = at((await ctxOf("boss2")).ctx);
  stock = at((await ctxOf("stock1")).ctx);
});

describe("numbering rules (/system/businessCode)", () => {
  it("lists every document type with its default rule and the next number", async () => {
    const rules = await listBusinessCodeRules(boss);
    expect(rules.map((r) => r.docType)).toEqual(DEFAULT_RULES.map((r) => r.docType));
    const po = rules.find((r) => r.docType === "purchaseOrder")!;
    expect(po).toMatchObject({ prefix: "CG", datePart: "yyyyMMdd", seqLength: 4, reset: "day", custom: false });
    expect(po.preview).toMatch(/^CG20260315\d{4}$/);
  });

  it("previews exactly the number the next document gets, and takes numbers in order", async () => {
    const before = (await listBusinessCodeRules(boss)).find((r) => r.docType === "purchasePlan")!.preview;
    const no = await take(boss, "purchasePlan");
    expect(no).toBe(before);
    const after = (await listBusinessCodeRules(boss)).find((r) => r.docType === "purchasePlan")!.preview;
    expect(Number(after.slice(-4))).toBe(Number(no.slice(-4)) + 1);
  });

  it("saves the company's own rule, used for the next number; the other company keeps the default", async () => {
    await saveBusinessCodeRule(boss, { docType: "moveOrder", prefix: "tf", datePart: "yyyyMM", seqLength: "6", reset: "month" });
    const [row] = await db()
      .select()
      .from(businessCodeRules)
      .where(and(eq(businessCodeRules.companyId, boss.companyId), eq(businessCodeRules.docType, "moveOrder")));
    expect(row).toMatchObject({ prefix: "TF", datePart: "yyyyMM", seqLength: 6, reset: "month" });
    const view = (await listBusinessCodeRules(boss)).find((r) => r.docType === "moveOrder")!;
    expect(view).toMatchObject({ custom: true, preview: "TF202603000001" });
    expect(await take(boss, "moveOrder")).toBe("TF202603000001");
    expect(await take(boss, "moveOrder")).toBe("TF202603000002");
    // Monthly reset: the next month starts again at 1; another company is untouched.
    expect(await take(at(boss, new Date("2026-04-01T04:00:00Z")), "moveOrder")).toBe("TF202604000001");
    expect((await listBusinessCodeRules(boss2)).find((r) => r.docType === "moveOrder")).toMatchObject({ prefix: "DB", custom: false });
  });

  it("refuses bad rules with Chinese messages per field", async () => {
    const bad = async (input: Record<string, unknown>) => {
      try {
        await saveBusinessCodeRule(boss, input);
      } catch (e) {
        return e as { code: string; message: string; fields?: Record<string, string[]> };
      }
      throw new Error("accepted");
    };
    expect((await bad({ docType: "purchaseOrder", prefix: "CG", datePart: "yyyyMMdd", seqLength: 2, reset: "day" })).fields?.seqLength?.[0]).toBe(
      "流水号长度须为 3–9 位",
    );
    expect((await bad({ docType: "purchaseOrder", prefix: "CG", datePart: "yyyyMMdd", seqLength: 10, reset: "day" })).fields?.seqLength?.[0]).toBe(
      "流水号长度须为 3–9 位",
    );
    expect((await bad({ docType: "purchaseOrder", prefix: "C G", datePart: "yyyyMMdd", seqLength: 4, reset: "day" })).fields?.prefix?.[0]).toBe(
      "前缀只能包含字母、数字和 -",
    );
    expect((await bad({ docType: "purchaseOrder", prefix: "CG", datePart: "yyyyMM", seqLength: 4, reset: "day" })).fields?.reset?.[0]).toContain(
      "日期部分须包含年月日",
    );
    expect((await bad({ docType: "purchaseOrder", prefix: "CG", datePart: "", seqLength: 4, reset: "year" })).fields?.reset?.[0]).toContain("日期部分须包含年");
    expect((await bad({ docType: "nope", prefix: "CG", datePart: "", seqLength: 4, reset: "never" })).message).toBe("单据类型不存在");
    expect((await bad({ docType: "purchaseOrder", prefix: "CG", datePart: "bad", seqLength: 4, reset: "never" })).code).toBe("bad_request");
  });

  it("only holders of 业务编码 change rules", async () => {
    await expect(saveBusinessCodeRule(stock, { docType: "moveOrder", prefix: "X", datePart: "", seqLength: 4, reset: "never" })).rejects.toThrow(
      "没有权限修改编码规则",
    );
    await expect(restoreDefaultBusinessCodeRule(stock, "moveOrder")).rejects.toThrow("没有权限修改编码规则");
  });

  it("restores the default rule", async () => {
    await restoreDefaultBusinessCodeRule(boss, "moveOrder");
    const view = (await listBusinessCodeRules(boss)).find((r) => r.docType === "moveOrder")!;
    expect(view).toMatchObject({ prefix: "DB", datePart: "yyyyMMdd", seqLength: 4, reset: "day", custom: false });
  });

  it("skips numbers already issued when a changed rule would repeat one (exists callback)", async () => {
    // Daily numbers DB202603150001 … 0003 exist as documents; then the rule changes to reset never.
    const issued: string[] = [];
    for (let i = 0; i < 3; i++) issued.push(await take(boss, "moveOrder"));
    expect(issued[0]).toMatch(/^DB20260315\d{4}$/);
    await db()
      .insert(moveOrders)
      .values(issued.map((no) => ({ companyId: boss.companyId, no })));
    await saveBusinessCodeRule(boss, { docType: "moveOrder", prefix: "DB", datePart: "yyyyMMdd", seqLength: 4, reset: "never" });
    // Without the check the "never" counter starts again at 0001, a number a document already has.
    const exists = (no: string) => Promise.resolve(issued.includes(no));
    const next = await take(boss, "moveOrder", { exists });
    expect(issued).not.toContain(next);
    expect(next).toBe(`DB20260315${String(Number(issued[2]!.slice(-4)) + 1).padStart(4, "0")}`);
    // The same through a document table, inside the document's transaction.
    await saveBusinessCodeRule(boss, { docType: "moveOrder", prefix: "DB", datePart: "yyyy", seqLength: 4, reset: "year" });
    await db()
      .insert(moveOrders)
      .values([
        { companyId: boss.companyId, no: "DB20260001" },
        { companyId: boss.companyId, no: "DB20260002" },
      ]);
    const fromTable = await inTransaction((tx) => nextDocumentNo(tx, boss, "moveOrder", { exists: noTakenIn(tx, boss, moveOrders) }));
    expect(fromTable).toBe("DB20260003");
    // Another company's documents never block a number.
    await db().insert(moveOrders).values({ companyId: boss2.companyId, no: "DB20260001" });
    await saveBusinessCodeRule(boss2, { docType: "moveOrder", prefix: "DB", datePart: "yyyy", seqLength: 4, reset: "year" });
    expect(await inTransaction((tx) => nextDocumentNo(tx, boss2, "moveOrder", { exists: noTakenIn(tx, boss2, moveOrders) }))).toBe("DB20260002");
  });

  it("a rolled-back document gives its number back", async () => {
    const before = (await listBusinessCodeRules(boss)).find((r) => r.docType === "inventoryOrder")!.preview;
    await expect(
      inTransaction(async (tx) => {
        await nextDocumentNo(tx, boss, "inventoryOrder");
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await take(boss, "inventoryOrder")).toBe(before);
  });
});
