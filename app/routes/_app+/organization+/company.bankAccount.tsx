import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";
import { bankNameSuggestions } from "~/server/system.server";

const PAGE = "/organization/company/bankAccount";

/** 银行账户: the company's bank accounts; one is the default. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, extraLookups: bankNameSuggestions })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "bankName", header: "开户银行", width: 180, sort: "bankName" },
    { field: "accountName", header: "账户名称", width: 180 },
    { field: "accountNumber", header: "银行账号", width: 200 },
    { field: "isDefault", header: "默认", width: 60, kind: "bool" },
    { field: "remark", header: "备注", width: 200 },
  ],
  form: [
    { name: "bankName", suggest: "bankName", placeholder: "选择或输入开户银行" },
    { name: "accountName" },
    { name: "accountNumber" },
    { name: "isDefault" },
    { name: "remark", span: "all" },
  ],
};

export default function BankAccountPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("银行账户") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
