import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { QUALITY_GRADES } from "#server/lib/dictionary";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/product/quality";

export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "品质名称", width: 180, sort: "name" },
    { field: "grade", header: "品质等级", width: 220, kind: "enum", labels: QUALITY_GRADES, sort: "grade" },
    { field: "sortOrder", header: "排序", width: 80, kind: "number", sort: "sortOrder" },
    { field: "isEnabled", header: "状态", width: 80, kind: "bool", yesNo: ["启用", "停用"] },
    { field: "creationTime", header: "创建时间", width: 150, kind: "datetime", sort: "creationTime" },
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
  form: [{ name: "name" }, { name: "grade", options: QUALITY_GRADES }, { name: "sortOrder" }, { name: "isEnabled" }],
};

export default function QualityPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("品质") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
