import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { removeDocumentAttachments } from "./attachment.service";
import { notifications } from "../kernel/message.tables";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { hashPassword, passwordPolicyErrors } from "../auth/password";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import {
  partnerAccountEntries,
  partnerAccounts,
  partnerPaymentAllocations,
  partnerCreditAllocations,
  partnerPayments,
  statementConfirmations,
} from "../finance/finance.tables";
import { seedPaymentMethods } from "../finance/payment-method.resource";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { parseListQuery, type ListSpec } from "../lib/list-query";
import { qualified } from "../lib/list-read";
import { pinyinSortKey } from "../lib/sort-key";
import { escapeLike, parseInput } from "../lib/validate";
import { documentTablesForReset } from "../documents/document-types";
import { approvals } from "../sale/sale.tables";
import { COMPANY_SETTING_DEFAULTS, serializeSettingValue } from "../setting/setting.defaults";
import { settings } from "../setting/setting.tables";
import { LOCATION_KIND_RECEIVING, LOCATION_KIND_RETURNS, LOCATION_KIND_SHELF, locationFullName, SPECIAL_LOCATION_CODES } from "../stock/location.service";
import { productCosts, stockBalances, stockDemands, stockLocations, stockLocks, stockMoves, warehouses } from "../stock/stock.tables";
import {
  COMPANY_STATUS_OPS,
  COMPANY_TEXT,
  CompanyCreateSchema,
  CompanyResetSchema,
  CompanyRolesSchema,
  companyStatusName,
  isCompanyStatusOp,
  type CompanyStatusOp,
} from "./company-admin.input";
import { companies, companyRoles, companyUserRoles, companyUsers, roles, users } from "../kernel/identity.tables";

/**
 * 公司档案 (/system/archives/company, XTGL-018, and /api/app/sysCompany): the platform
 * operator creates trading companies with their first manager, takes them offline, closes and
 * recovers them (spec 000 §4: 0 未上线, 1 已上线, 2 已关闭), chooses which template roles each
 * may hand out, and resets a company's business data. Nobody else may: a company never sees
 * the platform's list of companies.
 */
export const COMPANY_ADMIN_MENU = "XTGL-018";
/** Template roles a new company may hand out; its first login holds the first (manager). */
export const NEW_COMPANY_ROLE_CODES = ["manager", "sales", "purchasing", "warehouse"] as const;

const fail = (code: "bad_request" | "conflict" | "forbidden" | "not_found", message: string, field?: string) =>
  new DomainError(code, message, field ? { [field]: [message] } : undefined);

function requireOperator(ctx: Ctx) {
  if (ctx.companyKind !== "platform" || !ctx.permissions.has(COMPANY_ADMIN_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

function parseCompanyId(id: unknown): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw fail("not_found", COMPANY_TEXT.notFound);
  return n;
}

const COMPANY_COLUMNS = {
  id: companies.id,
  name: companies.name,
  shortName: companies.shortName,
  kind: companies.kind,
  status: companies.status,
  city: companies.city,
  phone: companies.phone,
  contactName: companies.contactName,
  address: companies.address,
  taxNumber: companies.taxNumber,
  creationTime: companies.createdAt,
  userCount: sql<number>`(select count(*)::int from ${companyUsers} cu where cu.company_id = ${qualified(companies.id)})`,
};

export interface CompanyRow {
  id: number;
  name: string;
  shortName: string | null;
  kind: "platform" | "trading";
  status: number;
  statusName: string;
  /** Spec 000 §7's `isLocked`: the company cannot be worked in (not online). */
  isLocked: boolean;
  city: string | null;
  phone: string | null;
  contactName: string | null;
  address: string | null;
  taxNumber: string | null;
  creationTime: string;
  userCount: number;
}

const toRow = (r: Omit<CompanyRow, "statusName" | "isLocked" | "creationTime"> & { creationTime: Date }): CompanyRow => ({
  ...r,
  userCount: Number(r.userCount),
  statusName: companyStatusName(r.status),
  isLocked: r.status !== 1,
  creationTime: r.creationTime.toISOString(),
});

type SortField = "id" | "name" | "shortName" | "status" | "creationTime";
export const COMPANY_LIST: ListSpec<SortField, "status" | "isLocked"> = {
  sortable: ["id", "name", "shortName", "status", "creationTime"],
  defaultSort: { field: "id", dir: "asc" },
  filters: { status: "int", isLocked: "bool" },
};
const SORT_COLUMN = {
  id: companies.id,
  name: companies.name,
  shortName: companies.shortName,
  status: companies.status,
  creationTime: companies.createdAt,
} as const;

/** The API's parameters arrive as SkipCount, MaxResultCount, Keyword (spec 000 §7): names are read case-insensitively. */
function normalisedParams(params: URLSearchParams) {
  const known = ["skipCount", "maxResultCount", "sorting", "keyword", "filter", "isLocked", "status", "page", "size", "sort", "q"];
  const out = new URLSearchParams();
  for (const [k, v] of params) {
    const name = known.find((n) => n.toLowerCase() === k.toLowerCase()) ?? k;
    if (!out.has(name)) out.set(name, v);
  }
  return out;
}

/**
 * The companies: keyword on name and short name, status (0/1/2) or isLocked (false = online),
 * paged and sorted; the page's `page`/`size`/`sort`/`q` and the API's skipCount/maxResultCount/sorting/keyword.
 */
export async function listCompanies(ctx: Ctx, params: URLSearchParams) {
  requireOperator(ctx);
  const q = parseListQuery(normalisedParams(params), COMPANY_LIST);
  const conds: (SQL | undefined)[] = [];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(companies.name, like), ilike(companies.shortName, like)));
  }
  if (typeof q.filters.status === "number") conds.push(eq(companies.status, q.filters.status));
  if (q.filters.isLocked === false) conds.push(eq(companies.status, 1));
  if (q.filters.isLocked === true) conds.push(ne(companies.status, 1));
  const where = and(...conds);
  const order = q.sort.dir === "desc" ? desc(SORT_COLUMN[q.sort.field]) : asc(SORT_COLUMN[q.sort.field]);
  const [rows, [total]] = await Promise.all([
    db().select(COMPANY_COLUMNS).from(companies).where(where).orderBy(order, asc(companies.id)).limit(q.take).offset(q.skip),
    db().select({ n: count() }).from(companies).where(where),
  ]);
  return { totalCount: Number(total?.n ?? 0), items: rows.map(toRow), query: q };
}

/** One company, with its template roles (allowed or not) and its own roles. */
export async function getCompany(ctx: Ctx, idRef: unknown, ex: Executor = db()) {
  requireOperator(ctx);
  const id = parseCompanyId(idRef);
  const [row] = await ex.select(COMPANY_COLUMNS).from(companies).where(eq(companies.id, id));
  if (!row) throw fail("not_found", COMPANY_TEXT.notFound);
  return toRow(row);
}

/** Whether another company already has this name (case-insensitive): the create form's check. */
export async function companyNameExists(ctx: Ctx, name: unknown, exceptId?: unknown, ex: Executor = db()) {
  requireOperator(ctx);
  const text = typeof name === "string" ? name.trim() : "";
  if (!text || text.length > 200) return false;
  const except = exceptId === undefined || exceptId === null || exceptId === "" ? undefined : parseCompanyId(exceptId);
  const [hit] = await ex
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${text})`, except ? ne(companies.id, except) : undefined))
    .limit(1);
  return !!hit;
}

async function checkIdentityFree(username: string, phone: string, ex: Executor) {
  const [u] = await ex
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (u) throw fail("conflict", COMPANY_TEXT.adminUserNameTaken, "adminUserName");
  const [p] = await ex.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  if (p) throw fail("conflict", COMPANY_TEXT.adminPhoneTaken, "adminPhone");
}

/** A unique index lost to a simultaneous request: the message of the check before it. */
function uniqueViolation(e: unknown): DomainError | undefined {
  const err = e as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  if ((err.code ?? err.cause?.code) !== "23505") return undefined;
  const constraint = err.constraint ?? err.cause?.constraint ?? String((e as Error).message);
  if (constraint.includes("phone")) return fail("conflict", COMPANY_TEXT.adminPhoneTaken, "adminPhone");
  if (constraint.includes("username")) return fail("conflict", COMPANY_TEXT.adminUserNameTaken, "adminUserName");
  if (constraint.includes("companies")) return fail("conflict", COMPANY_TEXT.nameTaken, "name");
  return undefined;
}

/** The template roles (shared by every company) of company scope, by code. */
async function companyTemplateRoles(ex: Executor) {
  return ex
    .select({ id: roles.id, code: roles.code, name: roles.name, description: roles.description })
    .from(roles)
    .where(and(isNull(roles.companyId), eq(roles.scope, "company")))
    .orderBy(asc(roles.id));
}

/** A new company's default warehouse 主仓 with its 收货区, 退货区 and one shelf 默认货位. */
async function addDefaultWarehouse(tx: Executor, companyId: number) {
  const name = "主仓";
  const [wh] = await tx
    .insert(warehouses)
    .values({ companyId, name, nameSort: pinyinSortKey(name), code: "WH01", isDefault: true, remark: "默认仓库" })
    .returning({ id: warehouses.id });
  const places = [
    { code: SPECIAL_LOCATION_CODES[LOCATION_KIND_RECEIVING]!, kind: LOCATION_KIND_RECEIVING, sortOrder: -9 },
    { code: SPECIAL_LOCATION_CODES[LOCATION_KIND_RETURNS]!, kind: LOCATION_KIND_RETURNS, sortOrder: -8 },
    { code: "默认货位", kind: LOCATION_KIND_SHELF, sortOrder: 1 },
  ];
  await tx.insert(stockLocations).values(
    places.map((p) => {
      const fullName = locationFullName(name, p.code);
      return { companyId, warehouseId: wh!.id, code: p.code, fullName, fullNameSort: pinyinSortKey(fullName), kind: p.kind, sortOrder: p.sortOrder };
    }),
  );
  return wh!.id;
}

/**
 * Creates a trading company ready to work in, in one transaction: the company, its first
 * manager login (member, role 经理), the template roles it may hand out (经理, 销售, 采购, 仓管),
 * its settings at their defaults, a default warehouse with its locations, and the usual
 * payment methods. The manager can sign in at once (when the company is created online).
 */
export async function createCompany(ctx: Ctx, input: unknown) {
  requireOperator(ctx);
  const v = parseInput(CompanyCreateSchema, input);
  const policy = passwordPolicyErrors(v.adminPassword);
  if (policy.length) {
    const msgs = policy.map((c) => t.identity[c]);
    throw new DomainError("bad_request", msgs[0]!, { adminPassword: msgs });
  }
  if (await companyNameExists(ctx, v.name)) throw fail("conflict", COMPANY_TEXT.nameTaken, "name");
  await checkIdentityFree(v.adminUserName, v.adminPhone, db());
  const hash = await hashPassword(v.adminPassword);
  try {
    return await inTransaction(async (tx) => {
      if (await companyNameExists(ctx, v.name, undefined, tx)) throw fail("conflict", COMPANY_TEXT.nameTaken, "name");
      await checkIdentityFree(v.adminUserName, v.adminPhone, tx);
      const templates = await companyTemplateRoles(tx);
      const allowed = NEW_COMPANY_ROLE_CODES.map((code) => templates.find((r) => r.code === code)).filter((r) => r !== undefined);
      const manager = allowed.find((r) => r.code === "manager");
      if (!manager) throw fail("conflict", "缺少模板角色“经理”，无法创建公司");
      const [company] = await tx
        .insert(companies)
        .values({
          name: v.name,
          shortName: v.shortName,
          kind: "trading",
          status: v.status,
          city: v.city,
          phone: v.phone,
          contactName: v.contactName,
          address: v.address,
          taxNumber: v.taxNumber,
        })
        .returning({ id: companies.id });
      const companyId = company!.id;
      const [user] = await tx
        .insert(users)
        .values({ username: v.adminUserName, name: v.adminName, phone: v.adminPhone, passwordHash: hash })
        .returning({ id: users.id });
      await tx.insert(companyRoles).values(allowed.map((r) => ({ companyId, roleId: r.id })));
      await tx.insert(companyUsers).values({ companyId, userId: user!.id });
      await tx.insert(companyUserRoles).values({ companyId, userId: user!.id, roleId: manager.id });
      await tx
        .insert(settings)
        .values(
          Object.entries(COMPANY_SETTING_DEFAULTS).map(([name, value]) => ({
            scope: "company" as const,
            ownerId: companyId,
            name,
            value: serializeSettingValue(value),
          })),
        )
        .onConflictDoNothing();
      await addDefaultWarehouse(tx, companyId);
      await seedPaymentMethods(tx, [companyId]);
      await recordAudit(
        {
          ...actorOf(ctx),
          action: "companyCreate",
          targetType: "company",
          targetId: companyId,
          summary: `新增公司 ${v.name}（${companyStatusName(v.status)}），管理员 ${v.adminUserName}`,
          after: { name: v.name, shortName: v.shortName, status: v.status, admin: v.adminUserName, roles: allowed.map((r) => r.name) },
        },
        tx,
      );
      return { id: companyId, adminUserId: user!.id };
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/** The company row locked for the change (two operators' changes apply one after the other). */
async function companyForUpdate(tx: Executor, id: number) {
  const [c] = await tx
    .select({ id: companies.id, name: companies.name, shortName: companies.shortName, kind: companies.kind, status: companies.status })
    .from(companies)
    .where(eq(companies.id, id))
    .for("update");
  if (!c) throw fail("not_found", COMPANY_TEXT.notFound);
  return c;
}

/**
 * 下线 (1→0), 上线 (0→1), 关闭 (0/1→2), 恢复上线 (2→1). A company not online cannot be worked
 * in: its members' sessions move to another company of theirs, or end, at their next request.
 * The operator's own platform company is never taken offline or closed.
 */
export async function changeCompanyStatus(ctx: Ctx, idRef: unknown, op: unknown) {
  requireOperator(ctx);
  const id = parseCompanyId(idRef);
  if (!isCompanyStatusOp(op)) throw fail("bad_request", COMPANY_TEXT.badTransition);
  const rule = COMPANY_STATUS_OPS[op as CompanyStatusOp];
  return inTransaction(async (tx) => {
    const c = await companyForUpdate(tx, id);
    if (c.kind === "platform" && rule.to !== 1) throw fail("forbidden", COMPANY_TEXT.ownCompany);
    if (!(rule.from as readonly number[]).includes(c.status)) {
      throw fail("conflict", `${COMPANY_TEXT.badTransition}：${c.shortName ?? c.name} 当前${companyStatusName(c.status)}，不能${rule.label}`);
    }
    await tx.update(companies).set({ status: rule.to }).where(eq(companies.id, id));
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "companyStatus",
        targetType: "company",
        targetId: id,
        summary: `${rule.label}公司 ${c.name}：${companyStatusName(c.status)} → ${companyStatusName(rule.to)}`,
        before: { status: c.status, statusName: companyStatusName(c.status) },
        after: { status: rule.to, statusName: companyStatusName(rule.to) },
      },
      tx,
    );
    return { id, status: rule.to as number, statusName: companyStatusName(rule.to) };
  });
}

/** 可用角色: every company-scope template role with whether the company may hand it out, and the company's own roles (always allowed). */
export async function getAllowedRoles(ctx: Ctx, idRef: unknown, ex: Executor = db()) {
  const company = await getCompany(ctx, idRef, ex);
  const [templates, allowedRows, own] = await Promise.all([
    companyTemplateRoles(ex),
    ex.select({ roleId: companyRoles.roleId }).from(companyRoles).where(eq(companyRoles.companyId, company.id)),
    ex
      .select({ id: roles.id, code: roles.code, name: roles.name, description: roles.description })
      .from(roles)
      .where(eq(roles.companyId, company.id))
      .orderBy(asc(roles.id)),
  ]);
  const allowed = new Set(allowedRows.map((r) => r.roleId));
  const items = templates.map((r) => ({ ...r, allowed: allowed.has(r.id) }));
  return { companyId: company.id, editable: company.kind === "trading", roleIds: items.filter((r) => r.allowed).map((r) => r.id), items, ownRoles: own };
}

/**
 * Replaces the template roles a trading company may hand out (`{ roleIds }`); its own roles stay
 * allowed. A withdrawn role grants nothing from its holders' next request (resolveSession reads
 * company_roles each time); their assignment stays, and counts again if the role is allowed again.
 */
export async function setAllowedRoles(ctx: Ctx, idRef: unknown, input: unknown) {
  requireOperator(ctx);
  const id = parseCompanyId(idRef);
  const v = parseInput(CompanyRolesSchema, input);
  return inTransaction(async (tx) => {
    const c = await companyForUpdate(tx, id);
    if (c.kind !== "trading") throw fail("forbidden", COMPANY_TEXT.platformCompany);
    const templates = await companyTemplateRoles(tx);
    const byId = new Map(templates.map((r) => [r.id, r]));
    const wanted = [...new Set(v.roleIds)].sort((a, b) => a - b);
    if (wanted.some((rid) => !byId.has(rid))) throw fail("bad_request", COMPANY_TEXT.roleNotAllowed, "roleIds");
    const allTemplateIds = (await tx.select({ id: roles.id }).from(roles).where(isNull(roles.companyId))).map((r) => r.id);
    const before = (
      await tx
        .select({ roleId: companyRoles.roleId })
        .from(companyRoles)
        .where(and(eq(companyRoles.companyId, id), inArray(companyRoles.roleId, allTemplateIds)))
    )
      .map((r) => r.roleId)
      .sort((a, b) => a - b);
    if (before.join() === wanted.join()) return { companyId: id, roleIds: wanted };
    await tx.delete(companyRoles).where(and(eq(companyRoles.companyId, id), inArray(companyRoles.roleId, allTemplateIds)));
    if (wanted.length) await tx.insert(companyRoles).values(wanted.map((roleId) => ({ companyId: id, roleId })));
    const names = (ids: number[]) => ids.map((rid) => byId.get(rid)?.name ?? String(rid));
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "companyRoles",
        targetType: "company",
        targetId: id,
        summary: `${c.name} 的可用角色：${names(before).join("、") || "无"} → ${names(wanted).join("、") || "无"}`,
        before: { roles: names(before) },
        after: { roles: names(wanted) },
      },
      tx,
    );
    return { companyId: id, roleIds: wanted };
  });
}

/**
 * A company's business data, children before parents (the foreign keys): documents and their
 * lines, approvals, stock (ledger, balances, costs, reservations, demands), what partners owe,
 * payments and statements. Master data (products, partners, warehouses, locations, default
 * shelves, safety stock, employees, settings, payment methods, users, number rules and
 * counters) and the audit trail stay.
 */
const BUSINESS_TABLES: readonly [string, PgTable & { companyId: unknown }][] = [
  // They name and link the documents removed below.
  ["站内消息", notifications],
  ["收付款核销", partnerPaymentAllocations],
  ["退货冲抵", partnerCreditAllocations],
  ["收付款单", partnerPayments],
  ["往来明细", partnerAccountEntries],
  ["往来账户", partnerAccounts],
  ["对账确认", statementConfirmations],
  ["审批", approvals],
  // The documents, lines before headers, in the document-type table's reset order.
  ...documentTablesForReset(),
  ["库存锁定", stockLocks],
  ["库存需求", stockDemands],
  ["库存流水", stockMoves],
  ["库存余额", stockBalances],
  ["商品成本", productCosts],
] as [string, PgTable & { companyId: unknown }][];

/** 重置业务数据: only when `confirmName` is the company's exact full name; one transaction, audited with the counts removed. */
export async function resetBusinessData(ctx: Ctx, idRef: unknown, input: unknown) {
  requireOperator(ctx);
  const id = parseCompanyId(idRef);
  const v = parseInput(CompanyResetSchema, input);
  let removeFiles = async () => {};
  const result = await inTransaction(async (tx) => {
    const c = await companyForUpdate(tx, id);
    if (c.kind !== "trading") throw fail("forbidden", COMPANY_TEXT.platformCompany);
    if (v.confirmName !== c.name) throw fail("bad_request", COMPANY_TEXT.confirmNameMismatch, "confirmName");
    const removed: Record<string, number> = {};
    let total = 0;
    // The documents' attachments (products keep theirs); their files go once this commits.
    const files = await removeDocumentAttachments(tx, id);
    removeFiles = files.removeFiles;
    if (files.count) {
      removed["单据附件"] = files.count;
      total += files.count;
    }
    for (const [label, table] of BUSINESS_TABLES) {
      const owner = (table as unknown as { companyId: Parameters<typeof eq>[0] }).companyId;
      const [row] = await tx.select({ n: count() }).from(table).where(eq(owner, id));
      const n = Number(row?.n ?? 0);
      if (n === 0) continue;
      await tx.delete(table).where(eq(owner, id));
      removed[label] = n;
      total += n;
    }
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "companyReset",
        targetType: "company",
        targetId: id,
        summary: `重置 ${c.name} 的业务数据：删除 ${total} 条（单据、库存、往来、收付款），主数据保留`,
        before: removed,
        after: { removed: total },
      },
      tx,
    );
    return { companyId: id, removed, total };
  });
  await removeFiles();
  return result;
}
