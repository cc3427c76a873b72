import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/vehicle/make";

/** 汽车品牌: car makes (大众, 丰田 …). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["vehicleGroup"], formLookups: ["vehicleGroup"] })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "品牌名称", width: 160, sort: "name" },
    { field: "code", header: "品牌编码", width: 110 },
    { field: "initial", header: "首字母", width: 80, sort: "initial" },
    { field: "groupName", header: "车系分组", width: 120 },
    { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [{ name: "groupId", label: "车系分组", options: "vehicleGroup" }],
  form: [{ name: "name" }, { name: "code" }, { name: "initial" }, { name: "groupId", options: "vehicleGroup" }, { name: "sortOrder" }],
};

export default function VehicleMakePage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("汽车品牌") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
