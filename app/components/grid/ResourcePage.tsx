import { Button } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { t } from "../../../server/lib/i18n/zh-CN";
import type { ResourcePageData, SaveFailure } from "#server/master-data/page";
import { DataGrid, HiddenParams, hrefWith } from "./DataGrid";
import { applyGridSettings, type EffectiveColumn } from "../../../server/lib/grid-settings";
import type { PageConfig } from "./page-config";
import { FormFields, optionsOf } from "./ResourceForm";
import css from "./grid.module.css";

/**
 * A whole master-data list page: filters, toolbar, grid and its dialogs (form, delete
 * confirmation, custom columns, custom export). Every dialog is a URL state rendered by the
 * server, so each works without JavaScript; with JavaScript the same links navigate in place.
 */
const COMMAND_FORM = "grid-command";
const DIALOG_PARAMS = ["edit", "confirmDelete", "dialog", "notice", "do", "sel", "all", "hidden"];

export function ResourcePage({ config, toolbar, formExtras, children }: { config: PageConfig; toolbar?: ReactNode; formExtras?: ReactNode; children?: ReactNode }) {
  const data = useLoaderData<ResourcePageData>();
  const location = useLocation();
  const search = location.search;
  const listSearch = hrefWith(search, Object.fromEntries(DIALOG_PARAMS.map((k) => [k, null])));
  const columns = useMemo(() => applyGridSettings(config.columns, data.settings), [config.columns, data.settings]);
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

  return (
    <div className={css.wrap}>
      <Filters config={config} data={data} search={search} />
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
            }
          }}
        >
          <HiddenParams search={listSearch} except={[]} />
          {data.canCreate ? (
            <Link to={hrefWith(listSearch, { edit: "new" })} prefetch="none" preventScrollReset className={`${css.btn} ${css.primary}`} data-testid="grid-add">
              {t.grid.add}
            </Link>
          ) : null}
          {data.canWrite ? (
            <button type="submit" name="do" value="edit" className={css.btn} data-testid="grid-edit">
              {t.grid.edit}
            </button>
          ) : null}
          {data.canDelete ? (
            <button type="submit" name="do" value="delete" className={`${css.btn} ${css.danger}`} data-testid="grid-delete">
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
          query={data.query}
          search={listSearch}
          commandForm={data.canWrite ? COMMAND_FORM : undefined}
          openHref={data.canWrite ? (id) => hrefWith(listSearch, { edit: id }) : undefined}
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
      {data.dialog === "columns" ? <ColumnsDialog columns={columns} listSearch={listSearch} /> : null}
      {data.dialog === "export" ? <ExportDialog pageUrl={data.pageUrl} columns={columns} listSearch={listSearch} search={search} /> : null}
      {children}
    </div>
  );
}

function Filters({ config, data, search }: { config: PageConfig; data: ResourcePageData; search: string }) {
  const names = ["q", ...(config.filters ?? []).map((f) => f.name)];
  return (
    <Form method="get" className={`${css.card} ${css.filters}`} role="search">
      <HiddenParams search={search} except={[...names, "page", ...DIALOG_PARAMS]} />
      <label>
        {t.grid.keyword}
        <input type="search" name="q" defaultValue={data.query.keyword} key={data.query.keyword} placeholder={config.keywordPlaceholder} maxLength={100} />
      </label>
      {(config.filters ?? []).map((f) => {
        const current = data.query.filters[f.name];
        const value = current === undefined ? "" : String(current);
        return (
          <label key={f.name}>
            {f.label}
            {f.options ? (
              <select name={f.name} defaultValue={value} key={value}>
                <option value="">{t.grid.all}</option>
                {optionsOf(f.options, data.lookups, { level: f.level }).map((o) =>
                  "value" in o ? (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ) : null,
                )}
              </select>
            ) : (
              <input name={f.name} defaultValue={value} key={value} placeholder={f.placeholder} maxLength={100} />
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
export function Dialog({ title, closeHref, wide, children, testId }: { title: string; closeHref: string; wide?: boolean; children: ReactNode; testId?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);
  return (
    <div className={css.backdrop}>
      <div className={`${css.dialog} ${wide ? css.dialogWide : ""}`} role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <div className={css.dialogHead}>
          <span>{title}</span>
          <Link to={closeHref} prefetch="none" preventScrollReset aria-label={t.grid.close}>
            ×
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
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
          {failure?.intent === "save" ? (
            <div className={css.formError} role="alert" data-testid="form-error">
              {failure.message}
            </div>
          ) : null}
          <input type="hidden" name="back" value={listSearch} />
          {edit.id ? <input type="hidden" name="id" value={edit.id} /> : null}
          <FormFields fields={config.form ?? []} values={values} errors={failure?.fields ?? {}} lookups={data.lookups} columns={config.formColumns} />
          {extras}
        </div>
        <div className={css.dialogFoot}>
          <Button component={Link} to={listSearch} variant="default" preventScrollReset>
            {t.grid.cancel}
          </Button>
          <Button type="submit" name="intent" value="save" loading={busy} data-testid="form-save">
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
          <Button type="submit" name="intent" value="delete" color="red" loading={busy} data-testid="confirm-delete">
            {t.grid.confirm}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function ColumnsDialog({ columns, listSearch }: { columns: EffectiveColumn[]; listSearch: string }) {
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
                    <input type="number" name={`width_${c.field}`} min={40} max={1000} defaultValue={c.px ?? c.width ?? 140} aria-label={`${t.grid.columnWidth} ${c.header}`} />
                  </td>
                  <td>
                    <input type="checkbox" name={`auto_${c.field}`} defaultChecked={c.px === null} aria-label={`${t.grid.columnAuto} ${c.header}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className={css.dialogFoot}>
          <Button component={Link} to={listSearch} variant="default" preventScrollReset>
            {t.grid.cancel}
          </Button>
          <Button type="submit" name="intent" value="resetColumns" variant="light" data-testid="columns-reset">
            {t.grid.resetColumns}
          </Button>
          <Button type="submit" name="intent" value="saveColumns" data-testid="columns-save">
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
  return (
    <Dialog title={t.grid.customExport} closeHref={listSearch} testId="export-dialog">
      {/* reloadDocument: the browser downloads the file itself, with or without JavaScript. */}
      <Form method="post" action="/grid/export" reloadDocument>
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
          <Button type="submit" name="intent" value="export" data-testid="export-start">
            {t.grid.startExport}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
