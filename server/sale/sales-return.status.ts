import { SALES_RETURN_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Sales return statuses (SALES_RETURN_STATUSES). */
export const SR_DRAFT = 0;
export const SR_WAITING_APPROVAL = 10;
export const SR_WAITING_INFLOW = 20;
export const SR_CANCELLED = 90;
export const SR_DONE = 100;
export const SR_REVERSED = 95;

/**
 * The one table of what moves a sales return (销售退货单):
 *
 * | action  | from       | to                                                                  |
 * |---------|------------|---------------------------------------------------------------------|
 * | update  | 0          | 0  (a draft's header and lines)                                     |
 * | remove  | 0          | —  (a draft is deleted)                                             |
 * | submit  | 0          | 10 待审核 (returnable checked; an approval of kind 2 waits)          |
 * | approve | 10         | 20 待入库 (退货审批, XQGL-007)                                       |
 * | reject  | 10         | 0  草稿, with the manager's comment                                  |
 * | confirm | 20         | 100 已完成 (returnable checked again; inflow posted at the original cost, the customer credited) |
 * | cancel  | 0, 10, 20  | 90 已作废 (a waiting approval is closed)                              |
 * | reverse | 100        | 95 已红冲 (the inflow posted back out of the return location at its cost, the order's and delivery's returned quantities and the customer's credit taken back) |
 *
 * 90 and 95 are final. Every other (status, action) pair is refused.
 */
export const SALES_RETURN_MACHINE = defineStatusMachine({
  label: "销售退货单",
  statuses: SALES_RETURN_STATUSES,
  actions: {
    update: { label: "修改", from: [SR_DRAFT], to: null },
    remove: { label: "删除", from: [SR_DRAFT], to: null },
    submit: { label: "提交", from: [SR_DRAFT], to: SR_WAITING_APPROVAL },
    approve: { label: "审核通过", from: [SR_WAITING_APPROVAL], to: SR_WAITING_INFLOW },
    reject: { label: "驳回", from: [SR_WAITING_APPROVAL], to: SR_DRAFT },
    confirm: { label: "确认入库", from: [SR_WAITING_INFLOW], to: SR_DONE },
    cancel: { label: "作废", from: [SR_DRAFT, SR_WAITING_APPROVAL, SR_WAITING_INFLOW], to: SR_CANCELLED },
    reverse: { label: "红冲", from: [SR_DONE], to: SR_REVERSED },
  },
});

export type SalesReturnAction = keyof typeof SALES_RETURN_MACHINE.actions;

/** The actions offered as buttons on the return's page (approve/reject are 退货审批's, update/remove the draft form's). */
export const SALES_RETURN_BUTTONS: readonly SalesReturnAction[] = ["submit", "confirm", "cancel", "reverse"];
