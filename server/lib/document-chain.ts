import type { Ctx } from "./context";

/**
 * Who works which step of the goods' chain (issue 20 item 6), beyond the document's own page
 * code, in one table. The rule: whoever works a step of the chain may take that step's action on
 * the document, and opens read-only the documents it links to, without prices unless the
 * document's price rule (server/lib/price-rules.ts) lets them read them.
 *
 * - 退货入库 (XSGL-010, 仓管): confirms a sales return into the warehouse (确认入库) once approved.
 * - The picking note and the delivery note (XSGL-006/007) and the return inbound link to the
 *   sales order; receiving and put-away notes (CGGL-009/010) to the purchase order and the
 *   receiving note.
 */
export const STEP_CODES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  salesReturnOrder: { confirm: ["XSGL-010"] },
};

/** Document (its JSON API name) → the codes of the steps whose documents link to it: they read it read-only. */
export const LINKED_READERS: Readonly<Record<string, readonly string[]>> = {
  salesOrder: ["XSGL-006", "XSGL-007", "XSGL-010"],
  salesReturnOrder: ["XSGL-010"],
  deliveryOrder: ["XSGL-010"],
  purchaseOrder: ["CGGL-009", "CGGL-010"],
  receiveOrder: ["CGGL-010"],
};

/** The codes that may take `action` on a document of `doc` besides its writers. */
export function stepCodesOf(doc: string, action: string): readonly string[] {
  const steps = STEP_CODES[doc];
  return steps && Object.hasOwn(steps, action) ? steps[action]! : [];
}

/** Whether the caller works a step of `doc`'s chain (takes a step's action on it, or holds a document linking to it). */
export function readsAsLinked(ctx: Pick<Ctx, "permissions">, doc: string): boolean {
  const codes = [...(LINKED_READERS[doc] ?? []), ...Object.values(STEP_CODES[doc] ?? {}).flat()];
  return codes.some((c) => ctx.permissions.has(c));
}

/** Whether the caller may take `action` on `doc` as the worker of that step. */
export function worksStep(ctx: Pick<Ctx, "permissions">, doc: string, action: string): boolean {
  return stepCodesOf(doc, action).some((c) => ctx.permissions.has(c));
}

/** The reading codes of a document resource: its page codes plus the chain's linked readers. */
export function withLinkedReaders(doc: string, codes: readonly string[]): string[] {
  return [...new Set([...codes, ...(LINKED_READERS[doc] ?? []), ...Object.values(STEP_CODES[doc] ?? {}).flat()])];
}
