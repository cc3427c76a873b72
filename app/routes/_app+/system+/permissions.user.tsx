import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { SimplePager } from "~/components/grid/SimplePager";
import { staffBack, staffHref } from "~/components/system/staff-links";
import { dateTimeText } from "#server/lib/grid-settings";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { orErrorPage, requirePage } from "~/server/auth.server";
import { isDomainError, setFlash } from "~/server/kit.server";
import { listStaff, setStaffLock, STAFF_MENU, staffCompanyOptions } from "~/server/system.server";
import { PlainTable } from "~/components/grid/PlainTable";

const PAGE = "/system/permissions/user";

/**
 * 用户管理 (XTGL-001): the company's staff logins, filtered (user, status, role) and paged by
 * the URL; 新增用户, 编辑 and 锁定/解锁 here. The platform operator picks the company.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, STAFF_MENU);
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const status = params.get("status") ?? "";
  const list = await orErrorPage(
    listStaff(ctx, {
      company: params.get("company") ?? undefined,
      keyword: params.get("q") ?? "",
      status,
      roleId: params.get("role") ?? undefined,
      page: Number.isFinite(page) ? page : 1,
    }),
  );
  return json({
    ...list,
    keyword: (params.get("q") ?? "").slice(0, 50),
    status: status === "active" || status === "locked" ? status : "",
    role: params.get("role") ?? "",
    operator: ctx.companyKind === "platform",
    companies: await staffCompanyOptions(ctx),
    me: ctx.userId,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, STAFF_MENU);
  const form = await request.formData();
  const to = staffBack(PAGE, String(form.get("back") ?? ""));
  try {
    const intent = form.get("intent");
    if (intent === "lock" || intent === "unlock") {
      await setStaffLock(ctx, form.get("company") ?? undefined, String(form.get("userId") ?? ""), intent === "lock");
      return redirect(to, {
        headers: await setFlash({ type: "success", message: `已${intent === "lock" ? "锁定" : "解锁"} ${String(form.get("username") ?? "").slice(0, 40)}` }),
      });
    }
    return redirect(to, { headers: await setFlash({ type: "error", message: "未知操作" }) });
  } catch (e) {
    if (isDomainError(e) && e.code !== "unauthorized") return redirect(to, { headers: await setFlash({ type: "error", message: e.message }) });
    throw e;
  }
}

export default function StaffPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const companyParam = data.operator ? String(data.company.id) : undefined;
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`} aria-label="查询用户">
        {data.operator ? (
          <label>
            公司
            <select name="company" defaultValue={String(data.company.id)} data-testid="staff-company">
              {data.companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.shortName ?? c.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          用户
          <input name="q" defaultValue={data.keyword} maxLength={50} placeholder="登录名、姓名或手机号" data-testid="staff-keyword" />
        </label>
        <label>
          状态
          <select name="status" defaultValue={data.status}>
            <option value="">全部</option>
            <option value="active">正常</option>
            <option value="locked">已锁定</option>
          </select>
        </label>
        <label>
          角色
          <select name="role" defaultValue={data.role}>
            <option value="">全部</option>
            {data.roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`}>
          查询
        </button>
        <Link to={data.operator ? `?company=${data.company.id}` : "?"} prefetch="none" className={css.btn}>
          重置
        </Link>
      </Form>
      <div className={css.card}>
        <div className={css.toolbar}>
          <Link to={staffHref(`${PAGE}/new`, companyParam)} prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="staff-new">
            新增用户
          </Link>
          <span className={css.muted}>{data.company.shortName ?? data.company.name} 的员工账号：角色决定能用的菜单和按钮，修改在对方下一次操作时生效。</span>
        </div>
        <PlainTable
          label="用户列表"
          testId="staff-table"
          head={[
            ["登录名", 120],
            ["姓名", 90],
            ["手机号", 110],
            ["部门", 100],
            ["角色", 160],
            ["状态", 90],
            ["加入时间", 140],
            ["操作", 130],
          ]}
          empty={data.items.length === 0 ? "没有符合条件的用户" : null}
        >
          {data.items.map((u) => {
            const locked = u.memberLocked || u.userLocked;
            return (
              <tr key={u.userId} data-testid="staff-row" data-username={u.username}>
                <td>
                  <Link to={staffHref(`${PAGE}/${u.userId}`, companyParam)} prefetch="none">
                    {u.username}
                  </Link>
                </td>
                <td>{u.name}</td>
                <td>{u.phone ?? ""}</td>
                <td>{u.departmentName ?? ""}</td>
                <td>{u.roleNames}</td>
                <td data-testid="staff-status">{u.userLocked ? "平台锁定" : u.memberLocked ? "已锁定" : "正常"}</td>
                <td>{dateTimeText(u.joinedAt)}</td>
                <td>
                  <Link to={staffHref(`${PAGE}/${u.userId}`, companyParam)} prefetch="none" className={css.btn} aria-label={`编辑 ${u.username}`}>
                    编辑
                  </Link>{" "}
                  {u.userId === data.me || u.userLocked ? null : (
                    <Form method="post" style={{ display: "inline" }}>
                      <input type="hidden" name="back" value={search} />
                      <input type="hidden" name="userId" value={u.userId} />
                      <input type="hidden" name="username" value={u.username} />
                      {companyParam ? <input type="hidden" name="company" value={companyParam} /> : null}
                      <button
                        type="submit"
                        name="intent"
                        value={locked ? "unlock" : "lock"}
                        className={`${css.btn} ${locked ? "" : css.danger}`}
                        disabled={busy}
                        aria-label={`${locked ? "解锁" : "锁定"} ${u.username}`}
                      >
                        {locked ? "解锁" : "锁定"}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            );
          })}
        </PlainTable>
        <SimplePager total={data.total} page={data.page} size={data.size} search={search} unit="个用户" totalTestId="staff-total" />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("用户管理") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
