import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { LocalFileStore, setFileStore } from "../lib/file-store";
import { makeCustomer, makeProduct, makeWarehouse } from "../sale/deliver-order.fixture";
import { salesOrders } from "../sale/sale.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { attachments } from "./attachment.tables";
import { resetBusinessData } from "./company-admin.service";
import {
  contentDisposition,
  deleteAttachment,
  listAttachments,
  listOwnerAttachments,
  openAttachment,
  readAttachmentForm,
  uploadAttachment,
  type UploadedFile,
} from "./attachment.service";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-attachments-"));

/** Every file under the store's root, relative. */
function storedFiles(): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

const bytesOf = async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer());
const file = (name: string, bytes: Uint8Array): UploadedFile => ({ name, size: bytes.length, bytes });

describe("附件管理 (attachments)", () => {
  useTestDatabase();
  let boss: Ctx;
  let sales: Ctx;
  let other: Ctx;
  let admin: Ctx;
  let png: Uint8Array;
  let orderNo: string;

  beforeAll(async () => {
    setFileStore(new LocalFileStore(root));
    boss = (await ctxOf("boss1")).ctx;
    sales = (await ctxOf("sales1")).ctx;
    other = (await ctxOf("boss2")).ctx;
    admin = (await ctxOf("admin")).ctx;
    await makeProduct(boss, "ATT-9053-20R", "点火线圈（附件测试）");
    png = new Uint8Array(
      await sharp({ create: { width: 600, height: 400, channels: 3, background: "#fd7e14" } })
        .png()
        .toBuffer(),
    );
    const { warehouseId } = await makeWarehouse(boss, "附件测试仓", ["A-01"]);
    const partnerId = await makeCustomer(boss, "附件测试客户");
    orderNo = "XS-ATT-0001";
    await db().insert(salesOrders).values({ companyId: boss.companyId, no: orderNo, partnerId, warehouseId, createdBy: boss.userId });
  });

  afterAll(() => {
    setFileStore(undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("the page is the company manager's (XTGL-025); a salesperson without it is refused", async () => {
    expect(boss.permissions.has("XTGL-025")).toBe(true);
    expect(sales.permissions.has("XTGL-025")).toBe(false);
    await expect(listAttachments(sales)).rejects.toMatchObject({ code: "forbidden" });
    await expect(uploadAttachment(sales, { ownerType: "product", ownerNo: "ATT905320R", file: file("a.png", png) })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(storedFiles()).toEqual([]);
  });

  it("an image attached to a product (any spelling of its code) is stored under a generated key with a thumbnail of at most 240 px", async () => {
    const a = await uploadAttachment(boss, { ownerType: "product", ownerNo: " att 9053.20r ", file: file("线圈照片.png", png) });
    expect(a).toMatchObject({
      ownerType: "product",
      ownerTypeName: "产品",
      fileName: "线圈照片.png",
      contentType: "image/png",
      isImage: true,
      hasThumbnail: true,
      width: 600,
      height: 400,
      size: png.length,
    });
    expect(a.owner).toMatchObject({ no: "ATT-9053-20R", name: "点火线圈（附件测试）", href: `/product/list?edit=${a.ownerId}` });
    expect(a.uploaderName).toBe("陈志强");

    const [row] = await db().select().from(attachments).where(eq(attachments.id, a.id));
    expect(row!.storageKey).toMatch(new RegExp(`^c${boss.companyId}/\\d{6}/[0-9a-f-]{36}$`));
    expect(row!.thumbnailKey).toBe(`${row!.storageKey}.thumb.webp`);
    expect(storedFiles()).toEqual([row!.storageKey, row!.thumbnailKey].sort());

    const opened = await openAttachment(boss, String(a.id));
    expect(opened).toMatchObject({ contentType: "image/png", inline: true, size: png.length, fileName: "线圈照片.png" });
    expect(Buffer.from(await bytesOf(opened!.body)).equals(Buffer.from(png))).toBe(true);
    const thumb = await openAttachment(boss, a.id, "thumb");
    expect(thumb?.contentType).toBe("image/webp");
    const meta = await sharp(await bytesOf(thumb!.body)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 240, height: 160 });

    expect((await listOwnerAttachments(boss, "product", a.ownerId)).map((x) => x.id)).toEqual([a.id]);
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "attachmentUpload"), eq(auditLogs.targetId, String(a.id))));
    expect(entry?.summary).toBe("上传附件 线圈照片.png（产品 ATT-9053-20R）");
  });

  it("a program renamed to .png is refused by its bytes, whatever the name and the browser say; nothing is stored", async () => {
    const before = storedFiles();
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new TextEncoder().encode("This program cannot be run in DOS mode")]);
    await expect(uploadAttachment(boss, { ownerType: "product", ownerNo: "ATT905320R", file: file("photo.png", exe) })).rejects.toMatchObject({
      code: "bad_request",
      message: "只能上传 JPG、PNG、WebP、GIF 图片或 PDF 文件（按文件内容判断，改扩展名无效）",
      fields: { file: ["只能上传 JPG、PNG、WebP、GIF 图片或 PDF 文件（按文件内容判断，改扩展名无效）"] },
    });
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
    await expect(uploadAttachment(boss, { ownerType: "product", ownerNo: "ATT905320R", file: file("broken.png", broken) })).rejects.toMatchObject({
      message: "图片已损坏或无法读取，请换一个文件",
    });
    await expect(uploadAttachment(boss, { ownerType: "product", ownerNo: "ATT905320R", file: undefined })).rejects.toMatchObject({
      fields: { file: ["请选择要上传的文件"] },
    });
    expect(storedFiles()).toEqual(before);
  });

  it("a file over the size limit is refused, by the service and by the form reader while it streams", async () => {
    const before = storedFiles();
    process.env.ATTACHMENT_MAX_BYTES = "1024";
    try {
      await expect(uploadAttachment(boss, { ownerType: "product", ownerNo: "ATT905320R", file: file("big.png", png) })).rejects.toMatchObject({
        code: "bad_request",
        fields: { file: ["文件不能超过 1 KB"] },
      });
      const form = new FormData();
      form.set("intent", "upload");
      form.set("file", new File([new Uint8Array(5000)], "big.pdf", { type: "application/pdf" }));
      const request = new Request("http://x/system/attachment", { method: "POST", body: form });
      await expect(readAttachmentForm(request)).rejects.toMatchObject({ code: "bad_request", message: "文件不能超过 1 KB" });
      const small = new FormData();
      small.set("ownerNo", "XS-1");
      small.set("file", new File([new Uint8Array(10)], "s.pdf"));
      const parsed = await readAttachmentForm(new Request("http://x/system/attachment", { method: "POST", body: small }));
      expect(parsed.get("ownerNo")).toBe("XS-1");
      expect((parsed.get("file") as File).size).toBe(10);
    } finally {
      delete process.env.ATTACHMENT_MAX_BYTES;
    }
    expect(storedFiles()).toEqual(before);
  });

  it("a file name with a path, traversal or control characters cannot choose where the file goes, and is shown cleaned", async () => {
    const before = new Set(storedFiles());
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");
    const a = await uploadAttachment(boss, { ownerType: "salesOrder", ownerNo: orderNo, file: file("..\\..\\..\\etc/passwd", pdf) });
    expect(a.fileName).toBe("passwd.pdf");
    const b = await uploadAttachment(boss, { ownerType: "salesOrder", ownerNo: orderNo, file: file("../../回单\u202Efdp.exe", pdf) });
    expect(b.fileName).toBe("回单fdp.exe.pdf");
    expect(a.owner).toMatchObject({ no: orderNo, href: `/sale/order/${a.ownerId}` });
    expect(a).toMatchObject({ contentType: "application/pdf", isImage: false, hasThumbnail: false });
    const added = storedFiles().filter((f) => !before.has(f));
    expect(added).toHaveLength(2);
    for (const f of added) expect(f).toMatch(new RegExp(`^c${boss.companyId}/\\d{6}/[0-9a-f-]{36}$`));
    expect(fs.existsSync(path.join(root, "..", "etc"))).toBe(false);

    const opened = await openAttachment(boss, b.id);
    expect(opened).toMatchObject({ contentType: "application/pdf", inline: false });
    expect(contentDisposition(opened!.inline, opened!.fileName)).toBe(`attachment; filename="__fdp.exe.pdf"; filename*=UTF-8''%E5%9B%9E%E5%8D%95fdp.exe.pdf`);
  });

  it("an owner is found only within the company; 公库产品 are the platform operator's", async () => {
    await expect(uploadAttachment(boss, { ownerType: "salesOrder", ownerNo: "XS-NONE", file: file("a.png", png) })).rejects.toMatchObject({
      code: "bad_request",
      fields: { ownerNo: ["未找到销售订单“XS-NONE”"] },
    });
    // Another company's order number is not found either.
    await expect(uploadAttachment(other, { ownerType: "salesOrder", ownerNo: orderNo, file: file("a.png", png) })).rejects.toMatchObject({
      fields: { ownerNo: [`未找到销售订单“${orderNo}”`] },
    });
    await expect(uploadAttachment(boss, { ownerType: "productTemplate", ownerNo: "X", file: file("a.png", png) })).rejects.toMatchObject({
      fields: { ownerType: ["公库产品只有平台运营方可以上传附件"] },
    });
    await expect(uploadAttachment(boss, { ownerType: "invoice", ownerNo: "X", file: file("a.png", png) })).rejects.toMatchObject({
      fields: { ownerType: ["请选择所属类型"] },
    });
    await expect(uploadAttachment(boss, { ownerType: "product", ownerNo: "", file: file("a.png", png) })).rejects.toMatchObject({
      fields: { ownerNo: ["请填写产品编码或单据编号"] },
    });
    expect(admin.companyKind).toBe("platform");
  });

  it("another company can neither list, read nor delete the files; the owning company lists them by type", async () => {
    const mine = await listAttachments(boss);
    expect(mine.total).toBe(3);
    const id = mine.items.find((x) => x.ownerType === "product")!.id;
    expect((await listAttachments(boss, { type: "salesOrder" })).items.map((x) => x.fileName).sort()).toEqual(["passwd.pdf", "回单fdp.exe.pdf"]);
    expect((await listAttachments(boss, { keyword: "线圈" })).items.map((x) => x.id)).toEqual([id]);

    expect((await listAttachments(other)).items.map((x) => x.id)).not.toContain(id);
    expect(await openAttachment(other, id)).toBeUndefined();
    expect(await openAttachment(other, id, "thumb")).toBeUndefined();
    expect(await openAttachment(admin, id)).toBeUndefined();
    await expect(deleteAttachment(other, id)).rejects.toMatchObject({ code: "not_found", message: "附件不存在" });
    expect(await listOwnerAttachments(other, "product", mine.items.find((x) => x.id === id)!.ownerId)).toEqual([]);
    expect(await openAttachment(boss, id)).toBeDefined();
    for (const bad of ["0", "-1", "1e3", "abc", "99999999999"]) expect(await openAttachment(boss, bad)).toBeUndefined();
  });

  it("delete removes the row (audited with the row as it was) and then the file and its thumbnail", async () => {
    const a = (await listAttachments(boss, { keyword: "线圈" })).items[0]!;
    const [row] = await db().select().from(attachments).where(eq(attachments.id, a.id));
    expect(storedFiles()).toContain(row!.storageKey);
    await expect(deleteAttachment(sales, a.id)).rejects.toMatchObject({ code: "forbidden" });
    expect(await deleteAttachment(boss, String(a.id))).toEqual({ id: a.id, fileName: "线圈照片.png" });
    expect(await db().select().from(attachments).where(eq(attachments.id, a.id))).toEqual([]);
    expect(storedFiles()).not.toContain(row!.storageKey);
    expect(storedFiles()).not.toContain(row!.thumbnailKey);
    expect(await openAttachment(boss, a.id)).toBeUndefined();
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "delete"), eq(auditLogs.targetType, "attachment"), eq(auditLogs.targetId, String(a.id))));
    expect(entry).toMatchObject({ companyId: boss.companyId, userId: boss.userId, summary: "删除附件 线圈照片.png（产品）" });
    expect((entry!.before as { storageKey: string }).storageKey).toBe(row!.storageKey);
    await expect(deleteAttachment(boss, a.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("a company that uploads too often is told to wait", async () => {
    process.env.ATTACHMENT_UPLOADS_PER_MINUTE = "2";
    try {
      await expect(uploadAttachment(boss, { ownerType: "product", ownerNo: "ATT905320R", file: file("c.png", png) })).rejects.toMatchObject({
        code: "rate_limited",
        message: "本公司上传过于频繁，请稍后再试",
      });
      // Counted per company: another company may still upload.
      const p = await makeProduct(other, "ATT-RATE-1", "限流测试");
      expect(p).toBeGreaterThan(0);
      await expect(uploadAttachment(other, { ownerType: "product", ownerNo: "ATT-RATE-1", file: file("c.png", png) })).resolves.toMatchObject({
        fileName: "c.png",
      });
    } finally {
      delete process.env.ATTACHMENT_UPLOADS_PER_MINUTE;
    }
  });

  it("重置业务数据 removes the documents' attachments and their files; the products' stay", async () => {
    const [order] = await db().select({ no: salesOrders.no }).from(salesOrders).where(eq(salesOrders.companyId, other.companyId)).limit(1);
    const onOrder = await uploadAttachment(other, { ownerType: "salesOrder", ownerNo: order!.no, file: file("回单.png", png) });
    const kept = (
      await db()
        .select()
        .from(attachments)
        .where(and(eq(attachments.companyId, other.companyId), eq(attachments.ownerType, "product")))
    )[0]!;
    const [row] = await db().select().from(attachments).where(eq(attachments.id, onOrder.id));
    expect(storedFiles()).toEqual(expect.arrayContaining([row!.storageKey, kept.storageKey]));

    const done = await resetBusinessData(admin, other.companyId, { confirmName: "深圳鹏达汽配有限公司" });
    expect(done.removed["单据附件"]).toBe(1);
    expect(await db().select().from(attachments).where(eq(attachments.companyId, other.companyId))).toEqual([expect.objectContaining({ id: kept.id })]);
    expect(storedFiles()).not.toContain(row!.storageKey);
    expect(storedFiles()).not.toContain(row!.thumbnailKey);
    expect(storedFiles()).toContain(kept.storageKey);
  });
});
