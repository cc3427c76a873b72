import { normalizeNumberText } from "../lib/number-text";

/**
 * What a receipt or payment of `amount` will settle, document by document, as confirming it
 * allocates (server/finance/partner-payment.service.ts allocate): the ticked documents first,
 * then the other open documents oldest first (the list's order), each up to what is still open;
 * what is left stays on account (预收 / 预付). Pure and exact (cents as integers): the receipt
 * form shows it as it is typed, with or without JavaScript.
 */
export interface OpenDocumentForPlan {
  entryId: number;
  outstanding: string;
}

function centsOf(text: string | null | undefined): bigint | null {
  const t = normalizeNumberText(text ?? "");
  if (t === null || t === "") return null;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? "").padEnd(2, "0") || "0");
  return m[1] ? -cents : cents;
}

const textOf = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;

export function plannedAllocation(
  amount: string | null | undefined,
  docs: readonly OpenDocumentForPlan[],
  chosen: readonly number[],
): { settles: Map<number, string>; left: string | null } {
  const settles = new Map<number, string>();
  let left = centsOf(amount);
  if (left === null || left <= 0n) return { settles, left: null };
  const picked = new Set(chosen);
  const order = [...docs.filter((d) => picked.has(d.entryId)), ...docs.filter((d) => !picked.has(d.entryId))];
  for (const d of order) {
    if (left <= 0n) break;
    const open = centsOf(d.outstanding) ?? 0n;
    if (open <= 0n) continue;
    const part = open < left ? open : left;
    settles.set(d.entryId, textOf(part));
    left -= part;
  }
  return { settles, left: textOf(left) };
}
