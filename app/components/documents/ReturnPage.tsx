import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { PurchaseReturnPageData } from "#server/purchase/purchase-return.page";
import type { SalesReturnPageData } from "#server/sale/sales-return.page";
import type { SalesReturnView } from "#server/sale/sales-return.service";
import { qtyText, type DocumentActionSpec } from "./DocumentActionButton";
import {
  DocumentActionBar,
  DocumentHeader,
  DocumentLines,
  DocumentPage,
  DocumentSummary,
  documentActionButtons,
  type LineTableColumn,
  type SummaryItem,
} from "./DocumentPage";
import { ReturnForm, ReturnOrderLookup } from "./ReturnForm";

/**
 * The return pages of both sides (销售退货 / 采购退货): the create page and a return's own page
 * (a draft is edited in the shared ReturnForm; later statuses show the summary, the lines and
 * the actions the status allows). The twin routes render these with their side.
 */

type SaleDoc = NonNullable<SerializeFrom<SalesReturnPageData>["doc"]>;
type PurchaseDoc = NonNullable<SerializeFrom<PurchaseReturnPageData>["doc"]>;

const SALE_ACTIONS: Record<string, DocumentActionSpec> = {
  submit: { label: "提交审批", primary: true },
  confirm: { label: "确认入库", primary: true, confirm: "确认后退货商品将入库，并冲减客户欠款，是否继续？" },
  cancel: { label: "作废", danger: true, confirm: "确定作废该销售退货单吗？" },
  reverse: { label: "红冲", danger: true, confirm: "红冲将把退回的货物从退货库位出库，并冲回客户的退货款，是否继续？" },
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

const PURCHASE_ACTIONS: Record<string, DocumentActionSpec> = {
  submit: { label: "提交" },
  confirm: { label: "确认出库", confirm: "确认后库存将减少，是否继续？" },
  cancel: { label: "作废", danger: true, confirm: "确定作废该采购退货单吗？" },
  reverse: { label: "红冲", danger: true, confirm: "红冲将把退出的库存加回，是否继续？" },
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

const APPROVAL_NAMES: Record<number, string> = { 0: "待审核", 1: "通过", 2: "驳回" };

/** The sales return's lines, read only (its page after submit, the approval page). */
export const SALE_RETURN_LINE_COLUMNS: LineTableColumn<SerializeFrom<SalesReturnView>["lines"][number]>[] = [
  { header: "序号", cell: (l) => l.lineNo },
  { header: "产品编码", cell: (l) => l.mainOE },
  { header: "产品名称", cell: (l) => l.productName },
  { header: "发货单", cell: (l) => l.deliverOrderNo ?? "—" },
  { header: "批次", cell: (l) => l.batchNo || "—" },
  { header: "数量", num: true, cell: (l) => qtyText(l.qty) },
  { header: "单价", num: true, cell: (l) => formatMoneyText(l.price) },
  { header: "金额", num: true, cell: (l) => formatMoneyText(l.amount) },
  { header: "退货原因", cell: (l) => l.reasonName },
  { header: "备注", cell: (l) => l.remark ?? "" },
];

const PURCHASE_RETURN_LINE_COLUMNS: LineTableColumn<PurchaseDoc["lines"][number]>[] = [
  { header: "序号", cell: (l) => l.lineNo },
  { header: "产品编码", cell: (l) => l.mainOE },
  { header: "产品名称", cell: (l) => l.productName },
  { header: "货位", cell: (l) => l.locationName },
  { header: "批次", cell: (l) => l.batchNo || "—" },
  { header: "数量", num: true, cell: (l) => qtyText(l.qty) },
  { header: "单价", num: true, cell: (l) => formatMoneyText(l.price) },
  { header: "金额", num: true, cell: (l) => formatMoneyText(l.amount) },
  { header: "退货原因", cell: (l) => l.reasonName },
  { header: "备注", cell: (l) => l.remark ?? "" },
];

function saleSummary(doc: SaleDoc): SummaryItem[] {
  return [
    { label: "客户", value: doc.partnerName, testId: "sr-partner" },
    { label: "仓库", value: doc.warehouseName },
    { label: "销售单", value: doc.salesOrderId ? <Link to={`/sale/order/${doc.salesOrderId}`}>{doc.salesOrderNo}</Link> : "—（直接退货）" },
    { label: "入库货位", value: doc.locationName ?? "—", testId: "sr-location" },
    { label: "总数量", value: qtyText(doc.totalQty), testId: "sr-total-qty" },
    { label: "退货金额", value: doc.totalAmount === undefined ? "—" : formatMoneyText(doc.totalAmount), testId: "sr-total" },
    { label: "制单人", value: doc.createdByName ?? "—" },
    {
      label: "审批",
      value: doc.approval
        ? `${APPROVAL_NAMES[doc.approval.status] ?? ""}${doc.approval.decidedByName ? `（${doc.approval.decidedByName}）` : ""}${doc.approval.comment ? `：${doc.approval.comment}` : ""}`
        : "—",
      testId: "sr-approval",
    },
    { label: "入库人", value: doc.postedByName ?? "—" },
    { label: "备注", value: doc.remark ?? "—" },
  ];
}

function purchaseSummary(doc: PurchaseDoc): SummaryItem[] {
  return [
    { label: "供应商", value: doc.partnerName, testId: "pr-partner" },
    { label: "仓库", value: doc.warehouseName },
    { label: "采购单", value: doc.purchaseOrderId ? <Link to={`/purchase/order/${doc.purchaseOrderId}`}>{doc.purchaseOrderNo}</Link> : "—" },
    { label: "制单人", value: doc.createdByName ?? "—" },
    { label: "总数量", value: qtyText(doc.totalQty), testId: "pr-total-qty" },
    { label: "总金额", value: formatMoneyText(doc.totalAmount), testId: "pr-total" },
    { label: "出库人", value: doc.postedByName ?? "—" },
    { label: "备注", value: doc.remark ?? "—" },
  ];
}

export type ReturnPageProps =
  | { side: "sale"; loaded: SerializeFrom<SalesReturnPageData>; answered: SerializeFrom<SalesReturnPageData> | undefined }
  | { side: "purchase"; loaded: SerializeFrom<PurchaseReturnPageData>; answered: SerializeFrom<PurchaseReturnPageData> | undefined };

/** A return's own page. A sales return opened by the worker of a step (仓管 确认入库) is read only: no form, no print. */
export function ReturnDocumentPage(props: ReturnPageProps) {
  const { side, loaded, answered } = props;
  const doc = loaded.doc!;
  const readOnly = props.side === "sale" && !!props.loaded.readOnly;
  const draft = doc.status === 0 && !readOnly;
  const prefix = side === "sale" ? "sr" : "pr";
  const specs = side === "sale" ? SALE_ACTIONS : PURCHASE_ACTIONS;
  // A new key per answer: the uncontrolled inputs show what the server answered.
  const formKey = answered
    ? JSON.stringify(answered.lines.map((l) => l.values)) +
      (answered.message ?? "") +
      (props.side === "purchase" && props.answered ? (props.answered.values.batchQ ?? "") : "")
    : "draft";
  const extraButtons = documentActionButtons(["cancel", "remove"], specs, `${prefix}-action-`);
  return (
    <DocumentPage>
      <DocumentHeader
        title={side === "sale" ? "销售退货单" : "采购退货单"}
        no={doc.no}
        status={doc.statusName}
        statusTestId={`${prefix}-status`}
        printHref={
          draft || readOnly
            ? null
            : side === "sale"
              ? `/print/saleReturn?type=saleReturn&orderId=${doc.id}`
              : `/print/purchaseReturn?type=purchaseReturn&orderId=${doc.id}`
        }
        printTestId={`${prefix}-print`}
      />
      {draft ? (
        props.side === "sale" ? (
          <ReturnForm side="sale" key={formKey} data={props.answered ?? props.loaded} extraButtons={extraButtons} />
        ) : (
          <ReturnForm side="purchase" key={formKey} data={props.answered ?? props.loaded} extraButtons={extraButtons} />
        )
      ) : (
        <>
          {props.side === "sale" ? (
            <DocumentSummary spaced items={saleSummary(props.loaded.doc!)} />
          ) : (
            <DocumentSummary spaced items={purchaseSummary(props.loaded.doc!)} />
          )}
          {props.side === "sale" ? (
            <DocumentLines caption="退货明细" testId="sr-lines" columns={SALE_RETURN_LINE_COLUMNS} lines={props.loaded.doc!.lines} rowKey={(l) => l.id} />
          ) : (
            <DocumentLines caption="退货明细" testId="pr-lines" columns={PURCHASE_RETURN_LINE_COLUMNS} lines={props.loaded.doc!.lines} rowKey={(l) => l.id} />
          )}
          <DocumentActionBar
            actions={doc.actions}
            specs={specs}
            testIdPrefix={`${prefix}-action-`}
            backTo={side === "purchase" ? "/purchase/returnOrder" : readOnly ? "/sale/returnInbound" : "/sale/returnOrder"}
          />
        </>
      )}
    </DocumentPage>
  );
}

/** 新建销售退货单 (with 从销售订单退货) / 新建采购退货单 (from an order: 从采购单 … 退货). */
export function ReturnCreatePage(props: ReturnPageProps) {
  if (props.side === "sale") {
    const data = props.answered ?? props.loaded;
    return (
      <DocumentPage>
        <DocumentHeader title={data.values.salesOrderNo ? `从销售单 ${data.values.salesOrderNo} 退货` : "新建销售退货单"} />
        <ReturnOrderLookup data={props.loaded} />
        <ReturnForm side="sale" key={JSON.stringify(data.lines.map((l) => l.values)) + (data.values.salesOrderId ?? "") + (data.message ?? "")} data={data} />
      </DocumentPage>
    );
  }
  const data = props.answered ?? props.loaded;
  return (
    <DocumentPage>
      <DocumentHeader title={data.values.purchaseOrderNo ? `从采购单 ${data.values.purchaseOrderNo} 退货` : "新建采购退货单"} />
      <ReturnForm side="purchase" key={JSON.stringify(data.lines.map((l) => l.values)) + (data.values.batchQ ?? "")} data={data} />
    </DocumentPage>
  );
}
