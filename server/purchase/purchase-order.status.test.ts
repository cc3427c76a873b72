import { describe, expect, it } from "vitest";
import { actionsFor, assertTransition, canTransition } from "../kernel/status-machine";
import { PURCHASE_ORDER_MACHINE } from "./purchase-order.status";

/**
 * The whole table, written out by hand: for every status of spec 000 §4 and every action, is it
 * allowed, and to what. A change to the machine that is not also made here fails this test.
 */
const ALLOWED: Record<number, Record<string, number | "computed" | false>> = {
  0: { save: 0, remove: "computed", submit: 10, cancel: 90, complete: false, receive: false },
  10: { save: false, remove: false, submit: false, cancel: 90, complete: false, receive: "computed" },
  20: { save: false, remove: false, submit: false, cancel: false, complete: false, receive: "computed" },
  30: { save: false, remove: false, submit: false, cancel: false, complete: 100, receive: "computed" },
  40: { save: false, remove: false, submit: false, cancel: false, complete: 100, receive: "computed" },
  90: { save: false, remove: false, submit: false, cancel: false, complete: false, receive: false },
  100: { save: false, remove: false, submit: false, cancel: false, complete: false, receive: false },
};

describe("purchase order status machine", () => {
  it("has exactly the statuses of spec 000 §4", () => {
    expect(PURCHASE_ORDER_MACHINE.statuses.map(([c, l]) => `${c} ${l}`)).toEqual([
      "0 草稿",
      "10 待收货",
      "20 收货中",
      "30 部分收货",
      "40 收货完成",
      "90 已作废",
      "100 订单已完成",
    ]);
    expect(
      Object.keys(ALLOWED)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(PURCHASE_ORDER_MACHINE.statuses.map(([c]) => c));
  });

  it("has exactly the actions of the table", () => {
    expect(Object.keys(PURCHASE_ORDER_MACHINE.actions).sort()).toEqual(Object.keys(ALLOWED[0]!).sort());
  });

  for (const [statusText, row] of Object.entries(ALLOWED)) {
    const status = Number(statusText);
    for (const [action, expected] of Object.entries(row)) {
      const a = action as keyof typeof PURCHASE_ORDER_MACHINE.actions;
      it(`${status} × ${action}: ${expected === false ? "refused" : `allowed → ${expected}`}`, () => {
        expect(canTransition(PURCHASE_ORDER_MACHINE, a, status)).toBe(expected !== false);
        if (expected === false) {
          expect(() => assertTransition(PURCHASE_ORDER_MACHINE, a, status)).toThrow(/^采购订单当前状态为“.+”，不能.+$/);
        } else {
          expect(() => assertTransition(PURCHASE_ORDER_MACHINE, a, status)).not.toThrow();
          expect(PURCHASE_ORDER_MACHINE.actions[a].to).toBe(expected === "computed" ? null : expected);
        }
      });
    }
  }

  it("offers each status its buttons", () => {
    expect(actionsFor(PURCHASE_ORDER_MACHINE, 0)).toEqual(["save", "remove", "submit", "cancel"]);
    expect(actionsFor(PURCHASE_ORDER_MACHINE, 10)).toEqual(["cancel", "receive"]);
    expect(actionsFor(PURCHASE_ORDER_MACHINE, 30)).toEqual(["complete", "receive"]);
    expect(actionsFor(PURCHASE_ORDER_MACHINE, 100)).toEqual([]);
  });

  it("refuses with the document's name and the status in Chinese", () => {
    expect(() => assertTransition(PURCHASE_ORDER_MACHINE, "submit", 10)).toThrow("采购订单当前状态为“待收货”，不能提交");
    expect(() => assertTransition(PURCHASE_ORDER_MACHINE, "cancel", 30)).toThrow("采购订单当前状态为“部分收货”，不能作废");
  });
});
