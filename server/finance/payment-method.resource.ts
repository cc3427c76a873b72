import { asc, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { defineResource } from "../lib/resource";
import { equals, keywordOn } from "../lib/list-read";
import { paymentMethods, partnerPayments } from "./finance.tables";
import { PaymentMethodInputSchema } from "./payment-method.input";

/**
 * Payment methods (付款方式, XTGL-009, /system/setting/payment): ordinary master data of the
 * company. The JSON name is the spec's paymentApi, `payment` (GET /api/app/payment → items id,
 * name); receipts and payments refer to them, so a used one cannot be deleted (disable it).
 */
export const paymentMethodResource = defineResource({
  name: "payment",
  label: "付款方式",
  pageUrl: "/system/setting/payment",
  writeCode: "XTGL-009",
  readCodes: ["XTGL-009", "CWGL-001"],
  scope: "company",
  table: paymentMethods,
  sortable: { sortOrder: paymentMethods.sortOrder, name: paymentMethods.name, creationTime: paymentMethods.id },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { isEnabled: equals(paymentMethods.isEnabled, "bool") },
  keyword: keywordOn(paymentMethods.name),
  input: PaymentMethodInputSchema,
  unique: { payment_methods_name_uq: ["name", "付款方式名称已存在"] },
  usedBy: [{ table: partnerPayments, column: partnerPayments.paymentMethodId, label: "收付款单" }],
});

/** The demo companies' payment methods (seed; idempotent). */
export const DEFAULT_PAYMENT_METHODS = ["现金", "银行转账", "微信", "支付宝"] as const;

export async function seedPaymentMethods(ex: Executor, companyIds: number[]) {
  const rows = companyIds.flatMap((companyId) => DEFAULT_PAYMENT_METHODS.map((name, i) => ({ companyId, name, sortOrder: i + 1 })));
  if (rows.length) await ex.insert(paymentMethods).values(rows).onConflictDoNothing();
}

/** The company's enabled payment methods (forms' choices). */
export async function paymentMethodChoices(ex: Executor, companyId: number) {
  const rows = await ex
    .select({ id: paymentMethods.id, name: paymentMethods.name })
    .from(paymentMethods)
    .where(sql`${paymentMethods.companyId} = ${companyId} and ${paymentMethods.isEnabled}`)
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id));
  return rows;
}
