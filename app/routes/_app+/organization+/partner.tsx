import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { PARTNER_RELS, PAYMENT_TERMS } from "#server/lib/dictionary";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";
import { listLinkableCompanies } from "~/server/organization.server";
import { cityOptions } from "~/server/system.server";

const PAGE = "/organization/partner";

/** 往来单位: customers (rel 1) and suppliers (rel 0), optionally linked to a company on the platform. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(
    (
      await loadResourcePage(request, PAGE, {
        columns: config.columns,
        formLookups: ["employee"],
        filterLookups: ["businessArea"],
        extraLookups: async (ctx) => ({
          company: (await listLinkableCompanies(ctx, "")).map((c) => ({ value: c.id, label: c.name })),
          ...(await cityOptions()),
        }),
      })
    ).data,
  );
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "name", header: "单位名称", width: 200, sort: "name" },
    { field: "rel", header: "类型", width: 70, kind: "enum", labels: PARTNER_RELS },
    { field: "tarCompanyShortName", header: "简称", width: 100, hidden: true },
    { field: "contactName", header: "联系人", width: 90 },
    { field: "contactPhone", header: "联系电话", width: 130 },
    { field: "paymentTerm", header: "结算方式", width: 80, kind: "enum", labels: PAYMENT_TERMS },
    { field: "creditLimit", header: "信用额度", width: 110, kind: "money", sort: "creditLimit" },
    { field: "salesmanName", header: "业务员", width: 90 },
    { field: "tarCompanyName", header: "关联平台公司", width: 140, hidden: true },
    { field: "areaName", header: "所在城市", width: 130 },
    { field: "address", header: "地址", width: 220, hidden: true },
    { field: "remark", header: "备注", width: 160, hidden: true },
    { field: "isEnabled", header: "状态", width: 70, kind: "bool", yesNo: ["启用", "停用"] },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime", hidden: true },
  ],
  filters: [
    { name: "rel", label: "类型", options: PARTNER_RELS },
    { name: "paymentTerm", label: "结算方式", options: PAYMENT_TERMS },
    { name: "businessAreaId", label: "商圈", options: "businessArea" },
    {
      name: "isEnabled",
      label: "状态",
      options: [
        ["true", "启用"],
        ["false", "停用"],
      ],
    },
  ],
  keywordPlaceholder: "名称、简称、联系人或电话",
  form: [
    { name: "rel", options: PARTNER_RELS },
    { name: "name" },
    { name: "tarCompanyShortName" },
    { name: "tarCompanyId", options: "company" },
    { name: "contactName" },
    { name: "contactPhone" },
    { name: "paymentTerm", options: PAYMENT_TERMS },
    { name: "creditLimit" },
    { name: "salesmanId", options: "employee" },
    { name: "isEnabled" },
    { name: "areaCode", options: "city" },
    { name: "address", span: 2 },
    { name: "remark", widget: "textarea", span: "all" },
  ],
};

export default function PartnerPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("往来单位") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
