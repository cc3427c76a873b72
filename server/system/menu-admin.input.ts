import * as z from "zod";

/** 菜单配置 (/system/configure/menu): the editable fields of a menu entry, their labels and messages. */
export const MENU_TEXT = {
  name: "名称",
  nameRequired: "请输入菜单名称",
  nameTooLong: "菜单名称最多 20 个字",
  icon: "图标",
  iconInvalid: "请选择列表中的图标",
  sortOrder: "排序",
  sortOrderInvalid: "排序为 0–99999 的整数",
  code: "编码",
  codeFixed: "菜单编码是系统核对权限所用的编码，不能修改",
  missing: "菜单不存在",
} as const;

/** The icons the shell can draw (app/components/shell/icons.tsx), with their Chinese names. */
export const MENU_ICONS = [
  ["sale", "销售"],
  ["purchase", "采购"],
  ["demand", "需求"],
  ["product", "产品"],
  ["warehouse", "仓库"],
  ["finance", "财务"],
  ["report", "报表"],
  ["organization", "组织"],
  ["system", "系统"],
] as const;

const ICON_NAMES: readonly string[] = MENU_ICONS.map(([v]) => v);

export const MenuUpdateSchema = z.object({
  name: z.string({ error: MENU_TEXT.nameRequired }).trim().min(1, MENU_TEXT.nameRequired).max(20, MENU_TEXT.nameTooLong).meta({ label: MENU_TEXT.name }),
  icon: z
    .string({ error: MENU_TEXT.iconInvalid })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || ICON_NAMES.includes(v), MENU_TEXT.iconInvalid)
    .meta({ label: MENU_TEXT.icon }),
  sortOrder: z.coerce
    .number({ error: MENU_TEXT.sortOrderInvalid })
    .int(MENU_TEXT.sortOrderInvalid)
    .min(0, MENU_TEXT.sortOrderInvalid)
    .max(99_999, MENU_TEXT.sortOrderInvalid)
    .meta({ label: MENU_TEXT.sortOrder }),
  /** Shown, never changed: the server checks permissions by these codes. */
  code: z.string().trim().max(40).optional().meta({ label: MENU_TEXT.code }),
});
export type MenuUpdateInput = z.infer<typeof MenuUpdateSchema>;
