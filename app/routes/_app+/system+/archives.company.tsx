import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { hrefWith } from "~/components/grid/DataGrid";
import css from "~/components/grid/grid.module.css";
import { SimplePager } from "~/components/grid/SimplePager";
import { CompanyStatusBadge } from "~/components/system/company/CompanyStatusBadge";
import { COMPANY_LIST_URL, companyUrl } from "~/components/system/company/company-links";
import { dateTimeText } from "#server/lib/grid-settings";
import { COMPANY_STATUSES } from "#server/system/company-admin.input";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { orErrorPage, requirePage } from "~/server/auth.server";
import { COMPANY_ADMIN_MENU, listCompanies } from "~/server/system.server";
import { PlainTable } from "~/components/grid/PlainTable";

/**
 * 公司档案 (XTGL-018, the platform operator): every company on the platform, filtered by name
 * or short name and status, sorted and paged by the URL (bookmarkable, works without
 * JavaScript). 新增公司 and one company's page (status, allowed roles, reset) from here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, COMPANY_ADMIN_MENU);
  const params = new URL(request.url).searchParams;
  const list = await orErrorPage(listCompanies(ctx, params));
  const status = params.get("status") ?? "";
  return json({ ...list, keyword: list.query.keyword, status: /^[012]$/.test(status) ? status : "" });
}

const SORTABLE = [
  ["name", "公司全称", 240],
  ["shortName", "简称", 110],
  ["status", "状态", 80],
] as const;

export default function CompanyListPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const sort = data.query.sort;
  const sortHref = (field: string) => hrefWith(search, { page: null, sort: `${field}.${sort.field === field && sort.dir === "asc" ? "desc" : "asc"}` });
  const arrow = (field: string) => (sort.field === field ? (sort.dir === "asc" ? " ▲" : " ▼") : "");
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`} aria-label="查询公司">
        <label>
          公司
          <input name="q" defaultValue={data.keyword} maxLength={50} placeholder="公司全称或简称" data-testid="company-keyword" />
        </label>
        <label>
          状态
          <select name="status" defaultValue={data.status} data-testid="company-status-filter">
            <option value="">全部</option>
            {COMPANY_STATUSES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {sort.field !== "id" || sort.dir !== "asc" ? <input type="hidden" name="sort" value={`${sort.field}.${sort.dir}`} /> : null}
        <button type="submit" className={`${css.btn} ${css.primary}`}>
          查询
        </button>
        <Link to={COMPANY_LIST_URL} prefetch="none" className={css.btn}>
          重置
        </Link>
      </Form>
      <div className={css.card}>
        <div className={css.toolbar}>
          <Link to={`${COMPANY_LIST_URL}/new`} prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="company-new">
            新增公司
          </Link>
          <span className={css.muted}>只有已上线的公司可以登录使用；下线或关闭后，其员工在下一次操作时退出该公司。</span>
        </div>
        <PlainTable
          label="公司列表"
          testId="company-table"
          head={
            <>
              <th style={{ width: 60 }}>
                <Link to={sortHref("id")} prefetch="none">
                  编号{arrow("id")}
                </Link>
              </th>
              {SORTABLE.map(([field, label, width]) => (
                <th key={field} style={{ width }} aria-sort={sort.field === field ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}>
                  <Link to={sortHref(field)} prefetch="none">
                    {label}
                    {arrow(field)}
                  </Link>
                </th>
              ))}
              <th style={{ width: 80 }}>类型</th>
              <th style={{ width: 80 }}>城市</th>
              <th style={{ width: 90 }}>联系人</th>
              <th style={{ width: 120 }}>联系电话</th>
              <th style={{ width: 70 }}>用户数</th>
              <th style={{ width: 140 }}>
                <Link to={sortHref("creationTime")} prefetch="none">
                  创建时间{arrow("creationTime")}
                </Link>
              </th>
              <th style={{ width: 80 }}>操作</th>
            </>
          }
          empty={data.items.length === 0 ? "没有符合条件的公司" : null}
        >
          {data.items.map((c) => (
            <tr key={c.id} data-testid="company-row" data-name={c.name}>
              <td className={css.num}>{c.id}</td>
              <td>
                <Link to={companyUrl(c.id)} prefetch="none">
                  {c.name}
                </Link>
              </td>
              <td>{c.shortName ?? ""}</td>
              <td>
                <CompanyStatusBadge status={c.status} />
              </td>
              <td>{c.kind === "platform" ? "平台" : "贸易公司"}</td>
              <td>{c.city ?? ""}</td>
              <td>{c.contactName ?? ""}</td>
              <td>{c.phone ?? ""}</td>
              <td className={css.num}>{c.userCount}</td>
              <td>{dateTimeText(c.creationTime)}</td>
              <td>
                <Link to={companyUrl(c.id)} prefetch="none" className={css.btn} aria-label={`管理 ${c.name}`}>
                  管理
                </Link>
              </td>
            </tr>
          ))}
        </PlainTable>
        <SimplePager total={data.totalCount} page={data.query.page} size={data.query.size} search={search} unit="家公司" totalTestId="company-total" />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("公司档案") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
