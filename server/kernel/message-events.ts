import type { MessageVariable } from "./message.tables";

/**
 * 消息事件: the business events that leave notifications, defined here in code because the
 * business code supplies their variables (notify(tx, ctx, code, vars, recipients) in
 * server/kernel/notify.ts, inside the business write's transaction). The
 * operator enables or disables an event (消息事件) and edits its title and body (消息模板); the
 * title and body here are the defaults (恢复默认).
 */
export interface MessageEventVars {
  salesOrderSubmitted: { orderId: number; orderNo: string; customerName: string; amount: string };
  deliveryConfirmed: { orderId: number; orderNo: string; deliveryNo: string; customerName: string; amount: string };
  creditApprovalRequested: { approvalId: number; orderNo: string; customerName: string; amount: string; reason: string };
  approvalResult: { orderId: number; orderNo: string; customerName: string; amount: string; result: string; comment: string };
  receivingConfirmed: { noteId: number; receiveNo: string; orderNo: string; supplierName: string; amount: string };
  returnApprovalRequested: { approvalId: number; returnNo: string; customerName: string; amount: string; reason: string };
  returnApprovalResult: { returnId: number; returnNo: string; customerName: string; amount: string; result: string; comment: string };
}
export type MessageEventCode = keyof MessageEventVars;

export interface MessageEventDefinition<V> {
  name: string;
  description: string;
  /** Who receives it, in words; the caller of notify resolves them. */
  recipients: string;
  /** The event's own variables (ids for the link are not among them). */
  variables: readonly (MessageVariable & { name: keyof V & string })[];
  title: string;
  body: string;
  /** The page a notification opens (a relative path of this application). */
  link: (vars: V) => string;
}

/** Variables every event offers, filled by notify from the signed-in context. */
export const COMMON_VARIABLES: readonly MessageVariable[] = [
  { name: "operatorName", label: "操作人", sample: "陈志强" },
  { name: "companyName", label: "公司", sample: "穗通汽配" },
];

const ORDER_NO = { name: "orderNo", label: "销售订单号", sample: "XS202611200001" } as const;
const CUSTOMER = { name: "customerName", label: "客户", sample: "广州骏达汽车维修厂" } as const;
const RETURN_NO = { name: "returnNo", label: "销售退货单号", sample: "XT202611200001" } as const;
const RETURN_AMOUNT = { name: "amount", label: "退货金额", sample: "￥420.00" } as const;

export const MESSAGE_EVENTS: { readonly [C in MessageEventCode]: MessageEventDefinition<MessageEventVars[C]> } = {
  salesOrderSubmitted: {
    name: "销售订单提交",
    description: "销售订单提交（或信用审批通过后提交）后，通知仓库拣货。",
    recipients: "本公司拥有「拣货单」权限的用户（提交人除外）",
    variables: [ORDER_NO, CUSTOMER, { name: "amount", label: "订单金额", sample: "￥1,280.00" }],
    title: "销售订单 {{orderNo}} 已提交，请安排拣货",
    body: "{{operatorName}} 提交了客户 {{customerName}} 的销售订单 {{orderNo}}，金额 {{amount}}，请及时拣货发货。",
    link: (v) => `/sale/picking?q=${encodeURIComponent(v.orderNo)}`,
  },
  deliveryConfirmed: {
    name: "发货确认",
    description: "发货单确认发货（货物出库、记入客户应收）后，通知订单的业务员。",
    recipients: "销售订单的业务员（确认人本人除外）",
    variables: [
      ORDER_NO,
      { name: "deliveryNo", label: "发货单号", sample: "FH202611200001" },
      CUSTOMER,
      { name: "amount", label: "发货金额", sample: "￥640.00" },
    ],
    title: "销售订单 {{orderNo}} 已发货",
    body: "{{operatorName}} 确认了发货单 {{deliveryNo}}：客户 {{customerName}} 的销售订单 {{orderNo}} 已发货，发货金额 {{amount}}。",
    link: (v) => `/sale/order/${v.orderId}`,
  },
  creditApprovalRequested: {
    name: "信用审批待处理",
    description: "销售订单超出客户信用额度、提交审批后，通知有审批权限的人。",
    recipients: "本公司拥有「需求审批」权限的用户（申请人除外）",
    variables: [
      ORDER_NO,
      CUSTOMER,
      { name: "amount", label: "订单金额", sample: "￥3,600.00" },
      { name: "reason", label: "审批原因", sample: "超出信用额度 ￥600.00；老客户" },
    ],
    title: "信用审批待处理：销售订单 {{orderNo}}",
    body: "{{operatorName}} 提交了客户 {{customerName}} 的销售订单 {{orderNo}}（金额 {{amount}}）的信用审批，原因：{{reason}}。",
    link: (v) => `/demand/approval?decide=${v.approvalId}`,
  },
  approvalResult: {
    name: "审批结果",
    description: "信用审批通过（订单随即提交）或驳回后，通知申请人。",
    recipients: "审批的申请人（审批人本人除外）",
    variables: [
      ORDER_NO,
      CUSTOMER,
      { name: "amount", label: "订单金额", sample: "￥3,600.00" },
      { name: "result", label: "审批结果（通过/驳回）", sample: "通过" },
      { name: "comment", label: "审批意见", sample: "同意，本月回款" },
    ],
    title: "信用审批{{result}}：销售订单 {{orderNo}}",
    body: "你提交的客户 {{customerName}} 的销售订单 {{orderNo}}（金额 {{amount}}）的信用审批已被 {{operatorName}} {{result}}。审批意见：{{comment}}",
    link: (v) => `/sale/order/${v.orderId}`,
  },
  receivingConfirmed: {
    name: "采购收货完成",
    description: "收货单确认收货（货物入收货区、记入应付）后，通知采购订单的采购员。",
    recipients: "采购订单的采购员（确认人本人除外）",
    variables: [
      { name: "receiveNo", label: "收货单号", sample: "SH202611200001" },
      { name: "orderNo", label: "采购订单号", sample: "CG202611180003" },
      { name: "supplierName", label: "供应商", sample: "佛山精工制动系统有限公司" },
      { name: "amount", label: "收货金额", sample: "￥5,200.00" },
    ],
    title: "收货单 {{receiveNo}} 已收货",
    body: "{{operatorName}} 确认了供应商 {{supplierName}} 的收货单 {{receiveNo}}（采购订单 {{orderNo}}），收货金额 {{amount}}，货物已入收货区。",
    link: (v) => `/purchase/receive/${v.noteId}`,
  },
  returnApprovalRequested: {
    name: "退货审批待处理",
    description: "销售退货单提交审批后，通知有退货审批权限的人。",
    recipients: "本公司拥有「退货审批」权限的用户（提交人除外）",
    variables: [RETURN_NO, CUSTOMER, RETURN_AMOUNT, { name: "reason", label: "退货原因", sample: "质量问题、错发" }],
    title: "退货审批待处理：销售退货单 {{returnNo}}",
    body: "{{operatorName}} 提交了客户 {{customerName}} 的销售退货单 {{returnNo}}（退货金额 {{amount}}）的审批，退货原因：{{reason}}。",
    link: (v) => `/demand/returnOrder/approval?review=${v.approvalId}`,
  },
  returnApprovalResult: {
    name: "退货审批结果",
    description: "销售退货单审核通过（等待入库）或驳回（退回草稿）后，通知提交人。",
    recipients: "退货单的提交人（审批人本人除外）",
    variables: [
      RETURN_NO,
      CUSTOMER,
      RETURN_AMOUNT,
      { name: "result", label: "审批结果（通过/驳回）", sample: "驳回" },
      { name: "comment", label: "审批意见", sample: "请附上质检照片" },
    ],
    title: "退货审批{{result}}：销售退货单 {{returnNo}}",
    body: "你提交的客户 {{customerName}} 的销售退货单 {{returnNo}}（退货金额 {{amount}}）已被 {{operatorName}} 审批{{result}}。审批意见：{{comment}}",
    link: (v) => `/sale/returnOrder/${v.returnId}`,
  },
};

/** The registry's order (the pages list events in it). */
export const MESSAGE_EVENT_CODES = Object.keys(MESSAGE_EVENTS) as MessageEventCode[];

export function isMessageEventCode(code: unknown): code is MessageEventCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(MESSAGE_EVENTS, code);
}

/** Everything a template of the event may name: its own variables, then the common ones. */
export function variablesOf(code: MessageEventCode): MessageVariable[] {
  return [...MESSAGE_EVENTS[code].variables, ...COMMON_VARIABLES];
}
