import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { parseInput } from "../lib/validate";
import { isMessageEventCode, MESSAGE_EVENT_CODES, MESSAGE_EVENTS, variablesOf, type MessageEventCode } from "../kernel/message-events";
import { MESSAGE_TEXT, MessageTemplateInputSchema } from "../kernel/message.input";
import { messageEvents, messageTemplates, type MessageVariable } from "../kernel/message.tables";
import { renderTemplate, templateProblem } from "../kernel/message-template";
import { users } from "../kernel/identity.tables";

/**
 * 消息事件 (/system/setting/message/event, XTGL-011) and 消息模板 (/system/setting/message/template,
 * XTGL-012), both the platform operator's: enable or disable an event, edit an event's title
 * and body templates (checked against the event's variables), restore the default. Every change
 * is recorded in the audit trail (messageChange). The rows are written from the registry
 * (server/system/message-events.ts) by the first change; until then the registry's defaults
 * apply, to the pages and to notify alike.
 */
export const MESSAGE_EVENT_MENU = "XTGL-011";
export const MESSAGE_TEMPLATE_MENU = "XTGL-012";

function requireOperator(ctx: Ctx, menu: string) {
  if (ctx.companyKind !== "platform" || !ctx.permissions.has(menu)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

function codeOf(code: unknown): MessageEventCode {
  if (!isMessageEventCode(code)) throw new DomainError("not_found", MESSAGE_TEXT.missing);
  return code;
}

export interface MessageEventView {
  code: MessageEventCode;
  name: string;
  description: string;
  recipients: string;
  variables: MessageVariable[];
  isEnabled: boolean;
  title: string;
  body: string;
  /** The template differs from the default. */
  custom: boolean;
  updatedAt: string | null;
  updatedByName: string | null;
}

export interface MessageTemplateView extends MessageEventView {
  defaultTitle: string;
  defaultBody: string;
  /** The template rendered with the variables' sample values. */
  preview: { title: string; body: string };
}

const editor = sql<string | null>`(select ${users.name} from ${users} where ${users.id} = coalesce(${messageTemplates.updatedBy}, ${messageEvents.updatedBy}))`;

async function readRows(ex: Executor, code?: MessageEventCode) {
  const q = ex
    .select({
      code: messageEvents.code,
      isEnabled: messageEvents.isEnabled,
      title: messageTemplates.title,
      body: messageTemplates.body,
      eventUpdatedAt: messageEvents.updatedAt,
      templateUpdatedAt: messageTemplates.updatedAt,
      updatedByName: editor,
    })
    .from(messageEvents)
    .leftJoin(messageTemplates, eq(messageTemplates.eventCode, messageEvents.code));
  return code ? q.where(eq(messageEvents.code, code)) : q;
}

type Row = Awaited<ReturnType<typeof readRows>>[number];

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function viewOf(code: MessageEventCode, row: Row | undefined): MessageEventView {
  const def = MESSAGE_EVENTS[code];
  const title = row?.title ?? def.title;
  const body = row?.body ?? def.body;
  const times = [iso(row?.eventUpdatedAt), iso(row?.templateUpdatedAt)].filter((x): x is string => !!x).sort();
  return {
    code,
    name: def.name,
    description: def.description,
    recipients: def.recipients,
    variables: variablesOf(code),
    isEnabled: row?.isEnabled ?? true,
    title,
    body,
    custom: title !== def.title || body !== def.body,
    updatedAt: times.at(-1) ?? null,
    updatedByName: row?.updatedByName ?? null,
  };
}

function sampleValues(code: MessageEventCode) {
  return Object.fromEntries(variablesOf(code).map((v) => [v.name, v.sample]));
}

function templateViewOf(code: MessageEventCode, row: Row | undefined): MessageTemplateView {
  const view = viewOf(code, row);
  const def = MESSAGE_EVENTS[code];
  const samples = sampleValues(code);
  return {
    ...view,
    defaultTitle: def.title,
    defaultBody: def.body,
    preview: { title: renderTemplate(view.title, samples), body: renderTemplate(view.body, samples) },
  };
}

async function listViews<V>(make: (code: MessageEventCode, row: Row | undefined) => V) {
  const rows = await readRows(db());
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const items = MESSAGE_EVENT_CODES.map((c) => make(c, byCode.get(c)));
  return { totalCount: items.length, items };
}

/** 消息事件: every event of the registry, with its state and current template. */
export async function listMessageEvents(ctx: Ctx): Promise<{ totalCount: number; items: MessageEventView[] }> {
  requireOperator(ctx, MESSAGE_EVENT_MENU);
  return listViews(viewOf);
}

/** 消息模板: every event's template, with its preview. */
export async function listMessageTemplates(ctx: Ctx): Promise<{ totalCount: number; items: MessageTemplateView[] }> {
  requireOperator(ctx, MESSAGE_TEMPLATE_MENU);
  return listViews(templateViewOf);
}

export async function getMessageTemplate(ctx: Ctx, code: unknown): Promise<MessageTemplateView> {
  requireOperator(ctx, MESSAGE_TEMPLATE_MENU);
  const c = codeOf(code);
  const [row] = await readRows(db(), c);
  return templateViewOf(c, row);
}

/**
 * Start of every change: a row for each event of the registry (name, description, recipients
 * and variables follow the code; the enabled flag stays) and a template row for each event
 * that has none (the default).
 */
export async function ensureMessageEvents(ex: Executor = db()) {
  await ex
    .insert(messageEvents)
    .values(
      MESSAGE_EVENT_CODES.map((code, i) => {
        const d = MESSAGE_EVENTS[code];
        return { code, name: d.name, description: d.description, recipients: d.recipients, variables: variablesOf(code), sortOrder: i + 1 };
      }),
    )
    .onConflictDoUpdate({
      target: messageEvents.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        recipients: sql`excluded.recipients`,
        variables: sql`excluded.variables`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  await ex
    .insert(messageTemplates)
    .values(MESSAGE_EVENT_CODES.map((code) => ({ eventCode: code, title: MESSAGE_EVENTS[code].title, body: MESSAGE_EVENTS[code].body })))
    .onConflictDoNothing({ target: messageTemplates.eventCode });
}

/** The event's rows, created if missing, locked for the change. */
async function lockEvent(tx: Executor, code: MessageEventCode) {
  await ensureMessageEvents(tx);
  const [row] = await tx
    .select({ isEnabled: messageEvents.isEnabled, title: messageTemplates.title, body: messageTemplates.body })
    .from(messageEvents)
    .innerJoin(messageTemplates, eq(messageTemplates.eventCode, messageEvents.code))
    .where(eq(messageEvents.code, code))
    .for("update");
  return row!;
}

/** 启用 / 停用: a disabled event sends no notifications until enabled again. */
export async function setMessageEventEnabled(ctx: Ctx, code: unknown, enabled: boolean): Promise<MessageEventView> {
  requireOperator(ctx, MESSAGE_EVENT_MENU);
  const c = codeOf(code);
  const name = MESSAGE_EVENTS[c].name;
  await inTransaction(async (tx) => {
    const before = await lockEvent(tx, c);
    if (before.isEnabled === enabled) return;
    await tx
      .update(messageEvents)
      .set({ isEnabled: enabled, updatedAt: ctx.now ?? new Date(), updatedBy: ctx.userId })
      .where(eq(messageEvents.code, c));
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "messageChange",
        targetType: "messageEvent",
        targetId: c,
        summary: `${enabled ? "启用" : "停用"}消息事件 ${name}`,
        before: { isEnabled: before.isEnabled },
        after: { isEnabled: enabled },
      },
      tx,
    );
  });
  const [row] = await readRows(db(), c);
  return viewOf(c, row);
}

/** The template checked against the event's variables: bad input is refused with the field's message. */
function checkedTemplate(code: MessageEventCode, input: unknown) {
  const data = parseInput(MessageTemplateInputSchema, input);
  const variables = variablesOf(code);
  const fields: Record<string, string[]> = {};
  const titleProblem = templateProblem(data.title, variables);
  const bodyProblem = templateProblem(data.body, variables);
  if (titleProblem) fields.title = [titleProblem];
  if (bodyProblem) fields.body = [bodyProblem];
  const first = titleProblem ?? bodyProblem;
  if (first) throw new DomainError("bad_request", first, fields);
  return data;
}

/** 预览: the posted template rendered with the sample values, without saving (refused like a save). */
export function previewMessageTemplate(ctx: Ctx, code: unknown, input: unknown): { title: string; body: string } {
  requireOperator(ctx, MESSAGE_TEMPLATE_MENU);
  const c = codeOf(code);
  const data = checkedTemplate(c, input);
  const samples = sampleValues(c);
  return { title: renderTemplate(data.title, samples), body: renderTemplate(data.body, samples) };
}

async function writeTemplate(ctx: Ctx, code: MessageEventCode, data: { title: string; body: string }, summary: string) {
  await inTransaction(async (tx) => {
    const before = await lockEvent(tx, code);
    if (before.title === data.title && before.body === data.body) return;
    await tx
      .update(messageTemplates)
      .set({ title: data.title, body: data.body, updatedAt: ctx.now ?? new Date(), updatedBy: ctx.userId })
      .where(eq(messageTemplates.eventCode, code));
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "messageChange",
        targetType: "messageTemplate",
        targetId: code,
        summary,
        before: { title: before.title, body: before.body },
        after: data,
      },
      tx,
    );
  });
  const [row] = await readRows(db(), code);
  return templateViewOf(code, row);
}

/** 保存: the event's new title and body; an unknown {{variable}} is refused with the allowed ones listed. */
export async function saveMessageTemplate(ctx: Ctx, code: unknown, input: unknown): Promise<MessageTemplateView> {
  requireOperator(ctx, MESSAGE_TEMPLATE_MENU);
  const c = codeOf(code);
  const data = checkedTemplate(c, input);
  return writeTemplate(ctx, c, data, `修改消息模板 ${MESSAGE_EVENTS[c].name}`);
}

/** 恢复默认: the event's template as the product defines it. */
export async function restoreMessageTemplate(ctx: Ctx, code: unknown): Promise<MessageTemplateView> {
  requireOperator(ctx, MESSAGE_TEMPLATE_MENU);
  const c = codeOf(code);
  const def = MESSAGE_EVENTS[c];
  return writeTemplate(ctx, c, { title: def.title, body: def.body }, `恢复默认消息模板 ${def.name}`);
}
