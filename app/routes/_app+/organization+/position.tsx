import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/organization/position";

/** 职位: the company's positions. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "职位名称", width: 160, sort: "name" },
    { field: "code", header: "职位编码", width: 110, sort: "code" },
    { field: "description", header: "说明", width: 260 },
    { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
  ],
  form: [{ name: "name" }, { name: "code" }, { name: "sortOrder" }, { name: "description", widget: "textarea", span: "all" }],
};

export default function PositionPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("职位") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
