import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { AUDIT_ACTIONS } from "#server/lib/dictionary";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/system/permissions/log";

/** 操作日志 (XTGL-004): the audit trail — sign-ins, failed sign-ins, deletions — read-only, filterable and exportable. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json(data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "createdAt", header: "时间", width: 150, kind: "datetime", sort: "createdAt" },
    { field: "userName", header: "用户", width: 110, sort: "userName" },
    { field: "action", header: "操作", width: 90, sort: "action", kind: "enum", labels: AUDIT_ACTIONS },
    { field: "summary", header: "内容", width: 220 },
    { field: "targetType", header: "对象类型", width: 120, hidden: true },
    { field: "targetId", header: "对象编号", width: 90 },
    { field: "ip", header: "来源地址", width: 120 },
    { field: "companyName", header: "公司", width: 120 },
    { field: "userAgent", header: "浏览器", width: 240, hidden: true },
    { field: "beforeText", header: "变更前", width: 260, hidden: true },
    { field: "afterText", header: "变更后", width: 260, hidden: true },
  ],
  filters: [
    { name: "action", label: "操作", options: AUDIT_ACTIONS },
    { name: "userName", label: "用户" },
    { name: "ip", label: "来源地址" },
    { name: "date", label: "日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "用户、内容、对象或来源地址",
};

export default function AuditLogPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("操作日志") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
