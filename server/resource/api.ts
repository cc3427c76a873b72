import { json } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requireApiUser } from "../auth/guard";
import { answerMethods, apiError, readBody } from "../lib/api";
import { xlsxDisposition } from "../lib/excel-export";
import { canWrite, createRow, deleteRow, getRow, updateRow, type ResourceDef } from "../lib/resource";
import { canRead, exportRows, listFromParams, visibleDocument, visibleRow } from "../lib/list-read";
import { DomainError } from "../lib/errors";
import { worksStep } from "../lib/document-chain";
import { t } from "../lib/i18n/zh-CN";
import { parseId } from "../lib/ids";
import { resourceByName } from "./registry-slot";
import { getCompanyTimeZone } from "../setting/setting.service";

/**
 * The JSON contract of spec 000 §7 for every resource: `GET/POST /api/app/{name}`,
 * `GET/PUT/DELETE /api/app/{name}/{id}`, `POST /api/app/{name}/export`. Cookie session or
 * bearer token; the services apply permissions and company scoping. Rows are answered as the
 * caller may see them (no cost price without 产品价格). Any other method is 405 with `Allow`.
 */
function unknownResource() {
  return apiError(404, "not_found", "接口不存在");
}

/** The caller, when the pages would let them read this resource (403 otherwise). */
async function reader(request: Request, def: ResourceDef) {
  const ctx = await requireApiUser(request);
  if (!canRead(def, ctx)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
  return ctx;
}

/**
 * The caller, when the pages would let them write this document (its list's menu code: buyers
 * write purchase orders, stock keepers receiving notes …); 403 otherwise. The services add
 * their own finer checks (an action's own code).
 */
async function documentWriter(request: Request, def: ResourceDef, action?: string) {
  const ctx = await requireApiUser(request);
  // The worker of a step of the chain takes that step's action (仓管 确认入库 of a sales return).
  if (action !== undefined && worksStep(ctx, def.name, action)) return ctx;
  if (!canWrite(def, ctx)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
  return ctx;
}

function rowAnswer(def: ResourceDef, ctx: Ctx, row: unknown) {
  return json(visibleRow(def, ctx, row));
}

/** A document's answer (read, created, changed, moved) under the price rule of its page: private fields dropped at every depth. */
function documentAnswer(def: ResourceDef, ctx: Ctx, doc: unknown) {
  return json(visibleDocument(def, ctx, doc ?? { success: true }));
}

/** `/api/app/{name}`: GET the list, POST a new row. */
export function apiCollection(request: Request, name: string | undefined) {
  const def = resourceByName(name);
  if (!def) return unknownResource();
  return answerMethods(request, {
    GET: async () => {
      const ctx = await reader(request, def);
      return json(await listFromParams(def, ctx, new URL(request.url).searchParams));
    },
    POST: async () => {
      if (def.document) {
        const ctx = await documentWriter(request, def);
        if (!def.document.create) throw new DomainError("bad_request", `${def.label}不支持新增`);
        return documentAnswer(def, ctx, await def.document.create(ctx, await readBody(request)));
      }
      const ctx = await requireApiUser(request);
      return rowAnswer(def, ctx, await createRow(def, ctx, await readBody(request)));
    },
  });
}

/** `/api/app/{name}/{id}`: GET the row, PUT the fields sent, DELETE it. */
export function apiItem(request: Request, name: string | undefined, id: string | undefined) {
  const def = resourceByName(name);
  if (!def) return unknownResource();
  // Only a canonical id names a row; anything else ("0x10", " 1", "2147483648") is no row: 404.
  const rowId = parseId(id) ?? 0;
  return answerMethods(request, {
    GET: async () => {
      const ctx = await reader(request, def);
      if (def.document) return documentAnswer(def, ctx, await def.document.get(ctx, rowId));
      return rowAnswer(def, ctx, await getRow(def, ctx, rowId));
    },
    PUT: async () => {
      const ctx = def.document ? await documentWriter(request, def) : await requireApiUser(request);
      if (def.document) {
        if (!def.document.update) throw new DomainError("bad_request", `${def.label}不支持修改`);
        return documentAnswer(def, ctx, await def.document.update(ctx, rowId, await readBody(request)));
      }
      return rowAnswer(def, ctx, await updateRow(def, ctx, rowId, await readBody(request)));
    },
    DELETE: async () => {
      const ctx = def.document ? await documentWriter(request, def) : await requireApiUser(request);
      if (def.document) {
        if (!def.document.remove) throw new DomainError("bad_request", `${def.label}不支持删除`);
        await def.document.remove(ctx, rowId);
        return json({ success: true });
      }
      await deleteRow(def, ctx, rowId);
      return json({ success: true });
    },
  });
}

export function xlsxResponse({ fileName, stream }: { fileName: string; stream: ReadableStream<Uint8Array> }) {
  return new Response(stream, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": xlsxDisposition(fileName),
      "Cache-Control": "no-store",
    },
  });
}

/** `/api/app/{name}/export`: POST the spec's export payload → the .xlsx, streamed. */
export function apiExport(request: Request, name: string | undefined) {
  const def = resourceByName(name);
  if (!def) return unknownResource();
  return answerMethods(request, {
    POST: async () => {
      const ctx = await reader(request, def);
      return xlsxResponse(exportRows(def, ctx, await readBody(request), { timeZone: await getCompanyTimeZone(ctx) }));
    },
  });
}

/**
 * `POST /api/app/{name}/{id}/{action}`: a document's status action (submit, confirm, cancel,
 * reverse …). The service checks the caller's permission and the transition under the
 * document's row lock; an unknown action is 404.
 */
export function apiDocumentAction(request: Request, name: string | undefined, id: string | undefined, action: string | undefined) {
  const def = resourceByName(name);
  const run = def?.document && action && Object.hasOwn(def.document.actions, action) ? def.document.actions[action]! : undefined;
  if (!def || !run) return unknownResource();
  const rowId = parseId(id) ?? 0;
  return answerMethods(request, {
    POST: async () => {
      const ctx = await documentWriter(request, def, action);
      // An action without a body (no Content-Type) is fine: most take nothing.
      const body = request.headers.get("Content-Type") ? await readBody(request) : {};
      return documentAnswer(def, ctx, await run(ctx, rowId, body));
    },
  });
}
