import { json, redirect } from "@remix-run/node";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { DomainError, isDomainError } from "../lib/errors";
import { parseId } from "../lib/ids";
import { setFlash } from "../lib/flash";
import { parseListQuery, PAGE_SIZES, type ListQuery, type ListResult } from "../lib/list-query";
import { canWrite, createRow, deleteRow, getRow, updateRow, type ResourceDef } from "../lib/resource";
import { exportRows, hiddenFields, listRows, listSpecOf, ownKey, selectionOf, visibleRow } from "../lib/list-read";
import { getCompanyTimeZone, getUserSetting, saveUserSetting } from "../setting/setting.service";
import { resourceByName, resourceByPage, resourceOfPage } from "./registry-slot";
import { xlsxResponse } from "./api";
import { applyGridSettings, clampWidth, type GridColumn, type GridSettings } from "../lib/grid-settings";
import { formSpecOf, type FormSpec } from "../lib/form-spec";
import { formReply, formValues, type FormFailure } from "../lib/form-reply";
import { readNumberInput } from "../lib/number-text";

/**
 * The server half of every master-data list page. The page's URL is its whole state
 * (bookmarkable, works without JavaScript):
 *   page, size, sort, q and filters → the list;
 *   do=edit|delete&sel=ID → redirect to edit=ID or confirmDelete=ID (or notice=select: 请选择数据行);
 *   edit=new|ID → the form; confirmDelete=ID → the confirmation; dialog=columns|export → dialogs.
 * Commands are POSTs with an `intent`: save, delete, saveColumns, savePageSize, resetColumns.
 * A GET never writes: `size` in the URL shows that many rows; only a POST saves it.
 */
export interface LookupOption {
  value: number;
  label: string;
  parentId?: number | null;
  level?: number;
}
export type Lookups = Record<string, LookupOption[]>;

/** The column that makes a lookup's options children of another lookup's (cascading form selects). */
const LOOKUP_PARENT: Record<string, string> = { vehicleMake: "groupId", vehicleMfr: "makeId", vehicleModel: "makeId" };

/** Query params that belong to the list itself (kept when a dialog closes). */
const STATE_PARAMS = new Set(["edit", "confirmDelete", "dialog", "do", "sel", "notice", "all", "hidden", "import", "lib", "libq"]);

export function listParamsOf(params: URLSearchParams) {
  const out = new URLSearchParams();
  for (const [k, v] of params) if (!STATE_PARAMS.has(k)) out.append(k, v);
  return out;
}

function withParams(pageUrl: string, params: URLSearchParams) {
  const s = params.toString();
  return s ? `${pageUrl}?${s}` : pageUrl;
}

const SUMMARY_DEFS = "summaryDefs";

const GridSettingsSchema = z.object({
  autoFit: z.boolean().default(false),
  columnDefs: z
    .array(
      z.object({
        field: z.string().max(60),
        headerName: z.string().max(60).default(""),
        hide: z.boolean().default(false),
        width: z.number().nullable().default(null),
      }),
    )
    .max(100)
    .default([]),
  perPageNum: z.number().int().optional(),
});

async function allGridSettings(ctx: Ctx): Promise<Record<string, unknown>> {
  const value = await getUserSetting(ctx, SUMMARY_DEFS);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export async function gridSettingsOf(ctx: Ctx, gridId: string): Promise<GridSettings | null> {
  const parsed = GridSettingsSchema.safeParse((await allGridSettings(ctx))[gridId]);
  return parsed.success ? parsed.data : null;
}

/** Saves one grid's settings inside the user's summaryDefs, keeping the other grids' and panels' values. */
export async function saveGridSettings(ctx: Ctx, gridId: string, settings: GridSettings | null) {
  const all = await allGridSettings(ctx);
  if (settings) all[gridId] = settings;
  else delete all[gridId];
  await saveUserSetting(ctx, { name: SUMMARY_DEFS, value: all as never });
}

/** id/name options of other resources for filters and form selects (max 500 each, spec 000 §9). */
export async function lookupOptions(ctx: Ctx, names: readonly string[]): Promise<Lookups> {
  const out: Lookups = {};
  await Promise.all(
    names.map(async (name) => {
      const def = resourceByName(name);
      if (!def) return;
      const query = parseListQuery(new URLSearchParams("maxResultCount=500"), listSpecOf(def));
      const { items } = await listRows<Record<string, unknown>>(def, ctx, query, { withCount: false });
      out[name] = items.map((r) => ({
        value: r.id as number,
        label: String(r.name ?? r.bankName ?? r.id),
        ...(r.level !== undefined ? { level: r.level as number, parentId: (r.parentId as number | null) ?? null } : {}),
        ...(LOOKUP_PARENT[name] ? { parentId: (r[LOOKUP_PARENT[name]!] as number | null) ?? null } : {}),
      }));
    }),
  );
  return out;
}

export interface PageOptions {
  /**
   * The grid's columns: rows are sent to the browser with only the fields of the columns the
   * user shows (the page's HTML and its hydration data both carry every row).
   */
  columns?: readonly GridColumn[];
  /** Lookups the filters need on every load. */
  filterLookups?: readonly string[];
  /** Lookups the form needs when it is open. */
  formLookups?: readonly string[];
  /** Extra option lists computed by the page (e.g. linkable companies). */
  extraLookups?: (ctx: Ctx) => Promise<Lookups>;
}

export interface ResourcePageData {
  pageUrl: string;
  label: string;
  result: ListResult<Record<string, unknown>>;
  query: Pick<ListQuery, "page" | "size" | "sort" | "keyword" | "filters">;
  settings: GridSettings | null;
  /** Fields this user may not read (their columns are not sent, offered or exported). */
  hiddenFields: string[];
  /** Fields this user may not change (their form inputs are not shown, so not posted). */
  lockedFields: string[];
  canWrite: boolean;
  canCreate: boolean;
  canDelete: boolean;
  /** Rows can be changed here (修改, Enter, double click): not on read-only lists. */
  canUpdate: boolean;
  edit: { id: number | null; row: Record<string, unknown> | null } | null;
  /** The open form's fields as its zod schema describes them (labels, required, limits). */
  form: FormSpec | null;
  confirmDelete: { id: number; usedBy?: string } | null;
  dialog: "columns" | "export" | null;
  /** select: 请选择数据行; missing: the row asked for does not exist (or is another company's). */
  notice: "select" | "missing" | null;
  lookups: Lookups;
}

/** A row id from the URL or a form: canonical positive int4 only (server/lib/ids.ts), else null. */
function positiveId(v: string | null) {
  return parseId(v);
}

/** A form's `id` field: empty means none; anything else must be a canonical id (400 otherwise). */
function formRowId(form: FormData): number | null {
  const raw = String(form.get("id") ?? "");
  if (raw === "") return null;
  const id = parseId(raw);
  if (id === null) throw new DomainError("bad_request", "数据编号不正确");
  return id;
}

/**
 * A document list's 打开 (do=edit&sel=ID, or edit=ID) opens the row's own page (its config's
 * `rowHref`) instead of a column-by-column edit dialog: the document is edited there while it
 * is a draft. Used by every list whose page config has `rowHref`, before loadResourcePage.
 */
export async function openRowRedirectOf(request: Request, pageUrl: string, open: (id: number) => string): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  const raw = params.get("do") === "edit" ? params.get("sel") : params.get("edit");
  if (raw === null || raw === "new") return null;
  const id = parseId(raw);
  if (id === null) return null;
  await requirePage(request, pageUrl);
  return redirect(open(id));
}

/** Loader of a master-data list page. Throws redirects for toolbar commands. */
export async function loadResourcePage(
  request: Request,
  pageUrl: string,
  opts: PageOptions = {},
): Promise<{ ctx: Ctx; def: ResourceDef; data: ResourcePageData }> {
  const ctx = await requirePage(request, pageUrl);
  const def = resourceByPage(pageUrl);
  const url = new URL(request.url);
  const params = url.searchParams;

  const command = params.get("do");
  if (command) {
    const next = listParamsOf(params);
    const sel = positiveId(params.get("sel"));
    if (!sel) next.set("notice", "select");
    else if (command === "delete") next.set("confirmDelete", String(sel));
    else next.set("edit", String(sel));
    throw redirect(withParams(pageUrl, next));
  }

  const settings = await gridSettingsOf(ctx, pageUrl);
  // The saved page size applies when the URL names none; a size in the URL is shown, never saved.
  if (!params.has("size") && settings?.perPageNum) params.set("size", String(settings.perPageNum));
  const query = parseListQuery(params, listSpecOf(def));

  const writer = canWrite(def, ctx);
  const editParam = params.get("edit");
  const editId = positiveId(editParam);
  const editing = writer && (editParam === "new" ? !def.readOnly?.create : editId !== null && !def.readOnly?.update);
  const deleteId = writer && !def.readOnly?.delete ? positiveId(params.get("confirmDelete")) : null;
  // edit=0x10, confirmDelete=%201 …: no row is spelled that way, so the page says the row is missing.
  const badId =
    writer &&
    ((editParam !== null && editParam !== "new" && editId === null) || (params.has("confirmDelete") && positiveId(params.get("confirmDelete")) === null));
  const dialogParam = params.get("dialog");

  // Guarded fields this user may not change: the form leaves them out, so it never posts them.
  const locked = Object.entries(def.fieldCodes ?? {})
    .filter(([, [code]]) => !ctx.permissions.has(code))
    .map(([f]) => f);
  const shown = opts.columns
    ? applyGridSettings(opts.columns, settings)
        .filter((c) => !c.hide)
        .map((c) => c.field)
    : null;
  const all = selectionOf(def, ctx);
  const fields = shown ? Object.fromEntries([["id", all.id], ...shown.filter((f) => ownKey(all, f)).map((f) => [f, all[f]])]) : undefined;
  const [result, editRow, deleting, lookups, extra] = await Promise.all([
    listRows<Record<string, unknown>>(def, ctx, query, { fields }),
    editing && editId ? getRow<Record<string, unknown>>(def, ctx, editId).catch(() => null) : Promise.resolve(null),
    deleteId ? getRow<Record<string, unknown>>(def, ctx, deleteId).catch(() => null) : Promise.resolve(null),
    lookupOptions(ctx, [...(opts.filterLookups ?? []), ...(editing ? (opts.formLookups ?? []) : [])]),
    editing && opts.extraLookups ? opts.extraLookups(ctx) : Promise.resolve({}),
  ]);

  // Spec 000 §5: a page beyond the page count is not shown empty; the last page is.
  const lastPage = Math.max(1, Math.ceil(result.totalCount / query.size));
  if (query.page > lastPage && !command) {
    const next = new URLSearchParams(params);
    if (lastPage === 1) next.delete("page");
    else next.set("page", String(lastPage));
    throw redirect(withParams(pageUrl, next));
  }

  return {
    ctx,
    def,
    data: {
      pageUrl,
      label: def.label,
      result,
      query: { page: query.page, size: query.size, sort: query.sort, keyword: query.keyword, filters: query.filters },
      settings,
      hiddenFields: [...hiddenFields(def, ctx)],
      lockedFields: locked,
      canWrite: writer,
      canCreate: writer && !def.readOnly?.create,
      canDelete: writer && !def.readOnly?.delete,
      canUpdate: writer && !def.readOnly?.update,
      edit: editing && (editParam === "new" || editRow) ? { id: editParam === "new" ? null : editId, row: editRow && visibleRow(def, ctx, editRow) } : null,
      form: editing ? Object.fromEntries(Object.entries(formSpecOf(def.input)).filter(([f]) => !locked.includes(f))) : null,
      confirmDelete: deleteId && deleting ? { id: deleteId } : null,
      dialog: dialogParam === "columns" || dialogParam === "export" ? dialogParam : null,
      notice: params.get("notice") === "select" ? "select" : badId || (editing && editId && !editRow) || (deleteId && !deleting) ? "missing" : null,
      lookups: { ...lookups, ...extra },
    },
  };
}

export type SaveFailure = FormFailure<"save">;

/** "销售价已按两位小数四舍五入" for the money and measure fields whose posted text had more than 2 decimals. */
export function roundingNote(spec: FormSpec, values: Record<string, string>) {
  const labels = Object.entries(spec)
    .filter(([name, f]) => (f.kind === "money" || f.kind === "decimal") && typeof values[name] === "string")
    .filter(([name, f]) => {
      const read = readNumberInput(values[name]!, f.kind as "money" | "decimal");
      return read.ok && read.rounded;
    })
    .map(([, f]) => f.label);
  return labels.length ? `${labels.join("、")}已按两位小数四舍五入` : "";
}

function backUrl(pageUrl: string, form: FormData) {
  const back = String(form.get("back") ?? "").replace(/^\?/, "");
  return withParams(pageUrl, listParamsOf(new URLSearchParams(back)));
}

async function redirectWithFlash(to: string, type: "success" | "error" | "info", message: string) {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

const ColumnsFormSchema = z
  .array(
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/)
      .max(60),
  )
  .max(100);

/** The custom-columns dialog posts field[], show_<field>, width_<field>, auto_<field>; a resize or move posts `settings` JSON. */
function columnsFromForm(form: FormData): GridSettings | null {
  const json = form.get("settings");
  if (typeof json === "string" && json) {
    try {
      const parsed = GridSettingsSchema.safeParse(JSON.parse(json));
      if (!parsed.success) return null;
      return { ...parsed.data, columnDefs: parsed.data.columnDefs.map((d) => ({ ...d, width: d.width === null ? null : clampWidth(d.width) })) };
    } catch {
      return null;
    }
  }
  const fields = ColumnsFormSchema.safeParse(form.getAll("field"));
  if (!fields.success) return null;
  const columnDefs = fields.data.map((field) => ({
    field,
    headerName: String(form.get(`name_${field}`) ?? "").slice(0, 60),
    hide: form.get(`show_${field}`) !== "on",
    width: form.get(`auto_${field}`) === "on" ? null : clampWidth(form.get(`width_${field}`)),
  }));
  const perPage = Number(form.get("perPageNum"));
  return {
    autoFit: columnDefs.every((d) => d.width === null),
    columnDefs,
    ...((PAGE_SIZES as readonly number[]).includes(perPage) ? { perPageNum: perPage } : {}),
  };
}

function exportRequestFromForm(def: ResourceDef, form: FormData) {
  const back = new URLSearchParams(String(form.get("back") ?? "").replace(/^\?/, ""));
  const filter: Record<string, string> = {};
  for (const [k, v] of listParamsOf(back)) if (k !== "page" && k !== "size") filter[k] = v;
  return {
    sheetName: def.pageName ?? def.label,
    outPutFileName: def.pageName ?? def.label,
    filter,
    excelColumes: form.getAll("col").map((f) => ({
      fieldName: String(f),
      displayName: String(form.get(`name_${String(f)}`) ?? f),
      width: Math.round(((clampWidth(form.get(`width_${String(f)}`)) ?? 120) * 256) / 8),
    })),
  };
}

/** The custom-export dialog's form (posted to /grid/export with its page's url) → the .xlsx. */
export async function exportFromPageForm(request: Request) {
  const form = await request.formData();
  const pageUrl = String(form.get("page") ?? "");
  const def = resourceOfPage(pageUrl);
  if (!def) throw json({ message: "页面不存在" }, { status: 404 });
  const ctx = await requirePage(request, pageUrl);
  try {
    const timeZone = await getCompanyTimeZone(ctx);
    return xlsxResponse(exportRows(def, ctx, exportRequestFromForm(def, form), { timeZone }));
  } catch (e) {
    if (isDomainError(e) && e.code !== "unauthorized") return redirectWithFlash(backUrl(pageUrl, form), "error", e.message);
    throw e;
  }
}

/** Action of a master-data list page. */
export async function resourcePageAction(request: Request, pageUrl: string) {
  const ctx = await requirePage(request, pageUrl);
  const def = resourceByPage(pageUrl);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = backUrl(pageUrl, form);
  try {
    switch (intent) {
      case "save": {
        const values = formValues(form, ["id"]);
        try {
          const id = formRowId(form);
          if (id) await updateRow(def, ctx, id, values);
          else await createRow(def, ctx, values);
        } catch (e) {
          return formReply("save", e, values);
        }
        // Without JavaScript nobody saw the field round on blur: the flash says it instead.
        const note = roundingNote(formSpecOf(def.input), values);
        return redirectWithFlash(back, "success", note ? `保存成功（${note}）` : "保存成功");
      }
      case "refresh": {
        // 刷新选项 without JavaScript: the same form again, with what was typed, its dependent selects redrawn.
        return json<SaveFailure>({ intent: "save", message: "", fields: {}, values: formValues(form, ["id"]) });
      }
      case "delete": {
        if (!form.get("id")) return redirectWithFlash(back, "info", "请选择数据行");
        const id = parseId(form.get("id"));
        if (!id) return json({ error: "数据编号不正确" }, { status: 400 });
        await deleteRow(def, ctx, id);
        return redirectWithFlash(back, "success", "删除成功");
      }
      case "saveColumns": {
        const settings = columnsFromForm(form);
        if (!settings) return redirectWithFlash(back, "error", "列设置不正确");
        const prev = await gridSettingsOf(ctx, pageUrl);
        await saveGridSettings(ctx, pageUrl, { ...settings, perPageNum: settings.perPageNum ?? prev?.perPageNum });
        if (form.get("quiet") === "1") return json({ ok: true });
        return redirectWithFlash(back, "success", "列设置已保存");
      }
      case "savePageSize": {
        // The grid's page-size selector, with JavaScript: the user picked a size (an explicit choice).
        const size = Number(form.get("size"));
        if (!(PAGE_SIZES as readonly number[]).includes(size)) return redirectWithFlash(back, "error", "每页条数不正确");
        const prev = await gridSettingsOf(ctx, pageUrl);
        await saveGridSettings(ctx, pageUrl, { autoFit: prev?.autoFit ?? true, columnDefs: prev?.columnDefs ?? [], perPageNum: size });
        if (form.get("quiet") === "1") return json({ ok: true });
        return redirectWithFlash(back, "success", "每页条数已保存");
      }
      case "resetColumns": {
        await saveGridSettings(ctx, pageUrl, null);
        return redirectWithFlash(back, "success", "已恢复默认列设置");
      }
      default:
        return json({ error: "未知操作" }, { status: 400 });
    }
  } catch (e) {
    if (isDomainError(e) && e.code !== "unauthorized") return redirectWithFlash(back, "error", e.message);
    throw e;
  }
}
