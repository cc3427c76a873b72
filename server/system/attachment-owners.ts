import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { normalizeOE } from "../product/oe";
import { products, productTemplates } from "../product/product.tables";
import { DOCUMENT_TYPE_LIST } from "../documents/document-types";
import type { AttachmentOwnerType } from "./attachment.input";

/**
 * What an attachment can belong to, and how its number or code is found within the company.
 * The one place the attachment service reads other areas' rows: read-only, by the unique
 * (company, number) or (company, code) keys those tables already have, so an upload names its
 * owner the way users know it and the list shows it back.
 */
export interface OwnerRef {
  id: number;
  /** The product code or document number. */
  no: string;
  /** The product's name (documents have none). */
  name: string | null;
  /** Where the owner's page is, for a link from the list. */
  href: string;
}

interface OwnerKind {
  find(ex: Executor, ctx: Ctx, no: string): Promise<OwnerRef | undefined>;
  byIds(ex: Executor, ctx: Ctx, ids: number[]): Promise<OwnerRef[]>;
}

type DocTable = PgTable & { id: PgColumn; companyId: PgColumn; no: PgColumn };

function documentKind(table: DocTable, href: (id: number) => string): OwnerKind {
  const pick = { id: table.id, no: table.no } as const;
  const ref = (r: { id: unknown; no: unknown }): OwnerRef => ({ id: r.id as number, no: r.no as string, name: null, href: href(r.id as number) });
  return {
    async find(ex, ctx, no) {
      // FOR KEY SHARE: the document cannot be deleted while the attachment row is being added.
      const [r] = await ex
        .select(pick)
        .from(table)
        .where(and(eq(table.companyId, ctx.companyId), eq(table.no, no.trim())))
        .for("key share");
      return r ? ref(r) : undefined;
    },
    async byIds(ex, ctx, ids) {
      const rows = await ex
        .select(pick)
        .from(table)
        .where(and(eq(table.companyId, ctx.companyId), inArray(table.id, ids)));
      return rows.map(ref);
    },
  };
}

const productKind: OwnerKind = {
  async find(ex, ctx, no) {
    const norm = normalizeOE(no);
    if (!norm) return undefined;
    const [r] = await ex
      .select({ id: products.id, no: products.mainOE, name: products.name })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), eq(products.oeNorm, norm)))
      .for("key share");
    return r ? { ...r, href: `/product/list?edit=${r.id}` } : undefined;
  },
  async byIds(ex, ctx, ids) {
    const rows = await ex
      .select({ id: products.id, no: products.mainOE, name: products.name })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, ids)));
    return rows.map((r) => ({ ...r, href: `/product/list?edit=${r.id}` }));
  },
};

/** 公库产品: the platform's; the service lets only the platform operator name them. */
const templateKind: OwnerKind = {
  async find(ex, _ctx, no) {
    const norm = normalizeOE(no);
    if (!norm) return undefined;
    const [r] = await ex
      .select({ id: productTemplates.id, no: productTemplates.mainOE, name: productTemplates.name })
      .from(productTemplates)
      .where(eq(productTemplates.oeNorm, norm))
      .for("key share");
    return r ? { ...r, href: `/system/product/template?edit=${r.id}` } : undefined;
  },
  async byIds(ex, _ctx, ids) {
    const rows = await ex
      .select({ id: productTemplates.id, no: productTemplates.mainOE, name: productTemplates.name })
      .from(productTemplates)
      .where(inArray(productTemplates.id, ids));
    return rows.map((r) => ({ ...r, href: `/system/product/template?edit=${r.id}` }));
  },
};

/** The document types of the document-type table that own attachments (`attachments: true` and a page). */
function documentOwners(): Record<string, OwnerKind> {
  return Object.fromEntries(
    DOCUMENT_TYPE_LIST.filter((d) => d.attachments).map((d) => {
      if (!d.page) throw new Error(`${d.code}: an attachment owner in DOCUMENT_TYPES needs its page`);
      return [d.code, documentKind(d.tables.header, d.page)];
    }),
  );
}

/** Every owner kind: products, 公库产品 and the document types that own attachments. */
export const OWNER_KINDS = { product: productKind, productTemplate: templateKind, ...documentOwners() } as Record<AttachmentOwnerType, OwnerKind>;
