import { describe, expect, it } from "vitest";
import { assertTransition, canTransition } from "../kernel/status-machine";
import { SALES_RETURN_MACHINE, type SalesReturnAction } from "./sales-return.status";

/** The whole (status, action) table: exactly these pairs are allowed, every other one refused. */
const ALLOWED: Record<SalesReturnAction, [number[], number | null]> = {
  update: [[0], null],
  remove: [[0], null],
  submit: [[0], 10],
  approve: [[10], 20],
  reject: [[10], 0],
  confirm: [[20], 100],
  cancel: [[0, 10, 20], 90],
  reverse: [[100], 95],
};
const STATUSES = [0, 10, 20, 90, 95, 100];

describe("sales return status machine", () => {
  it("allows exactly the table's pairs and names both sides when refusing", () => {
    for (const [action, [from, to]] of Object.entries(ALLOWED) as [SalesReturnAction, [number[], number | null]][]) {
      expect(SALES_RETURN_MACHINE.actions[action].to).toBe(to);
      for (const s of STATUSES) {
        expect(canTransition(SALES_RETURN_MACHINE, action, s), `${action} from ${s}`).toBe(from.includes(s));
        if (!from.includes(s)) expect(() => assertTransition(SALES_RETURN_MACHINE, action, s)).toThrow(/^销售退货单当前状态为“.+”，不能/);
      }
    }
    expect(Object.keys(SALES_RETURN_MACHINE.actions).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it("has the final statuses 90 and 95", () => {
    for (const s of [90, 95]) for (const a of Object.keys(ALLOWED) as SalesReturnAction[]) expect(canTransition(SALES_RETURN_MACHINE, a, s)).toBe(false);
  });
});
