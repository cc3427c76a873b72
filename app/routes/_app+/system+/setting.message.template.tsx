import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PlainTable } from "~/components/grid/PlainTable";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import css from "~/components/grid/grid.module.css";
import mc from "~/components/system/message.module.css";
import { dateTimeText } from "#server/lib/grid-settings";
import { BODY_MAX, MESSAGE_TEXT, TITLE_MAX } from "#server/kernel/message.input";
import { renderTemplate, templateProblem } from "#server/kernel/message-template";
import type { MessageTemplateView } from "#server/system/message.service";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { orErrorPage, requirePage, requireValid } from "~/server/auth.server";
import { isDomainError, setFlash, STATUS_OF } from "~/server/kit.server";
import {
  getMessageTemplate,
  listMessageTemplates,
  MESSAGE_TEMPLATE_MENU,
  previewMessageTemplate,
  restoreMessageTemplate,
  saveMessageTemplate,
} from "~/server/system.server";

const PAGE = "/system/setting/message/template";

/**
 * 消息模板 (XTGL-012, platform only): each event's title and body with {{variable}} placeholders.
 * `?edit=<event>` opens the editor with the event's variables and a preview rendered with their
 * sample values (live with JavaScript; 预览 posts the form without saving, so it works without).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, MESSAGE_TEMPLATE_MENU);
  const edit = new URL(request.url).searchParams.get("edit");
  const list = await orErrorPage(listMessageTemplates(ctx));
  let editing: MessageTemplateView | null = null;
  if (edit !== null) {
    requireValid(list.items.some((t) => t.code === edit));
    editing = await orErrorPage(getMessageTemplate(ctx, edit));
  }
  return json({ ...list, editing });
}

type Reply = {
  code: string;
  values: { title: string; body: string };
  message?: string;
  fields?: Record<string, string[]>;
  preview?: { title: string; body: string };
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, MESSAGE_TEMPLATE_MENU);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const code = String(form.get("code") ?? "");
  const values = { title: String(form.get("title") ?? ""), body: String(form.get("body") ?? "") };
  try {
    switch (intent) {
      case "save": {
        const saved = await saveMessageTemplate(ctx, code, values);
        return redirect(PAGE, { headers: await setFlash({ type: "success", message: `已保存 ${saved.name} 的消息模板` }) });
      }
      case "preview":
        return json<Reply>({ code, values, preview: previewMessageTemplate(ctx, code, values) });
      case "restore": {
        const restored = await restoreMessageTemplate(ctx, code);
        return redirect(`${PAGE}?edit=${restored.code}`, { headers: await setFlash({ type: "success", message: `${restored.name} 的消息模板已恢复默认` }) });
      }
      default:
        throw json({ message: "未知操作" }, { status: 400 });
    }
  } catch (e) {
    if (isDomainError(e) && e.code === "bad_request") return json<Reply>({ code, values, message: e.message, fields: e.fields ?? {} }, { status: 400 });
    if (isDomainError(e)) throw json({ message: e.message }, { status: STATUS_OF[e.code] });
    throw e;
  }
}

export default function MessageTemplatesPage() {
  const { items, editing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  return (
    <div className={css.wrap}>
      {editing ? (
        <TemplateEditor key={editing.code + (editing.updatedAt ?? "")} template={editing} reply={reply?.code === editing.code ? reply : undefined} />
      ) : null}
      <div className={css.card}>
        <div className={css.toolbar}>
          <span className={css.muted}>模板中用 {"{{变量名}}"} 引用事件提供的变量，发送时替换为实际值；修改只影响之后发送的消息。</span>
        </div>
        <PlainTable
          label="消息模板"
          testId="message-template-table"
          head={[
            ["事件", 130],
            ["标题模板", 260],
            ["内容模板", 380],
            ["修改时间", 130],
            ["操作", 80],
          ]}
        >
          {items.map((t) => (
            <tr key={t.code} data-testid="message-template-row" data-code={t.code} aria-current={editing?.code === t.code ? "true" : undefined}>
              <td className={mc.wrapCell}>
                <strong>{t.name}</strong>
                {t.custom ? <span className={mc.tag}>已修改</span> : null}
                {t.isEnabled ? null : <div className={css.muted}>（事件已停用）</div>}
              </td>
              <td className={mc.wrapCell} data-testid="message-template-title">
                {t.title}
              </td>
              <td className={mc.wrapCell}>{t.body}</td>
              <td>
                {dateTimeText(t.updatedAt, "—")}
                {t.updatedByName ? <div className={css.muted}>{t.updatedByName}</div> : null}
              </td>
              <td>
                <Link to={`?edit=${t.code}`} className={css.btn} prefetch="none" aria-label={`编辑 ${t.name} 的消息模板`} data-testid="message-template-edit">
                  编辑
                </Link>
              </td>
            </tr>
          ))}
        </PlainTable>
      </div>
    </div>
  );
}

function TemplateEditor({ template, reply }: { template: MessageTemplateView; reply?: Reply }) {
  const busy = useNavigation().state === "submitting";
  const [title, setTitle] = useState(reply?.values.title ?? template.title);
  const [body, setBody] = useState(reply?.values.body ?? template.body);
  const [edited, setEdited] = useState(false);
  // Each answer of the server (a refused save, a 预览) is shown until the next keystroke.
  useEffect(() => setEdited(false), [reply]);
  const samples = Object.fromEntries(template.variables.map((v) => [v.name, v.sample]));
  // Before any typing: what the server said (the saved template, or the posted 预览 / refused save). Once typing: live.
  const preview = edited
    ? { title: renderTemplate(title, samples), body: renderTemplate(body, samples) }
    : (reply?.preview ?? (reply?.fields ? null : template.preview));
  const liveProblem = edited ? (templateProblem(title, template.variables) ?? templateProblem(body, template.variables)) : null;
  const titleError = edited ? null : reply?.fields?.title?.[0];
  const bodyError = edited ? null : reply?.fields?.body?.[0];
  return (
    <section className={css.card} aria-labelledby="template-editor-title" data-testid="message-template-editor">
      <div className={css.toolbar}>
        <h2 id="template-editor-title" className={mc.heading}>
          编辑消息模板：{template.name}
        </h2>
        <span className={css.muted}>接收人：{template.recipients}</span>
      </div>
      <div className={mc.editor}>
        <Form method="post" className={mc.form}>
          <input type="hidden" name="code" value={template.code} />
          {reply?.message && !edited ? (
            <div className={css.formError} role="alert" data-testid="message-template-error">
              {reply.message}
            </div>
          ) : null}
          <label className={mc.field}>
            <span>
              {MESSAGE_TEXT.title} <span className={mc.required}>*</span>
            </span>
            <input
              name="title"
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                setEdited(true);
              }}
              maxLength={TITLE_MAX}
              required
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? "template-title-error" : undefined}
              data-testid="message-template-title-input"
            />
          </label>
          {titleError ? (
            <div id="template-title-error" className={mc.fieldError}>
              {titleError}
            </div>
          ) : null}
          <label className={mc.field}>
            <span>
              {MESSAGE_TEXT.body} <span className={mc.required}>*</span>
            </span>
            <textarea
              name="body"
              value={body}
              onChange={(e) => {
                setBody(e.target.value);
                setEdited(true);
              }}
              rows={5}
              maxLength={BODY_MAX}
              required
              aria-invalid={bodyError ? true : undefined}
              aria-describedby={bodyError ? "template-body-error" : undefined}
              data-testid="message-template-body-input"
            />
          </label>
          {bodyError ? (
            <div id="template-body-error" className={mc.fieldError}>
              {bodyError}
            </div>
          ) : null}
          {liveProblem ? (
            <div className={mc.fieldError} role="status">
              {liveProblem}
            </div>
          ) : null}
          <div className={mc.actions}>
            <button type="submit" name="intent" value="save" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="message-template-save">
              保存
            </button>
            <button type="submit" name="intent" value="preview" className={css.btn} disabled={busy} formNoValidate data-testid="message-template-preview">
              预览
            </button>
            <button
              type="submit"
              name="intent"
              value="restore"
              className={css.btn}
              disabled={busy || !template.custom}
              formNoValidate
              data-testid="message-template-restore"
            >
              恢复默认
            </button>
            <Link to={PAGE} className={css.btn} prefetch="none">
              关闭
            </Link>
          </div>
        </Form>
        <div className={mc.side}>
          <table className={mc.vars} data-testid="message-template-variables">
            <caption>可用的变量</caption>
            <thead>
              <tr>
                <th scope="col">变量</th>
                <th scope="col">含义</th>
                <th scope="col">示例值</th>
              </tr>
            </thead>
            <tbody>
              {template.variables.map((v) => (
                <tr key={v.name}>
                  <td>
                    <code>{`{{${v.name}}}`}</code>
                  </td>
                  <td>{v.label}</td>
                  <td>{v.sample}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={mc.preview} data-testid="message-template-preview-box" aria-live="polite">
            <div className={css.muted}>预览（按示例值）</div>
            {preview ? (
              <>
                <div className={mc.previewTitle} data-testid="message-template-preview-title">
                  {preview.title}
                </div>
                <div className={mc.previewBody}>{preview.body}</div>
              </>
            ) : (
              <div className={css.muted}>模板有误，改正后再预览</div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("消息模板") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
