import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { PRODUCT_COLUMNS, PRODUCT_FIELDS, PRODUCT_FILTER_LOOKUPS, PRODUCT_FILTERS, PRODUCT_LOOKUPS } from "~/components/product/product-fields";
import { ProductFormAssist } from "~/components/product/ProductFormAssist";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import type { ResourcePageData } from "#server/resource/page";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/product/template";

/** 公库产品: the public product library every company imports from, kept by the platform operator. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: PRODUCT_FILTER_LOOKUPS, formLookups: PRODUCT_LOOKUPS })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: PRODUCT_COLUMNS,
  filters: PRODUCT_FILTERS,
  keywordPlaceholder: "品牌、名称、产品编码（任意写法）、适用车型，可空格分词",
  form: PRODUCT_FIELDS,
  formColumns: 3,
};

export default function ProductTemplatePage() {
  const data = useLoaderData<ResourcePageData>();
  return (
    <ResourcePage
      config={config}
      formExtras={<ProductFormAssist productId={data.edit?.id} categories={data.lookups.productCategory ?? []} checkDuplicates={false} />}
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("公库产品") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
