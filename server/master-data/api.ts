import { json } from "@remix-run/node";
import { requireApiUser } from "../auth/guard";
import { apiError, apiFailure, methodNotAllowed, readBody } from "../lib/api";
import { xlsxDisposition } from "../lib/excel-export";
import { createRow, deleteRow, getRow, updateRow, type ResourceDef } from "../lib/resource";
import { canRead, exportRows, listFromParams } from "../lib/list-read";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { parseId } from "../lib/ids";
import { resourceByName } from "./registry";

/**
 * The JSON contract of spec 000 §7 for every resource: `GET/POST /api/app/{name}`,
 * `GET/PUT/DELETE /api/app/{name}/{id}`, `POST /api/app/{name}/export`. Cookie session or
 * bearer token; the services apply permissions and company scoping.
 */
function unknownResource() {
  return apiError(404, "not_found", "接口不存在");
}

async function withResource(name: string | undefined, run: (def: ResourceDef) => Promise<Response>) {
  const def = resourceByName(name);
  if (!def) return unknownResource();
  try {
    return await run(def);
  } catch (e) {
    return apiFailure(e);
  }
}

/** The caller, when the pages would let them read this resource (403 otherwise). */
async function reader(request: Request, def: ResourceDef) {
  const ctx = await requireApiUser(request);
  if (!canRead(def, ctx)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
  return ctx;
}

export function apiList(request: Request, name: string | undefined) {
  return withResource(name, async (def) => {
    const ctx = await reader(request, def);
    return json(await listFromParams(def, ctx, new URL(request.url).searchParams));
  });
}

export function apiCreate(request: Request, name: string | undefined) {
  if (request.method !== "POST") return methodNotAllowed();
  return withResource(name, async (def) => {
    const ctx = await requireApiUser(request);
    return json(await createRow(def, ctx, await readBody(request)));
  });
}

export function apiGet(request: Request, name: string | undefined, id: string | undefined) {
  return withResource(name, async (def) => {
    const ctx = await reader(request, def);
    // Only a canonical id names a row; anything else ("0x10", " 1", "2147483648") is no row: 404.
    return json(await getRow(def, ctx, parseId(id) ?? 0));
  });
}

export function apiChange(request: Request, name: string | undefined, id: string | undefined) {
  return withResource(name, async (def) => {
    const ctx = await requireApiUser(request);
    const rowId = parseId(id) ?? 0;
    if (request.method === "PUT") return json(await updateRow(def, ctx, rowId, await readBody(request)));
    if (request.method === "DELETE") {
      await deleteRow(def, ctx, rowId);
      return json({ success: true });
    }
    return methodNotAllowed();
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

export function apiExport(request: Request, name: string | undefined) {
  if (request.method !== "POST") return methodNotAllowed();
  return withResource(name, async (def) => {
    const ctx = await reader(request, def);
    return xlsxResponse(exportRows(def, ctx, await readBody(request)));
  });
}
