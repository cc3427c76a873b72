import * as z from "zod";
import { codesOf, GENDERS, PARTNER_RELS, PAYMENT_TERMS } from "../lib/dictionary";
import { flag, labelled, oneOf, optionalId, optionalMoney, optionalOneOf, optionalText, requiredText, sortOrder } from "../lib/input-fields";

/** Forms of the company's own organisation data (/organization/*). */
const phone = (label: string, required = false) => {
  const s = z
    .string()
    .trim()
    .max(30, `${label}不能超过 30 个字符`)
    .regex(/^[0-9+\-\s()]*$/, `${label}只能包含数字、空格和 + - ( )`);
  return required
    ? labelled(s.min(1, `请输入${label}`), { label })
    : labelled(z.preprocess((v) => (v === "" || v === undefined ? null : v), s.nullable()).default(null), { label });
};

export const DepartmentInputSchema = z.object({
  name: requiredText("部门名称", 30),
  code: optionalText("部门编码", 20),
  parentId: optionalId("上级部门"),
  managerName: optionalText("负责人", 30),
  phone: phone("电话"),
  sortOrder,
});

export const PositionInputSchema = z.object({
  name: requiredText("职位名称", 30),
  code: optionalText("职位编码", 20),
  description: optionalText("说明", 200),
  sortOrder,
});

export const EmployeeInputSchema = z.object({
  name: requiredText("员工姓名", 30),
  code: optionalText("工号", 20),
  phone: phone("手机号"),
  gender: optionalOneOf("性别", codesOf(GENDERS)),
  departmentId: optionalId("部门"),
  positionId: optionalId("职位"),
  hireDate: labelled(
    z.preprocess((v) => (v === "" || v === undefined ? null : v), z.iso.date({ error: "入职日期格式应为 YYYY-MM-DD" }).nullable()).default(null),
    {
      label: "入职日期",
      kind: "date",
    },
  ),
  isEnabled: flag(true, "在职"),
});

export const PartnerInputSchema = z.object({
  rel: oneOf("往来单位类型", codesOf(PARTNER_RELS)),
  name: requiredText("单位名称", 60),
  tarCompanyShortName: optionalText("简称", 30),
  tarCompanyId: optionalId("关联平台公司"),
  contactName: optionalText("联系人", 30),
  contactPhone: phone("联系电话"),
  address: optionalText("地址", 200),
  areaCode: labelled(
    z
      .preprocess(
        (v) => (v === "" || v === undefined ? null : typeof v === "number" ? String(v) : v),
        z
          .string({ error: "所在城市不正确" })
          .regex(/^\d{4}$/, "所在城市不正确")
          .nullable(),
      )
      .default(null),
    { label: "所在城市", hint: "客户所在的城市，商圈按城市归属" },
  ),
  paymentTerm: optionalOneOf("结算方式", codesOf(PAYMENT_TERMS)),
  creditLimit: optionalMoney("信用额度"),
  salesmanId: optionalId("业务员"),
  remark: optionalText("备注", 500),
  isEnabled: flag(true),
});

export const InsuranceInputSchema = z.object({
  name: requiredText("保险公司名称", 60),
  contactName: optionalText("联系人", 30),
  phone: phone("电话"),
  remark: optionalText("备注", 500),
});

export const AddressInputSchema = z.object({
  contactName: requiredText("联系人", 30),
  phone: phone("联系电话", true),
  province: optionalText("省份", 20),
  city: optionalText("城市", 20),
  district: optionalText("区县", 20),
  address: requiredText("详细地址", 200),
  isDefault: flag(false, "设为默认地址"),
});

export const BankAccountInputSchema = z.object({
  bankName: requiredText("开户银行", 60),
  accountName: requiredText("账户名称", 60),
  accountNumber: labelled(
    z
      .string({ error: "请输入银行账号" })
      .transform((s) => s.replace(/\s+/g, ""))
      .pipe(
        z
          .string()
          .min(1, "请输入银行账号")
          .regex(/^\d{6,32}$/, "银行账号应为 6 到 32 位数字"),
      ),
    { label: "银行账号" },
  ),
  isDefault: flag(false, "设为默认账户"),
  remark: optionalText("备注", 200),
});

export const CompanyInfoInputSchema = z.object({
  shortName: optionalText("公司简称", 20),
  contactName: optionalText("联系人", 30),
  phone: phone("联系电话"),
  city: optionalText("城市", 20),
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
  description: optionalText("公司简介", 1000),
});
