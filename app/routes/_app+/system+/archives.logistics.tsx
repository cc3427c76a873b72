import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/archives/logistics";

/** 物流档案: the platform's carriers with their tracking pages, kept by the platform operator. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "承运商", width: 160, sort: "name" },
    { field: "code", header: "编码", width: 90, sort: "code" },
    { field: "servicePhone", header: "客服电话", width: 120 },
    { field: "website", header: "官网", width: 200 },
    { field: "trackingUrl", header: "查询网址", width: 300 },
    { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
    { field: "isEnabled", header: "状态", width: 70, kind: "bool", yesNo: ["启用", "停用"] },
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
  keywordPlaceholder: "名称、编码或电话",
  form: [
    { name: "name", span: 2 },
    { name: "code" },
    { name: "servicePhone" },
    { name: "website", span: "all" },
    { name: "trackingUrl", span: "all" },
    { name: "sortOrder" },
    { name: "isEnabled" },
  ],
};

export default function LogisticsArchivePage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("物流档案") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
