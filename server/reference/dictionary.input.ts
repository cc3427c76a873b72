import * as z from "zod";

/**
 * 数据字典 (/system/dictionary/dictType): the fields of a dictionary type and of its items,
 * their labels and messages. Pure module: safe for the browser.
 */
export const DICT_TEXT = {
  code: "类型编码",
  codeRequired: "请输入类型编码",
  codeInvalid: "类型编码以字母开头，只能包含字母、数字和下划线，最多 40 个字符",
  codeTaken: "类型编码已存在",
  name: "类型名称",
  nameRequired: "请输入类型名称",
  nameTooLong: "类型名称最多 30 个字",
  description: "说明",
  descriptionTooLong: "说明最多 200 个字",
  sortOrder: "排序",
  sortOrderInvalid: "排序为 0–99999 的整数",
  value: "字典值",
  valueRequired: "请输入字典值",
  valueInvalid: "字典值最多 40 个字符，不能含空格",
  valueTaken: "该字典值已存在",
  label: "显示名称",
  labelRequired: "请输入显示名称",
  labelTooLong: "显示名称最多 30 个字",
  isEnabled: "启用",
  typeMissing: "字典类型不存在",
  itemMissing: "字典项不存在",
  builtinType: "系统内置的字典类型不能修改编码或删除",
  closedAdd: "该字典是系统状态字典，取值由系统决定，不能新增字典项",
  closedRemove: "该字典项是系统使用的取值，不能删除（可修改显示名称和排序）",
  closedDisable: "该字典是系统状态字典，字典项不能停用",
  valueFixed: "字典值不能修改",
} as const;

const sortOrder = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? 0 : typeof v === "string" ? v.trim() : v),
  z.coerce
    .number({ error: DICT_TEXT.sortOrderInvalid })
    .int(DICT_TEXT.sortOrderInvalid)
    .min(0, DICT_TEXT.sortOrderInvalid)
    .max(99_999, DICT_TEXT.sortOrderInvalid),
);

const description = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
  z.string({ error: DICT_TEXT.descriptionTooLong }).max(200, DICT_TEXT.descriptionTooLong).nullable(),
);

/** A check box posts "on" (or nothing); the API sends booleans. */
const enabled = z.preprocess((v) => (typeof v === "boolean" ? v : v === "on" || v === "true" || v === "1"), z.boolean());

export const DictTypeCreateSchema = z.object({
  code: z
    .string({ error: DICT_TEXT.codeRequired })
    .trim()
    .min(1, DICT_TEXT.codeRequired)
    .max(40, DICT_TEXT.codeInvalid)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, DICT_TEXT.codeInvalid)
    .meta({ label: DICT_TEXT.code }),
  name: z.string({ error: DICT_TEXT.nameRequired }).trim().min(1, DICT_TEXT.nameRequired).max(30, DICT_TEXT.nameTooLong).meta({ label: DICT_TEXT.name }),
  description: description.meta({ label: DICT_TEXT.description }),
  sortOrder: sortOrder.meta({ label: DICT_TEXT.sortOrder }),
});
export type DictTypeCreateInput = z.infer<typeof DictTypeCreateSchema>;

export const DictTypeUpdateSchema = DictTypeCreateSchema.omit({ code: true });

export const DictItemCreateSchema = z.object({
  value: z
    .string({ error: DICT_TEXT.valueRequired })
    .trim()
    .min(1, DICT_TEXT.valueRequired)
    .max(40, DICT_TEXT.valueInvalid)
    .regex(/^\S+$/, DICT_TEXT.valueInvalid)
    .meta({ label: DICT_TEXT.value }),
  label: z.string({ error: DICT_TEXT.labelRequired }).trim().min(1, DICT_TEXT.labelRequired).max(30, DICT_TEXT.labelTooLong).meta({ label: DICT_TEXT.label }),
  description: description.meta({ label: DICT_TEXT.description }),
  sortOrder: sortOrder.meta({ label: DICT_TEXT.sortOrder }),
  isEnabled: enabled.meta({ label: DICT_TEXT.isEnabled }),
});
export type DictItemCreateInput = z.infer<typeof DictItemCreateSchema>;

export const DictItemUpdateSchema = DictItemCreateSchema.omit({ value: true });
