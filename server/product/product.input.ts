import * as z from "zod";
import { codesOf, PACKAGE_TYPES } from "../lib/dictionary";
import { flag, intWithDefault, labelled, optionalDecimal, optionalId, optionalInt, optionalMoney, optionalText } from "../lib/input-fields";

/**
 * The product form of spec 001 §3 "Product import form", used for the public library (公库),
 * for "my products" and by the 公库产品导入 dialog. Messages are the spec's (§5).
 */
export const ProductInputSchema = z.object({
  mainOE: labelled(
    z
      .string({ error: "产品编码不能为空" })
      .trim()
      .min(1, "产品编码不能为空")
      .max(60, "产品编码不能超过 60 个字符")
      .refine((s) => /[A-Za-z0-9]/.test(s), "产品编码必须包含字母或数字"),
    { label: "产品编码" },
  ),
  name: labelled(z.string({ error: "名称不能为空" }).trim().min(1, "名称不能为空").max(100, "名称不能超过 100 个字"), { label: "名称" }),
  aliasName: optionalText("别名", 100),
  defaultStdOE: optionalText("标准OE", 60),
  replaceOE: optionalText("替换OE", 1000, { hint: "多个用 | 分隔" }),
  carGroupId: optionalId("车系分组"),
  makeId: optionalId("汽车品牌"),
  vehicles: optionalText("适用车型", 500),
  positionId: optionalId("部位"),
  qualityId: optionalId("品质"),
  brandId: optionalId("品牌"),
  categoryLevel0Id: optionalId("一级分类"),
  categoryLevel1Id: optionalId("二级分类"),
  specificationString: optionalText("规格", 100),
  producingAreaId: optionalId("产地"),
  unitId: optionalId("单位"),
  purchaseUnitId: optionalId("采购单位"),
  packageTypeString: labelled(
    z
      .preprocess(
        (v) => (v === "" || v === undefined ? null : v),
        z.enum(codesOf(PACKAGE_TYPES) as [string, ...string[]], { error: "请选择包装方式" }).nullable(),
      )
      .default(null),
    { label: "包装方式", kind: "choice" },
  ),
  minOrderCount: intWithDefault("最小起订量", 1, 1, 1000000),
  orderCycle: optionalInt("订货周期", 0, 365, { unit: "天" }),
  mCode: optionalText("条形码", 50),
  volum: optionalDecimal("体积"),
  weight: optionalDecimal("重量"),
  initial: optionalText("首字母", 50),
  pinYin: optionalText("拼音", 200),
  description: optionalText("说明", 1000),
  isEnabled: flag(true),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** My products add their price and, when imported, the library product they came from. */
export const OwnProductInputSchema = ProductInputSchema.extend({
  priceSale: optionalMoney("销售价"),
  priceCost: optionalMoney("成本价"),
  productTemplateLibId: optionalId("公库产品"),
});

/** /product/priceSetting changes only the prices. */
export const PriceInputSchema = z.object({
  priceSale: optionalMoney("销售价"),
  priceCost: optionalMoney("成本价"),
});
