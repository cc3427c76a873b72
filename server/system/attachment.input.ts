import * as z from "zod";

/** 附件管理 (/system/attachment): owner types, labels and messages, shared by the page and the service. */
export const ATTACHMENT_OWNER_TYPES = [
  ["product", "产品"],
  ["salesOrder", "销售订单"],
  ["deliverOrder", "发货单"],
  ["purchaseOrder", "采购订单"],
  ["receiveOrder", "收货单"],
  ["productTemplate", "公库产品"],
] as const;
export type AttachmentOwnerType = (typeof ATTACHMENT_OWNER_TYPES)[number][0];
const OWNER_TYPE_CODES = ATTACHMENT_OWNER_TYPES.map(([k]) => k) as [AttachmentOwnerType, ...AttachmentOwnerType[]];

export const isAttachmentOwnerType = (v: unknown): v is AttachmentOwnerType => typeof v === "string" && (OWNER_TYPE_CODES as string[]).includes(v);
export const ownerTypeName = (v: string) => ATTACHMENT_OWNER_TYPES.find(([k]) => k === v)?.[1] ?? v;
/** 公库产品 are the platform's: only the platform operator attaches to them. */
export const PLATFORM_OWNER_TYPES: readonly AttachmentOwnerType[] = ["productTemplate"];

/** What the browser's file picker offers (the server decides by the file's bytes, not by this). */
export const ATTACHMENT_ACCEPT = ".jpg,.jpeg,.png,.webp,.gif,.pdf,image/jpeg,image/png,image/webp,image/gif,application/pdf";

export const ATTACHMENT_TEXT = {
  ownerType: "所属类型",
  ownerNo: "产品编码 / 单据编号",
  file: "文件",
  ownerTypeRequired: "请选择所属类型",
  ownerNoRequired: "请填写产品编码或单据编号",
  fileMissing: "请选择要上传的文件",
  badType: "只能上传 JPG、PNG、WebP、GIF 图片或 PDF 文件（按文件内容判断，改扩展名无效）",
  tooLarge: (mb: string) => `文件不能超过 ${mb}`,
  badImage: "图片已损坏或无法读取，请换一个文件",
  rateLimited: "本公司上传过于频繁，请稍后再试",
  storeFailed: "文件保存失败，请稍后重试",
  missing: "附件不存在",
  ownerMissing: (type: string, no: string) => `未找到${type}“${no}”`,
  ownerDeleted: "（已删除）",
} as const;

/** 10 MB, 512 KB: a size as people read it. */
export function fileSizeText(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} B`;
}

export const AttachmentUploadSchema = z.object({
  ownerType: z.enum(OWNER_TYPE_CODES, { error: ATTACHMENT_TEXT.ownerTypeRequired }).meta({ label: ATTACHMENT_TEXT.ownerType }),
  ownerNo: z
    .string({ error: ATTACHMENT_TEXT.ownerNoRequired })
    .trim()
    .min(1, ATTACHMENT_TEXT.ownerNoRequired)
    .max(100, "产品编码或单据编号不能超过 100 个字")
    .meta({ label: ATTACHMENT_TEXT.ownerNo }),
});
