import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import mc from "~/components/system/message.module.css";
import { dateTimeText } from "#server/lib/grid-settings";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { isDomainError, listMessageEvents, MESSAGE_EVENT_MENU, MESSAGE_TEMPLATE_MENU, orErrorPage, requirePage, setFlash, setMessageEventEnabled, STATUS_OF } from "~/services.server";

const PAGE = "/system/setting/message/event";
const TEMPLATE_PAGE = "/system/setting/message/template";

/** 消息事件 (XTGL-011, platform only): the business events that send in-app notifications; 启用 / 停用 each. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, MESSAGE_EVENT_MENU);
  return json({ ...(await orErrorPage(listMessageEvents(ctx))), canEditTemplates: ctx.permissions.has(MESSAGE_TEMPLATE_MENU) });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, MESSAGE_EVENT_MENU);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const done = async (type: "success" | "error", message: string) => redirect(PAGE, { headers: await setFlash({ type, message }) });
  if (intent !== "enable" && intent !== "disable") throw json({ message: "未知操作" }, { status: 400 });
  try {
    const event = await setMessageEventEnabled(ctx, form.get("code"), intent === "enable");
    return done("success", `已${event.isEnabled ? "启用" : "停用"}消息事件 ${event.name}`);
  } catch (e) {
    if (isDomainError(e) && e.code === "not_found") return done("error", e.message);
    if (isDomainError(e)) throw json({ message: e.message }, { status: STATUS_OF[e.code] });
    throw e;
  }
}


export default function MessageEventsPage() {
  const { items, canEditTemplates } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className={css.wrap}>
      <div className={css.card}>
        <div className={css.toolbar}>
          <span className={css.muted}>业务发生时（与业务单据在同一事务中）按事件的消息模板生成站内消息，发给相关的人（不发给操作人本人）。停用的事件不再发送消息。</span>
        </div>
        <div className={css.scroll} tabIndex={0} role="region" aria-label="消息事件列表">
          <table className={css.table} data-testid="message-event-table">
            <caption className="visually-hidden">消息事件</caption>
            <thead>
              <tr>
                <th style={{ width: 190 }}>事件</th>
                <th style={{ width: 260 }}>接收人</th>
                <th style={{ width: 330 }}>消息标题</th>
                <th style={{ width: 70 }}>状态</th>
                <th style={{ width: 140 }}>修改时间</th>
                <th style={{ width: 170 }}>操作</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.code} data-testid="message-event-row" data-code={e.code} data-enabled={e.isEnabled}>
                  <td className={mc.wrapCell}>
                    <strong>{e.name}</strong>
                    <div className={css.muted}>{e.description}</div>
                  </td>
                  <td className={mc.wrapCell}>{e.recipients}</td>
                  <td className={mc.wrapCell}>
                    {e.title}
                    {e.custom ? <span className={mc.tag}>已修改</span> : null}
                  </td>
                  <td>
                    <span className={e.isEnabled ? mc.on : mc.off} data-testid="message-event-state">
                      {e.isEnabled ? "启用" : "停用"}
                    </span>
                  </td>
                  <td>
                    {dateTimeText(e.updatedAt, "—")}
                    {e.updatedByName ? <div className={css.muted}>{e.updatedByName}</div> : null}
                  </td>
                  <td>
                    <Form method="post" className={mc.actions}>
                      <input type="hidden" name="code" value={e.code} />
                      {e.isEnabled ? (
                        <button type="submit" name="intent" value="disable" className={`${css.btn} ${css.danger}`} disabled={busy} aria-label={`停用 ${e.name}`}>
                          停用
                        </button>
                      ) : (
                        <button type="submit" name="intent" value="enable" className={`${css.btn} ${css.primary}`} disabled={busy} aria-label={`启用 ${e.name}`}>
                          启用
                        </button>
                      )}
                      {canEditTemplates ? (
                        <Link to={`${TEMPLATE_PAGE}?edit=${e.code}`} className={css.btn} prefetch="none" aria-label={`编辑模板：${e.name}`}>
                          编辑模板
                        </Link>
                      ) : null}
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("消息事件") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
