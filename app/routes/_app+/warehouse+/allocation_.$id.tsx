import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { DocumentActionButton, qtyText, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DocumentActionBar, DocumentHeader, DocumentLines, DocumentSummary } from "~/components/documents/DocumentPage";
import { useRef } from "react";
import { useRefreshOnChange } from "~/hooks/useRefreshOnChange";
import css from "~/components/grid/grid.module.css";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import wh from "~/components/warehouse/warehouse.module.css";
import type { MoveOrderPageData } from "#server/warehouse/move-order.page";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadMoveOrderPage, moveOrderPageAction } from "~/server/warehouse.server";

/** One transfer: a draft is edited here (the shared line editor; works without JavaScript); later statuses show lines and their actions. */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadMoveOrderPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return moveOrderPageAction(request, params.id);
}

const ACTIONS: Record<string, DocumentActionSpec> = {
  confirm: { label: "确认调拨", confirm: "确认后库存将从调出货位移到调入货位，是否继续？" },
  void: { label: "作废", danger: true, confirm: "确定作废该调拨单吗？" },
  reverse: { label: "红冲", danger: true, confirm: "红冲将把库存移回调出货位，是否继续？" },
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

function ActionButton({ action }: { action: string }) {
  return <DocumentActionButton action={action} spec={ACTIONS[action]} testId={`mo-action-${action}`} />;
}

const qty = qtyText;

export default function MoveOrderPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const data = answered && "lines" in answered ? answered : loaded;
  const doc = data.doc;
  const draft = !doc || doc.status === 0;
  const busy = useNavigation().state === "submitting";
  return (
    <div className={wh.page}>
      <DocumentHeader
        title={doc ? "调拨单" : "新建调拨单"}
        no={doc?.no}
        status={doc ? doc.statusLabel : undefined}
        statusTestId="mo-status"
        printHref={doc ? `/print/allocation?type=allocation&orderId=${doc.id}` : null}
        printTestId="mo-print"
      >
        <Link to="/warehouse/allocation" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </DocumentHeader>
      {data.message ? (
        <div role="alert" className={wh.error} data-testid="mo-error">
          {data.message}
        </div>
      ) : null}
      {draft && data.canWrite ? (
        <DraftForm data={data} busy={busy} key={JSON.stringify(data.lines.map((l) => l.values)) + JSON.stringify(data.values) + (data.message ?? "")} />
      ) : (
        <Posted data={data} />
      )}
    </div>
  );
}

const WAREHOUSE_FIELDS = ["fromWarehouseId", "toWarehouseId"] as const;

/** The editor's columns: product, source (location / batch / available of that product), target location, qty, remark. */
function moveLineColumns(data: SerializeFrom<MoveOrderPageData>): LineColumn[] {
  return [
    { kind: "product" },
    { kind: "info", field: "available", label: "调出仓可用", format: "qty" },
    {
      kind: "select",
      name: "source",
      label: "调出货位 / 批次",
      options: [],
      optionsByProduct: data.sourceOptions,
      required: true,
      placeholder: "请选择库存批次",
      width: 240,
    },
    { kind: "select", name: "toLocationId", label: "调入货位", options: data.targetOptions, placeholder: "默认货位", width: 180 },
    { kind: "number", name: "qty", label: "数量", required: true, total: true },
    { kind: "text", name: "remark", label: "备注", maxLength: 200 },
  ];
}

function DraftForm({ data, busy }: { data: SerializeFrom<MoveOrderPageData>; busy: boolean }) {
  const f = data.values;
  const formRef = useRef<HTMLFormElement>(null);
  // The shelves and batches offered depend on both warehouses: with JavaScript a change redraws them at once.
  useRefreshOnChange(formRef, WAREHOUSE_FIELDS);
  return (
    <Form method="post" ref={formRef} className={wh.form} data-testid="mo-form" noValidate>
      <div className={wh.header}>
        <label className={wh.field}>
          调出仓库
          <select name="fromWarehouseId" defaultValue={f.fromWarehouseId} data-testid="mo-from-wh">
            {data.warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <label className={wh.field}>
          调入仓库
          <select name="toWarehouseId" defaultValue={f.toWarehouseId} data-testid="mo-to-wh">
            {data.warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <div className={wh.field}>
          <span aria-hidden="true">&nbsp;</span>
          <button type="submit" name="intent" value="refresh" formNoValidate className={css.btn} data-testid="mo-refresh">
            刷新选项
          </button>
        </div>
        <label className={`${wh.field}`} style={{ gridColumn: "1 / -1" }}>
          备注
          <input name="remark" defaultValue={f.remark} maxLength={500} data-testid="mo-remark" />
        </label>
      </div>
      <p className={wh.hint}>
        产品可按任一 OE
        号、名称或拼音查找；调出货位/批次列出该产品在调出仓库有可用库存的批次；调入货位留空时取产品在调入仓库的默认货位。换仓库后货位和批次随之更新
        <noscript>（请点“刷新选项”）</noscript>。
      </p>
      <LineEditor
        columns={moveLineColumns(data)}
        lines={data.lines}
        errors={data.errors}
        warehouseField="fromWarehouseId"
        submitIntent="saveConfirm"
        caption="调拨明细"
      />
      <div className={wh.buttons}>
        <button type="submit" name="intent" value="save" className={css.btn} disabled={busy} data-testid="mo-save">
          保存草稿
        </button>
        <button
          type="submit"
          name="intent"
          value="saveConfirm"
          className={`${css.btn} ${css.primary}`}
          disabled={busy}
          title="Ctrl+Enter"
          data-testid="mo-save-confirm"
        >
          保存并确认调拨
        </button>
        {data.doc ? data.doc.actions.filter((a) => a === "void" || a === "remove").map((a) => <ActionButton key={a} action={a} />) : null}
      </div>
    </Form>
  );
}

function Posted({ data }: { data: SerializeFrom<MoveOrderPageData> }) {
  const doc = data.doc!;
  return (
    <>
      <DocumentSummary
        items={[
          { label: "调出仓库", value: doc.fromWarehouseName ?? "—", testId: "mo-from" },
          { label: "调入仓库", value: doc.toWarehouseName ?? "—", testId: "mo-to" },
          { label: "总数量", value: qty(doc.totalQty) },
          { label: "制单人", value: doc.createdByName ?? "—" },
          { label: "确认人", value: doc.postedByName ?? "—" },
          { label: "备注", value: doc.remark ?? "—" },
        ]}
      />
      <DocumentLines
        caption="调拨明细"
        testId="mo-lines"
        lines={doc.lines}
        rowKey={(l) => l.id}
        columns={[
          { header: "序号", cell: (l) => l.lineNo },
          { header: "产品编码", cell: (l) => l.mainOE },
          { header: "产品名称", cell: (l) => l.productName },
          { header: "调出货位", cell: (l) => l.fromLocationName },
          { header: "批次", cell: (l) => l.batchNo || "—" },
          { header: "调入货位", cell: (l) => l.toLocationName },
          { header: "数量", num: true, cell: (l) => qty(l.qty) },
          { header: "备注", cell: (l) => l.remark ?? "" },
        ]}
      />
      {data.canWrite ? <DocumentActionBar actions={doc.actions.filter((a) => a !== "update")} specs={ACTIONS} testIdPrefix="mo-action-" /> : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("库存调拨") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
