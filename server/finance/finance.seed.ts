import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { moneyString, mul } from "../lib/decimal";
import { enterpriseRelations } from "../organization/organization.tables";
import { companies, companyUserRoles, roles } from "../kernel/identity.tables";
import { partnerAccounts, paymentMethods } from "./finance.tables";
import { createPartnerPayment, voidPartnerPayment } from "./partner-payment.service";
import { seedPaymentMethods } from "./payment-method.resource";
import { runsAlone } from "../kernel/lock-phase";

/**
 * Demo money: the payment methods of the demo companies, and receipts and payments in every
 * status (草稿, 已确认, 已作废) through the service, so the reconciliation pages show real rows.
 * Runs after the demo documents (receiving notes have posted the suppliers' payables).
 */
export async function seedDemoFinance(tx: Executor, shortNames: readonly string[] = ["穗通汽配", "鹏达汽配", "福达汽配"]) {
  const rows = await tx
    .select({ id: companies.id, shortName: companies.shortName })
    .from(companies)
    .where(inArray(companies.shortName, [...shortNames]))
    .orderBy(asc(companies.id));
  await seedPaymentMethods(
    tx,
    rows.map((r) => r.id),
  );
  for (const c of rows) {
    try {
      await (tx as unknown as { transaction: <T>(fn: (sp: Executor) => Promise<T>) => Promise<T> }).transaction((sp) => seedCompanyMoney(sp, c.id));
    } catch (e) {
      console.warn(`[seed] ${c.shortName} 的演示收付款未能写入：${(e as Error).message}`);
    }
  }
}

async function financeCtx(tx: Executor, companyId: number): Promise<Ctx | null> {
  const [m] = await tx
    .select({ userId: companyUserRoles.userId })
    .from(companyUserRoles)
    .innerJoin(roles, eq(roles.id, companyUserRoles.roleId))
    .where(and(eq(companyUserRoles.companyId, companyId), eq(roles.code, "manager")))
    .orderBy(asc(companyUserRoles.userId))
    .limit(1);
  if (!m) return null;
  return { userId: m.userId, companyId, permissions: new Set(["CWGL-001", "CWGL-003", "CWGL-004"]), now: new Date() } as unknown as Ctx;
}

async function seedCompanyMoney(tx: Executor, companyId: number) {
  runsAlone(tx); // one use case after another in one transaction, at boot: no lock order to keep
  const ctx = await financeCtx(tx, companyId);
  if (!ctx) return;
  const [method] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.companyId, companyId))
    .orderBy(asc(paymentMethods.sortOrder))
    .limit(2);
  if (!method) return;
  const today = new Date().toISOString().slice(0, 10);
  // Suppliers we owe most: half paid (allocated to the oldest receiving notes), one draft, one voided.
  const owed = await tx
    .select({ partnerId: partnerAccounts.partnerId, balance: partnerAccounts.balance })
    .from(partnerAccounts)
    .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, partnerAccounts.partnerId))
    .where(and(eq(partnerAccounts.companyId, companyId), eq(enterpriseRelations.rel, 0), sql`${partnerAccounts.balance} > 0`))
    .orderBy(desc(partnerAccounts.balance))
    .limit(2);
  for (const [i, s] of owed.entries()) {
    const half = moneyString(mul(s.balance, "0.5"));
    await createPartnerPayment(
      ctx,
      { kind: 2, partnerId: s.partnerId, paymentMethodId: method.id, amount: half, paidOn: today, remark: "演示付款" },
      { confirm: true, tx },
    );
    if (i === 0) {
      await createPartnerPayment(
        ctx,
        { kind: 2, partnerId: s.partnerId, paymentMethodId: method.id, amount: "100", paidOn: today, remark: "演示草稿" },
        { tx },
      );
      const v = await createPartnerPayment(
        ctx,
        { kind: 2, partnerId: s.partnerId, paymentMethodId: method.id, amount: "50", paidOn: today, remark: "演示作废" },
        { confirm: true, tx },
      );
      await voidIn(tx, ctx, v.id);
    }
  }
  // Customers: a confirmed receipt (settles what they owe, or stays as an advance) and a draft.
  const customers = await tx
    .select({ id: enterpriseRelations.id })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.companyId, companyId), eq(enterpriseRelations.rel, 1), eq(enterpriseRelations.isEnabled, true)))
    .orderBy(asc(enterpriseRelations.id))
    .limit(2);
  for (const [i, c] of customers.entries()) {
    await createPartnerPayment(
      ctx,
      { kind: 1, partnerId: c.id, paymentMethodId: method.id, amount: i === 0 ? "2000" : "500", paidOn: today, remark: "演示收款" },
      { confirm: true, tx },
    );
    if (i === 0)
      await createPartnerPayment(ctx, { kind: 1, partnerId: c.id, paymentMethodId: method.id, amount: "300", paidOn: today, remark: "演示草稿" }, { tx });
  }
}

/** voidPartnerPayment opens its own transaction; inside the seed it runs as a savepoint of `tx`. */
async function voidIn(tx: Executor, ctx: Ctx, id: number) {
  await voidPartnerPayment(ctx, id, { tx });
}
