import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/organization/department";

/** 部门: the company's departments. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, formLookups: ["department"] })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "部门名称", width: 160, sort: "name" },
    { field: "code", header: "部门编码", width: 110, sort: "code" },
    { field: "parentName", header: "上级部门", width: 140 },
    { field: "managerName", header: "负责人", width: 100 },
    { field: "phone", header: "电话", width: 130 },
    { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
  ],
  form: [{ name: "name" }, { name: "code" }, { name: "parentId", options: "department" }, { name: "managerName" }, { name: "phone" }, { name: "sortOrder" }],
};

export default function DepartmentPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("部门") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
