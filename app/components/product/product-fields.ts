import { PACKAGE_TYPES } from "#server/lib/dictionary";
import type { GridColumn } from "../../../server/lib/grid-settings";
import type { FormField } from "~/components/grid/page-config";

/**
 * The product form of spec 001 §3 "Product import form" and the product grid columns, shared
 * by the public library (/system/product/template), my products (/product/list) and the
 * 公库产品导入 dialog.
 */
export const PRODUCT_LOOKUPS = [
  "productBrand",
  "productCategory",
  "productUnit",
  "productQuality",
  "productPosition",
  "producingArea",
  "vehicleGroup",
  "vehicleMake",
] as const;
export const PRODUCT_FILTER_LOOKUPS = ["productBrand", "productCategory"] as const;

/** Labels, required marks and limits come from ProductInputSchema (server/product/product.input.ts). */
export const PRODUCT_FIELDS: FormField[] = [
  { name: "mainOE", placeholder: "OE号或产品编码" },
  { name: "name" },
  { name: "brandId", options: "productBrand" },
  { name: "aliasName" },
  { name: "categoryLevel0Id", options: "productCategory", level: 0 },
  { name: "categoryLevel1Id", options: "productCategory", level: 1, groupByParent: true, parent: "categoryLevel0Id" },
  { name: "defaultStdOE" },
  { name: "replaceOE" },
  { name: "carGroupId", options: "vehicleGroup" },
  { name: "makeId", options: "vehicleMake", parent: "carGroupId" },
  { name: "vehicles", span: 2 },
  { name: "positionId", options: "productPosition" },
  { name: "qualityId", options: "productQuality" },
  { name: "specificationString" },
  { name: "producingAreaId", options: "producingArea" },
  { name: "unitId", options: "productUnit" },
  { name: "purchaseUnitId", options: "productUnit" },
  { name: "packageTypeString", options: PACKAGE_TYPES },
  { name: "minOrderCount" },
  { name: "orderCycle" },
  { name: "mCode" },
  { name: "volum" },
  { name: "weight" },
  { name: "pinYin", placeholder: "留空按名称自动生成" },
  { name: "initial", placeholder: "留空按名称自动生成" },
  { name: "isEnabled" },
  { name: "description", widget: "textarea", span: "all" },
];

export const PRICE_FIELDS: FormField[] = [{ name: "priceSale" }, { name: "priceCost" }];

/** The own-product form: the library form with the prices before 说明. */
export const OWN_PRODUCT_FIELDS: FormField[] = [...PRODUCT_FIELDS.slice(0, -1), ...PRICE_FIELDS, PRODUCT_FIELDS[PRODUCT_FIELDS.length - 1]!];

export const PRODUCT_COLUMNS: GridColumn[] = [
  { field: "mainOE", header: "产品编码", width: 150, sort: "mainOE" },
  { field: "name", header: "名称", width: 160, sort: "name" },
  { field: "brandName", header: "品牌", width: 100 },
  { field: "categoryLevel0Name", header: "一级分类", width: 100, hidden: true },
  { field: "categoryLevel1Name", header: "二级分类", width: 120 },
  { field: "defaultStdOE", header: "标准OE", width: 130, hidden: true },
  { field: "replaceOE", header: "替换OE", width: 180, hidden: true },
  { field: "makeName", header: "汽车品牌", width: 90 },
  { field: "vehicles", header: "适用车型", width: 180 },
  { field: "positionName", header: "部位", width: 70, hidden: true },
  { field: "qualityName", header: "品质", width: 80, hidden: true },
  { field: "specificationString", header: "规格", width: 100, hidden: true },
  { field: "producingAreaString", header: "产地", width: 70, hidden: true },
  { field: "unitName", header: "单位", width: 60, hidden: true },
  { field: "minOrderCount", header: "最小起订量", width: 90, kind: "number", hidden: true },
  { field: "mCode", header: "条形码", width: 130, hidden: true },
  { field: "pinYin", header: "拼音", width: 140, hidden: true },
  { field: "initial", header: "首字母", width: 90, hidden: true },
  { field: "isEnabled", header: "状态", width: 70, kind: "bool", yesNo: ["启用", "停用"] },
  { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime", hidden: true },
];

export const PRODUCT_FILTERS = [
  { name: "oe", label: "OE号", placeholder: "任意写法" },
  { name: "brandId", label: "品牌", options: "productBrand" },
  { name: "categoryLevel0Id", label: "一级分类", options: "productCategory", level: 0 },
  {
    name: "isEnabled",
    label: "状态",
    options: [
      ["true", "启用"],
      ["false", "停用"],
    ] as const,
  },
];
