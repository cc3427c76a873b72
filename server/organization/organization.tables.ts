import { sql } from "drizzle-orm";
import { boolean, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { sortKeyColumn } from "../lib/sort-key";
import { companies, users } from "../kernel/identity.tables";
import { adminAreas } from "../reference/reference.tables";

/** Company-owned organisation data: every row belongs to exactly one company (tenant). */
const owner = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "restrict" });
const created = () => timestamp("creation_time", { withTimezone: true }).notNull().defaultNow();

export const departments = pgTable(
  "departments",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    code: text("code"),
    parentId: integer("parent_id").references((): AnyPgColumn => departments.id, { onDelete: "restrict" }),
    managerName: text("manager_name"),
    phone: text("phone"),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: created(),
  },
  (t) => [uniqueIndex("departments_company_name_uq").on(t.companyId, sql`lower(${t.name})`)],
);

export const positions = pgTable(
  "positions",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    code: text("code"),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    creationTime: created(),
  },
  (t) => [uniqueIndex("positions_company_name_uq").on(t.companyId, sql`lower(${t.name})`)],
);

export const employees = pgTable(
  "employees",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    code: text("code"),
    phone: text("phone"),
    gender: smallint("gender"),
    departmentId: integer("department_id").references(() => departments.id, { onDelete: "restrict" }),
    positionId: integer("position_id").references(() => positions.id, { onDelete: "restrict" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    hireDate: date("hire_date"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: created(),
  },
  (t) => [uniqueIndex("employees_company_code_uq").on(t.companyId, t.code), index("employees_company_name_idx").on(t.companyId, t.name)],
);

/** Business partners (往来单位): customers (rel 1) and suppliers (rel 0), optionally a company on the platform. */
export const enterpriseRelations = pgTable(
  "enterprise_relations",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    rel: smallint("rel").notNull(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    tarCompanyShortName: text("tar_company_short_name"),
    tarCompanyId: integer("tar_company_id").references(() => companies.id, { onDelete: "set null" }),
    contactName: text("contact_name"),
    contactPhone: text("contact_phone"),
    address: text("address"),
    /** 所在城市: a city of 行政区域 (its code), which the company's 商圈 cover. */
    areaCode: text("area_code").references(() => adminAreas.code, { onDelete: "restrict" }),
    paymentTerm: integer("payment_term"),
    creditLimit: numeric("credit_limit", { precision: 14, scale: 2 }),
    salesmanId: integer("salesman_id").references(() => employees.id, { onDelete: "restrict" }),
    remark: text("remark"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: created(),
  },
  (t) => [
    uniqueIndex("enterprise_relations_company_rel_name_uq").on(t.companyId, t.rel, sql`lower(${t.name})`),
    index("enterprise_relations_company_rel_idx").on(t.companyId, t.rel, t.id),
    index("enterprise_relations_company_area_idx").on(t.companyId, t.areaCode),
  ],
);

export const insuranceCompanies = pgTable(
  "insurance_companies",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    contactName: text("contact_name"),
    phone: text("phone"),
    remark: text("remark"),
    creationTime: created(),
  },
  (t) => [uniqueIndex("insurance_companies_company_name_uq").on(t.companyId, sql`lower(${t.name})`)],
);

export const companyAddresses = pgTable(
  "company_addresses",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    contactName: text("contact_name").notNull(),
    phone: text("phone").notNull(),
    province: text("province"),
    city: text("city"),
    citySort: sortKeyColumn("city_sort"),
    district: text("district"),
    address: text("address").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    creationTime: created(),
  },
  (t) => [
    index("company_addresses_company_idx").on(t.companyId, t.id),
    // At most one default address per company, whatever writes race (see clearOtherDefaults).
    uniqueIndex("company_addresses_one_default_uq")
      .on(t.companyId)
      .where(sql`is_default`),
  ],
);

export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    bankName: text("bank_name").notNull(),
    bankNameSort: sortKeyColumn("bank_name_sort"),
    accountName: text("account_name").notNull(),
    accountNumber: text("account_number").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    remark: text("remark"),
    creationTime: created(),
  },
  (t) => [
    uniqueIndex("bank_accounts_company_number_uq").on(t.companyId, t.accountNumber),
    // At most one default bank account per company.
    uniqueIndex("bank_accounts_one_default_uq")
      .on(t.companyId)
      .where(sql`is_default`),
  ],
);
