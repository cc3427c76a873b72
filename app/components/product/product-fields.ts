import { PACKAGE_TYPES } from "#server/lib/dictionary";
import type { GridColumn } from "../../../server/lib/grid-settings";
import type { FormField } from "~/components/grid/page-config";

/**
 * The product form of spec 001 §3 "Product import form" and the product grid columns, shared
 * by the public library (/system/product/template), my products (/product/list) and the
 * 公库产品导入 dialog.
 */
export const PRODUCT_LOOKUPS = ["productBrand", "productCategory", "productUnit", "productQuality", "productPosition", "producingArea", "vehicleGroup", "vehicleMake"] as const;
export const PRODUCT_FILTER_LOOKUPS = ["productBrand", "productCategory"] as const;

export const PRODUCT_FIELDS: FormField[] = [
  { name: "mainOE", label: "产品编码", required: true, maxLength: 60, placeholder: "OE号或产品编码" },
  { name: "name", label: "名称", required: true, maxLength: 100 },
  { name: "brandId", label: "品牌", kind: "select", options: "productBrand" },
  { name: "aliasName", label: "别名", maxLength: 100 },
  { name: "categoryLevel0Id", label: "一级分类", kind: "select", options: "productCategory", level: 0 },
  { name: "categoryLevel1Id", label: "二级分类", kind: "select", options: "productCategory", level: 1, groupByParent: true },
  { name: "defaultStdOE", label: "标准OE", maxLength: 60 },
  { name: "replaceOE", label: "替换OE（多个用 | 分隔）", maxLength: 1000 },
  { name: "carGroupId", label: "车系分组", kind: "select", options: "vehicleGroup" },
  { name: "makeId", label: "汽车品牌", kind: "select", options: "vehicleMake" },
  { name: "vehicles", label: "适用车型", maxLength: 500, span: 2 },
  { name: "positionId", label: "部位", kind: "select", options: "productPosition" },
  { name: "qualityId", label: "品质", kind: "select", options: "productQuality" },
  { name: "specificationString", label: "规格", maxLength: 100 },
  { name: "producingAreaId", label: "产地", kind: "select", options: "producingArea" },
  { name: "unitId", label: "单位", kind: "select", options: "productUnit" },
  { name: "purchaseUnitId", label: "采购单位", kind: "select", options: "productUnit" },
  { name: "packageTypeString", label: "包装方式", kind: "select", options: PACKAGE_TYPES },
  { name: "minOrderCount", label: "最小起订量", kind: "int", defaultValue: 1 },
  { name: "orderCycle", label: "订货周期（天）", kind: "int" },
  { name: "mCode", label: "条形码", maxLength: 50 },
  { name: "volum", label: "体积", kind: "decimal" },
  { name: "weight", label: "重量", kind: "decimal" },
  { name: "pinYin", label: "拼音", maxLength: 200, placeholder: "留空按名称自动生成" },
  { name: "initial", label: "首字母", maxLength: 50, placeholder: "留空按名称自动生成" },
  { name: "isEnabled", label: "启用", kind: "bool", defaultValue: true },
  { name: "description", label: "说明", kind: "textarea", maxLength: 1000, span: "all" },
];

export const PRICE_FIELDS: FormField[] = [
  { name: "priceSale", label: "销售价", kind: "money" },
  { name: "priceCost", label: "成本价", kind: "money" },
];

export const PRODUCT_COLUMNS: GridColumn[] = [
  { field: "mainOE", header: "产品编码", width: 150, sort: "mainOE" },
  { field: "name", header: "名称", width: 180, sort: "name" },
  { field: "brandName", header: "品牌", width: 100 },
  { field: "categoryLevel0Name", header: "一级分类", width: 100 },
  { field: "categoryLevel1Name", header: "二级分类", width: 120 },
  { field: "defaultStdOE", header: "标准OE", width: 130, hidden: true },
  { field: "replaceOE", header: "替换OE", width: 180 },
  { field: "makeName", header: "汽车品牌", width: 90 },
  { field: "vehicles", header: "适用车型", width: 200 },
  { field: "positionName", header: "部位", width: 70 },
  { field: "qualityName", header: "品质", width: 80 },
  { field: "specificationString", header: "规格", width: 100, hidden: true },
  { field: "producingAreaString", header: "产地", width: 70, hidden: true },
  { field: "unitName", header: "单位", width: 60 },
  { field: "minOrderCount", header: "最小起订量", width: 90, kind: "number", hidden: true },
  { field: "mCode", header: "条形码", width: 130, hidden: true },
  { field: "pinYin", header: "拼音", width: 140, hidden: true },
  { field: "initial", header: "首字母", width: 90, hidden: true },
  { field: "isEnabled", header: "状态", width: 70, kind: "bool", yesNo: ["启用", "停用"] },
  { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
];

export const PRODUCT_FILTERS = [
  { name: "oe", label: "OE号", placeholder: "任意写法" },
  { name: "brandId", label: "品牌", options: "productBrand" },
  { name: "categoryLevel0Id", label: "一级分类", options: "productCategory", level: 0 },
  { name: "isEnabled", label: "状态", options: [["true", "启用"], ["false", "停用"]] as const },
];
