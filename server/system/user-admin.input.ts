import * as z from "zod";
import { t } from "../lib/i18n/zh-CN";

/** 用户管理 (/system/permissions/user): the fields of a staff login, their labels and messages. */
export const STAFF_TEXT = {
  username: "登录名",
  usernameRequired: "请输入登录名",
  usernameInvalid: "登录名为 3–32 位字母、数字、下划线、点或横线，以字母开头",
  usernameTaken: "登录名已被使用",
  name: "姓名",
  nameRequired: "请输入姓名",
  nameTooLong: "姓名最多 32 个字",
  phone: "手机号",
  phoneInvalid: "请输入 11 位手机号",
  phoneTaken: t.profile.phoneTaken,
  password: "初始密码",
  newPassword: "新密码",
  confirmPassword: "确认密码",
  passwordRequired: "请输入密码",
  confirmMismatch: "两次输入的密码不一致",
  department: "部门",
  departmentMissing: "部门不存在",
  roles: "角色",
  rolesRequired: "请至少选择一个角色",
  roleNotAllowed: "不能分配该角色：本公司不允许使用，或它是平台角色",
  notMember: "用户不存在或不属于该公司",
  alreadyMember: "该用户已在本公司",
  userMissing: "没有这个登录名的用户",
  selfRoles: "不能修改自己的角色",
  selfLock: "不能锁定或移除自己",
  selfPassword: "请在个人资料中修改自己的密码",
  sharedIdentity: "该用户还属于其他公司：姓名、手机号和密码只能由本人或平台管理员修改",
  operatorOnly: "只有平台管理员可以这样做",
  companyMissing: "公司不存在",
} as const;

const id = z.coerce.number({ error: STAFF_TEXT.departmentMissing }).int().positive().max(2_147_483_647);

const name = z
  .string({ error: STAFF_TEXT.nameRequired })
  .trim()
  .min(1, STAFF_TEXT.nameRequired)
  .max(32, STAFF_TEXT.nameTooLong)
  .meta({ label: STAFF_TEXT.name });

const phone = z
  .string()
  .trim()
  .max(11, STAFF_TEXT.phoneInvalid)
  .regex(/^1[3-9]\d{9}$/, STAFF_TEXT.phoneInvalid)
  .optional()
  .or(z.literal("").transform(() => undefined))
  .meta({ label: STAFF_TEXT.phone });

const departmentId = z
  .union([z.literal("").transform(() => undefined), id])
  .optional()
  .meta({ label: STAFF_TEXT.department });

const roleIds = z
  .preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number({ error: STAFF_TEXT.roleNotAllowed }).int().positive().max(2_147_483_647)).max(50),
  )
  .refine((v) => v.length > 0, STAFF_TEXT.rolesRequired)
  .meta({ label: STAFF_TEXT.roles });

export const StaffCreateSchema = z
  .object({
    username: z
      .string({ error: STAFF_TEXT.usernameRequired })
      .trim()
      .min(1, STAFF_TEXT.usernameRequired)
      .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, STAFF_TEXT.usernameInvalid)
      .meta({ label: STAFF_TEXT.username }),
    name,
    phone,
    password: z.string({ error: STAFF_TEXT.passwordRequired }).min(1, STAFF_TEXT.passwordRequired).max(256).meta({ label: STAFF_TEXT.password }),
    confirmPassword: z.string({ error: STAFF_TEXT.confirmMismatch }).max(256).meta({ label: STAFF_TEXT.confirmPassword }),
    departmentId,
    roleIds,
  })
  .refine((v) => v.password === v.confirmPassword, { message: STAFF_TEXT.confirmMismatch, path: ["confirmPassword"] });

export const StaffUpdateSchema = z.object({ name, phone, departmentId, roleIds });

export const StaffRolesSchema = z.object({ roleIds });

export const StaffJoinSchema = z.object({
  username: z.string({ error: STAFF_TEXT.usernameRequired }).trim().min(1, STAFF_TEXT.usernameRequired).max(64).meta({ label: STAFF_TEXT.username }),
  departmentId,
  roleIds,
});

export const StaffPasswordSchema = z
  .object({
    newPassword: z.string({ error: STAFF_TEXT.passwordRequired }).min(1, STAFF_TEXT.passwordRequired).max(256).meta({ label: STAFF_TEXT.newPassword }),
    confirmPassword: z.string({ error: STAFF_TEXT.confirmMismatch }).max(256).meta({ label: STAFF_TEXT.confirmPassword }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: STAFF_TEXT.confirmMismatch, path: ["confirmPassword"] });
