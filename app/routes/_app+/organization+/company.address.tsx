import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";
import { areaNameSuggestions } from "~/server/system.server";

const PAGE = "/organization/company/address";

/** 公司地址: the company's shipping and receiving addresses; one is the default. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, extraLookups: areaNameSuggestions })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "contactName", header: "联系人", width: 100 },
    { field: "phone", header: "联系电话", width: 130 },
    { field: "province", header: "省份", width: 80 },
    { field: "city", header: "城市", width: 80, sort: "city" },
    { field: "district", header: "区县", width: 80 },
    { field: "address", header: "详细地址", width: 260 },
    { field: "isDefault", header: "默认", width: 60, kind: "bool", sort: "isDefault" },
  ],
  form: [
    { name: "contactName" },
    { name: "phone" },
    { name: "province", suggest: "province", placeholder: "选择或输入省份" },
    { name: "city", suggest: "city", placeholder: "选择或输入城市" },
    { name: "district" },
    { name: "isDefault" },
    { name: "address", span: "all" },
  ],
};

export default function AddressPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("公司地址") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
