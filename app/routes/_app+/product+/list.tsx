import { Button } from "~/components/ui/mantine/Button";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { hrefWith } from "~/components/grid/DataGrid";
import type { PageConfig } from "~/components/grid/page-config";
import { Dialog, ResourcePage } from "~/components/grid/ResourcePage";
import { FormFields } from "~/components/grid/ResourceForm";
import css from "~/components/grid/grid.module.css";
import { OWN_PRODUCT_FIELDS, PRODUCT_COLUMNS, PRODUCT_FILTER_LOOKUPS, PRODUCT_FILTERS, PRODUCT_LOOKUPS } from "~/components/product/product-fields";
import { ProductFormAssist } from "~/components/product/ProductFormAssist";
import { ProductAttachments, type ProductAttachmentItem } from "~/components/product/ProductAttachments";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import type { ResourcePageData, SaveFailure } from "#server/resource/page";
import type { LibraryImportData } from "#server/product/product.import";
import { loadResourcePage, lookupOptions, resourcePageAction } from "~/server/kit.server";
import { libraryImportAction, loadLibraryImport } from "~/server/product.server";
import { ATTACHMENT_MENU, listOwnerAttachments } from "~/server/system.server";

const PAGE = "/product/list";

/** 我的产品: the company's own products, searchable by any spelling of any of their codes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: PRODUCT_FILTER_LOOKUPS, formLookups: PRODUCT_LOOKUPS });
  const library = await loadLibraryImport(ctx, new URL(request.url).searchParams);
  const lookups = library?.template && !data.edit ? { ...data.lookups, ...(await lookupOptions(ctx, PRODUCT_LOOKUPS)) } : data.lookups;
  // The product's pictures and files in its edit dialog (uploaded on 附件管理).
  const attachments = data.edit?.id ? await listOwnerAttachments(ctx, "product", data.edit.id) : [];
  return json({ ...data, lookups, library, attachments, canManageAttachments: ctx.permissions.has(ATTACHMENT_MENU) });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const intent = form.get("intent");
  if (intent === "import" || intent === "importAndAdd" || intent === "importRefresh") return libraryImportAction(request, PAGE, form);
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    ...PRODUCT_COLUMNS.slice(0, -2),
    { field: "priceSale", header: "销售价", width: 100, kind: "money", sort: "priceSale" },
    { field: "priceCost", header: "成本价", width: 100, kind: "money", hidden: true },
    ...PRODUCT_COLUMNS.slice(-2),
  ],
  filters: PRODUCT_FILTERS,
  keywordPlaceholder: "品牌、名称、OE号（任意写法）、适用车型，可空格分词",
  form: OWN_PRODUCT_FIELDS,
  formColumns: 3,
};

type Data = ResourcePageData & { library: LibraryImportData | null; attachments: ProductAttachmentItem[]; canManageAttachments: boolean };

export default function ProductListPage() {
  const data = useLoaderData<Data>();
  const location = useLocation();
  const listSearch = hrefWith(location.search, {
    import: null,
    lib: null,
    libq: null,
    addTo: null,
    edit: null,
    confirmDelete: null,
    dialog: null,
    notice: null,
  });
  return (
    <ResourcePage
      config={config}
      toolbar={
        data.canCreate ? (
          <Link to={hrefWith(listSearch, { import: 1 })} prefetch="none" preventScrollReset className={css.btn} data-testid="library-import">
            公库产品导入
          </Link>
        ) : null
      }
      formExtras={
        <>
          <ProductFormAssist productId={data.edit?.id} categories={data.lookups.productCategory ?? []} />
          {data.edit?.id ? <ProductAttachments productId={data.edit.id} items={data.attachments} canManage={data.canManageAttachments} /> : null}
        </>
      }
    >
      {data.library ? <LibraryImportDialog data={data} library={data.library} listSearch={listSearch} /> : null}
    </ResourcePage>
  );
}

type ImportFailure = Omit<SaveFailure, "intent"> & { intent: "import" };

/** 公库产品导入 (spec 001 §2.6): search the library, pick a product, correct it, save. */
function LibraryImportDialog({ data, library, listSearch }: { data: Data; library: LibraryImportData; listSearch: string }) {
  const failure = useActionData<ImportFailure>();
  const busy = useNavigation().state === "submitting";
  const base = hrefWith(listSearch, { import: 1, addTo: library.addTo });
  const failed = failure?.intent === "import" ? failure : null;
  const values = failed ? failed.values : (library.template ?? {});
  return (
    <Dialog title="公库产品导入" closeHref={listSearch} wide testId="library-dialog">
      <div className={css.dialogBody}>
        <Form method="get" preventScrollReset style={{ display: "flex", gap: 8, marginBottom: 10 }}>
          <input type="hidden" name="import" value="1" />
          {library.addTo ? <input type="hidden" name="addTo" value={library.addTo} /> : null}
          {[...new URLSearchParams(listSearch)].map(([k, v], i) => (
            <input key={`${k}${i}`} type="hidden" name={k} value={v} />
          ))}
          <input
            name="libq"
            defaultValue={library.keyword}
            placeholder="公库产品编码（任意写法）或名称"
            className={css.btn}
            style={{ flex: 1, cursor: "text" }}
            aria-label="搜索公库产品"
          />
          <button type="submit" className={`${css.btn} ${css.primary}`}>
            搜索
          </button>
        </Form>
        {!library.template ? (
          <table className={css.colTable} data-testid="library-results">
            <thead>
              <tr>
                <th>产品编码</th>
                <th>名称</th>
                <th>品牌</th>
                <th>分类</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {library.results.map((r) => (
                <tr key={r.id}>
                  <td>{r.mainOE}</td>
                  <td>{r.name}</td>
                  <td>{r.brandName}</td>
                  <td>{r.categoryLevel1Name}</td>
                  <td>
                    <Link to={hrefWith(base, { lib: r.id, libq: library.keyword || null })} prefetch="none" preventScrollReset>
                      导入
                    </Link>
                  </td>
                </tr>
              ))}
              {library.results.length === 0 ? (
                <tr>
                  <td colSpan={5} className={css.muted}>
                    空空如也~~
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        ) : null}
      </div>
      {library.template ? (
        <Form method="post" preventScrollReset key={failed ? "failed" : "fresh"}>
          <div className={css.dialogBody} style={{ paddingTop: 0 }}>
            {failed?.message ? (
              <div className={css.formError} role="alert" data-testid="form-error">
                {failed.message}
              </div>
            ) : null}
            <input type="hidden" name="back" value={listSearch} />
            <input type="hidden" name="productTemplateLibId" value={String(library.template.productTemplateLibId)} />
            {library.addTo ? <input type="hidden" name="addTo" value={library.addTo} /> : null}
            <FormFields
              fields={OWN_PRODUCT_FIELDS.filter((f) => !data.lockedFields.includes(f.name))}
              spec={library.form ?? {}}
              values={values}
              errors={failed?.fields ?? {}}
              lookups={data.lookups}
              columns={3}
              saveIntent="import"
              refreshIntent="importRefresh"
            />
            <ProductFormAssist categories={data.lookups.productCategory ?? []} />
          </div>
          <div className={css.dialogFoot}>
            <Button component={Link} to={hrefWith(base, { libq: library.keyword || null })} variant="default" preventScrollReset>
              返回
            </Button>
            {library.addTo ? (
              <Button type="submit" name="intent" value="importAndAdd" variant="light" loading={busy} data-testid="import-save-add">
                保存并加入订单明细
              </Button>
            ) : null}
            <Button type="submit" name="intent" value="import" loading={busy} data-testid="import-save">
              保存
            </Button>
          </div>
        </Form>
      ) : null}
    </Dialog>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("我的产品") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
