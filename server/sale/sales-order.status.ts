import { SALES_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Sales order statuses (spec 000 §4). */
export const SO_DRAFT = 0;
export const SO_WAITING = 30;
export const SO_DELIVERING = 40;
export const SO_PARTIAL = 50;
export const SO_DELIVERED = 60;
export const SO_CANCELLED = 90;
export const SO_NO_DEAL = 95;
export const SO_DONE = 100;

/**
 * The one table of what moves a sales order (销售订单):
 *
 * | action          | from            | to                                                        |
 * |-----------------|-----------------|-----------------------------------------------------------|
 * | save            | 0               | 0  (a draft's header and lines)                           |
 * | remove          | 0               | —  (a draft is deleted)                                   |
 * | submit          | 0               | 30 待发货 (credit checked, stock locked FIFO, shortage → demand) |
 * | requestApproval | 0               | 0  (over the credit limit: an approval waits; approving submits) |
 * | noDeal          | 0               | 95 未成交 (a quote that did not become a sale)             |
 * | pick            | 30, 50          | 40 发货中 (a picking list / delivery note is made)         |
 * | deliver         | 30, 40, 50      | 50 部分发货 / 60 发货完成 from the lines (refreshSalesOrderStatus) |
 * | cancel          | 30, 40, 50      | 90 买家已取消 (locks released, demands dropped, open picking/delivery voided; after a partial delivery the remainder is cancelled) |
 * | complete        | 60              | 100 已完成                                                 |
 *
 * A draft is deleted or marked 未成交 instead (a waiting approval of it is then closed); 90, 95
 * and 100 are final. Every other (status, action) pair is refused.
 */
export const SALES_ORDER_MACHINE = defineStatusMachine({
  label: "销售订单",
  statuses: SALES_ORDER_STATUSES,
  actions: {
    save: { label: "保存", from: [SO_DRAFT], to: SO_DRAFT },
    remove: { label: "删除", from: [SO_DRAFT], to: null },
    submit: { label: "提交", from: [SO_DRAFT], to: SO_WAITING },
    requestApproval: { label: "提交审批", from: [SO_DRAFT], to: SO_DRAFT },
    noDeal: { label: "未成交", from: [SO_DRAFT], to: SO_NO_DEAL },
    pick: { label: "生成拣货单", from: [SO_WAITING, SO_PARTIAL], to: SO_DELIVERING },
    deliver: { label: "发货", from: [SO_WAITING, SO_DELIVERING, SO_PARTIAL], to: null },
    cancel: { label: "取消订单", from: [SO_WAITING, SO_DELIVERING, SO_PARTIAL], to: SO_CANCELLED },
    complete: { label: "完成", from: [SO_DELIVERED], to: SO_DONE },
  },
});
export type SalesOrderAction = keyof typeof SALES_ORDER_MACHINE.actions;

/** The actions a user starts from the order's page (its buttons), in this order. */
export const SALES_ORDER_USER_ACTIONS = ["submit", "requestApproval", "pick", "noDeal", "cancel", "complete"] as const satisfies readonly SalesOrderAction[];
