import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/product/oe";

/** OE号: the platform's OE number dictionary; any spelling of a number finds it. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(
    (
      await loadResourcePage(request, PAGE, {
        columns: config.columns,
        filterLookups: ["productBrand", "vehicleMake"],
        formLookups: ["productBrand", "vehicleMake"],
      })
    ).data,
  );
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "oe", header: "OE号", width: 160, sort: "oe" },
    { field: "name", header: "配件名称", width: 180, sort: "name" },
    { field: "brandName", header: "品牌", width: 100 },
    { field: "makeName", header: "汽车品牌", width: 100 },
    { field: "description", header: "说明", width: 240 },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    { name: "brandId", label: "品牌", options: "productBrand" },
    { name: "makeId", label: "汽车品牌", options: "vehicleMake" },
  ],
  keywordPlaceholder: "OE号（任意写法）或名称",
  form: [
    { name: "oe" },
    { name: "name" },
    { name: "brandId", options: "productBrand" },
    { name: "makeId", options: "vehicleMake" },
    { name: "description", widget: "textarea", span: "all" },
  ],
};

export default function OeNumberPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("OE号") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
