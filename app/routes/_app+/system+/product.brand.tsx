import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/product/brand";

/** 品牌: product brands (博世, 马勒 …), kept by the platform operator. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "品牌名称", width: 160, sort: "name" },
    { field: "code", header: "品牌编码", width: 140, sort: "code" },
    { field: "description", header: "说明", width: 260 },
    { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
    { field: "isEnabled", header: "状态", width: 70, kind: "bool", yesNo: ["启用", "停用"] },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    {
      name: "isEnabled",
      label: "状态",
      options: [
        ["true", "启用"],
        ["false", "停用"],
      ],
    },
  ],
  keywordPlaceholder: "名称或编码",
  form: [{ name: "name" }, { name: "code" }, { name: "sortOrder" }, { name: "isEnabled" }, { name: "description", widget: "textarea", span: "all" }],
};

export default function BrandPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("品牌") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
