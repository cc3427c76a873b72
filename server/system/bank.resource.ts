import { asc, eq } from "drizzle-orm";
import { equals, keywordOn } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { db } from "../db/client";
import { BankInputSchema } from "./bank.input";
import { banks } from "../reference/reference.tables";

/**
 * 银行设置 (/system/setting/bank, XTGL-008): the platform's bank list. Every signed-in user reads
 * it (bank accounts and payments name a bank); only the platform operator writes it.
 */
export const bankResource = defineResource({
  name: "bank",
  label: "银行",
  pageName: "银行设置",
  pageUrl: "/system/setting/bank",
  writeCode: "XTGL-008",
  platformWrite: true,
  scope: "platform",
  table: banks,
  sortable: { sortOrder: banks.sortOrder, name: banks.nameSort, code: banks.code, id: banks.id },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { isEnabled: equals(banks.isEnabled, "bool") },
  keyword: keywordOn(banks.name, banks.code),
  input: BankInputSchema,
  unique: { banks_name_uq: ["name", "银行名称已存在"], banks_code_uq: ["code", "银行编码已存在"] },
  exportAs: { isEnabled: (r) => (r.isEnabled ? "启用" : "停用") },
});

/** The enabled banks' names in list order: the choices a bank-account form offers. */
export async function enabledBankNames(): Promise<string[]> {
  const rows = await db().select({ name: banks.name }).from(banks).where(eq(banks.isEnabled, true)).orderBy(asc(banks.sortOrder), asc(banks.id));
  return rows.map((r) => r.name);
}
