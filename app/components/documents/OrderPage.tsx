import type { ReactNode } from "react";
import { PAYMENT_TERMS, labelOf } from "#server/lib/dictionary";
import { formatMoneyText } from "#server/lib/decimal-text";
import { qtyText, type DocumentActionSpec } from "./DocumentActionButton";
import { DocumentActionBar, DocumentBadge, DocumentHeader, DocumentPage, DocumentSummary, documentActionButtons, type SummaryItem } from "./DocumentPage";
import { OrderDraftForm, type OrderCreatePageProps } from "./OrderForm";

/**
 * An order's own page, either side (销售订单 / 采购订单): the header (number, status, 只读, 打印),
 * then a draft's form or a submitted order's summary, lines and action bar. The routes give what
 * is their own: the summary's fields, the lines, the actions' labels, more badges and buttons.
 */

const SIDES = {
  sale: { title: "销售订单", prefix: "so", partner: "客户" },
  purchase: { title: "采购订单", prefix: "po", partner: "供应商" },
} as const;

/** A draft's 删除, the same on both sides. */
const REMOVE_DRAFT: DocumentActionSpec = { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" };

type SummaryItems = readonly (SummaryItem | false | null | undefined)[];

export interface OrderPageProps {
  side: keyof typeof SIDES;
  /** The loader's page: the order and whether it may be printed. */
  loaded: {
    canPrint: boolean;
    order: {
      id: number;
      no: string;
      status: number;
      statusLabel: string;
      partnerName: string;
      warehouseName: string;
      paymentTerm: number | null;
      totalQty: string;
      /** Left out when the user may not see the order's prices. */
      totalAmount?: string;
    } | null;
  };
  /** Badges after 只读 (信用审批 …). */
  badges?: ReactNode;
  /**
   * The page as its own menu entry opens it (with the actions the order's status allows now), and
   * the action's answer: a draft shows them in its form, with the draft's own actions (删除, 作废 …)
   * as the form's extra buttons and a notice above it. Null when the worker of a step of the
   * order's chain opened it (a stock keeper from his note): read only, no actions, no list to go back to.
   */
  form: (OrderCreatePageProps & { draftActions: readonly string[]; notice?: ReactNode }) | null;
  /** The labels and confirmations of the order's actions (删除 is the kit's). */
  specs: Record<string, DocumentActionSpec>;
  /** A submitted order's fields besides partner, warehouse, terms and totals: the people (after 结算方式), then the rest (after 总金额). */
  summary: { people: SummaryItems; rest: SummaryItems };
  spacedSummary?: boolean;
  /** A submitted order's lines and what goes with them, between the summary and the action bar. */
  children: ReactNode;
  /** Buttons before the actions (收货, 退货 …). */
  actionsBefore?: ReactNode;
  /** Below the page, whatever the status (the order's history). */
  footer?: ReactNode;
}

export function OrderPage(props: OrderPageProps) {
  const { side, loaded, form } = props;
  const { title, prefix, partner } = SIDES[side];
  const order = loaded.order!;
  const readOnly = form === null;
  const specs = { remove: REMOVE_DRAFT, ...props.specs };
  return (
    <DocumentPage>
      <DocumentHeader
        title={title}
        no={order.no}
        noTestId={`${prefix}-no`}
        status={order.statusLabel}
        statusTestId={`${prefix}-status`}
        badges={
          <>
            {readOnly ? <DocumentBadge testId={`${prefix}-read-only`}>只读</DocumentBadge> : null}
            {props.badges}
          </>
        }
        printHref={loaded.canPrint ? `/print/${side}?type=${side}&orderId=${order.id}` : null}
        printTestId={`${prefix}-print`}
      />
      {form && order.status === 0 ? (
        <>
          {form.notice}
          <OrderDraftForm {...form} extraButtons={documentActionButtons(form.draftActions, specs, `${prefix}-action-`)} />
        </>
      ) : (
        <>
          <DocumentSummary
            spaced={props.spacedSummary}
            items={[
              { label: partner, value: order.partnerName, testId: `${prefix}-partner` },
              { label: "仓库", value: order.warehouseName },
              { label: "结算方式", value: labelOf(PAYMENT_TERMS, order.paymentTerm as 100) || "—" },
              ...props.summary.people,
              { label: "总数量", value: qtyText(order.totalQty) },
              order.totalAmount !== undefined && { label: "总金额", value: formatMoneyText(order.totalAmount), testId: `${prefix}-total` },
              ...props.summary.rest,
            ]}
          />
          {props.children}
          <DocumentActionBar
            actions={form?.loaded.actions ?? []}
            specs={specs}
            testIdPrefix={`${prefix}-action-`}
            backTo={readOnly ? null : `/${side}/order`}
            before={props.actionsBefore}
          />
        </>
      )}
      {props.footer}
    </DocumentPage>
  );
}
