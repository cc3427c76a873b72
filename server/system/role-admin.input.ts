import * as z from "zod";

/** 角色管理 (/system/permissions/role): a role's fields, their labels and messages. */
export const ROLE_TEXT = {
  name: "角色名称",
  nameRequired: "请输入角色名称",
  nameTooLong: "角色名称最多 20 个字",
  nameTaken: "已有同名角色",
  description: "说明",
  descriptionTooLong: "说明最多 100 个字",
  scope: "适用范围",
  scopeInvalid: "适用范围只能是 公司 或 平台",
  codes: "权限",
  codeUnknown: "权限编码不存在",
  missing: "角色不存在",
  readOnly: "不能修改该角色：模板角色只能由平台管理员修改，公司只能修改本公司自己的角色",
  platformOnly: "平台专用的权限只能授予平台角色",
  inUse: "该角色仍有用户在使用，请先在用户管理中取消这些用户的该角色",
  operatorScopeOnly: "只有平台管理员可以创建平台角色",
  selfLockout: "不能取消自己所持角色的“角色管理”权限，否则将无法再修改权限",
} as const;

export const ROLE_SCOPES = [
  ["company", "公司"],
  ["platform", "平台"],
] as const;

const name = z.string({ error: ROLE_TEXT.nameRequired }).trim().min(1, ROLE_TEXT.nameRequired).max(20, ROLE_TEXT.nameTooLong).meta({ label: ROLE_TEXT.name });

const description = z
  .string()
  .trim()
  .max(100, ROLE_TEXT.descriptionTooLong)
  .optional()
  .transform((v) => (v ? v : null))
  .meta({ label: ROLE_TEXT.description });

export const RoleUpdateSchema = z.object({ name, description });

export const RoleCreateSchema = z.object({
  name,
  description,
  scope: z
    .union([z.literal("").transform(() => undefined), z.enum(["company", "platform"], { error: ROLE_TEXT.scopeInvalid })])
    .optional()
    .meta({ label: ROLE_TEXT.scope }),
});

/** The checked codes of the permission tree: repeated `code` fields (a plain form) or a list. */
export const RolePermissionsSchema = z.object({
  code: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string({ error: ROLE_TEXT.codeUnknown }).trim().min(1, ROLE_TEXT.codeUnknown).max(40, ROLE_TEXT.codeUnknown)).max(2000),
  ),
});

/** ABP's PUT /api/permission-management/permissions body: the listed changes only. */
export const AbpPermissionUpdateSchema = z.object({
  permissions: z
    .array(
      z.object({
        name: z.string({ error: ROLE_TEXT.codeUnknown }).trim().min(1, ROLE_TEXT.codeUnknown).max(40, ROLE_TEXT.codeUnknown),
        isGranted: z.boolean({ error: "isGranted 必须是 true 或 false" }),
      }),
      { error: "permissions 必须是列表" },
    )
    .max(2000),
});

export type RoleCreateInput = z.infer<typeof RoleCreateSchema>;
export type RoleUpdateInput = z.infer<typeof RoleUpdateSchema>;
