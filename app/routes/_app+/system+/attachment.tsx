import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PlainTable } from "~/components/grid/PlainTable";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { hrefWith, listHref } from "~/components/grid/DataGrid";
import { SimplePager } from "~/components/grid/SimplePager";
import { dateTimeText } from "#server/lib/grid-settings";
import { ATTACHMENT_ACCEPT, ATTACHMENT_OWNER_TYPES, ATTACHMENT_TEXT } from "#server/system/attachment.input";
import { pageTitle, t } from "../../../../server/lib/i18n/zh-CN";
import type { FormFailure } from "#server/lib/form-reply";
import { requirePage } from "~/server/auth.server";
import { formReply, formValues, isDomainError, parseId, setFlash } from "~/server/kit.server";
import { ATTACHMENT_MENU, deleteAttachment, listAttachments, readAttachmentForm, uploadAttachment, uploadedFileOf } from "~/server/system.server";

const PAGE = "/system/attachment";

/** 附件管理 (XTGL-025): the company's files on its products and documents; filter by owner type, upload, open, delete. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, ATTACHMENT_MENU);
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const list = await listAttachments(ctx, {
    page: Number.isFinite(page) ? page : 1,
    type: params.get("type") ?? "",
    ownerId: parseId(params.get("owner")),
    keyword: params.get("q") ?? "",
  });
  const confirmId = parseId(params.get("confirmDelete"));
  return json({ ...list, confirm: list.items.find((a) => a.id === confirmId) ?? null });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, ATTACHMENT_MENU);
  let form: FormData;
  try {
    form = await readAttachmentForm(request);
  } catch (e) {
    // A file over the size limit, or a body no parser can read: the form says so (a Chinese 400).
    return formReply("upload", e, {});
  }
  const to = listHref(PAGE, String(form.get("back") ?? ""), ["confirmDelete"]);
  const intent = form.get("intent");
  if (intent === "upload") {
    try {
      const a = await uploadAttachment(ctx, { ownerType: form.get("ownerType"), ownerNo: form.get("ownerNo"), file: await uploadedFileOf(form.get("file")) });
      return redirect(to, { headers: await setFlash({ type: "success", message: `已上传 ${a.fileName}` }) });
    } catch (e) {
      if (isDomainError(e) && e.code === "rate_limited") {
        return json<FormFailure<"upload">>({ intent: "upload", message: e.message, fields: {}, values: formValues(form) }, { status: 429 });
      }
      return formReply("upload", e, formValues(form));
    }
  }
  if (intent === "delete") {
    try {
      await deleteAttachment(ctx, form.get("id"));
      return redirect(to, { headers: await setFlash({ type: "success", message: t.common.deleted }) });
    } catch (e) {
      if (isDomainError(e) && e.code === "not_found") return redirect(to, { headers: await setFlash({ type: "error", message: e.message }) });
      throw e;
    }
  }
  throw json({ message: t.errors.unknownIntent }, { status: 400 });
}

export default function AttachmentPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as FormFailure<"upload"> | undefined;
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const listSearch = hrefWith(search, { confirmDelete: null });
  const values = failure?.values ?? { ownerType: data.type || "product", ownerNo: data.owner?.no ?? "" };
  const fieldError = (name: string) => failure?.fields?.[name]?.[0];
  const ownerTypes = ATTACHMENT_OWNER_TYPES.filter(([k]) => k !== "productTemplate" || data.platform);
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`}>
        <label>
          {ATTACHMENT_TEXT.ownerType}
          <select name="type" defaultValue={data.type} data-testid="attachment-filter-type">
            <option value="">全部</option>
            {ownerTypes.map(([k, name]) => (
              <option key={k} value={k}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {data.ownerId ? <input type="hidden" name="owner" value={data.ownerId} /> : null}
        <label>
          文件名
          <input name="q" defaultValue={data.keyword} maxLength={100} placeholder="文件名的一部分" />
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`}>
          查询
        </button>
        <Link to="?" prefetch="none" className={css.btn}>
          重置
        </Link>
        {data.owner ? (
          <span className={css.muted} data-testid="attachment-owner-filter">
            只看 {data.owner.no} {data.owner.name ?? ""} 的附件（
            <Link to={hrefWith(listSearch, { owner: null, page: null })} prefetch="none">
              看全部
            </Link>
            ）
          </span>
        ) : null}
      </Form>

      <Form method="post" encType="multipart/form-data" className={`${css.card} ${css.filters}`} aria-label="上传附件" data-testid="attachment-upload">
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="back" value={listSearch} />
        {failure?.message ? (
          <div className={css.formError} role="alert" style={{ flexBasis: "100%", margin: 0 }} data-testid="attachment-error">
            {failure.message}
          </div>
        ) : null}
        <label>
          {ATTACHMENT_TEXT.ownerType}
          <select
            name="ownerType"
            defaultValue={values.ownerType}
            required
            aria-invalid={fieldError("ownerType") ? true : undefined}
            key={`t-${values.ownerType}`}
          >
            {ownerTypes.map(([k, name]) => (
              <option key={k} value={k}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {ATTACHMENT_TEXT.ownerNo}
          <input
            name="ownerNo"
            defaultValue={values.ownerNo}
            key={`n-${values.ownerNo}`}
            required
            maxLength={100}
            placeholder="如 06J905320R 或 XS202611050001"
            aria-invalid={fieldError("ownerNo") ? true : undefined}
            data-testid="attachment-owner-no"
          />
        </label>
        <label>
          {ATTACHMENT_TEXT.file}
          <input
            type="file"
            name="file"
            accept={ATTACHMENT_ACCEPT}
            required
            aria-invalid={fieldError("file") ? true : undefined}
            data-testid="attachment-file"
            style={{ paddingTop: 3 }}
            onChange={(e) => {
              // With JavaScript, a file over the limit is refused before it is sent.
              const input = e.currentTarget;
              const f = input.files?.[0];
              input.setCustomValidity(f && f.size > data.maxBytes ? ATTACHMENT_TEXT.tooLarge(data.maxSizeText) : "");
              if (f && f.size > data.maxBytes) input.reportValidity();
            }}
          />
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="attachment-submit">
          上传
        </button>
        <span className={css.muted}>JPG、PNG、WebP、GIF 图片或 PDF，单个不超过 {data.maxSizeText}；图片自动生成缩略图。</span>
      </Form>

      {data.confirm ? (
        <Form
          method="post"
          className={`${css.card} ${css.toolbar}`}
          role="alertdialog"
          aria-label={t.grid.confirmTitle}
          data-testid="attachment-confirm-delete"
        >
          <input type="hidden" name="back" value={listSearch} />
          <input type="hidden" name="id" value={data.confirm.id} />
          <span>
            {t.common.deleteConfirm}（{data.confirm.fileName}）
          </span>
          <button
            type="submit"
            name="intent"
            value="delete"
            className={`${css.btn} ${css.danger}`}
            disabled={busy}
            autoFocus
            data-testid="attachment-delete-confirm"
          >
            {t.common.ok}
          </button>
          <Link to={listSearch} prefetch="none" className={css.btn}>
            {t.common.cancel}
          </Link>
        </Form>
      ) : null}

      <div className={css.card}>
        <PlainTable
          label="附件"
          testId="attachment-table"
          head={
            <>
              <th style={{ width: 84 }}>预览</th>
              <th style={{ width: 260 }}>文件名</th>
              <th style={{ width: 90 }}>所属类型</th>
              <th style={{ width: 220 }}>产品编码 / 单据编号</th>
              <th style={{ width: 90 }} className={css.num}>
                大小
              </th>
              <th style={{ width: 90 }}>上传人</th>
              <th style={{ width: 140 }}>上传时间</th>
              <th style={{ width: 80 }}>操作</th>
            </>
          }
          empty={data.items.length === 0 ? t.common.empty : null}
        >
          {data.items.map((a) => (
            <tr key={a.id} data-testid="attachment-row" data-name={a.fileName}>
              <td style={{ height: 72, padding: 4 }}>
                <a href={`/files/${a.id}`} target="_blank" rel="noopener noreferrer" aria-label={`打开 ${a.fileName}`} style={thumbBox}>
                  {a.hasThumbnail ? (
                    <img
                      src={`/files/${a.id}/thumb`}
                      alt={a.fileName}
                      loading="lazy"
                      style={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }}
                      data-testid="attachment-thumb"
                    />
                  ) : (
                    <span style={{ fontSize: 12, fontWeight: 600, color: "#c92a2a" }}>PDF</span>
                  )}
                </a>
              </td>
              <td title={a.fileName} style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                <a href={`/files/${a.id}`} target="_blank" rel="noopener noreferrer" data-testid="attachment-link">
                  {a.fileName}
                </a>
                {a.width && a.height ? (
                  <div className={css.muted}>
                    {a.width} × {a.height}
                  </div>
                ) : null}
              </td>
              <td>{a.ownerTypeName}</td>
              <td style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                {a.owner ? (
                  <>
                    <Link to={a.owner.href} prefetch="none">
                      {a.owner.no}
                    </Link>
                    {a.owner.name ? <div className={css.muted}>{a.owner.name}</div> : null}
                  </>
                ) : (
                  <span className={css.muted}>{ATTACHMENT_TEXT.ownerDeleted}</span>
                )}
              </td>
              <td className={css.num}>{a.sizeText}</td>
              <td>{a.uploaderName ?? ""}</td>
              <td>{dateTimeText(a.createdAt)}</td>
              <td>
                <Link
                  to={hrefWith(listSearch, { confirmDelete: a.id })}
                  prefetch="none"
                  preventScrollReset
                  className={`${css.btn} ${css.danger}`}
                  aria-label={`删除 ${a.fileName}`}
                >
                  删除
                </Link>
              </td>
            </tr>
          ))}
        </PlainTable>
        <SimplePager total={data.total} page={data.page} size={data.size} search={listSearch} unit="个附件" totalTestId="attachment-total" />
      </div>
    </div>
  );
}

const thumbBox = {
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 72,
  height: 64,
  background: "#f7f8fa",
  border: "1px solid #edf0f2",
  borderRadius: 4,
} as const;

export const meta: MetaFunction = () => [{ title: pageTitle("附件管理") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
