import { INVENTORY_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/**
 * 库存盘点: 0 草稿 → 10 盘点中 (the list is frozen, count sheets printed, counts entered) →
 * 100 已过账; 作废 from 0 or 10; a posted stocktake is undone by 红冲 (→ 90).
 */
export const INVENTORY_DRAFT = 0;
export const INVENTORY_COUNTING = 10;
export const INVENTORY_POSTED = 100;
export const INVENTORY_VOID = 90;

export const INVENTORY_ORDER_MACHINE = defineStatusMachine({
  label: "盘点单",
  statuses: INVENTORY_ORDER_STATUSES,
  actions: {
    update: { label: "修改", from: [INVENTORY_DRAFT], to: null },
    remove: { label: "删除", from: [INVENTORY_DRAFT], to: null },
    start: { label: "开始盘点", from: [INVENTORY_DRAFT], to: INVENTORY_COUNTING },
    count: { label: "录入实盘", from: [INVENTORY_COUNTING], to: null },
    addLine: { label: "添加盘盈行", from: [INVENTORY_COUNTING], to: null },
    post: { label: "过账", from: [INVENTORY_COUNTING], to: INVENTORY_POSTED },
    void: { label: "作废", from: [INVENTORY_DRAFT, INVENTORY_COUNTING], to: INVENTORY_VOID },
    reverse: { label: "红冲", from: [INVENTORY_POSTED], to: INVENTORY_VOID },
  },
});

export type InventoryOrderAction = keyof typeof INVENTORY_ORDER_MACHINE.actions;
