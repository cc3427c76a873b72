import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { defineResource, type UsedBy } from "../lib/resource";
import { equals, keywordOn } from "../lib/list-read";
import { labelOf, QUALITY_GRADES } from "../lib/dictionary";
import { vehicleMakes } from "../vehicle/vehicle.tables";
import { productBrands } from "./brand.tables";
import {
  BrandInputSchema,
  CategoryInputSchema,
  dictionaryInputSchema,
  OeNumberInputSchema,
  QualityInputSchema,
  SpecificationInputSchema,
} from "./catalog.input";
import { oeNumbers, productCategories, productPositions, productQualities, productSpecifications, productUnits, producingAreas } from "./catalog.tables";
import { codeLikePattern, normalizeOE } from "./oe";
import { products, productTemplates } from "./product.tables";
import { DomainError } from "../lib/errors";

/** The platform's product dictionaries (/system/product/*): the operator writes, everyone reads. */
const enabled = (row: { isEnabled?: unknown }) => (row.isEnabled ? "启用" : "停用");

export const brandResource = defineResource({
  name: "productBrand",
  label: "品牌",
  pageUrl: "/system/product/brand",
  writeCode: "XTGL-031",
  scope: "platform",
  table: productBrands,
  sortable: { name: productBrands.nameSort, code: productBrands.code, sortOrder: productBrands.sortOrder, creationTime: productBrands.creationTime },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { isEnabled: equals(productBrands.isEnabled, "bool") },
  keyword: keywordOn(productBrands.name, productBrands.code),
  input: BrandInputSchema,
  unique: { product_brands_name_lower_uq: ["name", "品牌名称已存在"] },
  usedBy: [
    { table: products, column: products.brandId, label: "产品" },
    { table: productTemplates, column: productTemplates.brandId, label: "公库产品" },
    { table: oeNumbers, column: oeNumbers.brandId, label: "OE号" },
  ],
  exportAs: { isEnabled: enabled },
});

const parent = alias(productCategories, "parent_category");

export const categoryResource = defineResource({
  name: "productCategory",
  label: "产品分类",
  pageUrl: "/system/product/category",
  writeCode: "XTGL-032",
  scope: "platform",
  table: productCategories,
  extra: {
    parentName: parent.name,
    treeName: sql<string>`case when ${productCategories.parentId} is null then ${productCategories.name} else '└ ' || ${productCategories.name} end`,
  },
  join: (q) => q.leftJoin(parent, eq(parent.id, productCategories.parentId)),
  // "Sort order" reads as the tree: each first-level category by its sort order, its children
  // right after it by theirs.
  sortable: {
    sortOrder: sql`(coalesce(${parent.sortOrder}, ${productCategories.sortOrder})::numeric * 1e17 + coalesce(${productCategories.parentId}, ${productCategories.id})::numeric * 1e7 + case when ${productCategories.parentId} is null then 0 else ${productCategories.sortOrder} + 1 end)`,
    name: productCategories.nameSort,
    level: productCategories.level,
    creationTime: productCategories.creationTime,
  },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: {
    level: equals(productCategories.level),
    parentCategoryId: equals(productCategories.parentId),
    isEnabled: equals(productCategories.isEnabled, "bool"),
    isShowDisabled: { kind: "bool", where: (v) => (v ? undefined : eq(productCategories.isEnabled, true)) },
  },
  keyword: keywordOn(productCategories.name),
  input: CategoryInputSchema,
  toValues: async (data, _ctx, ex, id) => {
    if (data.parentId && data.parentId === id) throw new DomainError("bad_request", "上级分类不能是自己", { parentId: ["上级分类不能是自己"] });
    if (id && data.parentId) {
      const [child] = await ex.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.parentId, id)).limit(1);
      if (child) throw new DomainError("bad_request", "该分类下还有二级分类，不能设为二级分类", { parentId: ["该分类下还有二级分类，不能设为二级分类"] });
      const [asLevel0] = await ex.select({ id: products.id }).from(products).where(eq(products.categoryLevel0Id, id)).limit(1);
      const [templateAsLevel0] = await ex.select({ id: productTemplates.id }).from(productTemplates).where(eq(productTemplates.categoryLevel0Id, id)).limit(1);
      if (asLevel0 || templateAsLevel0)
        throw new DomainError("bad_request", "该分类已被产品用作一级分类，不能设为二级分类", { parentId: ["该分类已被产品用作一级分类，不能设为二级分类"] });
    }
    if (id && !data.parentId) {
      const [asLevel1] = await ex.select({ id: products.id }).from(products).where(eq(products.categoryLevel1Id, id)).limit(1);
      const [templateAsLevel1] = await ex.select({ id: productTemplates.id }).from(productTemplates).where(eq(productTemplates.categoryLevel1Id, id)).limit(1);
      if (asLevel1 || templateAsLevel1)
        throw new DomainError("bad_request", "该分类已被产品用作二级分类，必须选择上级分类", { parentId: ["该分类已被产品用作二级分类，必须选择上级分类"] });
    }
    return { ...data, level: data.parentId ? 1 : 0 };
  },
  refs: { parentId: { table: productCategories, label: "上级分类", where: (c) => eq(c.level, 0) } },
  unique: { product_categories_parent_name_uq: ["name", "同一上级下分类名称已存在"] },
  usedBy: [
    { table: productCategories, column: productCategories.parentId, label: "二级分类" },
    { table: products, column: products.categoryLevel0Id, label: "产品" },
    { table: products, column: products.categoryLevel1Id, label: "产品" },
    { table: productTemplates, column: productTemplates.categoryLevel0Id, label: "公库产品" },
    { table: productTemplates, column: productTemplates.categoryLevel1Id, label: "公库产品" },
  ],
  exportAs: { isEnabled: enabled, level: (r) => (r.level === 0 ? "一级分类" : "二级分类") },
});

function dictionaryResource(opts: {
  name: string;
  label: string;
  path: string;
  code: string;
  table: typeof productPositions | typeof productUnits | typeof producingAreas;
  unique: string;
  usedBy: "positionId" | "unitId" | "producingAreaId";
}) {
  const t = opts.table as typeof productPositions;
  const usedBy: UsedBy[] = [
    { table: products, column: products[opts.usedBy], label: "产品" },
    { table: productTemplates, column: productTemplates[opts.usedBy], label: "公库产品" },
  ];
  if (opts.usedBy === "unitId") {
    usedBy.push(
      { table: products, column: products.purchaseUnitId, label: "产品" },
      { table: productTemplates, column: productTemplates.purchaseUnitId, label: "公库产品" },
    );
  }
  return defineResource({
    name: opts.name,
    label: opts.label,
    pageUrl: `/system/product/${opts.path}`,
    writeCode: opts.code,
    scope: "platform",
    table: t,
    sortable: { name: t.nameSort, sortOrder: t.sortOrder, creationTime: t.creationTime },
    defaultSort: { field: "sortOrder", dir: "asc" },
    filters: { isEnabled: equals(t.isEnabled, "bool") },
    keyword: keywordOn(t.name),
    input: dictionaryInputSchema(opts.label),
    unique: { [opts.unique]: ["name", `${opts.label}名称已存在`] },
    usedBy,
    exportAs: { isEnabled: enabled },
  });
}

export const positionResource = dictionaryResource({
  name: "productPosition",
  label: "部位",
  path: "position",
  code: "XTGL-034",
  table: productPositions,
  unique: "product_positions_name_lower_uq",
  usedBy: "positionId",
});
export const unitResource = dictionaryResource({
  name: "productUnit",
  label: "单位",
  path: "unit",
  code: "XTGL-039",
  table: productUnits,
  unique: "product_units_name_lower_uq",
  usedBy: "unitId",
});
export const producingAreaResource = dictionaryResource({
  name: "producingArea",
  label: "产地",
  path: "producingArea",
  code: "XTGL-035",
  table: producingAreas,
  unique: "producing_areas_name_lower_uq",
  usedBy: "producingAreaId",
});

export const qualityResource = defineResource({
  name: "productQuality",
  label: "品质",
  pageUrl: "/system/product/quality",
  writeCode: "XTGL-036",
  scope: "platform",
  table: productQualities,
  sortable: {
    name: productQualities.nameSort,
    sortOrder: productQualities.sortOrder,
    grade: productQualities.grade,
    creationTime: productQualities.creationTime,
  },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { isEnabled: equals(productQualities.isEnabled, "bool"), grade: equals(productQualities.grade) },
  keyword: keywordOn(productQualities.name),
  input: QualityInputSchema,
  unique: { product_qualities_name_lower_uq: ["name", "品质名称已存在"] },
  usedBy: [
    { table: products, column: products.qualityId, label: "产品" },
    { table: productTemplates, column: productTemplates.qualityId, label: "公库产品" },
  ],
  exportAs: { isEnabled: enabled, grade: (r) => labelOf(QUALITY_GRADES, r.grade as 1 | 2 | 3 | null) },
});

export const specificationResource = defineResource({
  name: "productSpecification",
  label: "规格",
  pageUrl: "/system/product/specification",
  writeCode: "XTGL-037",
  scope: "platform",
  table: productSpecifications,
  sortable: {
    specType: productSpecifications.specType,
    name: productSpecifications.nameSort,
    sortOrder: productSpecifications.sortOrder,
    creationTime: productSpecifications.creationTime,
  },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { specType: { kind: "text", where: (v) => sql`lower(${productSpecifications.specType}) = lower(${v})` } },
  keyword: keywordOn(productSpecifications.specType, productSpecifications.name),
  input: SpecificationInputSchema,
  unique: { product_specifications_type_name_uq: ["name", "该规格类型下已有同名规格"] },
});

export const oeNumberResource = defineResource({
  name: "oeNumber",
  label: "OE号",
  pageUrl: "/system/product/oe",
  writeCode: "XTGL-033",
  scope: "platform",
  table: oeNumbers,
  extra: { brandName: productBrands.name, makeName: vehicleMakes.name },
  join: (q) => q.leftJoin(productBrands, eq(productBrands.id, oeNumbers.brandId)).leftJoin(vehicleMakes, eq(vehicleMakes.id, oeNumbers.makeId)),
  sortable: { oe: oeNumbers.oeNorm, name: oeNumbers.nameSort, creationTime: oeNumbers.creationTime },
  defaultSort: { field: "oe", dir: "asc" },
  filters: { brandId: equals(oeNumbers.brandId), makeId: equals(oeNumbers.makeId) },
  keyword: (kw) => {
    // Any part of the number (trigram index), the part's name, or its brand's name.
    const names = keywordOn(oeNumbers.name, productBrands.name)(kw);
    return normalizeOE(kw).length >= 2 ? sql`(${oeNumbers.oeNorm} like ${codeLikePattern(kw)} or ${names})` : names;
  },
  input: OeNumberInputSchema,
  toValues: (data) => ({ ...data, oeNorm: normalizeOE(data.oe) }),
  refs: { brandId: { table: productBrands, label: "品牌" }, makeId: { table: vehicleMakes, label: "汽车品牌" } },
  unique: { oe_numbers_norm_uq: ["oe", "OE号已存在"] },
});
