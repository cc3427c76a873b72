import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { GENDERS, labelOf, PARTNER_RELS, PAYMENT_TERMS } from "../lib/dictionary";
import { defineResource } from "../lib/resource";
import { equals, keywordOn } from "../lib/list-read";
import { companies } from "../kernel/identity.tables";
import { parseInput } from "../lib/validate";
import {
  AddressInputSchema,
  BankAccountInputSchema,
  CompanyInfoInputSchema,
  DepartmentInputSchema,
  EmployeeInputSchema,
  InsuranceInputSchema,
  PartnerInputSchema,
  PositionInputSchema,
} from "./organization.input";
import { bankAccounts, companyAddresses, departments, employees, enterpriseRelations, insuranceCompanies, positions } from "./organization.tables";
import { DomainError } from "../lib/errors";
import { isCityCode } from "../reference/admin-area.service";

/**
 * The company's own organisation data (/organization/*). Every row belongs to the caller's
 * company: lists show only its rows and another company's id is "not found".
 */
const parentDept = alias(departments, "parent_department");

export const departmentResource = defineResource({
  name: "department",
  label: "部门",
  pageUrl: "/organization/department",
  writeCode: "ZZGL-004",
  readCodes: ["ZZGL-004", "ZZGL-006"],
  scope: "company",
  table: departments,
  extra: { parentName: parentDept.name },
  join: (q) => q.leftJoin(parentDept, eq(parentDept.id, departments.parentId)),
  sortable: { sortOrder: departments.sortOrder, name: departments.nameSort, code: departments.code },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { parentId: equals(departments.parentId) },
  keyword: keywordOn(departments.name, departments.code, departments.managerName),
  input: DepartmentInputSchema,
  toValues: async (data, ctx, ex, id) => {
    if (id && data.parentId) {
      // Walk up from the new parent: meeting this department again would close a loop.
      let cursor: number | null = data.parentId;
      for (let depth = 0; cursor && depth < 50; depth++) {
        if (cursor === id) throw new DomainError("bad_request", "上级部门不能是自己或自己的下级部门", { parentId: ["上级部门不能是自己或自己的下级部门"] });
        const [up]: { parentId: number | null }[] = await ex
          .select({ parentId: departments.parentId })
          .from(departments)
          .where(and(eq(departments.id, cursor), eq(departments.companyId, ctx.companyId)));
        cursor = up?.parentId ?? null;
      }
    }
    return data;
  },
  refs: { parentId: { table: departments, label: "上级部门", companyOwned: true } },
  unique: { departments_company_name_uq: ["name", "部门名称已存在"] },
  usedBy: [
    { table: departments, column: departments.parentId, label: "下级部门" },
    { table: employees, column: employees.departmentId, label: "员工" },
  ],
});

export const positionResource = defineResource({
  name: "position",
  label: "职位",
  pageUrl: "/organization/position",
  writeCode: "ZZGL-005",
  readCodes: ["ZZGL-005", "ZZGL-006"],
  scope: "company",
  table: positions,
  sortable: { sortOrder: positions.sortOrder, name: positions.nameSort, code: positions.code },
  defaultSort: { field: "sortOrder", dir: "asc" },
  keyword: keywordOn(positions.name, positions.code),
  input: PositionInputSchema,
  unique: { positions_company_name_uq: ["name", "职位名称已存在"] },
  usedBy: [{ table: employees, column: employees.positionId, label: "员工" }],
});

export const employeeResource = defineResource({
  name: "employee",
  label: "员工",
  pageUrl: "/organization/employee",
  writeCode: "ZZGL-006",
  // Salespeople are picked on partners and orders.
  readCodes: ["ZZGL-006", "ZZGL-007", "XSGL-*", "CGGL-*"],
  scope: "company",
  table: employees,
  extra: { departmentName: departments.name, positionName: positions.name },
  join: (q) => q.leftJoin(departments, eq(departments.id, employees.departmentId)).leftJoin(positions, eq(positions.id, employees.positionId)),
  sortable: { name: employees.nameSort, code: employees.code, hireDate: employees.hireDate, creationTime: employees.creationTime },
  defaultSort: { field: "creationTime", dir: "asc" },
  filters: { departmentId: equals(employees.departmentId), positionId: equals(employees.positionId), isEnabled: equals(employees.isEnabled, "bool") },
  keyword: keywordOn(employees.name, employees.code, employees.phone),
  input: EmployeeInputSchema,
  refs: {
    departmentId: { table: departments, label: "部门", companyOwned: true },
    positionId: { table: positions, label: "职位", companyOwned: true },
  },
  unique: { employees_company_code_uq: ["code", "工号已存在"] },
  usedBy: [{ table: enterpriseRelations, column: enterpriseRelations.salesmanId, label: "往来单位" }],
  exportAs: { gender: (r) => labelOf(GENDERS, r.gender as 1 | 2 | null), isEnabled: (r) => (r.isEnabled ? "在职" : "离职") },
});

const tarCompany = alias(companies, "tar_company");

/**
 * 信用额度 (CWGL-002, the 经理's by default): a partner's credit limit and payment terms decide
 * whether an order needs the manager's credit approval, so only holders of this code write them,
 * on every path (page form, JSON API, import); every change is audited with old and new value.
 */
export const CREDIT_CODE = "CWGL-002";
export const CREDIT_FIELD_CODES = { creditLimit: [CREDIT_CODE, "信用额度"], paymentTerm: [CREDIT_CODE, "结算方式"] } as const;

export const partnerResource = defineResource({
  name: "enterpriseRelation",
  label: "往来单位",
  pageName: "往来单位",
  pageUrl: "/organization/partner",
  writeCode: "ZZGL-007",
  // Customers and suppliers are picked on orders, receipts, deliveries and statements.
  readCodes: ["ZZGL-007", "XSGL-*", "CGGL-*", "XQGL-*", "CKGL-*", "CWGL-*"],
  scope: "company",
  table: enterpriseRelations,
  extra: {
    salesmanName: employees.name,
    tarCompanyName: tarCompany.name,
    // 所在城市 as 广东省 广州市.
    areaName: sql<
      string | null
    >`(select concat_ws(' ', p.name, a.name) from admin_areas a left join admin_areas p on p.code = a.parent_code where a.code = ${enterpriseRelations.areaCode})`.as(
      "area_name",
    ),
  },
  join: (q) =>
    q.leftJoin(employees, eq(employees.id, enterpriseRelations.salesmanId)).leftJoin(tarCompany, eq(tarCompany.id, enterpriseRelations.tarCompanyId)),
  sortable: {
    creationTime: enterpriseRelations.creationTime,
    name: enterpriseRelations.nameSort,
    creditLimit: enterpriseRelations.creditLimit,
    areaCode: enterpriseRelations.areaCode,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    rel: equals(enterpriseRelations.rel),
    isEnabled: equals(enterpriseRelations.isEnabled, "bool"),
    salesmanId: equals(enterpriseRelations.salesmanId),
    paymentTerm: equals(enterpriseRelations.paymentTerm),
    areaCode: equals(enterpriseRelations.areaCode, "text"),
    // The partners in one of the company's 商圈: their city, or its whole province, is covered.
    businessAreaId: {
      kind: "int",
      where: (v: number) =>
        sql`exists (select 1 from business_area_regions r join business_areas b on b.id = r.business_area_id where r.business_area_id = ${v} and b.company_id = ${enterpriseRelations.companyId} and r.area_code in (${enterpriseRelations.areaCode}, left(${enterpriseRelations.areaCode}, 2)))`,
    },
  },
  keyword: keywordOn(enterpriseRelations.name, enterpriseRelations.tarCompanyShortName, enterpriseRelations.contactName, enterpriseRelations.contactPhone),
  input: PartnerInputSchema,
  toValues: async (data, ctx, ex) => {
    if (data.tarCompanyId === ctx.companyId) throw new DomainError("bad_request", "不能关联本公司", { tarCompanyId: ["不能关联本公司"] });
    if (data.areaCode && !(await isCityCode(data.areaCode as string, ex)))
      throw new DomainError("bad_request", "所在城市不存在", { areaCode: ["所在城市不存在"] });
    return data;
  },
  refs: {
    salesmanId: { table: employees, label: "业务员", companyOwned: true },
    tarCompanyId: { table: companies, label: "平台公司", where: (c) => eq(c.kind, "trading") },
  },
  unique: { enterprise_relations_company_rel_name_uq: ["name", "同类往来单位名称已存在"] },
  fieldCodes: CREDIT_FIELD_CODES,
  auditFields: { action: "creditChange", fields: { creditLimit: "信用额度", paymentTerm: "结算方式" }, name: (row) => String(row.name ?? "") },
  exportAs: {
    rel: (r) => labelOf(PARTNER_RELS, r.rel as 0 | 1),
    paymentTerm: (r) => labelOf(PAYMENT_TERMS, r.paymentTerm as 100 | null),
    isEnabled: (r) => (r.isEnabled ? "启用" : "停用"),
  },
});

export const insuranceResource = defineResource({
  name: "insuranceCompany",
  label: "保险公司",
  pageUrl: "/organization/insurance",
  writeCode: "ZZGL-008",
  scope: "company",
  table: insuranceCompanies,
  sortable: { name: insuranceCompanies.nameSort, creationTime: insuranceCompanies.creationTime },
  defaultSort: { field: "creationTime", dir: "asc" },
  keyword: keywordOn(insuranceCompanies.name, insuranceCompanies.contactName, insuranceCompanies.phone),
  input: InsuranceInputSchema,
  unique: { insurance_companies_company_name_uq: ["name", "保险公司名称已存在"] },
});

/**
 * One default address / bank account per company. The database holds the invariant (a partial
 * unique index on company_id where is_default); a write that sets a new default first takes
 * the company's row lock (FOR NO KEY UPDATE: it queues concurrent default-setters of the same
 * company but not ordinary inserts that merely reference the company), then clears the
 * company's other default, then stores its own row, all in the write's transaction. Every
 * default-setter takes the same locks in the same order (company row, then its own rows), so
 * they cannot deadlock, and the last one to commit is the default.
 */
export function clearOtherDefaults(table: typeof companyAddresses | typeof bankAccounts) {
  return async (ex: Executor, values: Record<string, unknown>, ctx: Ctx, id?: number) => {
    if (values.isDefault !== true) return;
    await ex.select({ id: companies.id }).from(companies).where(eq(companies.id, ctx.companyId)).for("no key update");
    await ex
      .update(table)
      .set({ isDefault: false })
      .where(and(eq(table.companyId, ctx.companyId), eq(table.isDefault, true), id === undefined ? undefined : ne(table.id, id)));
  };
}

export const addressResource = defineResource({
  name: "companyAddress",
  label: "公司地址",
  pageUrl: "/organization/company/address",
  writeCode: "ZZGL-002",
  readCodes: ["ZZGL-002", "XSGL-*", "CGGL-*", "CKGL-*"],
  scope: "company",
  table: companyAddresses,
  sortable: { creationTime: companyAddresses.creationTime, isDefault: companyAddresses.isDefault, city: companyAddresses.citySort },
  defaultSort: { field: "creationTime", dir: "asc" },
  keyword: keywordOn(companyAddresses.contactName, companyAddresses.phone, companyAddresses.address, companyAddresses.city),
  input: AddressInputSchema,
  beforeSave: clearOtherDefaults(companyAddresses),
  exportAs: { isDefault: (r) => (r.isDefault ? "是" : "否") },
});

export const bankAccountResource = defineResource({
  name: "bankAccount",
  label: "银行账户",
  pageUrl: "/organization/company/bankAccount",
  writeCode: "ZZGL-003",
  readCodes: ["ZZGL-003", "CWGL-*"],
  scope: "company",
  table: bankAccounts,
  sortable: { creationTime: bankAccounts.creationTime, bankName: bankAccounts.bankNameSort },
  defaultSort: { field: "creationTime", dir: "asc" },
  keyword: keywordOn(bankAccounts.bankName, bankAccounts.accountName, bankAccounts.accountNumber),
  input: BankAccountInputSchema,
  beforeSave: clearOtherDefaults(bankAccounts),
  unique: { bank_accounts_company_number_uq: ["accountNumber", "银行账号已存在"] },
  exportAs: { isDefault: (r) => (r.isDefault ? "是" : "否") },
});

/** /organization/company/info: the signed-in company's own record. */
export async function getCompanyInfo(ctx: Ctx) {
  const [row] = await db()
    .select({
      id: companies.id,
      name: companies.name,
      shortName: companies.shortName,
      contactName: companies.contactName,
      phone: companies.phone,
      city: companies.city,
      address: companies.address,
      taxNumber: companies.taxNumber,
      description: companies.description,
    })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  if (!row) throw new DomainError("not_found", "公司不存在");
  return row;
}

export async function updateCompanyInfo(ctx: Ctx, input: unknown) {
  if (!ctx.permissions.has("ZZGL-001")) throw new DomainError("forbidden", "没有权限修改公司信息");
  const values = parseInput(CompanyInfoInputSchema, input);
  await db().update(companies).set(values).where(eq(companies.id, ctx.companyId));
  return getCompanyInfo(ctx);
}

/** Platform companies a partner can be linked to (trading companies other than the caller's). */
export async function listLinkableCompanies(ctx: Ctx, keyword: string) {
  return db()
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.kind, "trading"),
        ne(companies.id, ctx.companyId),
        keyword ? sql`${companies.name} ilike ${"%" + keyword.replace(/[\\%_]/g, "\\$&") + "%"}` : undefined,
      ),
    )
    .orderBy(companies.name)
    .limit(40);
}
