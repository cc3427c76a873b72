import * as z from "zod";

export const SettingNameSchema = z
  .string({ error: "设置名称不能为空" })
  .trim()
  .min(1, "设置名称不能为空")
  .max(64, "设置名称过长")
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "设置名称只能包含字母、数字和下划线");

/**
 * A value as posted: text (the spec's wire form) or any JSON value. Which names exist and how
 * long each value may be is the settings service's to check (setting.defaults.ts); this only
 * keeps a request from carrying more than the largest setting could hold.
 */
export const SettingSaveSchema = z.object({
  name: SettingNameSchema,
  value: z.union(
    [z.string().max(256 * 1024, "设置值过长"), z.number(), z.boolean(), z.record(z.string(), z.unknown()), z.array(z.unknown())],
    { error: "设置值格式不正确" },
  ),
});
