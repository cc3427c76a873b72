import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import mc from "~/components/system/message.module.css";
import { dateTimeText } from "#server/lib/grid-settings";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { orErrorPage, requirePage } from "~/server/auth.server";
import { isDomainError, setFlash, STATUS_OF } from "~/server/kit.server";
import { listMessageEvents, MESSAGE_EVENT_MENU, MESSAGE_TEMPLATE_MENU, setMessageEventEnabled } from "~/server/system.server";
import { PlainTable, SwitchButton } from "~/components/grid/PlainTable";

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
          <span className={css.muted}>
            业务发生时（与业务单据在同一事务中）按事件的消息模板生成站内消息，发给相关的人（不发给操作人本人）。停用的事件不再发送消息。
          </span>
        </div>
        <PlainTable
          label="消息事件"
          testId="message-event-table"
          head={[
            ["事件", 190],
            ["接收人", 260],
            ["消息标题", 330],
            ["状态", 70],
            ["修改时间", 140],
            ["操作", 170],
          ]}
        >
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
                  <SwitchButton on={e.isEnabled} intents={["enable", "disable"]} labels={["启用", "停用"]} subject={e.name} disabled={busy} />
                  {canEditTemplates ? (
                    <Link to={`${TEMPLATE_PAGE}?edit=${e.code}`} className={css.btn} prefetch="none" aria-label={`编辑模板：${e.name}`}>
                      编辑模板
                    </Link>
                  ) : null}
                </Form>
              </td>
            </tr>
          ))}
        </PlainTable>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("消息事件") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
