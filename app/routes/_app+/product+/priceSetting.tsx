import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { PRICE_FIELDS, PRODUCT_FILTER_LOOKUPS, PRODUCT_FILTERS } from "~/components/product/product-fields";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/product/priceSetting";

/** 产品价格: sale and cost price of each own product; only prices change here. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: PRODUCT_FILTER_LOOKUPS })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "mainOE", header: "产品编码", width: 150, sort: "mainOE" },
    { field: "name", header: "名称", width: 200, sort: "name" },
    { field: "brandName", header: "品牌", width: 100 },
    { field: "unitName", header: "单位", width: 60 },
    { field: "priceSale", header: "销售价", width: 110, kind: "money", sort: "priceSale" },
    { field: "priceCost", header: "成本价", width: 110, kind: "money" },
    { field: "categoryLevel1Name", header: "二级分类", width: 120 },
  ],
  filters: PRODUCT_FILTERS,
  keywordPlaceholder: "OE号（任意写法）、名称或拼音",
  form: [{ name: "mainOE", displayLabel: "产品编码", readOnly: true }, { name: "name", displayLabel: "名称", readOnly: true }, ...PRICE_FIELDS],
};

export default function PriceSettingPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("产品价格") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
