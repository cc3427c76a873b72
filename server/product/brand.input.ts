import * as z from "zod";

export const BrandInputSchema = z.object({
  name: z.string({ error: "请输入品牌名称" }).trim().min(1, "请输入品牌名称").max(50, "品牌名称不能超过 50 个字"),
  code: z
    .string()
    .trim()
    .max(30, "品牌编码不能超过 30 个字符")
    .regex(/^[A-Za-z0-9_-]*$/, "品牌编码只能包含字母、数字、下划线和短横线")
    .optional()
    .nullable(),
  description: z.string().trim().max(500, "说明不能超过 500 个字").optional().nullable(),
  sortOrder: z.coerce.number({ error: "排序必须是整数" }).int("排序必须是整数").min(0, "排序不能小于 0").max(999999, "排序不能超过 999999").default(0),
  isEnabled: z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" ? false : v), z.boolean({ error: "启用状态不正确" })).default(true),
});
export type BrandInput = z.infer<typeof BrandInputSchema>;
