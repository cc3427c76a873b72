import { decimalText, formatMoneyText } from "../lib/decimal-text";

/**
 * What a partner's balance means, in words (issue 20 item 8): a customer's positive balance is
 * what they owe (欠款), a negative one money they paid ahead (预收); a supplier's positive balance
 * is what we owe (应付), a negative one what we paid ahead (预付). The amount is always shown
 * positive: "预收 ￥453.50", never "欠款 -￥453.50". Pure: used by pages in the browser too.
 */
export type BalanceSide = "customer" | "supplier";

export function balanceWords(balance: unknown, side: BalanceSide): { label: string; amount: string; text: string } {
  const text = decimalText(balance) ?? "0";
  const ahead = text.startsWith("-");
  const label = side === "customer" ? (ahead ? "预收" : "欠款") : ahead ? "预付" : "应付";
  const amount = formatMoneyText(ahead ? text.slice(1) : text) ?? "￥0.00";
  return { label, amount, text: `${label} ${amount}` };
}
