import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { hrefWith } from "~/components/grid/DataGrid";
import type { PageConfig } from "~/components/grid/page-config";
import { Dialog, ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { LOCATION_KINDS } from "#server/lib/dictionary";
import type { ResourcePageData } from "#server/resource/page";
import type { OpeningImportResult } from "#server/stock/opening-stock.service";
import { requirePage } from "~/server/auth.server";
import {
  createRow,
  DomainError,
  formReply,
  formValues,
  getRow,
  isDomainError,
  listFromParams,
  loadResourcePage,
  parseId,
  readUploadForm,
  resourcePageAction,
  setFlash,
  updateRow,
} from "~/server/kit.server";
import { importOpeningStock, openingStockTemplate, warehouseResource } from "~/server/warehouse.server";

const PAGE = "/warehouse/manage/stock";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface WarehouseRow {
  id: number;
  name: string;
  code: string | null;
  contactName: string | null;
  phone: string | null;
  address: string | null;
  isDefault: boolean;
  isEnabled: boolean;
  remark: string | null;
}

/** 仓库货位: the company's warehouses (side panel) and their locations (the list). */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get("download") === "openingTemplate") {
    await requirePage(request, PAGE);
    return new Response(new Uint8Array(await openingStockTemplate()), {
      headers: {
        "Content-Type": XLSX,
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent("期初库存导入模板.xlsx")}`,
        "Cache-Control": "no-store",
      },
    });
  }
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["warehouse"], formLookups: ["warehouse"] });
  const warehouses = (await listFromParams<WarehouseRow>(warehouseResource, ctx, new URLSearchParams("maxResultCount=500"))).items;
  const wh = params.get("wh");
  const whId = parseId(wh);
  const editWarehouse =
    data.canWrite && (wh === "new" || whId) ? (whId ? ((await getRow<WarehouseRow>(warehouseResource, ctx, whId).catch(() => null)) ?? null) : null) : null;
  return json({
    ...data,
    warehouses,
    whDialog: data.canWrite && (wh === "new" || !!editWarehouse) ? { row: editWarehouse } : null,
    importOpen: data.canWrite && params.get("import") === "opening",
  });
}

type ActionData =
  | { intent: "saveWarehouse"; message: string; fields: Record<string, string[]>; values: Record<string, string> }
  | { intent: "importOpening"; result: OpeningImportResult };

export async function action({ request }: ActionFunctionArgs) {
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  if (multipart) {
    const ctx = await requirePage(request, PAGE);
    let form: FormData;
    try {
      form = await readUploadForm(request, 2 * 1024 * 1024, () => new DomainError("bad_request", "文件过大（最大 2 MB），请分批导入"));
    } catch (e) {
      if (!isDomainError(e)) throw e;
      return json<ActionData>({ intent: "importOpening", result: { ok: false, errors: [{ row: null, message: e.message }] } }, { status: 400 });
    }
    const file = form.get("file");
    if (!(file instanceof Blob) || file.size === 0)
      return json<ActionData>(
        { intent: "importOpening", result: { ok: false, errors: [{ row: null, message: "请选择要导入的 .xlsx 文件" }] } },
        { status: 400 },
      );
    try {
      const result = await importOpeningStock(ctx, Buffer.from(await file.arrayBuffer()));
      if (result.ok) {
        return redirect(PAGE, { headers: await setFlash({ type: "success", message: `期初库存导入成功：${result.rows} 行，单号 ${result.docNo}` }) });
      }
      return json<ActionData>({ intent: "importOpening", result }, { status: 400 });
    } catch (e) {
      if (isDomainError(e) && e.code !== "unauthorized")
        return json<ActionData>({ intent: "importOpening", result: { ok: false, errors: [{ row: null, message: e.message }] } }, { status: 400 });
      throw e;
    }
  }
  const form = await request.clone().formData();
  if (form.get("intent") === "saveWarehouse") {
    const ctx = await requirePage(request, PAGE);
    const values = formValues(form, ["id"]);
    try {
      const id = parseId(form.get("id"));
      if (id) await updateRow(warehouseResource, ctx, id, values);
      else await createRow(warehouseResource, ctx, values);
    } catch (e) {
      return formReply("saveWarehouse", e, values);
    }
    return redirect(PAGE, { headers: await setFlash({ type: "success", message: "保存成功" }) });
  }
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "fullName", header: "货位全称", width: 180, sort: "fullName" },
    { field: "warehouseName", header: "仓库", width: 120 },
    { field: "code", header: "货位编码", width: 120, sort: "code" },
    { field: "kind", header: "类型", width: 80, kind: "enum", labels: LOCATION_KINDS },
    { field: "sortOrder", header: "排序", width: 70, sort: "sortOrder" },
    { field: "isEnabled", header: "状态", width: 70, kind: "bool", yesNo: ["启用", "停用"] },
    { field: "remark", header: "备注", width: 160 },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "kind", label: "类型", options: LOCATION_KINDS },
    {
      name: "isEnabled",
      label: "状态",
      options: [
        ["true", "启用"],
        ["false", "停用"],
      ],
    },
  ],
  keywordPlaceholder: "货位全称或编码",
  form: [
    { name: "warehouseId", options: "warehouse" },
    { name: "code" },
    { name: "kind", options: LOCATION_KINDS },
    { name: "sortOrder" },
    { name: "isEnabled" },
    { name: "remark", widget: "textarea", span: "all" },
  ],
};

type Data = ResourcePageData & { warehouses: WarehouseRow[]; whDialog: { row: WarehouseRow | null } | null; importOpen: boolean };

export default function WarehousePlacesPage() {
  const data = useLoaderData<Data>();
  const actionData = useActionData<ActionData>();
  const location = useLocation();
  const listSearch = hrefWith(location.search, { wh: null, import: null, edit: null, confirmDelete: null, dialog: null, notice: null });
  const importFailed = actionData?.intent === "importOpening" && !actionData.result.ok ? actionData.result : null;
  return (
    <>
      <WarehousePanel data={data} listSearch={listSearch} />
      <ResourcePage
        config={config}
        toolbar={
          data.canWrite ? (
            <Link to={hrefWith(listSearch, { import: "opening" })} prefetch="none" preventScrollReset className={css.btn} data-testid="opening-import">
              导入期初库存
            </Link>
          ) : null
        }
      >
        {data.whDialog ? (
          <WarehouseDialog row={data.whDialog.row} listSearch={listSearch} failed={actionData?.intent === "saveWarehouse" ? actionData : null} />
        ) : null}
        {data.importOpen || importFailed ? (
          <Dialog title="导入期初库存" closeHref={listSearch} wide testId="opening-dialog">
            <Form method="post" encType="multipart/form-data" reloadDocument>
              <div className={css.dialogBody}>
                <p style={{ marginTop: 0 }}>
                  按模板填写：产品编码(OE)、仓库、货位、批次号（可不填）、数量、单位成本。整个文件无误才会导入，任何一行有误都不会写入。{" "}
                  <a href={`${PAGE}?download=openingTemplate`} data-testid="opening-template">
                    下载模板
                  </a>
                </p>
                {importFailed ? (
                  <div className={css.formError} role="alert" data-testid="opening-errors">
                    <div>导入失败，共 {importFailed.errors.length} 处错误，未导入任何数据：</div>
                    <ul style={{ margin: "6px 0 0", paddingLeft: 18, maxHeight: 260, overflow: "auto" }}>
                      {importFailed.errors.map((e, i) => (
                        <li key={i}>{e.row ? `第 ${e.row} 行：${e.message}` : e.message}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <input
                  type="file"
                  name="file"
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  required
                  aria-label="期初库存文件"
                />
              </div>
              <div className={css.dialogFoot}>
                <Link to={listSearch} className={css.btn} prefetch="none">
                  取消
                </Link>
                <button type="submit" className={`${css.btn} ${css.primary}`} data-testid="opening-submit">
                  导入
                </button>
              </div>
            </Form>
          </Dialog>
        ) : null}
      </ResourcePage>
    </>
  );
}

function WarehousePanel({ data, listSearch }: { data: Data; listSearch: string }) {
  return (
    <div className={css.card} style={{ padding: "8px 12px", marginBottom: 8 }} data-testid="warehouse-panel">
      <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 6 }}>
        <strong>仓库</strong>
        {data.canWrite ? (
          <Link to={hrefWith(listSearch, { wh: "new" })} prefetch="none" preventScrollReset className={`${css.btn} ${css.primary}`} data-testid="warehouse-add">
            新增仓库
          </Link>
        ) : null}
      </div>
      <table className={css.colTable}>
        <thead>
          <tr>
            <th>仓库名称</th>
            <th>编码</th>
            <th>联系人</th>
            <th>电话</th>
            <th>地址</th>
            <th>默认</th>
            <th>状态</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {data.warehouses.map((w) => (
            <tr key={w.id} data-testid="warehouse-row">
              <td>
                <Link to={hrefWith(listSearch, { warehouseId: w.id, page: null })} prefetch="none" preventScrollReset>
                  {w.name}
                </Link>
              </td>
              <td>{w.code}</td>
              <td>{w.contactName}</td>
              <td>{w.phone}</td>
              <td>{w.address}</td>
              <td>{w.isDefault ? "默认" : ""}</td>
              <td>{w.isEnabled ? "启用" : "停用"}</td>
              <td>
                {data.canWrite ? (
                  <Link to={hrefWith(listSearch, { wh: w.id })} prefetch="none" preventScrollReset data-testid={`warehouse-edit-${w.name}`}>
                    修改
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WarehouseDialog({
  row,
  listSearch,
  failed,
}: {
  row: WarehouseRow | null;
  listSearch: string;
  failed: { message: string; fields: Record<string, string[]>; values: Record<string, string> } | null;
}) {
  const v = (name: keyof WarehouseRow) => (failed ? (failed.values[name] ?? "") : row ? String(row[name] ?? "") : "");
  const checked = (name: "isDefault" | "isEnabled", fallback: boolean) =>
    failed ? failed.values[name] === "on" || failed.values[name] === "true" : row ? row[name] : fallback;
  const err = (name: string) => failed?.fields[name]?.[0];
  const text = (name: keyof WarehouseRow, label: string, required = false) => (
    <label style={{ display: "flex", flexDirection: "column", gap: 2, fontSize: 13 }}>
      <span>
        {required ? <span style={{ color: "#e03131" }}>* </span> : null}
        {label}
      </span>
      <input name={name} defaultValue={v(name)} required={required} className={css.btn} style={{ cursor: "text" }} aria-label={label} />
      {err(name) ? <span style={{ color: "#c92a2a" }}>{err(name)}</span> : null}
    </label>
  );
  return (
    <Dialog title={row ? "修改仓库" : "新增仓库"} closeHref={listSearch} testId="warehouse-dialog">
      <Form method="post" preventScrollReset key={failed ? "failed" : "fresh"}>
        <div className={css.dialogBody} style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 10 }}>
          {failed?.message ? (
            <div className={css.formError} role="alert" style={{ gridColumn: "1 / -1" }} data-testid="form-error">
              {failed.message}
            </div>
          ) : null}
          <input type="hidden" name="id" value={row ? String(row.id) : ""} />
          {text("name", "仓库名称", true)}
          {text("code", "仓库编码")}
          {text("contactName", "联系人")}
          {text("phone", "电话")}
          {text("address", "地址")}
          {text("remark", "备注")}
          <label style={{ fontSize: 13 }}>
            <input type="hidden" name="isDefault" value="false" />
            <input type="checkbox" name="isDefault" defaultChecked={checked("isDefault", false)} /> 默认仓库
          </label>
          <label style={{ fontSize: 13 }}>
            <input type="hidden" name="isEnabled" value="false" />
            <input type="checkbox" name="isEnabled" defaultChecked={checked("isEnabled", true)} /> 启用
          </label>
        </div>
        <div className={css.dialogFoot}>
          <Link to={listSearch} className={css.btn} prefetch="none">
            取消
          </Link>
          <button type="submit" name="intent" value="saveWarehouse" className={`${css.btn} ${css.primary}`} data-testid="warehouse-save">
            保存
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("库位管理") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
