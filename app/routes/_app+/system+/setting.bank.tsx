import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/setting/bank";

/**
 * 银行设置 (XTGL-008): the platform's bank list, the banks a company's bank accounts name. The
 * platform operator adds, edits and disables banks; a company user reads the list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "银行名称", width: 200, sort: "name" },
    { field: "code", header: "银行编码", width: 120, sort: "code" },
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
  keywordPlaceholder: "名称或编码",
  form: [{ name: "name" }, { name: "code" }, { name: "sortOrder" }, { name: "isEnabled" }],
};

export default function BankPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("银行设置") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
