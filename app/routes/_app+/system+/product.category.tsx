import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { CATEGORY_LEVELS } from "#server/lib/dictionary";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/product/category";

/** 产品分类: the two-level category tree (level 0 → level 1). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["productCategory"], formLookups: ["productCategory"] })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "treeName", header: "分类名称", width: 200, sort: "name" },
    { field: "level", header: "级别", width: 90, kind: "enum", labels: CATEGORY_LEVELS, sort: "level" },
    { field: "parentName", header: "上级分类", width: 160 },
    { field: "sortOrder", header: "排序", width: 70, kind: "number", sort: "sortOrder" },
    { field: "isEnabled", header: "状态", width: 70, kind: "bool", yesNo: ["启用", "停用"] },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    { name: "level", label: "级别", options: CATEGORY_LEVELS },
    { name: "parentCategoryId", label: "上级分类", options: "productCategory", level: 0 },
    {
      name: "isEnabled",
      label: "状态",
      options: [
        ["true", "启用"],
        ["false", "停用"],
      ],
    },
  ],
  form: [{ name: "name" }, { name: "parentId", options: "productCategory", level: 0 }, { name: "sortOrder" }, { name: "isEnabled" }],
};

export default function CategoryPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("产品分类") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
