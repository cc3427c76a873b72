import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { hrefWith } from "~/components/grid/DataGrid";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import type { ImportRowError } from "#server/stock/opening-stock.service";
import type { RelationRow } from "#server/stock/places.service";
import { requirePage } from "~/server/auth.server";
import { DomainError, isDomainError, parseId, readUploadForm, setFlash } from "~/server/kit.server";
import {
  assignDefaultLocation,
  clearDefaultLocation,
  importDefaultLocations,
  listProductLocations,
  locationOptions,
  relationTemplate,
  RELATION_PAGE,
  warehouseOptions,
} from "~/server/warehouse.server";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** 货位关系: the default location of each product in a warehouse (prefills put-away and picking). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, RELATION_PAGE);
  const params = new URL(request.url).searchParams;
  if (params.get("download") === "template") {
    return new Response(new Uint8Array(await relationTemplate()), {
      headers: {
        "Content-Type": XLSX,
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent("默认货位导入模板.xlsx")}`,
        "Cache-Control": "no-store",
      },
    });
  }
  const warehouses = await warehouseOptions(ctx);
  const warehouseId = parseId(params.get("warehouseId")) ?? warehouses[0]?.id ?? null;
  const keyword = (params.get("q") ?? "").slice(0, 100);
  const unset = params.get("unset") === "1";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list: { items: RelationRow[]; totalCount: number; page: number; size: number } = warehouseId
    ? await listProductLocations(ctx, { warehouseId, keyword, unset, page, size: 50 })
    : { items: [], totalCount: 0, page: 1, size: 50 };
  const locations: { id: number; fullName: string; kind: number }[] = warehouseId ? await locationOptions(ctx, warehouseId) : [];
  return json<Data>({
    warehouses,
    warehouseId,
    keyword,
    unset,
    list,
    locations,
    canWrite: ctx.permissions.has("CKGL-007"),
    importOpen: params.get("import") === "1",
  });
}

type ActionData = { errors: ImportRowError[] };
interface Data {
  warehouses: { id: number; name: string; isDefault: boolean }[];
  warehouseId: number | null;
  keyword: string;
  unset: boolean;
  list: { items: RelationRow[]; totalCount: number; page: number; size: number };
  locations: { id: number; fullName: string; kind: number }[];
  canWrite: boolean;
  importOpen: boolean;
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, RELATION_PAGE);
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const back = (form: FormData) => {
    const b = String(form.get("back") ?? "");
    return b.startsWith("?") ? `${RELATION_PAGE}${b}` : RELATION_PAGE;
  };
  if (multipart) {
    let form: FormData;
    try {
      form = await readUploadForm(request, 2 * 1024 * 1024, () => new DomainError("bad_request", "文件过大（最大 2 MB），请分批导入"));
    } catch (e) {
      if (!isDomainError(e)) throw e;
      return json<ActionData>({ errors: [{ row: null, message: e.message }] }, { status: 400 });
    }
    const file = form.get("file");
    if (!(file instanceof Blob) || file.size === 0) return json<ActionData>({ errors: [{ row: null, message: "请选择要导入的 .xlsx 文件" }] }, { status: 400 });
    try {
      const res = await importDefaultLocations(ctx, Buffer.from(await file.arrayBuffer()));
      if (!res.ok) return json<ActionData>({ errors: res.errors }, { status: 400 });
      return redirect(RELATION_PAGE, { headers: await setFlash({ type: "success", message: `默认货位导入成功：${res.rows} 行` }) });
    } catch (e) {
      if (isDomainError(e) && e.code !== "unauthorized") return json<ActionData>({ errors: [{ row: null, message: e.message }] }, { status: 400 });
      throw e;
    }
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ids = form
    .getAll("productId")
    .map((v) => parseId(v))
    .filter((n): n is number => n !== null);
  try {
    if (intent === "assign" || intent === "assignAll") {
      const locationId = parseId(form.get("locationId"));
      if (!locationId) return redirect(back(form), { headers: await setFlash({ type: "error", message: "请选择货位" }) });
      const res = await assignDefaultLocation(ctx, { locationId, productIds: ids, all: intent === "assignAll", keyword: String(form.get("q") ?? "") });
      return redirect(back(form), { headers: await setFlash({ type: "success", message: `已为 ${res.count} 个产品设置默认货位` }) });
    }
    if (intent === "clear") {
      const warehouseId = parseId(form.get("warehouseId"));
      if (!warehouseId) return redirect(back(form), { headers: await setFlash({ type: "error", message: "请选择仓库" }) });
      await clearDefaultLocation(ctx, warehouseId, ids);
      return redirect(back(form), { headers: await setFlash({ type: "success", message: "已清除默认货位" }) });
    }
  } catch (e) {
    if (isDomainError(e) && e.code !== "unauthorized") return redirect(back(form), { headers: await setFlash({ type: "error", message: e.message }) });
    throw e;
  }
  return json({ error: "未知操作" }, { status: 400 });
}

export default function RelationPage() {
  const data = useLoaderData<Data>();
  const failed = useActionData<ActionData>();
  const { search } = useLocation();
  const listSearch = hrefWith(search, { import: null });
  const pages = Math.max(1, Math.ceil(data.list.totalCount / data.list.size));
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.toolbar}`} style={{ display: "flex", gap: 8, padding: 8, flexWrap: "wrap" }}>
        <select name="warehouseId" defaultValue={data.warehouseId ?? ""} aria-label="仓库" className={css.btn}>
          {data.warehouses.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
        <input
          name="q"
          defaultValue={data.keyword}
          placeholder="OE号（任意写法）、名称或拼音"
          aria-label="查找产品"
          className={css.btn}
          style={{ cursor: "text", minWidth: 240 }}
        />
        <label style={{ display: "flex", alignItems: "center", gap: 4, fontSize: 13 }}>
          <input type="checkbox" name="unset" value="1" defaultChecked={data.unset} /> 只看未设置
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`} data-testid="relation-search">
          查询
        </button>
        <span style={{ flex: 1 }} />
        {data.canWrite ? (
          <Link to={hrefWith(search, { import: 1 })} prefetch="none" className={css.btn} data-testid="relation-import">
            导入默认货位
          </Link>
        ) : null}
      </Form>
      {data.importOpen || failed ? (
        <div className={css.card} style={{ padding: 10, margin: "8px 0" }} data-testid="relation-import-panel">
          <Form method="post" encType="multipart/form-data" reloadDocument>
            <p style={{ marginTop: 0 }}>
              列：产品编码(OE)、仓库、货位。整个文件无误才会导入。 <a href="?download=template">下载模板</a>
            </p>
            {failed ? (
              <div className={css.formError} role="alert" data-testid="relation-errors">
                <div>导入失败，共 {failed.errors.length} 处错误，未导入任何数据：</div>
                <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
                  {failed.errors.map((e, i) => (
                    <li key={i}>{e.row ? `第 ${e.row} 行：${e.message}` : e.message}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <input type="file" name="file" accept=".xlsx" required aria-label="默认货位文件" />{" "}
            <button type="submit" className={`${css.btn} ${css.primary}`}>
              导入
            </button>{" "}
            <Link to={listSearch} prefetch="none">
              取消
            </Link>
          </Form>
        </div>
      ) : null}
      <Form method="post" className={css.card} style={{ padding: 8 }}>
        <input type="hidden" name="back" value={listSearch} />
        <input type="hidden" name="q" value={data.keyword} />
        <input type="hidden" name="warehouseId" value={data.warehouseId ?? ""} />
        {data.canWrite ? (
          <div style={{ display: "flex", gap: 8, marginBottom: 8, flexWrap: "wrap" }}>
            <select name="locationId" aria-label="货位" className={css.btn} defaultValue="" data-testid="relation-location">
              <option value="">选择货位…</option>
              {data.locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.fullName}
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value="assign" className={`${css.btn} ${css.primary}`} data-testid="relation-assign">
              设为所选产品的默认货位
            </button>
            <button type="submit" name="intent" value="assignAll" className={css.btn} data-testid="relation-assign-all">
              设为筛选出的全部 {data.list.totalCount} 个产品的默认货位
            </button>
            <button type="submit" name="intent" value="clear" className={`${css.btn} ${css.danger}`} formNoValidate>
              清除所选
            </button>
          </div>
        ) : null}
        <table className={css.colTable} data-testid="relation-table">
          <thead>
            <tr>
              <th />
              <th>产品编码</th>
              <th>名称</th>
              <th>默认货位</th>
            </tr>
          </thead>
          <tbody>
            {data.list.items.map((r) => (
              <tr key={r.productId} data-testid="relation-row">
                <td>
                  <input type="checkbox" name="productId" value={r.productId} aria-label={`选择 ${r.mainOE}`} />
                </td>
                <td>{r.mainOE}</td>
                <td>{r.name}</td>
                <td>{r.locationName ?? <span className={css.muted}>未设置</span>}</td>
              </tr>
            ))}
            {data.list.items.length === 0 ? (
              <tr>
                <td colSpan={4} className={css.muted}>
                  空空如也~~
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
        <div style={{ display: "flex", gap: 8, marginTop: 8, alignItems: "center", fontSize: 13 }}>
          <span>
            共 {data.list.totalCount} 条，第 {data.list.page}/{pages} 页
          </span>
          {data.list.page > 1 ? (
            <Link to={hrefWith(listSearch, { page: data.list.page - 1 })} prefetch="none">
              上一页
            </Link>
          ) : null}
          {data.list.page < pages ? (
            <Link to={hrefWith(listSearch, { page: data.list.page + 1 })} prefetch="none">
              下一页
            </Link>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("默认库位") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
