import type { MetaFunction } from "@remix-run/node";
import { BusinessCodePage } from "~/components/system/business-code.route";
import { businessCodeAction, businessCodeLoader } from "~/components/system/business-code.server";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";

/** 业务编码 (/system/businessCode): the company's document numbering rules (the page is shared with the other menu entry). */
export const loader = businessCodeLoader("/system/businessCode");
export const action = businessCodeAction("/system/businessCode");
export default BusinessCodePage;

export const meta: MetaFunction = () => [{ title: pageTitle("业务编码") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
