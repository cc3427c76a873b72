import * as z from "zod";
import { labelled, optionalText, requiredText } from "../lib/input-fields";

/** 公司档案 (/system/archives/company, XTGL-018): the operator's forms, their labels and messages. */
export const COMPANY_TEXT = {
  name: "公司名称",
  nameTaken: "公司名称已存在",
  status: "状态",
  adminUserName: "管理员登录名",
  adminUserNameRequired: "请输入管理员登录名",
  adminUserNameInvalid: "登录名为 3–32 位字母、数字、下划线、点或横线，以字母开头",
  adminUserNameTaken: "登录名已被使用",
  adminName: "管理员姓名",
  adminPhone: "管理员手机号",
  adminPhoneRequired: "请输入管理员手机号",
  adminPhoneInvalid: "请输入 11 位手机号",
  adminPhoneTaken: "手机号已被其他用户使用",
  adminPassword: "初始密码",
  adminPasswordRequired: "请输入初始密码",
  adminConfirmPassword: "确认密码",
  confirmMismatch: "两次输入的密码不一致",
  confirmName: "公司全称",
  confirmNameRequired: "请输入公司全称以确认",
  confirmNameMismatch: "输入的名称与公司全称不一致，未重置任何数据",
  roles: "可用角色",
  roleNotAllowed: "只能允许公司级的模板角色",
  notFound: "公司不存在",
  ownCompany: "不能停用或关闭平台运营方自己的公司",
  platformCompany: "平台运营方公司不能这样操作",
  badTransition: "公司当前状态不能这样变更",
  operatorOnly: "只有平台管理员可以管理公司档案",
} as const;

/** Company status dictionary (spec 000 §4). */
export const COMPANY_STATUSES = [
  [0, "未上线"],
  [1, "已上线"],
  [2, "已关闭"],
] as const;
export const companyStatusName = (s: number) => COMPANY_STATUSES.find(([c]) => c === s)?.[1] ?? String(s);

const phone = (label: string) =>
  labelled(
    z
      .preprocess(
        (v) => (v === "" || v === undefined ? null : v),
        z
          .string()
          .trim()
          .max(30, `${label}不能超过 30 个字符`)
          .regex(/^[0-9+\-\s()]*$/, `${label}只能包含数字、空格和 + - ( )`)
          .nullable(),
      )
      .default(null),
    { label },
  );

export const CompanyCreateSchema = z
  .object({
    name: requiredText(COMPANY_TEXT.name, 60),
    shortName: requiredText("公司简称", 20),
    city: optionalText("城市", 20),
    phone: phone("联系电话"),
    contactName: optionalText("联系人", 30),
    address: optionalText("地址", 200),
    taxNumber: labelled(
      z
        .preprocess(
          (v) => (v === "" || v === undefined ? null : v),
          z
            .string()
            .trim()
            .regex(/^[0-9A-Z]{15,20}$/, "税号应为 15 到 20 位数字或大写字母")
            .nullable(),
        )
        .default(null),
      { label: "税号" },
    ),
    /** 1 online at once, 0 prepared but not yet online. */
    status: labelled(
      z.preprocess(
        (v) => (v === undefined || v === "" ? 1 : typeof v === "string" ? Number(v) : v),
        z.union([z.literal(0), z.literal(1)], { error: "状态只能是已上线或未上线" }),
      ),
      { label: COMPANY_TEXT.status },
    ),
    adminUserName: z
      .string({ error: COMPANY_TEXT.adminUserNameRequired })
      .trim()
      .min(1, COMPANY_TEXT.adminUserNameRequired)
      .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, COMPANY_TEXT.adminUserNameInvalid)
      .meta({ label: COMPANY_TEXT.adminUserName }),
    adminName: requiredText(COMPANY_TEXT.adminName, 32),
    adminPhone: z
      .string({ error: COMPANY_TEXT.adminPhoneRequired })
      .trim()
      .min(1, COMPANY_TEXT.adminPhoneRequired)
      .regex(/^1[3-9]\d{9}$/, COMPANY_TEXT.adminPhoneInvalid)
      .meta({ label: COMPANY_TEXT.adminPhone }),
    adminPassword: z
      .string({ error: COMPANY_TEXT.adminPasswordRequired })
      .min(1, COMPANY_TEXT.adminPasswordRequired)
      .max(256)
      .meta({ label: COMPANY_TEXT.adminPassword }),
    /** The page's form asks twice; the JSON API may leave it out. */
    adminConfirmPassword: z.string().max(256).optional().meta({ label: COMPANY_TEXT.adminConfirmPassword }),
  })
  .refine((v) => v.adminConfirmPassword === undefined || v.adminConfirmPassword === v.adminPassword, {
    message: COMPANY_TEXT.confirmMismatch,
    path: ["adminConfirmPassword"],
  });

export const CompanyResetSchema = z.object({
  confirmName: z
    .string({ error: COMPANY_TEXT.confirmNameRequired })
    .trim()
    .min(1, COMPANY_TEXT.confirmNameRequired)
    .max(200)
    .meta({ label: COMPANY_TEXT.confirmName }),
});

export const CompanyRolesSchema = z.object({
  roleIds: z
    .preprocess(
      (v) => (v === undefined || v === "" || v === null ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.coerce.number({ error: COMPANY_TEXT.roleNotAllowed }).int().positive().max(2_147_483_647)).max(200),
    )
    .meta({ label: COMPANY_TEXT.roles }),
});

/** The status changes the page and the API offer: from which statuses, to which. */
export const COMPANY_STATUS_OPS = {
  offline: { from: [1], to: 0, label: "下线" },
  online: { from: [0], to: 1, label: "上线" },
  close: { from: [0, 1], to: 2, label: "关闭" },
  closedToOnline: { from: [2], to: 1, label: "恢复上线" },
} as const;
export type CompanyStatusOp = keyof typeof COMPANY_STATUS_OPS;
export const isCompanyStatusOp = (v: unknown): v is CompanyStatusOp => typeof v === "string" && Object.hasOwn(COMPANY_STATUS_OPS, v);
