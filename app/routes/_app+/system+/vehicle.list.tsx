import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/vehicle/list";

/** 车辆: concrete vehicles of a model. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["vehicleMake"], formLookups: ["vehicleModel"] })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "车辆名称", width: 240, sort: "name" },
    { field: "makeName", header: "汽车品牌", width: 100 },
    { field: "modelName", header: "车型", width: 120 },
    { field: "year", header: "年款", width: 70, kind: "number", sort: "year" },
    { field: "engine", header: "发动机", width: 100 },
    { field: "transmission", header: "变速箱", width: 90 },
    { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
  ],
  filters: [{ name: "makeId", label: "汽车品牌", options: "vehicleMake" }],
  form: [
    { name: "name", span: 2 },
    { name: "modelId", options: "vehicleModel" },
    { name: "year" },
    { name: "engine" },
    { name: "transmission" },
    { name: "sortOrder" },
  ],
};

export default function VehiclePage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("车辆") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
