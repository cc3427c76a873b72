import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { hrefWith, listHref } from "~/components/grid/DataGrid";
import { SimplePager } from "~/components/grid/SimplePager";
import { dateTimeText } from "#server/lib/grid-settings";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { kickAllSessions, kickSession, listOnlineSessions, ONLINE_MENU, requirePage } from "~/server/auth.server";
import { isDomainError, setFlash } from "~/server/kit.server";
import { PlainTable } from "~/components/grid/PlainTable";

const PAGE = "/system/permissions/online";

/** 在线用户 (XTGL-003): who is signed in (user, company, address, browser, since, last seen); 踢出 one or all. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, ONLINE_MENU);
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const keyword = params.get("q") ?? "";
  const list = await listOnlineSessions(ctx, { page: Number.isFinite(page) ? page : 1, keyword });
  return json({ ...list, keyword: keyword.slice(0, 50), confirmAll: params.get("confirm") === "all", platform: ctx.companyKind === "platform" });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, ONLINE_MENU);
  const form = await request.formData();
  const to = listHref(PAGE, String(form.get("back") ?? ""), ["confirm"]);
  try {
    const intent = form.get("intent");
    if (intent === "kick") {
      const { username } = await kickSession(ctx, String(form.get("seq") ?? ""));
      return redirect(to, { headers: await setFlash({ type: "success", message: `已踢出 ${username}` }) });
    }
    if (intent === "kickAll") {
      const n = await kickAllSessions(ctx);
      return redirect(to, { headers: await setFlash({ type: "success", message: `已踢出 ${n} 个会话` }) });
    }
    return redirect(to, { headers: await setFlash({ type: "error", message: "未知操作" }) });
  } catch (e) {
    if (isDomainError(e) && e.code !== "unauthorized" && e.code !== "forbidden")
      return redirect(to, { headers: await setFlash({ type: "error", message: e.message }) });
    throw e;
  }
}

export default function OnlineUsersPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`}>
        <label>
          用户
          <input name="q" defaultValue={data.keyword} maxLength={50} placeholder="用户名、姓名或来源地址" data-testid="online-keyword" />
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`}>
          查询
        </button>
        <Link to="?" prefetch="none" className={css.btn}>
          重置
        </Link>
      </Form>
      {data.confirmAll ? (
        <Form method="post" className={`${css.card} ${css.toolbar}`} role="alertdialog" aria-label="确认全部踢出" data-testid="online-confirm-all">
          <input type="hidden" name="back" value={search} />
          <span>
            {data.platform
              ? "将踢出所有公司的全部在线会话（你自己的除外），他们需重新登录。确定吗？"
              : "将踢出本公司的全部在线会话（你自己的除外），他们需重新登录。确定吗？"}
          </span>
          <button type="submit" name="intent" value="kickAll" className={`${css.btn} ${css.danger}`} disabled={busy} data-testid="online-kick-all-confirm">
            确定全部踢出
          </button>
          <Link to={hrefWith(search, { confirm: null })} prefetch="none" className={css.btn}>
            取消
          </Link>
        </Form>
      ) : null}
      <div className={css.card}>
        <div className={css.toolbar}>
          <Link to={hrefWith(search, { confirm: "all" })} prefetch="none" className={`${css.btn} ${css.danger}`} data-testid="online-kick-all">
            全部踢出
          </Link>
          <span className={css.muted}>踢出后，对方的下一次操作即回到登录页。</span>
        </div>
        <PlainTable
          label="在线用户"
          region="在线会话列表"
          testId="online-table"
          head={[
            ["用户名", 110],
            ["姓名", 90],
            ["公司", 110],
            ["方式", 70],
            ["来源地址", 120],
            ["浏览器", 180],
            ["登录时间", 140],
            ["最后活动", 140],
            ["操作", 90],
          ]}
          empty={data.items.length === 0 ? "没有在线用户" : null}
        >
          {data.items.map((s) => (
            <tr key={s.seq} data-testid="online-row" data-username={s.username}>
              <td>{s.username}</td>
              <td>{s.name}</td>
              <td>{s.companyName ?? ""}</td>
              <td>{s.kind === "api" ? "接口" : "网页"}</td>
              <td>{s.ip ?? ""}</td>
              <td title={s.userAgent ?? ""} style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                {s.userAgent ?? ""}
              </td>
              <td>{dateTimeText(s.createdAt)}</td>
              <td>{dateTimeText(s.lastSeenAt)}</td>
              <td>
                {s.current ? (
                  <span className={css.muted}>当前会话</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="back" value={search} />
                    <input type="hidden" name="seq" value={s.seq} />
                    <button
                      type="submit"
                      name="intent"
                      value="kick"
                      className={`${css.btn} ${css.danger}`}
                      disabled={busy}
                      aria-label={`踢出 ${s.username}（${s.ip ?? ""}）`}
                    >
                      踢出
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </PlainTable>
        <SimplePager total={data.total} page={data.page} size={data.size} search={search} unit="个会话" totalTestId="online-total" />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("在线用户") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
