import type { Ctx } from "../lib/context";
import type { Lookups } from "../resource/page";
import { enabledBankNames } from "./bank.resource";

/**
 * 银行账户's form (/organization/company/bankAccount) suggests the enabled banks of 银行设置 for
 * 开户银行 (a datalist: a branch name or a bank not on the list is still accepted).
 */
export async function bankNameSuggestions(ctx: Ctx): Promise<Lookups> {
  void ctx;
  return { bankName: (await enabledBankNames()).map((label, i) => ({ value: i + 1, label })) };
}
