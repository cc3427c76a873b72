import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, users } from "../kernel/identity.tables";

/**
 * 附件 (/system/attachment): files attached to a product or a document of the company that
 * uploaded them (pictures of parts, scanned delivery receipts). The bytes live in the file
 * store (server/lib/file-store.ts) under `storage_key` (and an image's 240 px thumbnail under
 * `thumbnail_key`); the keys are made by the service, never from the file name. A row belongs
 * to one company and is served to that company only. `owner_id` points into the owner type's
 * table (products, sales_orders …): no foreign key can span them, so an owner deleted later
 * leaves its attachments listed as 已删除 until someone deletes them.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    /** product | productTemplate | salesOrder | deliverOrder | purchaseOrder | receiveOrder (attachment.input.ts). */
    ownerType: text("owner_type").notNull(),
    ownerId: integer("owner_id").notNull(),
    /** The name as uploaded (base name, control characters removed), shown and offered on download. */
    fileName: text("file_name").notNull(),
    /** The type read from the file's first bytes, not the browser's claim. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    width: integer("width"),
    height: integer("height"),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attachments_storage_key_uq").on(t.storageKey),
    // The list (newest first) and the per-minute upload count of a company.
    index("attachments_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("attachments_owner_idx").on(t.companyId, t.ownerType, t.ownerId),
    check("attachments_owner_type_ck", sql`${t.ownerType} in ('product', 'productTemplate', 'salesOrder', 'deliverOrder', 'purchaseOrder', 'receiveOrder')`),
    check("attachments_size_ck", sql`${t.size} > 0`),
  ],
);
