import crypto from "node:crypto";
import { json } from "@remix-run/node";
import { and, count, desc, eq, gt, ilike, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { actorOf, recordAudit } from "../lib/audit";
import { config } from "../lib/config";
import { DomainError } from "../lib/errors";
import { fileStore } from "../lib/file-store";
import { readUploadForm } from "../lib/multipart";
import { SNIFFED_TYPES, sniffFileType, type SniffedType } from "../lib/file-type";
import { t } from "../lib/i18n/zh-CN";
import { parseId } from "../lib/ids";
import { escapeLike, parseInput } from "../lib/validate";
import { OWNER_KINDS, type OwnerRef } from "./attachment-owners";
import {
  ATTACHMENT_TEXT,
  AttachmentUploadSchema,
  fileSizeText,
  isAttachmentOwnerType,
  ownerTypeName,
  PLATFORM_OWNER_TYPES,
  type AttachmentOwnerType,
} from "./attachment.input";
import { attachments } from "./attachment.tables";
import { users } from "../kernel/identity.tables";

/**
 * 附件管理 (/system/attachment, XTGL-025): a company's files attached to its products and
 * documents. Upload checks size and type (by the file's bytes), makes a 240 px thumbnail of
 * an image, stores the bytes under a generated key (server/lib/file-store.ts), then records
 * the row; delete removes the row (audited) and, once that has committed, the bytes. Files
 * are served (openAttachment) to any signed-in user of the owning company, and to nobody
 * else: another company's id is simply not found.
 */
export const ATTACHMENT_MENU = "XTGL-025";
export const ATTACHMENT_PAGE_SIZE = 20;
export const THUMBNAIL_MAX_PX = 240;
/** Larger pictures (a decompression bomb) are refused before they are decoded. */
const MAX_IMAGE_PIXELS = 50_000_000;

export interface UploadedFile {
  name: string;
  size: number;
  bytes: Uint8Array;
}

export interface AttachmentView {
  id: number;
  ownerType: AttachmentOwnerType;
  ownerTypeName: string;
  ownerId: number;
  /** The product or document; null when it has been deleted since. */
  owner: OwnerRef | null;
  fileName: string;
  contentType: string;
  isImage: boolean;
  hasThumbnail: boolean;
  width: number | null;
  height: number | null;
  size: number;
  sizeText: string;
  uploaderName: string | null;
  createdAt: string;
}

function requireAttachmentPage(ctx: Ctx) {
  if (!ctx.permissions.has(ATTACHMENT_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

const fieldError = (field: string, message: string) => new DomainError("bad_request", message, { [field]: [message] });
const maxSizeText = () => fileSizeText(config.attachmentMaxBytes);

/**
 * The upload form of a request: text fields and files of at most the configured size (a
 * larger one is a DomainError for the form); any file name a browser sends is read whole.
 */
export async function readAttachmentForm(request: Request): Promise<FormData> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return request.formData();
  return readUploadForm(request, config.attachmentMaxBytes, () => fieldError("file", ATTACHMENT_TEXT.tooLarge(maxSizeText())));
}

/** A form's file field as the service takes it (an empty picker is no file). */
export async function uploadedFileOf(value: FormDataEntryValue | null): Promise<UploadedFile | undefined> {
  if (!(value instanceof Blob) || value.size === 0) return undefined;
  return { name: "name" in value ? String(value.name) : "", size: value.size, bytes: new Uint8Array(await value.arrayBuffer()) };
}

/**
 * The name shown and offered on download: the base name without control or bidirectional
 * characters (a "photo\u202Egnp.exe" trick), at most 120 characters, ending in the extension
 * of the type the bytes really are. Anything else a name may hold (; = ' " < > and any
 * script) is kept as the user named the file: pages escape it, and the download offers it
 * percent-encoded (contentDisposition), so no character of a name can break out.
 */
export function cleanFileName(raw: string, type: SniffedType): string {
  let name = (raw.split(/[/\\]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufffd]/g, "")
    .trim()
    .replace(/^\.+/, "");
  const ext = SNIFFED_TYPES[type].ext;
  const current = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();
  const fits = current === ext || (ext === "jpg" && current === "jpeg");
  if (!fits || [...name].length > 120) {
    const base = fits ? name.slice(0, name.length - current!.length - 1) : name;
    name = `${[...base].slice(0, 110).join("").trim() || "附件"}.${fits ? current : ext}`;
  }
  return name;
}

/** The picture's size and a WebP thumbnail at most 240 px on each side (first frame of an animation), or a bad_request when it cannot be read. */
export async function makeThumbnail(bytes: Uint8Array) {
  const { default: sharp } = await import("sharp");
  try {
    const input = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
    const meta = await input().metadata();
    const out = await input()
      .autoOrient()
      .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const oriented = meta.autoOrient ?? meta;
    return { bytes: new Uint8Array(out.data), width: oriented.width ?? out.info.width, height: oriented.height ?? out.info.height };
  } catch {
    throw fieldError("file", ATTACHMENT_TEXT.badImage);
  }
}

function keyPrefix(ctx: Ctx, now: Date) {
  return `c${ctx.companyId}/${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}/${crypto.randomUUID()}`;
}

async function removeStored(keys: (string | null | undefined)[]) {
  for (const key of keys) {
    if (!key) continue;
    try {
      await fileStore().remove(key);
    } catch (e) {
      // The row is gone either way; a file left behind only costs space.
      console.error(`[attachment] could not remove ${key}: ${(e as Error).message}`);
    }
  }
}

/** The key of the advisory lock (with the company id) that upload's count and insert are taken under ("atup"). */
const UPLOAD_LOCK = 0x61747570;

/**
 * The company's uploads of the last minute (all its users together) against the limit.
 * `created_at` is the inserting transaction's start (now()), so the window is measured on
 * the database's clock on both sides.
 */
async function refuseOverRate(ex: Executor, ctx: Ctx) {
  const [recent] = await ex
    .select({ n: count() })
    .from(attachments)
    .where(and(eq(attachments.companyId, ctx.companyId), gt(attachments.createdAt, sql`now() - interval '1 minute'`)));
  if ((recent?.n ?? 0) >= config.attachmentUploadsPerMinute) throw new DomainError("rate_limited", ATTACHMENT_TEXT.rateLimited);
}

/**
 * 上传: checks the permission, the owner (a product code in any spelling, a document number,
 * within the company), the size, the type by the file's bytes, the company's upload rate;
 * then stores the file (and an image's thumbnail) and records the row. Nothing is kept when
 * any step is refused.
 */
export async function uploadAttachment(ctx: Ctx, input: { ownerType: unknown; ownerNo: unknown; file?: UploadedFile }): Promise<AttachmentView> {
  requireAttachmentPage(ctx);
  const { ownerType, ownerNo } = parseInput(AttachmentUploadSchema, { ownerType: input.ownerType ?? undefined, ownerNo: input.ownerNo ?? undefined });
  if (PLATFORM_OWNER_TYPES.includes(ownerType) && ctx.companyKind !== "platform")
    throw fieldError("ownerType", `${ownerTypeName(ownerType)}只有平台运营方可以上传附件`);
  const kind = OWNER_KINDS[ownerType];
  const notFound = () => fieldError("ownerNo", ATTACHMENT_TEXT.ownerMissing(ownerTypeName(ownerType), ownerNo));
  if (!(await kind.find(db(), ctx, ownerNo))) throw notFound();

  const file = input.file;
  if (!file || file.size === 0 || file.bytes.length === 0) throw fieldError("file", ATTACHMENT_TEXT.fileMissing);
  if (file.size > config.attachmentMaxBytes || file.bytes.length > config.attachmentMaxBytes) throw fieldError("file", ATTACHMENT_TEXT.tooLarge(maxSizeText()));
  const type = sniffFileType(file.bytes);
  if (!type) throw fieldError("file", ATTACHMENT_TEXT.badType);

  // A first look, before the thumbnail and the store are paid for; the count that decides is
  // taken again under the company's upload lock, right before the insert.
  await refuseOverRate(db(), ctx);

  const image = SNIFFED_TYPES[type].image ? await makeThumbnail(file.bytes) : null;
  const fileName = cleanFileName(file.name, type);
  const key = keyPrefix(ctx, ctx.now);
  const thumbKey = image ? `${key}.thumb.webp` : null;
  try {
    await fileStore().put(key, file.bytes, type);
    if (image && thumbKey) await fileStore().put(thumbKey, image.bytes, "image/webp");
  } catch (e) {
    console.error(`[attachment] could not store ${key}: ${(e as Error).message}`);
    await removeStored([key, thumbKey]);
    throw new DomainError("conflict", ATTACHMENT_TEXT.storeFailed);
  }

  let id: number;
  try {
    id = await inTransaction(async (tx) => {
      // Count and insert under one lock per company: parallel uploads queue here, so no more
      // than the limit get in within a minute, however many arrive at once.
      await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}::int, ${ctx.companyId}::int)`);
      await refuseOverRate(tx, ctx);
      const owner = await kind.find(tx, ctx, ownerNo);
      if (!owner) throw notFound();
      const [row] = await tx
        .insert(attachments)
        .values({
          companyId: ctx.companyId,
          ownerType,
          ownerId: owner.id,
          fileName,
          contentType: type,
          size: file.bytes.length,
          sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
          storageKey: key,
          thumbnailKey: thumbKey,
          width: image?.width ?? null,
          height: image?.height ?? null,
          uploadedBy: ctx.userId,
        })
        .returning({ id: attachments.id });
      await recordAudit(
        {
          ...actorOf(ctx),
          action: "attachmentUpload",
          targetType: "attachment",
          targetId: row!.id,
          summary: `上传附件 ${fileName}（${ownerTypeName(ownerType)} ${owner.no}）`,
          after: { ownerType, ownerId: owner.id, fileName, contentType: type, size: file.bytes.length },
        },
        tx,
      );
      return row!.id;
    });
  } catch (e) {
    await removeStored([key, thumbKey]);
    throw e;
  }
  return (await getAttachment(ctx, id))!;
}

type Row = typeof attachments.$inferSelect & { uploaderName: string | null };

const selection = {
  id: attachments.id,
  companyId: attachments.companyId,
  ownerType: attachments.ownerType,
  ownerId: attachments.ownerId,
  fileName: attachments.fileName,
  contentType: attachments.contentType,
  size: attachments.size,
  sha256: attachments.sha256,
  storageKey: attachments.storageKey,
  thumbnailKey: attachments.thumbnailKey,
  width: attachments.width,
  height: attachments.height,
  uploadedBy: attachments.uploadedBy,
  createdAt: attachments.createdAt,
  uploaderName: users.name,
};

/** The rows as the page shows them, with their owners looked up per type (one query per type on the page). */
async function viewsOf(ctx: Ctx, rows: Row[]): Promise<AttachmentView[]> {
  const owners = new Map<string, OwnerRef>();
  const byType = new Map<AttachmentOwnerType, number[]>();
  for (const r of rows) if (isAttachmentOwnerType(r.ownerType)) byType.set(r.ownerType, [...(byType.get(r.ownerType) ?? []), r.ownerId]);
  for (const [type, ids] of byType) for (const o of await OWNER_KINDS[type].byIds(db(), ctx, [...new Set(ids)])) owners.set(`${type}:${o.id}`, o);
  return rows.map((r) => ({
    id: r.id,
    ownerType: r.ownerType as AttachmentOwnerType,
    ownerTypeName: ownerTypeName(r.ownerType),
    ownerId: r.ownerId,
    owner: owners.get(`${r.ownerType}:${r.ownerId}`) ?? null,
    fileName: r.fileName,
    contentType: r.contentType,
    isImage: r.contentType.startsWith("image/"),
    hasThumbnail: !!r.thumbnailKey,
    width: r.width,
    height: r.height,
    size: r.size,
    sizeText: fileSizeText(r.size),
    uploaderName: r.uploaderName,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getAttachment(ctx: Ctx, id: number): Promise<AttachmentView | undefined> {
  const rows = await db()
    .select(selection)
    .from(attachments)
    .leftJoin(users, eq(users.id, attachments.uploadedBy))
    .where(and(eq(attachments.id, id), eq(attachments.companyId, ctx.companyId)));
  return (await viewsOf(ctx, rows))[0];
}

export interface AttachmentListFilter {
  page?: number;
  /** An owner type, or "" for all. */
  type?: string;
  /** With `type`: one owner's attachments. */
  ownerId?: number | null;
  /** Part of the file name. */
  keyword?: string;
}

/** The list of 附件管理: the company's attachments, newest first, by owner type, owner and file name. */
export async function listAttachments(ctx: Ctx, filter: AttachmentListFilter = {}) {
  requireAttachmentPage(ctx);
  const type = isAttachmentOwnerType(filter.type) ? filter.type : undefined;
  const ownerId = type && filter.ownerId ? filter.ownerId : undefined;
  const keyword = (filter.keyword ?? "").trim().slice(0, 100);
  const where = and(
    eq(attachments.companyId, ctx.companyId),
    type ? eq(attachments.ownerType, type) : undefined,
    ownerId ? eq(attachments.ownerId, ownerId) : undefined,
    keyword ? ilike(attachments.fileName, `%${escapeLike(keyword)}%`) : undefined,
  );
  const page = Math.max(1, Math.min(Number.isSafeInteger(filter.page) ? filter.page! : 1, 10_000));
  const [rows, [total]] = await Promise.all([
    db()
      .select(selection)
      .from(attachments)
      .leftJoin(users, eq(users.id, attachments.uploadedBy))
      .where(where)
      .orderBy(desc(attachments.createdAt), desc(attachments.id))
      .limit(ATTACHMENT_PAGE_SIZE)
      .offset((page - 1) * ATTACHMENT_PAGE_SIZE),
    db().select({ n: count() }).from(attachments).where(where),
  ]);
  const owner = type && ownerId ? ((await OWNER_KINDS[type].byIds(db(), ctx, [ownerId]))[0] ?? null) : null;
  return {
    items: await viewsOf(ctx, rows),
    total: total?.n ?? 0,
    page,
    size: ATTACHMENT_PAGE_SIZE,
    type: type ?? "",
    ownerId: ownerId ?? null,
    owner,
    keyword,
    maxSizeText: maxSizeText(),
    maxBytes: config.attachmentMaxBytes,
    platform: ctx.companyKind === "platform",
  };
}

/**
 * One owner's attachments (at most 50, newest first), for the owner's own page: the caller's
 * page permission has been checked by its loader; the rows are the company's only.
 */
export async function listOwnerAttachments(ctx: Ctx, ownerType: AttachmentOwnerType, ownerId: number): Promise<AttachmentView[]> {
  const rows = await db()
    .select(selection)
    .from(attachments)
    .leftJoin(users, eq(users.id, attachments.uploadedBy))
    .where(and(eq(attachments.companyId, ctx.companyId), eq(attachments.ownerType, ownerType), eq(attachments.ownerId, ownerId)))
    .orderBy(desc(attachments.createdAt), desc(attachments.id))
    .limit(50);
  return viewsOf(ctx, rows);
}

/** 删除: the row, audited with what it was, in one transaction; the stored bytes after it has committed. */
export async function deleteAttachment(ctx: Ctx, idRef: unknown): Promise<{ id: number; fileName: string }> {
  requireAttachmentPage(ctx);
  const id = typeof idRef === "number" ? idRef : parseId(idRef);
  if (!id) throw new DomainError("not_found", ATTACHMENT_TEXT.missing);
  const row = await inTransaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.id, id), eq(attachments.companyId, ctx.companyId)))
      .for("update");
    if (!r) throw new DomainError("not_found", ATTACHMENT_TEXT.missing);
    await tx.delete(attachments).where(eq(attachments.id, r.id));
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "delete",
        targetType: "attachment",
        targetId: r.id,
        summary: `删除附件 ${r.fileName}（${ownerTypeName(r.ownerType)}）`,
        before: r,
      },
      tx,
    );
    return r;
  });
  await removeStored([row.storageKey, row.thumbnailKey]);
  return { id: row.id, fileName: row.fileName };
}

/** What 重置业务数据 removes: the files attached to documents (products keep theirs). */
const DOCUMENT_OWNER_TYPES: readonly AttachmentOwnerType[] = ["salesOrder", "deliverOrder", "purchaseOrder", "receiveOrder"];

/**
 * Removes a company's document attachments inside the caller's transaction (重置业务数据);
 * returns how many rows went and a function that removes their stored files, to be called
 * once the transaction has committed.
 */
export async function removeDocumentAttachments(tx: Executor, companyId: number): Promise<{ count: number; removeFiles: () => Promise<void> }> {
  const rows = await tx
    .delete(attachments)
    .where(and(eq(attachments.companyId, companyId), inArray(attachments.ownerType, [...DOCUMENT_OWNER_TYPES])))
    .returning({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey });
  return { count: rows.length, removeFiles: () => removeStored(rows.flatMap((r) => [r.storageKey, r.thumbnailKey])) };
}

/**
 * How a company's own files (attachments, thumbnails, avatars) may be cached: not at all. A
 * copy kept by the browser or a proxy would outlive the viewer's sign-out or move to another
 * company (the URL alone would still show it from disk), so nothing is stored and every view
 * asks the server, which checks who is asking.
 */
export const PRIVATE_FILE_CACHE = "no-store";

export interface OpenedAttachment {
  fileName: string;
  contentType: string;
  size: number;
  body: ReadableStream<Uint8Array>;
  /** Shown in the browser (pictures) or downloaded (PDF). */
  inline: boolean;
}

/**
 * A file (or an image's thumbnail) for a signed-in user of the company that uploaded it;
 * undefined for anything else (another company's id, a bad id, a missing file), which the
 * route answers 404: a caller learns nothing about ids that are not theirs.
 */
export async function openAttachment(ctx: Pick<Ctx, "companyId">, idRef: unknown, variant: "file" | "thumb" = "file"): Promise<OpenedAttachment | undefined> {
  const id = typeof idRef === "number" ? idRef : parseId(idRef);
  if (!id) return undefined;
  const [r] = await db()
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), eq(attachments.companyId, ctx.companyId)));
  if (!r) return undefined;
  const key = variant === "thumb" ? r.thumbnailKey : r.storageKey;
  if (!key) return undefined;
  const stored = await fileStore().get(key);
  if (!stored) return undefined;
  const isImage = r.contentType.startsWith("image/");
  return {
    fileName: variant === "thumb" ? r.fileName.replace(/\.[A-Za-z0-9]+$/, "") + ".webp" : r.fileName,
    contentType: variant === "thumb" ? "image/webp" : r.contentType,
    size: stored.size,
    body: stored.body,
    inline: isImage,
  };
}

/** Content-Disposition with an ASCII fallback and the real (Chinese) name per RFC 5987 / 6266. */
export function contentDisposition(inline: boolean, fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * The HTTP answer of /files/:id and /files/:id/thumb: the bytes streamed with their sniffed
 * type, nosniff, a CSP that runs nothing, and `no-store` (PRIVATE_FILE_CACHE); 404 for
 * anything the caller's company does not own.
 */
export async function attachmentResponse(ctx: Pick<Ctx, "companyId">, request: Request, idRef: unknown, variant: "file" | "thumb"): Promise<Response> {
  const file = await openAttachment(ctx, idRef, variant);
  if (!file) throw json({ message: undefined }, { status: 404 });
  if (request.method === "HEAD") await file.body.cancel();
  return new Response(request.method === "HEAD" ? null : file.body, {
    headers: {
      "Cache-Control": PRIVATE_FILE_CACHE,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.inline, file.fileName),
    },
  });
}
