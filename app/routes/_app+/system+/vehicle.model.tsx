import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/vehicle/model";

/** 车型: models of a make (速腾, 卡罗拉 …). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(
    (await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["vehicleMake"], formLookups: ["vehicleMake", "vehicleMfr"] })).data,
  );
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "车型名称", width: 160, sort: "name" },
    { field: "makeName", header: "汽车品牌", width: 120 },
    { field: "mfrName", header: "汽车厂商", width: 140 },
    { field: "yearFrom", header: "起始年款", width: 90, kind: "number", sort: "yearFrom" },
    { field: "yearTo", header: "截止年款", width: 90, kind: "number" },
    { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
  ],
  filters: [{ name: "makeId", label: "汽车品牌", options: "vehicleMake" }],
  form: [
    { name: "name" },
    { name: "makeId", options: "vehicleMake" },
    { name: "mfrId", options: "vehicleMfr", parent: "makeId" },
    { name: "yearFrom" },
    { name: "yearTo" },
    { name: "sortOrder" },
  ],
};

export default function VehicleModelPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("车型") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
