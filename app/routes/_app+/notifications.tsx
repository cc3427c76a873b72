import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import mc from "~/components/system/message.module.css";
import { SimplePager } from "~/components/grid/SimplePager";
import { dateTimeText } from "#server/lib/grid-settings";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { requireUser } from "~/server/auth.server";
import { isDomainError, setFlash, STATUS_OF } from "~/server/kit.server";
import { listMyNotifications, markAllNotificationsRead, markNotificationRead, openNotification } from "~/server/system.server";

const PAGE = "/notifications";

/**
 * 消息通知: the signed-in user's own notifications in the current company (no menu permission:
 * everyone has their own), newest first, 20 a page, 全部 / 未读. Opening one (its title, a POST)
 * marks it read and follows its link; 标为已读 and 全部标为已读 are POST forms that come back
 * to the same page of the list. The top bar's bell counts the unread ones.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return json(await listMyNotifications(ctx, { page: Number.isFinite(page) ? page : 1, unreadOnly: params.get("unread") === "1" }));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = backTo(String(form.get("back") ?? ""));
  try {
    switch (intent) {
      case "open": {
        const { to } = await openNotification(ctx, form.get("id"));
        return redirect(to);
      }
      case "read": {
        await markNotificationRead(ctx, form.get("id"));
        return redirect(back);
      }
      case "readAll": {
        const n = await markAllNotificationsRead(ctx);
        return redirect(back, { headers: await setFlash({ type: n ? "success" : "info", message: n ? `已将 ${n} 条消息标为已读` : "没有未读的消息" }) });
      }
      default:
        throw json({ message: "未知操作" }, { status: 400 });
    }
  } catch (e) {
    if (isDomainError(e) && e.code === "not_found") return redirect(back, { headers: await setFlash({ type: "error", message: e.message }) });
    if (isDomainError(e)) throw json({ message: e.message }, { status: STATUS_OF[e.code] });
    throw e;
  }
}

/** The list as it was (filter, page). */
function backTo(back: string) {
  if (!back.startsWith("?")) return PAGE;
  const p = new URLSearchParams(back);
  const keep = new URLSearchParams();
  for (const name of ["unread", "page"]) {
    const v = p.get(name);
    if (v && /^\d{1,6}$/.test(v)) keep.set(name, v);
  }
  const rest = keep.toString();
  return rest ? `${PAGE}?${rest}` : PAGE;
}

export default function NotificationsPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className={css.wrap}>
      <div className={css.card}>
        <div className={css.toolbar}>
          <nav className={mc.filterLinks} aria-label="消息筛选">
            <Link to={PAGE} prefetch="none" aria-current={data.unreadOnly ? undefined : "page"}>
              全部
            </Link>
            <Link to={`${PAGE}?unread=1`} prefetch="none" aria-current={data.unreadOnly ? "page" : undefined} data-testid="notifications-unread-filter">
              未读（{data.unreadCount}）
            </Link>
          </nav>
          <span className="spacer" style={{ flex: 1 }} />
          <Form method="post">
            <input type="hidden" name="back" value={search} />
            <button type="submit" name="intent" value="readAll" className={css.btn} disabled={busy} data-testid="notifications-read-all">
              全部标为已读
            </button>
          </Form>
        </div>
        {data.items.length === 0 ? (
          <div className={css.empty} data-testid="notifications-empty">
            {data.unreadOnly ? "没有未读的消息" : "暂无消息"}
          </div>
        ) : (
          <ul className={mc.list} data-testid="notifications-list" aria-label="消息列表">
            {data.items.map((n) => {
              const unread = !n.readAt;
              return (
                <li key={n.id} className={mc.item} data-unread={unread || undefined} data-testid="notification" data-id={n.id}>
                  <span className={mc.dot} aria-hidden />
                  <div className={mc.main}>
                    <Form method="post">
                      <input type="hidden" name="id" value={n.id} />
                      <input type="hidden" name="back" value={search} />
                      <button type="submit" name="intent" value="open" className={mc.open} disabled={busy} data-testid="notification-open">
                        {n.title}
                      </button>
                    </Form>
                    {n.body ? <div className={mc.body}>{n.body}</div> : null}
                    <div className={mc.meta}>
                      {unread ? (
                        <span className={mc.state} data-testid="notification-state">
                          未读
                        </span>
                      ) : (
                        <span data-testid="notification-state">已读</span>
                      )}
                      <span>{n.eventName}</span>
                      <span>{dateTimeText(n.createdAt)}</span>
                    </div>
                  </div>
                  {unread ? (
                    <Form method="post" className={mc.side2}>
                      <input type="hidden" name="id" value={n.id} />
                      <input type="hidden" name="back" value={search} />
                      <button
                        type="submit"
                        name="intent"
                        value="read"
                        className={css.btn}
                        disabled={busy}
                        aria-label={`将“${n.title}”标为已读`}
                        data-testid="notification-read"
                      >
                        标为已读
                      </button>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <SimplePager total={data.totalCount} page={data.page} size={data.size} search={search} totalTestId="notifications-total" />
      </div>
    </div>
  );
}

export const handle = { pageTitle: "消息通知" };

export const meta: MetaFunction = () => [{ title: pageTitle("消息通知") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
