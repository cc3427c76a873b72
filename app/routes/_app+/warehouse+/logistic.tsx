import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";
import { carrierNameSuggestions } from "~/server/system.server";

const PAGE = "/warehouse/logistic";

/** 物流信息: the logistics companies deliveries go with (tracking page with {no}). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, extraLookups: carrierNameSuggestions })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "物流公司", width: 180, sort: "name" },
    { field: "code", header: "编码", width: 100 },
    { field: "contactPhone", header: "联系电话", width: 130 },
    { field: "trackingUrl", header: "查询网址", width: 260 },
    { field: "isEnabled", header: "状态", width: 80, kind: "bool", yesNo: ["启用", "停用"] },
    { field: "remark", header: "备注", width: 200, hidden: true },
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
  keywordPlaceholder: "物流公司名称、编码或电话",
  form: [
    { name: "name", span: 2, suggest: "carrier", placeholder: "选择或输入物流公司" },
    { name: "code" },
    { name: "contactPhone" },
    { name: "trackingUrl", span: "all" },
    { name: "isEnabled" },
    { name: "remark", widget: "textarea", span: "all" },
  ],
};

export default function LogisticPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("物流信息") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
