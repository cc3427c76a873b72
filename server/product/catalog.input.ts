import * as z from "zod";
import { codesOf, QUALITY_GRADES } from "../lib/dictionary";
import { flag, labelled, optionalId, optionalOneOf, optionalText, requiredText, sortOrder } from "../lib/input-fields";

/** Forms of the platform's product dictionaries (/system/product/*). */
export const BrandInputSchema = z.object({
  name: requiredText("品牌名称"),
  code: labelled(
    z
      .preprocess(
        (v) => (v === "" ? null : v),
        z
          .string()
          .trim()
          .max(30, "品牌编码不能超过 30 个字符")
          .regex(/^[A-Za-z0-9_-]*$/, "品牌编码只能包含字母、数字、下划线和短横线")
          .nullable(),
      )
      .default(null),
    { label: "品牌编码" },
  ),
  description: optionalText("说明", 500),
  sortOrder,
  isEnabled: flag(true),
});

/** Position, unit and producing area: a name ("部位名称" …), an order and an on/off switch. */
export function dictionaryInputSchema(label: string) {
  return z.object({
    name: requiredText(`${label}名称`, 30),
    sortOrder,
    isEnabled: flag(true),
  });
}

export const QualityInputSchema = z.object({
  name: requiredText("品质名称", 30),
  grade: optionalOneOf("品质等级", codesOf(QUALITY_GRADES)),
  sortOrder,
  isEnabled: flag(true),
});

export const CategoryInputSchema = z.object({
  name: requiredText("分类名称", 30),
  parentId: optionalId("上级分类", { hint: "留空为一级分类" }),
  sortOrder,
  isEnabled: flag(true),
});

export const SpecificationInputSchema = z.object({
  specType: requiredText("规格类型", 30),
  name: requiredText("规格值", 50),
  sortOrder,
});

export const OeNumberInputSchema = z.object({
  oe: requiredText("OE号", 50).refine((s) => /[A-Za-z0-9]/.test(s), "OE号必须包含字母或数字"),
  name: requiredText("配件名称", 100),
  brandId: optionalId("品牌"),
  makeId: optionalId("汽车品牌"),
  description: optionalText("说明", 500),
});
