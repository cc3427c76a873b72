import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { GENDERS } from "#server/lib/dictionary";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/organization/employee";

/** 员工: the company's employees. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(
    (await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["department"], formLookups: ["department", "position"] })).data,
  );
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "code", header: "工号", width: 90, sort: "code" },
    { field: "name", header: "姓名", width: 110, sort: "name" },
    { field: "gender", header: "性别", width: 60, kind: "enum", labels: GENDERS },
    { field: "phone", header: "手机号", width: 130 },
    { field: "departmentName", header: "部门", width: 120 },
    { field: "positionName", header: "职位", width: 120 },
    { field: "hireDate", header: "入职日期", width: 110, kind: "date", sort: "hireDate" },
    { field: "isEnabled", header: "状态", width: 70, kind: "bool", yesNo: ["在职", "离职"] },
  ],
  filters: [
    { name: "departmentId", label: "部门", options: "department" },
    {
      name: "isEnabled",
      label: "状态",
      options: [
        ["true", "在职"],
        ["false", "离职"],
      ],
    },
  ],
  keywordPlaceholder: "姓名、工号或手机号",
  form: [
    { name: "name" },
    { name: "code" },
    { name: "phone" },
    { name: "gender", options: GENDERS },
    { name: "departmentId", options: "department" },
    { name: "positionId", options: "position" },
    { name: "hireDate" },
    { name: "isEnabled" },
  ],
};

export default function EmployeePage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("员工") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
