import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { InlineCellEdit } from "~/components/grid/InlineCellEdit";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { requirePage } from "~/server/auth.server";
import { DomainError, isDomainError, loadResourcePage, readUploadForm, resourcePageAction, setFlash } from "~/server/kit.server";
import { importSafeStocks, safeStockTemplate } from "~/server/warehouse.server";

const PAGE = "/warehouse/safe";

/** 安全库存: min/max per product beside the quantity on hand; rows below the minimum flagged; .xlsx import. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.get("template") === "1") {
    await requirePage(request, PAGE);
    return new Response(new Uint8Array(await safeStockTemplate()), {
      headers: {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent("安全库存导入模板.xlsx")}`,
      },
    });
  }
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, formLookups: ["product"] })).data);
}

type ImportReply = { intent: "import"; errors: { row: number | null; message: string }[] };

export async function action({ request }: ActionFunctionArgs) {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const ctx = await requirePage(request, PAGE);
    let form: FormData;
    try {
      form = await readUploadForm(request, 10 * 1024 * 1024, () => new DomainError("bad_request", "文件不能超过 10 MB"));
    } catch (e) {
      if (!isDomainError(e)) throw e;
      return json<ImportReply>({ intent: "import", errors: [{ row: null, message: e.message }] }, { status: 400 });
    }
    const file = form.get("file");
    if (!file || typeof file === "string" || file.size === 0)
      return json<ImportReply>({ intent: "import", errors: [{ row: null, message: "请选择要导入的 .xlsx 文件" }] }, { status: 400 });
    const result = await importSafeStocks(ctx, Buffer.from(await file.arrayBuffer()));
    if (!result.ok) return json<ImportReply>({ intent: "import", errors: result.errors }, { status: 400 });
    return redirect(PAGE, { headers: await setFlash({ type: "success", message: `导入成功，共 ${result.rows} 条` }) });
  }
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "mainOE", header: "产品编码", width: 160 },
    { field: "productName", header: "产品名称", width: 180 },
    { field: "minQty", header: "库存下限", width: 100, kind: "number", sort: "minQty" },
    { field: "maxQty", header: "库存上限", width: 100, kind: "number", sort: "maxQty" },
    { field: "qtyOnHand", header: "当前库存", width: 100, kind: "number" },
    { field: "below", header: "预警", width: 100, kind: "bool", yesNo: ["低于下限", "正常"] },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    {
      name: "below",
      label: "预警",
      options: [
        ["true", "低于下限"],
        ["false", "正常"],
      ],
    },
  ],
  keywordPlaceholder: "产品编码、名称或拼音",
  form: [{ name: "productId", options: "product" }, { name: "minQty" }, { name: "maxQty" }],
};

const INLINE_FIELDS = ["minQty", "maxQty"] as const;

function ImportCard() {
  const reply = useActionData<typeof action>() as ImportReply | undefined;
  const busy = useNavigation().state === "submitting";
  const errors = reply && "intent" in reply && reply.intent === "import" ? reply.errors : [];
  return (
    <section className={css.card} aria-label="导入安全库存" style={{ padding: 12, display: "flex", flexDirection: "column", gap: 8 }}>
      <Form method="post" encType="multipart/form-data" style={{ display: "flex", gap: 8, alignItems: "center", flexWrap: "wrap" }}>
        <strong style={{ fontSize: 13 }}>导入安全库存（.xlsx）</strong>
        <input
          type="file"
          name="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label="选择导入文件"
          data-testid="safe-import-file"
        />
        <button type="submit" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="safe-import">
          导入
        </button>
        <a href={`${PAGE}?template=1`} className={css.btn} data-testid="safe-template" download>
          下载模板
        </a>
        <span style={{ fontSize: 12, color: "#666e76" }}>列：产品编码、下限、上限；整个文件无误才会导入，已设置的产品会被更新。</span>
      </Form>
      {errors.length ? (
        <div role="alert" className={css.formError} data-testid="safe-import-errors">
          <p style={{ margin: 0 }}>导入失败，未写入任何数据：</p>
          <ul style={{ margin: "4px 0 0", paddingLeft: 18 }}>
            {errors.slice(0, 200).map((e, i) => (
              <li key={i}>{e.row ? `第 ${e.row} 行：${e.message}` : e.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export default function SafeStockPage() {
  const { canWrite } = useLoaderData<{ canWrite: boolean }>();
  return (
    <ResourcePage config={config}>
      {/* With JavaScript min/max edit in the grid (Enter saves, Esc cancels); without, the 修改 dialog. */}
      {canWrite ? <InlineCellEdit gridId={PAGE} fields={INLINE_FIELDS} action={PAGE} /> : null}
      <ImportCard />
    </ResourcePage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("安全库存") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
