import { Link } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";

export interface ProductAttachmentItem {
  id: number;
  fileName: string;
  hasThumbnail: boolean;
  sizeText: string;
}

/**
 * The product's attachments in its edit dialog: thumbnails (or the PDF's name) opening the file
 * in a new tab, and, for whoever holds 附件管理, a link there filtered to this product, where
 * files are uploaded and deleted. Plain links: the same with and without JavaScript.
 */
export function ProductAttachments({ productId, items, canManage }: { productId: number; items: ProductAttachmentItem[]; canManage: boolean }) {
  return (
    <section aria-label="产品附件" data-testid="product-attachments" style={{ marginTop: 12, paddingTop: 10, borderTop: "1px solid #edf0f2" }}>
      <div style={{ display: "flex", alignItems: "center", gap: 12, marginBottom: 6, fontSize: 13 }}>
        <strong>附件</strong>
        <span className={css.muted}>{items.length ? `共 ${items.length} 个` : "暂无附件"}</span>
        {canManage ? (
          <Link to={`/system/attachment?type=product&owner=${productId}`} prefetch="none" style={{ fontSize: 12 }}>
            管理附件
          </Link>
        ) : null}
      </div>
      {items.length ? (
        <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
          {items.map((a) => (
            <a
              key={a.id}
              href={`/files/${a.id}`}
              target="_blank"
              rel="noopener noreferrer"
              title={`${a.fileName}（${a.sizeText}）`}
              style={{
                display: "flex",
                alignItems: "center",
                justifyContent: "center",
                width: 88,
                height: 72,
                border: "1px solid #edf0f2",
                borderRadius: 4,
                background: "#f7f8fa",
                overflow: "hidden",
                fontSize: 12,
                textAlign: "center",
              }}
            >
              {a.hasThumbnail ? (
                <img src={`/files/${a.id}/thumb`} alt={a.fileName} loading="lazy" style={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }} />
              ) : (
                <span style={{ padding: 4, wordBreak: "break-all" }}>{a.fileName}</span>
              )}
            </a>
          ))}
        </div>
      ) : null}
    </section>
  );
}
