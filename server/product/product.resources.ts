import { and, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { DomainError } from "../lib/errors";
import { inIdsOf, type IdQuery } from "../lib/doc-search";
import { defineResource } from "../lib/resource";
import { equals, keywordOn } from "../lib/list-read";
import { escapeLike } from "../lib/validate";
import { getGlobalSetting } from "../setting/setting.service";
import { vehicleGroups, vehicleMakes } from "../vehicle/vehicle.tables";
import { productBrands } from "./brand.tables";
import { productCategories, productPositions, productQualities, productUnits, producingAreas } from "./catalog.tables";
import { codeLikePattern, normalizeOE, splitOEs } from "./oe";
import { pinyinOf } from "./pinyin";
import { OwnProductInputSchema, PriceInputSchema, ProductInputSchema } from "./product.input";
import { mCodeNormOf, productOes, products, productTemplateOes, productTemplates, tableRowCounts } from "./product.tables";

/**
 * The public library (公库, /system/product/template) and each company's own products
 * (/product/list, /product/priceSetting). Both keep the code normalised; own products also
 * keep every code they are known by in product_oes, so any spelling of the code, the standard
 * OE or a replacement OE finds them.
 */
type ProductTable = typeof products | typeof productTemplates;

const JIQIREN = "机汽人";

function refsOf(table: ProductTable) {
  return {
    carGroupId: { table: vehicleGroups, label: "车系分组" },
    makeId: { table: vehicleMakes, label: "汽车品牌" },
    positionId: { table: productPositions, label: "部位" },
    qualityId: { table: productQualities, label: "品质" },
    brandId: { table: productBrands, label: "品牌" },
    categoryLevel0Id: { table: productCategories, label: "一级分类", where: (c: typeof productCategories) => eq(c.level, 0) },
    categoryLevel1Id: { table: productCategories, label: "二级分类", where: (c: typeof productCategories) => eq(c.level, 1) },
    producingAreaId: { table: producingAreas, label: "产地" },
    unitId: { table: productUnits, label: "单位" },
    purchaseUnitId: { table: productUnits, label: "采购单位" },
    ...(table === products ? { productTemplateLibId: { table: productTemplates, label: "公库产品" } } : {}),
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the form's values of a product or a template row */
/** Normalised code, pinyin, and the category rules of spec 001 §5. */
async function productValues(data: Record<string, any>, ex: Executor, current?: Record<string, unknown>) {
  const values: Record<string, any> = { ...data, oeNorm: normalizeOE(data.mainOE) };
  // A renamed product whose pinyin was not retyped gets the new name's pinyin.
  if (current && values.name !== current.name && values.pinYin === current.pinYin && values.initial === current.initial) {
    values.pinYin = values.initial = "";
  }
  if (!values.pinYin || !values.initial) {
    const p = pinyinOf(values.name);
    values.pinYin ||= p.pinYin;
    values.initial ||= p.initial;
  }
  if (values.categoryLevel1Id) {
    const [child] = await ex.select({ parentId: productCategories.parentId }).from(productCategories).where(eq(productCategories.id, values.categoryLevel1Id));
    if (child?.parentId) {
      if (!values.categoryLevel0Id) values.categoryLevel0Id = child.parentId;
      else if (values.categoryLevel0Id !== child.parentId) {
        throw new DomainError("bad_request", "二级分类不属于所选一级分类", { categoryLevel1Id: ["二级分类不属于所选一级分类"] });
      }
    }
  }
  // The same rule for the vehicle pickers: a car make belongs to its 车系分组 (issue 7 item 17).
  if (values.makeId) {
    const [make] = await ex.select({ groupId: vehicleMakes.groupId }).from(vehicleMakes).where(eq(vehicleMakes.id, values.makeId));
    if (make && !values.carGroupId) values.carGroupId = make.groupId;
    else if (make && values.carGroupId !== make.groupId) {
      throw new DomainError("bad_request", "汽车品牌不属于所选车系分组", { makeId: ["汽车品牌不属于所选车系分组"] });
    }
  }
  if (values.brandId && !values.categoryLevel0Id && !values.categoryLevel1Id) {
    const [brand] = await ex.select({ name: productBrands.name }).from(productBrands).where(eq(productBrands.id, values.brandId));
    if (brand?.name === JIQIREN) {
      const fallback = (await getGlobalSetting("JiQiRenDefaultCategory", ex)) as { level0Id?: number; level1Id?: number } | null | undefined;
      if (fallback && typeof fallback === "object") {
        values.categoryLevel0Id = fallback.level0Id ?? null;
        values.categoryLevel1Id = fallback.level1Id ?? null;
      }
    }
  }
  return values;
}

/** The codes a product is found by: its own (0), replacements (1) and standard OE (2). */
export function oeRowsOf(p: { id: number; companyId: number; mainOE: string; replaceOE?: string | null; defaultStdOE?: string | null }) {
  const rows = new Map<string, number>();
  rows.set(normalizeOE(p.mainOE), 0);
  for (const oe of splitOEs(p.replaceOE)) {
    const norm = normalizeOE(oe);
    if (norm && !rows.has(norm)) rows.set(norm, 1);
  }
  const std = normalizeOE(p.defaultStdOE);
  if (std && !rows.has(std)) rows.set(std, 2);
  return [...rows].filter(([n]) => n).map(([oeNorm, kind]) => ({ productId: p.id, companyId: p.companyId, oeNorm, kind }));
}

async function saveOeRows(ex: Executor, row: Record<string, any>, ctx: Ctx) {
  await ex.delete(productOes).where(eq(productOes.productId, row.id));
  await ex.insert(productOes).values(oeRowsOf({ ...(row as any), companyId: ctx.companyId }));
}

/** The library's cross-reference rows of one template. */
export function templateOeRowsOf(t: { id: number; mainOE: string; replaceOE?: string | null; defaultStdOE?: string | null }) {
  return oeRowsOf({ ...t, companyId: 0 }).map(({ oeNorm, kind }) => ({ templateId: t.id, oeNorm, kind }));
}

async function saveTemplateOeRows(ex: Executor, row: Record<string, any>) {
  await ex.delete(productTemplateOes).where(eq(productTemplateOes.templateId, row.id));
  await ex.insert(productTemplateOes).values(templateOeRowsOf(row as never));
}

/** Names of the product's dictionary entries, by scalar subquery on pages (no joins to plan). */
function namesOf(table: ProductTable) {
  return {
    names: {
      brandName: { table: productBrands, key: table.brandId },
      categoryLevel0Name: { table: productCategories, key: table.categoryLevel0Id },
      categoryLevel1Name: { table: productCategories, key: table.categoryLevel1Id },
      unitName: { table: productUnits, key: table.unitId },
      qualityName: { table: productQualities, key: table.qualityId },
      positionName: { table: productPositions, key: table.positionId },
      makeName: { table: vehicleMakes, key: table.makeId },
      producingAreaString: { table: producingAreas, key: table.producingAreaId },
    },
  };
}

function commonFilters(table: ProductTable) {
  return {
    brandId: equals(table.brandId),
    categoryLevel0Id: equals(table.categoryLevel0Id),
    categoryLevel1Id: equals(table.categoryLevel1Id),
    qualityId: equals(table.qualityId),
    makeId: equals(table.makeId),
    isEnabled: equals(table.isEnabled, "bool" as const),
    name: { kind: "text" as const, where: (v: string) => keywordOn(table.name, table.aliasName)(v) },
  };
}

/** Up to this many brands a keyword names are looked up by id (brand names are few and short). */
const BRAND_IDS_MAX = 200;

/**
 * The brands whose name or code contains the keyword (曼牌, MANN), read first from the small
 * brand table, so the product condition is `brand_id in (…)` on the (company, brand) index.
 */
async function brandIdsMatching(kw: string): Promise<number[]> {
  const like = `%${escapeLike(kw)}%`;
  const rows = await db()
    .select({ id: productBrands.id })
    .from(productBrands)
    .where(or(ilike(productBrands.name, like), ilike(productBrands.code, like)))
    .limit(BRAND_IDS_MAX);
  return rows.map((r) => r.id);
}

/** Name, alias, pinyin or initials, 适用车型 (宝来, 迈腾 1.8T), or the product's brand name or code. */
async function nameSearch(table: ProductTable, kw: string) {
  const prefix = `${escapeLike(kw)}%`;
  const brands = await brandIdsMatching(kw);
  return or(
    keywordOn(table.name, table.aliasName, table.vehicles)(kw),
    sql`${table.pinYin} ilike ${prefix}`,
    sql`${table.initial} ilike ${prefix}`,
    brands.length ? inArray(table.brandId, brands) : undefined,
  )!;
}

async function countOf(tableName: string, companyId: number) {
  const [row] = await db()
    .select({ n: tableRowCounts.n, version: tableRowCounts.version })
    .from(tableRowCounts)
    .where(and(eq(tableRowCounts.tableName, tableName), eq(tableRowCounts.companyId, companyId)));
  return row ?? { n: 0, version: 0 };
}

const exportAs = { isEnabled: (r: Record<string, unknown>) => (r.isEnabled ? "启用" : "停用") };

export const productTemplateResource = defineResource({
  name: "productTemplate",
  label: "公库产品",
  pageUrl: "/system/product/template",
  writeCode: "XTGL-038",
  scope: "platform",
  table: productTemplates,
  ...namesOf(productTemplates),
  sortable: { creationTime: productTemplates.id, mainOE: productTemplates.oeNorm, name: productTemplates.nameSort },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: { ...commonFilters(productTemplates), oe: { kind: "text", where: async (v: string) => (await templateOeMatchOf(v)).cond } },
  keyword: (kw) => productKeyword(productTemplates, kw, templateOeMatchOf),
  input: ProductInputSchema,
  toValues: (data, _ctx, ex, _id, current) => productValues(data, ex, current),
  afterSave: (ex, row) => saveTemplateOeRows(ex, row),
  refs: refsOf(productTemplates),
  unique: { product_templates_oe_norm_uq: ["mainOE", "产品编码不能重复"] },
  exportAs,
  fastCount: () => countOf("product_templates", 0),
});

/**
 * Products whose code, standard OE or replacement OE has the keyword's normal form. The matching
 * ids are read first from the cross-reference index (server/lib/doc-search inIdsOf), so the
 * product query is a primary-key lookup instead of a plan the estimator gets wrong on a million rows.
 */
async function idsMatching(idColumn: typeof products.id | typeof productTemplates.id, matches: IdQuery): Promise<{ cond: SQL; any: boolean }> {
  const cond = await inIdsOf(idColumn, matches);
  return { cond: cond ?? sql`false`, any: cond !== undefined };
}

/** How a code keyword matches a normalised code column: any part of it, or its start when short (see codeLikePattern). */
function codeMatch(column: typeof productOes.oeNorm | typeof productTemplateOes.oeNorm, kw: string): SQL {
  return sql`${column} like ${codeLikePattern(kw)}`;
}

/** Up to this many products sharing one barcode are found by it (a barcode names one product; a few may share a bad one). */
const BARCODE_IDS_MAX = 50;

/** The company's products whose barcode (条形码) is the keyword, in any spelling: exact, by index. */
async function barcodeIdsOf(ctx: Ctx, kw: string): Promise<number[]> {
  const norm = normalizeOE(kw);
  if (!norm) return [];
  const rows = await db()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), sql`${mCodeNormOf(products.mCode)} = ${norm}`))
    .limit(BARCODE_IDS_MAX);
  return rows.map((r) => r.id);
}

/** Products a code keyword names: any part of any code spelling (own, standard, replacement OE), or exactly its barcode. */
async function oeMatchOf(ctx: Ctx, kw: string) {
  const [codes, barcodes] = await Promise.all([
    idsMatching(products.id, () =>
      db()
        .select({ id: productOes.productId })
        .from(productOes)
        .where(and(eq(productOes.companyId, ctx.companyId), codeMatch(productOes.oeNorm, kw))),
    ),
    barcodeIdsOf(ctx, kw),
  ]);
  if (!barcodes.length) return codes;
  const byBarcode = inArray(products.id, barcodes);
  return { cond: codes.any ? or(codes.cond, byBarcode)! : byBarcode, any: true };
}

function templateOeMatchOf(kw: string) {
  return idsMatching(productTemplates.id, () =>
    db().select({ id: productTemplateOes.templateId }).from(productTemplateOes).where(codeMatch(productTemplateOes.oeNorm, kw)),
  );
}

/** At most this many words of a search are matched (the rest are ignored). */
const SEARCH_WORDS_MAX = 6;

/** The words of a search (博世 机油 → 博世, 机油): split at any space, half or full width. */
export function searchWords(kw: string): string[] {
  return [...new Set(kw.split(/[\s\u3000]+/).filter(Boolean))].slice(0, SEARCH_WORDS_MAX);
}

/** A word a code could be written with (any width): Latin letters, digits and separators. A word with Chinese in it is a name. */
const isCodeWord = (word: string) => /^[A-Za-z0-9\-._/]+$/.test(word.normalize("NFKC"));

/**
 * One word of the search box: a code-like word with a digit that some code contains (any
 * spelling) finds those products by index; anything else searches names, aliases, pinyin,
 * 适用车型 and brands (and codes, when code-like), so a name such as "机油滤清器K3X9" or a code
 * without digits is found too.
 */
async function wordCondition(table: ProductTable, word: string, match: (kw: string) => Promise<{ cond: SQL; any: boolean }>) {
  const codeLike = isCodeWord(word);
  const codes = codeLike && normalizeOE(word).length >= 2 ? await match(word) : { cond: sql`false`, any: false };
  if (codes.any && /\d/.test(word)) return codes.cond;
  const names = await nameSearch(table, word);
  return codes.any ? or(codes.cond, names)! : names;
}

/**
 * The search box. A code is often written with spaces (06J 905 320R), so a search of code-like
 * words is first looked up as one code; otherwise every word must match the product somewhere —
 * its brand, its name (alias, pinyin), any of its codes or its 适用车型 — so 博世 机油 finds Bosch's
 * oil filters and 宝来 the parts for that model.
 */
async function productKeyword(table: ProductTable, kw: string, match: (kw: string) => Promise<{ cond: SQL; any: boolean }>) {
  // As typed: the words of a code repeat (0 6 j 1 1 5 …) and may be more than SEARCH_WORDS_MAX.
  const typed = kw.split(/[\s\u3000]+/).filter(Boolean);
  if (typed.length > 1 && typed.every(isCodeWord) && /\d/.test(kw)) {
    const whole = await match(typed.join(" "));
    if (whole.any) return whole.cond;
  }
  const words = searchWords(kw);
  if (words.length <= 1) return wordCondition(table, words[0] ?? kw.trim(), match);
  const each = await Promise.all(words.map((w) => wordCondition(table, w, match)));
  return and(...each)!;
}

/** The search box's condition on the company's own products (any code spelling, name, pinyin, brand): line pickers reuse it. */
export function ownProductKeyword(ctx: Ctx, kw: string): Promise<SQL> {
  return productKeyword(products, kw, (k) => oeMatchOf(ctx, k));
}

/**
 * `productId in (the company's products the search box finds)` (any OE spelling, name, pinyin):
 * the search box of lists whose rows are about products (stock, ledger, order lines).
 */
export async function inProductsFound(productId: PgColumn, ctx: Ctx, kw: string): Promise<SQL> {
  const cond = await ownProductKeyword(ctx, kw);
  return inArray(
    productId,
    db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), cond)),
  );
}

/** The fields the price page (产品价格, CPGL-002) guards: field → [code, label]. */
export const PRICE_FIELD_CODES = { priceSale: ["CPGL-002", "销售价"], priceCost: ["CPGL-002", "成本价"] } as const;

export const productResource = defineResource({
  name: "product",
  label: "产品",
  pageName: "我的产品",
  pageUrl: "/product/list",
  writeCode: "CPGL-001",
  // Products are picked on every order and stock page.
  readCodes: ["CPGL-*", "XSGL-*", "CGGL-*", "XQGL-*", "CKGL-*"],
  scope: "company",
  table: products,
  ...namesOf(products),
  sortable: { creationTime: products.id, mainOE: products.oeNorm, name: products.nameSort, priceSale: products.priceSale },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: { ...commonFilters(products), oe: { kind: "text", where: async (v: string, ctx: Ctx) => (await oeMatchOf(ctx, v)).cond } },
  keyword: (kw, ctx) => ownProductKeyword(ctx, kw),
  input: OwnProductInputSchema,
  toValues: (data, _ctx, ex, _id, current) => productValues(data, ex, current),
  afterSave: saveOeRows,
  refs: refsOf(products),
  unique: { products_company_oe_norm_uq: ["mainOE", "产品编码不能重复"] },
  exportAs,
  fastCount: (ctx) => countOf("products", ctx.companyId),
  // Prices are 产品价格's (CPGL-002): only its holders set them, whatever the write path, and
  // only they see the cost price.
  fieldCodes: PRICE_FIELD_CODES,
  privateFields: { priceCost: PRICE_FIELD_CODES.priceCost },
  // Every price change is in the audit trail (价格变更), whichever page or call made it.
  auditFields: { action: "priceChange", fields: { priceSale: "销售价", priceCost: "成本价" }, name: (row) => `${row.mainOE ?? ""} ${row.name ?? ""}`.trim() },
});

/** /product/priceSetting: the same products, only their prices change. */
export const productPriceResource = defineResource({
  ...productResource,
  name: "productPrice",
  label: "产品价格",
  pageName: "产品价格",
  pageUrl: "/product/priceSetting",
  writeCode: "CPGL-002",
  input: PriceInputSchema,
  toValues: undefined,
  afterSave: undefined,
  refs: undefined,
  readOnly: { create: true, delete: true },
});

/** checkRepeatOE (spec 001 §7): true when another of the company's products has this code in any spelling. */
export async function isProductCodeTaken(ctx: Ctx, oe: string, exceptId?: number) {
  const norm = normalizeOE(oe);
  if (!norm) return false;
  const [hit] = await db()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), eq(products.oeNorm, norm), exceptId ? sql`${products.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!hit;
}
