import { Button } from "~/components/ui/mantine/Button";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useShortcut } from "~/hooks/useShortcuts";
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { t } from "../../../server/lib/i18n/zh-CN";
import type { ResourcePageData, SaveFailure } from "#server/resource/page";
import { DataGrid, HiddenParams, PageSizeOptions, hrefWith } from "./DataGrid";
import { applyGridSettings, type EffectiveColumn } from "../../../server/lib/grid-settings";
import type { PageConfig } from "./page-config";
import { FormFields, optionsOf } from "./ResourceForm";
import { DateRangeFilter } from "./DateRangeFilter";
import css from "./grid.module.css";

/**
 * A whole master-data list page: filters, toolbar, grid and its dialogs (form, delete
 * confirmation, custom columns, custom export). Every dialog is a URL state rendered by the
 * server, so each works without JavaScript; with JavaScript the same links navigate in place.
 */
const COMMAND_FORM = "grid-command";
const DIALOG_PARAMS = ["edit", "confirmDelete", "dialog", "notice", "do", "sel", "all", "hidden"];

export function ResourcePage({
  config,
  toolbar,
  formExtras,
  children,
}: {
  config: PageConfig;
  toolbar?: ReactNode;
  formExtras?: ReactNode;
  children?: ReactNode;
}) {
  const data = useLoaderData<ResourcePageData>();
  const location = useLocation();
  const search = location.search;
  const listSearch = hrefWith(search, Object.fromEntries(DIALOG_PARAMS.map((k) => [k, null])));
  // Columns of fields this user may not read (cost price without 产品价格) are neither shown nor offered.
  const columns = useMemo(
    () =>
      applyGridSettings(
        config.columns.filter((c) => !data.hiddenFields.includes(c.field)),
        data.settings,
      ),
    [config.columns, data.settings, data.hiddenFields],
  );
  const noticeText = data.notice === "select" ? t.grid.selectRowFirst : data.notice === "missing" ? t.grid.rowMissing : null;
  const [notice, setNotice] = useState<string | null>(noticeText);
  useEffect(() => {
    if (noticeText) setNotice(noticeText);
  }, [noticeText, search]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 1500);
    return () => clearTimeout(timer);
  }, [notice]);
  const searchRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  useListShortcuts({ data, listSearch, searchRef, rowHref: config.rowHref, onNoSelection: () => setNotice(t.grid.selectRowFirst) });

  return (
    <div className={css.wrap}>
      <Filters config={config} data={data} search={search} searchRef={searchRef} />
      <div>
        <Form
          method="get"
          id={COMMAND_FORM}
          className={`${css.card} ${css.toolbar}`}
          style={{ borderRadius: "6px 6px 0 0", borderBottom: 0 }}
          onSubmit={(e) => {
            // Spec 000 §5: modify, delete or print without a selected row shows 请选择数据行 (1.5 s).
            const picked = document.querySelector<HTMLInputElement>(`input[form="${COMMAND_FORM}"][name="sel"]:checked`);
            const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.name === "do" && !picked) {
              e.preventDefault();
              setNotice(t.grid.selectRowFirst);
            } else if (submitter?.name === "do" && submitter.value === "edit" && config.rowHref && picked) {
              e.preventDefault();
              navigate(config.rowHref(Number(picked.value)));
            }
          }}
        >
          <HiddenParams search={listSearch} except={[]} />
          {data.canCreate ? (
            <Link
              to={hrefWith(listSearch, { edit: "new" })}
              prefetch="none"
              preventScrollReset
              className={`${css.btn} ${css.primary}`}
              data-testid="grid-add"
              title={t.grid.shortcutHint("a")}
            >
              {t.grid.add}
            </Link>
          ) : null}
          {config.rowHref ? (
            // Document lists open the selected row's page (with JS at once; without, the loader redirects do=edit&sel=ID there).
            <button type="submit" name="do" value="edit" className={css.btn} data-testid="grid-edit" title={t.grid.shortcutHint("Enter")}>
              打开
            </button>
          ) : data.canUpdate ? (
            <button type="submit" name="do" value="edit" className={css.btn} data-testid="grid-edit" title={t.grid.shortcutHint("Enter")}>
              {t.grid.edit}
            </button>
          ) : null}
          {data.canDelete ? (
            <button
              type="submit"
              name="do"
              value="delete"
              className={`${css.btn} ${css.danger}`}
              data-testid="grid-delete"
              title={t.grid.shortcutHint("Delete")}
            >
              {t.grid.remove}
            </button>
          ) : null}
          {toolbar}
          <span className={css.spacer} />
          <Link to={listSearch} prefetch="none" preventScrollReset className={css.btn} data-testid="grid-refresh">
            {t.grid.refresh}
          </Link>
          <Link to={hrefWith(listSearch, { dialog: "columns" })} prefetch="none" preventScrollReset className={css.btn} data-testid="grid-columns">
            {t.grid.customColumns}
          </Link>
          <Link to={hrefWith(listSearch, { dialog: "export" })} prefetch="none" preventScrollReset className={css.btn} data-testid="grid-export">
            {t.grid.customExport}
          </Link>
        </Form>
        <DataGrid
          gridId={data.pageUrl}
          columns={columns}
          rows={data.result.items}
          total={data.result.totalCount}
          totalCapped={data.result.totalCapped}
          query={data.query}
          search={listSearch}
          commandForm={data.canWrite || config.rowHref ? COMMAND_FORM : undefined}
          openHref={config.rowHref ?? (data.canUpdate ? (id) => hrefWith(listSearch, { edit: id }) : undefined)}
          saveAction={`${data.pageUrl}${listSearch === "?" ? "" : listSearch}`}
        />
      </div>
      {notice ? (
        <div className={css.notice} role="status" data-testid="grid-notice">
          {notice}
        </div>
      ) : null}
      {data.edit ? <EditDialog config={config} data={data} listSearch={listSearch} extras={formExtras} /> : null}
      {data.confirmDelete ? <ConfirmDelete id={data.confirmDelete.id} listSearch={listSearch} /> : null}
      {data.dialog === "columns" ? <ColumnsDialog columns={columns} listSearch={listSearch} size={data.query.size} /> : null}
      {data.dialog === "export" ? <ExportDialog pageUrl={data.pageUrl} columns={columns} listSearch={listSearch} search={search} /> : null}
      {children}
    </div>
  );
}

/**
 * The shell's shortcut keys on a list page (spec 000 §2 flags; the page body has focus, no
 * dialog is open): a = 新增, q = the keyword box, Enter = 修改 the selected row, Delete = 删除
 * it (the confirmation opens). Enter or Delete without a selected row says 请选择数据行.
 */
function useListShortcuts({
  data,
  listSearch,
  searchRef,
  rowHref,
  onNoSelection,
}: {
  data: ResourcePageData;
  listSearch: string;
  searchRef: RefObject<HTMLInputElement>;
  rowHref?: (id: number) => string;
  onNoSelection: () => void;
}) {
  const navigate = useNavigate();
  const selected = () => Number(document.querySelector<HTMLInputElement>(`input[form="${COMMAND_FORM}"][name="sel"]:checked`)?.value) || null;
  const go = (changes: Record<string, string | number>) => navigate(hrefWith(listSearch, changes), { preventScrollReset: true });
  useShortcut("akey", () => {
    if (!data.canCreate) return false;
    go({ edit: "new" });
    return true;
  });
  useShortcut("qkey", () => {
    const box = searchRef.current;
    if (!box) return false;
    box.focus();
    box.select();
    return true;
  });
  useShortcut("enter", () => {
    if (rowHref) {
      const id = selected();
      if (id) navigate(rowHref(id));
      else onNoSelection();
      return true;
    }
    if (!data.canUpdate) return false;
    const id = selected();
    if (id) go({ edit: id });
    else onNoSelection();
    return true;
  });
  useShortcut("del", () => {
    if (!data.canDelete) return false;
    const id = selected();
    if (id) go({ confirmDelete: id });
    else onNoSelection();
    return true;
  });
}

function Filters({ config, data, search, searchRef }: { config: PageConfig; data: ResourcePageData; search: string; searchRef: RefObject<HTMLInputElement> }) {
  const names = ["q", ...(config.filters ?? []).flatMap((f) => (f.kind === "dateRange" ? [`${f.name}From`, `${f.name}To`] : [f.name]))];
  return (
    <Form method="get" className={`${css.card} ${css.filters}`} role="search">
      <HiddenParams search={search} except={[...names, "page", ...DIALOG_PARAMS]} />
      <label>
        {t.grid.keyword}
        <input
          type="search"
          name="q"
          defaultValue={data.query.keyword}
          key={data.query.keyword}
          placeholder={config.keywordPlaceholder}
          maxLength={100}
          ref={searchRef}
          title={t.grid.shortcutHint("q")}
        />
      </label>
      {(config.filters ?? []).map((f) => {
        if (f.kind === "dateRange") {
          const day = (n: string) => String(data.query.filters[n] ?? "");
          return <DateRangeFilter key={f.name} name={f.name} label={f.label} from={day(`${f.name}From`)} to={day(`${f.name}To`)} />;
        }
        const current = data.query.filters[f.name];
        const value = current === undefined ? "" : String(current);
        return (
          <label key={f.name}>
            {f.label}
            {f.options ? (
              <select name={f.name} defaultValue={value} key={value}>
                {f.noAll ? null : <option value="">{t.grid.all}</option>}
                {optionsOf(f.options, data.lookups, { level: f.level }).map((o) =>
                  "value" in o ? (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ) : null,
                )}
              </select>
            ) : (
              <input type={f.type ?? "text"} name={f.name} defaultValue={value} key={value} placeholder={f.placeholder} maxLength={100} />
            )}
          </label>
        );
      })}
      <button type="submit" className={`${css.btn} ${css.primary}`}>
        {t.grid.search}
      </button>
      <Link to={data.pageUrl} prefetch="none" className={css.btn}>
        {t.grid.reset}
      </Link>
    </Form>
  );
}

/** A dialog drawn by the server: a backdrop and a box; closing is a link back to the list. */
export function Dialog({
  title,
  closeHref,
  wide,
  children,
  testId,
}: {
  title: string;
  closeHref: string;
  wide?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const navigate = useNavigate();
  const boxRef = useRef<HTMLDivElement>(null);
  const askRef = useRef<HTMLDivElement>(null);
  const [asking, setAsking] = useState(false);
  const keys = useDialogKeys(boxRef, askRef, asking);
  const close = () => navigate(closeHref, { preventScrollReset: true });
  // Esc is easy to hit by accident (it also ends an IME composition): with unsaved edits it asks
  // first. 取消 and × are a deliberate choice and close at once, as they do without JavaScript.
  keys.onEscape.current = () => (asking ? setAsking(false) : keys.dirty.current ? setAsking(true) : close());
  return (
    <div className={css.backdrop}>
      <div ref={boxRef} className={`${css.dialog} ${wide ? css.dialogWide : ""}`} role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <div className={css.dialogHead}>
          <span>{title}</span>
          <Link to={closeHref} prefetch="none" preventScrollReset aria-label={t.grid.close}>
            ×
          </Link>
        </div>
        {children}
        {asking ? (
          <div className={css.askLayer}>
            <div ref={askRef} className={css.askBox} role="alertdialog" aria-modal="true" aria-label={t.grid.confirmTitle} data-testid="dialog-unsaved">
              <div>{t.shell.unsavedClose}</div>
              <div className={css.askButtons}>
                <Button variant="default" size="xs" onClick={() => setAsking(false)} data-autofocus data-testid="dialog-keep-editing">
                  {t.shell.keepEditing}
                </Button>
                <Button size="xs" color="red" onClick={close} data-testid="dialog-discard">
                  {t.grid.confirm}
                </Button>
              </div>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type='hidden']), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
const FIELD = "input:not([disabled]):not([type='hidden']):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])";

function visibleIn(root: HTMLElement, selector: string) {
  return [...root.querySelectorAll<HTMLElement>(selector)].filter((el) => el.getClientRects().length > 0);
}

/**
 * Where focus goes when a dialog opens (or its form is redrawn): an invalid field, a marked
 * button, else the first field of the form that saves (not a search box above it), else the first field.
 */
function initialFocus(root: HTMLElement) {
  return (
    visibleIn(root, "[aria-invalid='true']")[0] ??
    visibleIn(root, "[data-autofocus], [autofocus]")[0] ??
    visibleIn(root, FIELD).find((el) => (el as HTMLInputElement).form?.method === "post") ??
    visibleIn(root, FIELD)[0] ??
    visibleIn(root, FOCUSABLE)[0]
  );
}

/**
 * Keyboard of a server-drawn dialog (JavaScript only; without it the dialog is a page state
 * and its links and buttons still work): focus moves in and stays in (Tab wraps), Esc asks
 * the dialog to close, Ctrl+Enter submits the form being edited with its main button, and
 * focus returns to where it was when the dialog closes. A change in a field that posts
 * marks the dialog dirty (closing then asks first).
 */
function useDialogKeys(boxRef: RefObject<HTMLDivElement>, askRef: RefObject<HTMLDivElement>, asking: boolean) {
  const dirty = useRef(false);
  const onEscape = useRef<() => void>(() => {});
  const lastFocused = useRef<HTMLElement | null>(null);
  const trapRoot = () => (asking ? askRef.current : boxRef.current);

  // Where focus was before the dialog, given back when it goes away.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    return () => {
      if (before && before !== document.body && before.isConnected && !document.querySelector("[aria-modal='true']")) before.focus({ preventScroll: true });
    };
  }, []);

  // Focus in on open, into the question while it is asked, and back after a redraw took the focused field away.
  useEffect(() => {
    const root = trapRoot();
    if (!root) return;
    if (asking) {
      initialFocus(root)?.focus();
      return;
    }
    const active = document.activeElement;
    if (root.contains(active) && active !== root) return;
    if (lastFocused.current?.isConnected && lastFocused.current !== document.body) {
      lastFocused.current.focus();
      return;
    }
    initialFocus(root)?.focus();
  });

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onFocusIn = (e: FocusEvent) => {
      const root = trapRoot();
      const target = e.target as HTMLElement;
      if (!root) return;
      if (root.contains(target)) {
        if (!asking) lastFocused.current = target;
        return;
      }
      // Focus escaped (a click outside, the browser's own Tab order): bring it back.
      (asking ? initialFocus(root) : lastFocused.current?.isConnected ? lastFocused.current : initialFocus(root))?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const root = trapRoot();
      if (!root) return;
      if (e.key === "Tab") {
        const items = visibleIn(root, FOCUSABLE);
        if (!items.length) return e.preventDefault();
        const first = items[0]!;
        const last = items[items.length - 1]!;
        const active = document.activeElement;
        if (e.shiftKey && (active === first || !root.contains(active))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (active === last || !root.contains(active))) {
          e.preventDefault();
          first.focus();
        }
      } else if (e.key === "Escape") {
        e.preventDefault();
        onEscape.current();
      } else if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !asking) {
        const active = document.activeElement as HTMLElement | null;
        const form =
          (active && box.contains(active) ? active.closest("form") : null) ??
          box.querySelector<HTMLButtonElement>("[data-dialog-submit]")?.form ??
          box.querySelector("form");
        if (!form) return;
        const submit =
          form.querySelector<HTMLButtonElement>("[data-dialog-submit]") ??
          [...form.querySelectorAll<HTMLButtonElement>("button[type='submit']:not([disabled])")].at(-1);
        e.preventDefault();
        if (submit) form.requestSubmit(submit);
        else form.requestSubmit();
      }
    };
    const onEdit = (e: Event) => {
      const form = (e.target as HTMLInputElement).form;
      if (form && form.method.toLowerCase() === "post") dirty.current = true;
    };
    document.addEventListener("focusin", onFocusIn);
    // On document, bubbling: after the fields' own handlers, before the shell's shortcuts on window.
    document.addEventListener("keydown", onKey);
    box.addEventListener("input", onEdit);
    box.addEventListener("change", onEdit);
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", onKey);
      box.removeEventListener("input", onEdit);
      box.removeEventListener("change", onEdit);
    };
    // trapRoot reads the refs and `asking`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asking]);

  return { dirty, onEscape };
}

function EditDialog({ config, data, listSearch, extras }: { config: PageConfig; data: ResourcePageData; listSearch: string; extras?: ReactNode }) {
  const failure = useActionData<SaveFailure>();
  const busy = useNavigation().state === "submitting";
  const edit = data.edit!;
  const values = failure?.intent === "save" ? failure.values : (edit.row ?? {});
  const title = edit.id ? t.grid.editTitle(data.label) : t.grid.newTitle(data.label);
  return (
    <Dialog title={title} closeHref={listSearch} wide={config.formColumns === 3} testId="edit-dialog">
      <Form method="post" preventScrollReset key={`${edit.id ?? "new"}-${failure ? "f" : ""}`}>
        <div className={css.dialogBody}>
          {failure?.intent === "save" && failure.message ? (
            <div className={css.formError} role="alert" data-testid="form-error">
              {failure.message}
            </div>
          ) : null}
          <input type="hidden" name="back" value={listSearch} />
          {edit.id ? <input type="hidden" name="id" value={edit.id} /> : null}
          <FormFields
            fields={(config.form ?? []).filter((f) => !data.lockedFields.includes(f.name))}
            spec={data.form ?? {}}
            values={values}
            errors={failure?.fields ?? {}}
            lookups={data.lookups}
            columns={config.formColumns}
          />
          {extras}
        </div>
        <div className={css.dialogFoot}>
          <Button component={Link} to={listSearch} variant="default" preventScrollReset>
            {t.grid.cancel}
          </Button>
          <Button type="submit" name="intent" value="save" loading={busy} data-testid="form-save" data-dialog-submit>
            {t.grid.save}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function ConfirmDelete({ id, listSearch }: { id: number; listSearch: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog title={t.grid.confirmTitle} closeHref={listSearch} testId="confirm-dialog">
      <Form method="post" preventScrollReset>
        <div className={css.dialogBody}>{t.grid.confirmDelete}</div>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="back" value={listSearch} />
        <div className={css.dialogFoot}>
          <Button component={Link} to={listSearch} variant="default" preventScrollReset>
            {t.grid.cancel}
          </Button>
          <Button type="submit" name="intent" value="delete" color="red" loading={busy} data-testid="confirm-delete" data-dialog-submit autoFocus>
            {t.grid.confirm}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function ColumnsDialog({ columns, listSearch, size }: { columns: EffectiveColumn[]; listSearch: string; size: number }) {
  return (
    <Dialog title={t.grid.customColumns} closeHref={listSearch} testId="columns-dialog">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="back" value={listSearch} />
        <div className={css.dialogBody}>
          <table className={css.colTable}>
            <thead>
              <tr>
                <th>{t.grid.columnName}</th>
                <th>{t.grid.columnShow}</th>
                <th>{t.grid.columnWidth}</th>
                <th>{t.grid.columnAuto}</th>
              </tr>
            </thead>
            <tbody>
              {columns.map((c) => (
                <tr key={c.field}>
                  <td>
                    <input type="hidden" name="field" value={c.field} />
                    <input type="hidden" name={`name_${c.field}`} value={c.header} />
                    {c.header}
                  </td>
                  <td>
                    <input type="checkbox" name={`show_${c.field}`} defaultChecked={!c.hide} aria-label={`${t.grid.columnShow} ${c.header}`} />
                  </td>
                  <td>
                    <input
                      type="number"
                      name={`width_${c.field}`}
                      min={40}
                      max={1000}
                      defaultValue={c.px ?? c.width ?? 140}
                      aria-label={`${t.grid.columnWidth} ${c.header}`}
                    />
                  </td>
                  <td>
                    <input type="checkbox" name={`auto_${c.field}`} defaultChecked={c.px === null} aria-label={`${t.grid.columnAuto} ${c.header}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* The page size is saved here (or by picking it with JavaScript); a size in the URL alone is never saved. */}
          <label style={{ display: "flex", gap: 8, alignItems: "center", marginTop: 10, fontSize: 13 }}>
            {t.grid.pageSize}
            <select name="perPageNum" defaultValue={size} data-testid="columns-per-page">
              <PageSizeOptions />
            </select>
          </label>
        </div>
        <div className={css.dialogFoot}>
          <Button component={Link} to={listSearch} variant="default" preventScrollReset>
            {t.grid.cancel}
          </Button>
          <Button type="submit" name="intent" value="resetColumns" variant="light" data-testid="columns-reset">
            {t.grid.resetColumns}
          </Button>
          <Button type="submit" name="intent" value="saveColumns" data-testid="columns-save" data-dialog-submit>
            {t.grid.save}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function ExportDialog({ pageUrl, columns, listSearch, search }: { pageUrl: string; columns: EffectiveColumn[]; listSearch: string; search: string }) {
  const params = new URLSearchParams(search);
  const showHidden = params.get("hidden") === "1";
  const all = params.get("all") === "1";
  const shown = columns.filter((c) => showHidden || !c.hide);
  const [checked, setChecked] = useState<Set<string>>(() => new Set(shown.filter((c) => all || !c.hide).map((c) => c.field)));
  const toggleAll = (on: boolean) => setChecked(new Set(on ? shown.map((c) => c.field) : []));
  const navigate = useNavigate();
  return (
    <Dialog title={t.grid.customExport} closeHref={listSearch} testId="export-dialog">
      {/* reloadDocument: the browser downloads the file itself, with or without JavaScript.
          With JavaScript the dialog closes as the download starts (the list stays as it was);
          without, the page stays and the download just happens. */}
      <Form
        method="post"
        action="/grid/export"
        reloadDocument
        onSubmit={(e) => {
          if (e.defaultPrevented || checked.size === 0) return;
          setTimeout(() => navigate(listSearch, { replace: true, preventScrollReset: true }), 0);
        }}
      >
        <input type="hidden" name="page" value={pageUrl} />
        <input type="hidden" name="back" value={listSearch} />
        <div className={css.dialogBody}>
          <div style={{ display: "flex", gap: 16, marginBottom: 10, fontSize: 13 }}>
            <label style={{ display: "flex", gap: 6, alignItems: "center" }}>
              <input type="checkbox" checked={checked.size === shown.length} onChange={(e) => toggleAll(e.currentTarget.checked)} data-testid="export-all" />
              {t.grid.selectAll}
            </label>
            <noscript>
              <Link to={hrefWith(search, { all: all ? null : "1" })}>{t.grid.selectAll}</Link>
            </noscript>
            <Link to={hrefWith(search, { hidden: showHidden ? null : "1" })} prefetch="none" preventScrollReset replace data-testid="export-hidden">
              {showHidden ? "☑ " : "☐ "}
              {t.grid.showHidden}
            </Link>
          </div>
          <div className={css.checkList}>
            {shown.map((c) => (
              <label key={c.field}>
                <input
                  type="checkbox"
                  name="col"
                  value={c.field}
                  checked={checked.has(c.field)}
                  onChange={(e) => {
                    const next = new Set(checked);
                    if (e.currentTarget.checked) next.add(c.field);
                    else next.delete(c.field);
                    setChecked(next);
                  }}
                />
                <input type="hidden" name={`name_${c.field}`} value={c.header} />
                <input type="hidden" name={`width_${c.field}`} value={c.px ?? c.width ?? 120} />
                {c.header}
              </label>
            ))}
          </div>
          <p className={css.muted}>{t.grid.exportHint}</p>
        </div>
        <div className={css.dialogFoot}>
          <Button component={Link} to={listSearch} variant="default" preventScrollReset>
            {t.grid.cancel}
          </Button>
          <Button type="submit" name="intent" value="export" data-testid="export-start" data-dialog-submit>
            {t.grid.startExport}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
