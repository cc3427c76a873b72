import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { applyDictionaryLabels } from "~/components/dictionary-labels.client";
import css from "~/components/grid/grid.module.css";
import dc from "~/components/system/dictionary.module.css";
import { DICT_TEXT } from "#server/reference/dictionary.input";
import type { DictItemView, DictTypeDetail, DictTypeView } from "#server/reference/dictionary.service";
import { pageTitle, t } from "../../../../server/lib/i18n/zh-CN";
import { orErrorPage, requirePage, requireValid } from "~/server/auth.server";
import { isDomainError, parseId, setFlash, STATUS_OF } from "~/server/kit.server";
import {
  appliedLabelOverrides,
  createDictItem,
  createDictType,
  deleteDictItem,
  deleteDictType,
  DICTIONARY_MENU,
  loadDictionaryPage,
  updateDictItem,
  updateDictType,
} from "~/server/system.server";

const PAGE = "/system/dictionary/dictType";

/**
 * 数据字典 (XTGL-017, the platform operator): the dictionary types on the left (filtered by
 * ?q=), the chosen one (?type=<code>) with its items on the right. ?newType=1 opens the new
 * type's form, ?editType=1 the chosen type's, ?editItem=<id> an item's, ?confirmDelete=type or
 * =<item id> asks before deleting. Every form is a plain POST; a refused one comes back with
 * the values typed and the reason next to the field.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, DICTIONARY_MENU);
  const params = new URL(request.url).searchParams;
  const page = await orErrorPage(loadDictionaryPage(ctx, { type: params.get("type"), q: params.get("q") }));
  const items = page.selected?.items ?? [];
  const editItemParam = params.get("editItem");
  const editItemId = editItemParam === null ? null : parseId(editItemParam);
  requireValid(editItemParam === null || (editItemId !== null && items.some((i) => i.id === editItemId)));
  const confirmParam = params.get("confirmDelete");
  const confirmItemId = confirmParam !== null && confirmParam !== "type" ? parseId(confirmParam) : null;
  requireValid(confirmParam === null || confirmParam === "type" || (confirmItemId !== null && items.some((i) => i.id === confirmItemId)));
  return json({
    ...page,
    newType: params.get("newType") === "1",
    editType: params.get("editType") === "1" && page.selected !== null,
    editItemId,
    confirmType: confirmParam === "type" && page.selected !== null && !page.selected.isBuiltin,
    confirmItemId,
    // The labels as they are after this page's change, for the browser's next pages (the root's are the page load's).
    dictLabels: appliedLabelOverrides(),
  });
}

type FormName = "createType" | "updateType" | "createItem" | "updateItem";
type Reply = { form: FormName; itemId?: number; values: Record<string, string>; message: string; fields: Record<string, string[]> };

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, DICTIONARY_MENU);
  const form = await request.formData();
  const intent = str(form, "intent");
  const typeId = str(form, "typeId");
  const itemId = str(form, "itemId");
  const back = str(form, "back");
  // Back to the list as it was (the chosen type, the filter): only this page's own query.
  const here = (code?: string) => {
    const next = new URLSearchParams(back.startsWith("?") ? back.slice(1) : "");
    const kept = new URLSearchParams();
    if (next.get("q")) kept.set("q", next.get("q")!.slice(0, 50));
    if (code) kept.set("type", code);
    const qs = kept.toString();
    return qs ? `${PAGE}?${qs}` : PAGE;
  };
  const done = async (to: string, message: string) => redirect(to, { headers: await setFlash({ type: "success", message }) });
  // A check box posts nothing when unticked: the form says it showed one (the API sends booleans).
  const enabled = form.has("enabledShown") ? (form.has("isEnabled") ? "on" : "false") : undefined;
  const typeValues = { code: str(form, "code"), name: str(form, "name"), description: str(form, "description"), sortOrder: str(form, "sortOrder") };
  const itemValues = { value: str(form, "value"), label: str(form, "label"), description: str(form, "description"), sortOrder: str(form, "sortOrder") };
  try {
    switch (intent) {
      case "createType": {
        const made = await createDictType(ctx, typeValues);
        return done(here(made.code), `已新增字典类型 ${made.name}`);
      }
      case "updateType": {
        const { code: _code, ...rest } = typeValues;
        const saved = await updateDictType(ctx, typeId, rest);
        return done(here(saved.code), `已保存字典类型 ${saved.name}`);
      }
      case "deleteType": {
        await deleteDictType(ctx, typeId);
        return done(here(), t.common.deleted);
      }
      case "createItem": {
        const made = await createDictItem(ctx, typeId, { ...itemValues, isEnabled: enabled ?? "on" });
        return done(`${here(str(form, "typeCode"))}`, `已新增字典项 ${made.label}`);
      }
      case "updateItem": {
        const { value: _value, ...rest } = itemValues;
        const saved = await updateDictItem(ctx, typeId, itemId, { ...rest, isEnabled: enabled });
        return done(here(str(form, "typeCode")), `已保存字典项 ${saved.label}`);
      }
      case "deleteItem": {
        await deleteDictItem(ctx, typeId, itemId);
        return done(here(str(form, "typeCode")), t.common.deleted);
      }
      default:
        throw json({ message: "未知操作" }, { status: 400 });
    }
  } catch (e) {
    if (isDomainError(e) && (e.code === "bad_request" || e.code === "conflict") && intent !== "deleteType" && intent !== "deleteItem") {
      const isItem = intent === "createItem" || intent === "updateItem";
      const values: Record<string, string> = isItem ? { ...itemValues, isEnabled: enabled ?? "on" } : typeValues;
      return json<Reply>(
        { form: intent as FormName, itemId: parseId(itemId) ?? undefined, values, message: e.message, fields: e.fields ?? {} },
        { status: STATUS_OF[e.code] },
      );
    }
    if (isDomainError(e) && e.code !== "unauthorized" && e.code !== "forbidden") {
      return redirect(here(str(form, "typeCode") || undefined), { headers: await setFlash({ type: "error", message: e.message }) });
    }
    throw e;
  }
}

export default function DictionaryPage() {
  const data = useLoaderData<typeof loader>();
  useEffect(() => {
    void applyDictionaryLabels(data.dictLabels);
  }, [data.dictLabels]);
  const reply = useActionData<typeof action>() as Reply | undefined;
  const selected = data.selected as DictTypeDetail | null;
  const q = data.keyword;
  const href = (extra: Record<string, string> = {}) => {
    const p = new URLSearchParams();
    if (q) p.set("q", q);
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    const s = p.toString();
    return s ? `?${s}` : PAGE;
  };
  const back = href(selected ? { type: selected.code } : {});
  return (
    <div className={dc.layout}>
      <div className={`${css.card} ${dc.types}`}>
        <Form method="get" className={dc.search} role="search">
          <input
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={50}
            placeholder="类型编码或名称"
            aria-label="查询字典类型"
            data-testid="dict-type-search"
          />
          <button type="submit" className={css.btn}>
            查询
          </button>
        </Form>
        <div className={css.toolbar}>
          <Link to={href({ newType: "1" })} prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="dict-type-new">
            新增类型
          </Link>
          <span className={css.muted}>共 {data.types.length} 个类型</span>
        </div>
        {data.types.length ? (
          <nav aria-label="字典类型">
            <ul className={dc.typeList} data-testid="dict-type-list">
              {data.types.map((ty: DictTypeView) => (
                <li key={ty.id}>
                  <Link
                    to={href({ type: ty.code })}
                    prefetch="none"
                    aria-current={!data.newType && selected?.id === ty.id ? "page" : undefined}
                    data-testid="dict-type-link"
                    data-code={ty.code}
                  >
                    <span className={dc.typeName}>
                      {ty.name}
                      <span className={dc.typeCode}>{ty.code}</span>
                    </span>
                    {ty.isBuiltin ? <span className={`${dc.tag} ${dc.tagGray}`}>内置</span> : null}
                    <span className={dc.count}>{ty.itemCount} 项</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <div className={dc.empty}>没有符合条件的字典类型</div>
        )}
      </div>
      <div className={dc.main}>
        {data.newType ? (
          <section className={css.card} aria-labelledby="dict-new-type-title">
            <div className={dc.head}>
              <h2 id="dict-new-type-title" className={dc.heading}>
                新增字典类型
              </h2>
            </div>
            <TypeForm back={back} cancel={back} reply={reply?.form === "createType" ? reply : undefined} />
          </section>
        ) : selected ? (
          <TypePanel type={selected} data={data} reply={reply} href={href} back={back} />
        ) : (
          <div className={`${css.card} ${dc.empty}`}>暂无数据</div>
        )}
      </div>
    </div>
  );
}

type PageData = { editType: boolean; editItemId: number | null; confirmType: boolean; confirmItemId: number | null };

function kindText(ty: DictTypeView) {
  if (ty.kind === "status") return "系统状态字典：字典值由系统决定，只能修改显示名称、说明和排序。";
  if (ty.kind === "code") return "系统字典：字典值由系统使用，只能修改显示名称、说明和排序。";
  if (ty.kind === "open") return "系统字典：可新增字典项；系统自带的字典项不能删除，可以停用。";
  return "自定义字典：字典项可新增、修改、停用和删除。";
}

function TypePanel({
  type,
  data,
  reply,
  href,
  back,
}: {
  type: DictTypeDetail;
  data: PageData;
  reply?: Reply;
  href: (extra?: Record<string, string>) => string;
  back: string;
}) {
  const busy = useNavigation().state === "submitting";
  const editing = data.editItemId !== null ? type.items.find((i) => i.id === data.editItemId) : undefined;
  const confirming = data.confirmItemId !== null ? type.items.find((i) => i.id === data.confirmItemId) : undefined;
  const typeReply = reply?.form === "updateType" ? reply : undefined;
  const itemReply = reply?.form === "updateItem" && editing && reply.itemId === editing.id ? reply : undefined;
  const addReply = reply?.form === "createItem" ? reply : undefined;
  return (
    <>
      <section className={css.card} aria-labelledby="dict-type-title" data-testid="dict-type-panel" data-code={type.code}>
        <div className={dc.head}>
          <h2 id="dict-type-title" className={dc.heading}>
            {type.name}
          </h2>
          <span className={dc.code}>{type.code}</span>
          {type.isBuiltin ? <span className={dc.tag}>内置</span> : <span className={`${dc.tag} ${dc.tagGray}`}>自定义</span>}
          {type.isClosed ? <span className={dc.tag}>取值固定</span> : null}
          <span className={dc.spacer} />
          <Link to={href({ type: type.code, editType: "1" })} prefetch="none" className={css.btn} data-testid="dict-type-edit">
            编辑类型
          </Link>
          {type.isBuiltin ? null : (
            <Link to={href({ type: type.code, confirmDelete: "type" })} prefetch="none" className={`${css.btn} ${css.danger}`} data-testid="dict-type-delete">
              删除类型
            </Link>
          )}
        </div>
        <div className={dc.note}>
          {type.description ? <div>{type.description}</div> : null}
          <div>{kindText(type)}</div>
        </div>
        {data.confirmType ? (
          <Form method="post" className={dc.confirm} data-testid="dict-confirm">
            <input type="hidden" name="typeId" value={type.id} />
            <input type="hidden" name="back" value={back} />
            <span>
              删除字典类型 <strong>{type.name}</strong>（含 {type.items.length} 个字典项）：{t.grid.confirmDelete}
            </span>
            <span className={dc.actions}>
              <Link to={back} prefetch="none" className={css.btn}>
                取消
              </Link>
              <button type="submit" name="intent" value="deleteType" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="dict-confirm-delete">
                确定
              </button>
            </span>
          </Form>
        ) : null}
        {data.editType || typeReply ? (
          <div className={dc.panel}>
            <h3 className={dc.panelTitle}>编辑字典类型</h3>
            <TypeForm type={type} back={back} cancel={back} reply={typeReply} />
          </div>
        ) : null}
      </section>

      <section className={css.card} aria-labelledby="dict-items-title">
        <div className={css.toolbar}>
          <h3 id="dict-items-title" className={dc.heading}>
            字典项
          </h3>
          <span className={css.muted}>共 {type.items.length} 项，按排序从小到大显示</span>
        </div>
        {confirming ? (
          <Form method="post" className={dc.confirm} data-testid="dict-confirm">
            <input type="hidden" name="typeId" value={type.id} />
            <input type="hidden" name="typeCode" value={type.code} />
            <input type="hidden" name="itemId" value={confirming.id} />
            <input type="hidden" name="back" value={back} />
            <span>
              删除字典项{" "}
              <strong>
                {confirming.value} {confirming.label}
              </strong>
              ：{t.grid.confirmDelete}
            </span>
            <span className={dc.actions}>
              <Link to={back} prefetch="none" className={css.btn}>
                取消
              </Link>
              <button type="submit" name="intent" value="deleteItem" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="dict-confirm-delete">
                确定
              </button>
            </span>
          </Form>
        ) : null}
        {editing ? (
          <div className={dc.panel} data-testid="dict-item-editor">
            <h3 className={dc.panelTitle}>编辑字典项 {editing.value}</h3>
            <ItemForm type={type} item={editing} back={back} reply={itemReply} />
          </div>
        ) : null}
        <div className={css.scroll} tabIndex={0} role="region" aria-label="字典项列表">
          <table className={css.table} data-testid="dict-item-table">
            <caption className="visually-hidden">{type.name}的字典项</caption>
            <thead>
              <tr>
                <th style={{ width: 110 }}>{DICT_TEXT.value}</th>
                <th style={{ width: 180 }}>{DICT_TEXT.label}</th>
                <th style={{ width: 70 }}>{DICT_TEXT.sortOrder}</th>
                <th style={{ width: 70 }}>状态</th>
                <th style={{ width: 240 }}>{DICT_TEXT.description}</th>
                <th style={{ width: 130 }}>操作</th>
              </tr>
            </thead>
            <tbody>
              {type.items.length === 0 ? (
                <tr>
                  <td colSpan={6} className={css.empty}>
                    <span className={css.emptyBox}>空空如也~~</span>
                  </td>
                </tr>
              ) : null}
              {type.items.map((item: DictItemView) => (
                <tr key={item.id} data-testid="dict-item-row" data-value={item.value} className={editing?.id === item.id ? css.selected : undefined}>
                  <td className={dc.code}>{item.value}</td>
                  <td data-testid="dict-item-label">{item.label}</td>
                  <td className={css.num}>{item.sortOrder}</td>
                  <td className={item.isEnabled ? dc.on : dc.off}>{item.isEnabled ? "启用" : "停用"}</td>
                  <td title={item.description ?? undefined}>{item.description ?? ""}</td>
                  <td>
                    <span className={dc.rowActions}>
                      <Link
                        to={href({ type: type.code, editItem: String(item.id) })}
                        prefetch="none"
                        className={`${css.btn} ${dc.small}`}
                        aria-label={`编辑 ${item.label}`}
                        data-testid="dict-item-edit"
                      >
                        编辑
                      </Link>
                      {item.isFixed ? null : (
                        <Link
                          to={href({ type: type.code, confirmDelete: String(item.id) })}
                          prefetch="none"
                          className={`${css.btn} ${css.danger} ${dc.small}`}
                          aria-label={`删除 ${item.label}`}
                          data-testid="dict-item-delete"
                        >
                          删除
                        </Link>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {type.isClosed ? null : (
          <div className={dc.panel} style={{ borderBottom: 0, borderTop: "1px solid #edf0f2" }}>
            <h3 className={dc.panelTitle}>新增字典项</h3>
            <ItemForm key={addReply ? "retry" : `${type.id}-${type.items.length}`} type={type} back={back} reply={addReply} />
          </div>
        )}
      </section>
    </>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className={dc.fieldError} role="alert">
      {message}
    </span>
  ) : null;
}

function TextField({
  name,
  label,
  value,
  required,
  maxLength,
  error,
  readOnly,
  prefix,
  wide,
  textarea,
}: {
  name: string;
  label: string;
  value: string;
  required?: boolean;
  maxLength?: number;
  error?: string;
  readOnly?: boolean;
  prefix: string;
  wide?: boolean;
  textarea?: boolean;
}) {
  const id = `${prefix}-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    defaultValue: value,
    maxLength,
    required,
    readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "data-testid": id,
  } as const;
  return (
    <label className={`${dc.field} ${wide ? dc.wide : ""}`} htmlFor={id}>
      <span>
        {label}
        {required ? <span className={dc.required}> *</span> : null}
      </span>
      {textarea ? <textarea {...common} rows={2} /> : <input type="text" autoComplete="off" {...common} />}
      <FieldError id={errorId} message={error} />
    </label>
  );
}

function TypeForm({ type, back, cancel, reply }: { type?: DictTypeDetail; back: string; cancel: string; reply?: Reply }) {
  const busy = useNavigation().state === "submitting";
  const v = reply?.values;
  const f = reply?.fields ?? {};
  const prefix = type ? "dict-type-form" : "dict-new-type";
  const fieldMessage = Object.values(f).flat()[0];
  return (
    <Form method="post" className={dc.form} style={type ? undefined : { padding: 12 }} data-testid={prefix}>
      {reply && reply.message !== fieldMessage ? (
        <div className={`${css.formError} ${dc.wide}`} role="alert">
          {reply.message}
        </div>
      ) : null}
      {type ? <input type="hidden" name="typeId" value={type.id} /> : null}
      <input type="hidden" name="back" value={back} />
      <TextField
        prefix={prefix}
        name="code"
        label={DICT_TEXT.code}
        value={type ? type.code : (v?.code ?? "")}
        required={!type}
        readOnly={!!type}
        maxLength={40}
        error={f.code?.[0]}
      />
      <TextField prefix={prefix} name="name" label={DICT_TEXT.name} value={v?.name ?? type?.name ?? ""} required maxLength={30} error={f.name?.[0]} />
      <TextField
        prefix={prefix}
        name="sortOrder"
        label={DICT_TEXT.sortOrder}
        value={v?.sortOrder ?? String(type?.sortOrder ?? 0)}
        maxLength={5}
        error={f.sortOrder?.[0]}
      />
      <TextField
        prefix={prefix}
        name="description"
        label={DICT_TEXT.description}
        value={v?.description ?? type?.description ?? ""}
        maxLength={200}
        error={f.description?.[0]}
        wide
        textarea
      />
      <div className={`${dc.actions} ${dc.wide}`}>
        <button
          type="submit"
          name="intent"
          value={type ? "updateType" : "createType"}
          className={`${css.btn} ${css.primary}`}
          disabled={busy}
          data-testid={`${prefix}-save`}
        >
          保存
        </button>
        <Link to={cancel} prefetch="none" className={css.btn}>
          取消
        </Link>
        {type ? null : <span className={css.muted}>类型编码以字母开头，保存后不能修改；字典项在保存后添加。</span>}
      </div>
    </Form>
  );
}

function ItemForm({ type, item, back, reply }: { type: DictTypeDetail; item?: DictItemView; back: string; reply?: Reply }) {
  const busy = useNavigation().state === "submitting";
  const v = reply?.values;
  const f = reply?.fields ?? {};
  const prefix = item ? "dict-item-form" : "dict-new-item";
  const enabled = v ? v.isEnabled === "on" : (item?.isEnabled ?? true);
  const fieldMessage = Object.values(f).flat()[0];
  return (
    <Form method="post" className={dc.form} data-testid={prefix}>
      {reply && reply.message !== fieldMessage ? (
        <div className={`${css.formError} ${dc.wide}`} role="alert">
          {reply.message}
        </div>
      ) : null}
      <input type="hidden" name="typeId" value={type.id} />
      <input type="hidden" name="typeCode" value={type.code} />
      {item ? <input type="hidden" name="itemId" value={item.id} /> : null}
      <input type="hidden" name="back" value={back} />
      <TextField
        prefix={prefix}
        name="value"
        label={DICT_TEXT.value}
        value={item ? item.value : (v?.value ?? "")}
        required={!item}
        readOnly={!!item}
        maxLength={40}
        error={f.value?.[0]}
      />
      <TextField prefix={prefix} name="label" label={DICT_TEXT.label} value={v?.label ?? item?.label ?? ""} required maxLength={30} error={f.label?.[0]} />
      <TextField
        prefix={prefix}
        name="sortOrder"
        label={DICT_TEXT.sortOrder}
        value={v?.sortOrder ?? String(item?.sortOrder ?? (type.items.length + 1) * 10)}
        maxLength={5}
        error={f.sortOrder?.[0]}
      />
      {type.isClosed ? null : (
        <label className={dc.check}>
          <input type="hidden" name="enabledShown" value="1" />
          <input type="checkbox" name="isEnabled" defaultChecked={enabled} data-testid={`${prefix}-enabled`} />
          {DICT_TEXT.isEnabled}
          <FieldError id={`${prefix}-isEnabled-error`} message={f.isEnabled?.[0]} />
        </label>
      )}
      <TextField
        prefix={prefix}
        name="description"
        label={DICT_TEXT.description}
        value={v?.description ?? item?.description ?? ""}
        maxLength={200}
        error={f.description?.[0]}
        wide
      />
      <div className={`${dc.actions} ${dc.wide}`}>
        <button
          type="submit"
          name="intent"
          value={item ? "updateItem" : "createItem"}
          className={`${css.btn} ${css.primary}`}
          disabled={busy}
          data-testid={`${prefix}-save`}
        >
          {item ? "保存" : "添加"}
        </button>
        {item ? (
          <Link to={back} prefetch="none" className={css.btn}>
            取消
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("数据字典") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
