import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { hashPassword, passwordPolicyErrors } from "../auth/password";
import { sessions } from "../auth/auth.tables";
import { db, type Executor } from "../db/client";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { pinyinSortKey } from "../lib/sort-key";
import { escapeLike, parseInput } from "../lib/validate";
import { departments, employees } from "../organization/organization.tables";
import { STAFF_TEXT, StaffCreateSchema, StaffJoinSchema, StaffPasswordSchema, StaffRolesSchema, StaffUpdateSchema } from "./user-admin.input";
import { companies, companyRoles, companyUserRoles, companyUsers, roles, users } from "../kernel/identity.tables";

/**
 * 用户管理 (/system/permissions/user, XTGL-001): a company's staff logins. A company manager
 * works on their own company's members only; the platform operator on any company's (the
 * company in scope is chosen on the page) and may lock a login everywhere.
 *
 * Identity (login name, name, phone, password) is one per person on the platform, while a
 * person may work in several companies with different roles. So a company's manager changes
 * the identity of a member only when the member belongs to no other company: otherwise one
 * company could take over a person's access to another. Roles, department and the membership
 * lock are the company's own and always its manager's to set.
 */
export const STAFF_MENU = "XTGL-001";
export const STAFF_PAGE_SIZE = 50;

const isOperator = (ctx: Ctx) => ctx.companyKind === "platform";

function requireStaff(ctx: Ctx) {
  if (!ctx.permissions.has(STAFF_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

const fail = (code: "bad_request" | "conflict" | "forbidden" | "not_found", message: string, field?: string) =>
  new DomainError(code, message, field ? { [field]: [message] } : undefined);

/** The company the caller administers: their own; the operator, any existing company they name. */
export async function staffCompany(ctx: Ctx, requested?: unknown) {
  requireStaff(ctx);
  let companyId = ctx.companyId;
  if (isOperator(ctx) && requested !== undefined && requested !== null && requested !== "") {
    const n = typeof requested === "string" && /^\d{1,10}$/.test(requested) ? Number(requested) : requested;
    if (!isId(n)) throw fail("not_found", STAFF_TEXT.companyMissing);
    companyId = n;
  }
  const [c] = await db()
    .select({ id: companies.id, name: companies.name, shortName: companies.shortName, kind: companies.kind, status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c) throw fail("not_found", STAFF_TEXT.companyMissing);
  return c;
}
export type StaffCompany = Awaited<ReturnType<typeof staffCompany>>;

/** The roles a company may hand out: its allowed roles of the fitting scope (platform roles only in the operator company). */
export async function assignableRoles(company: Pick<StaffCompany, "id" | "kind">, ex: Executor = db()) {
  return ex
    .select({ id: roles.id, code: roles.code, name: roles.name, description: roles.description })
    .from(companyRoles)
    .innerJoin(roles, eq(roles.id, companyRoles.roleId))
    .where(and(eq(companyRoles.companyId, company.id), eq(roles.scope, company.kind === "platform" ? "platform" : "company")))
    .orderBy(asc(roles.id));
}

async function checkRoles(company: StaffCompany, roleIds: readonly number[], ex: Executor) {
  const allowed = new Map((await assignableRoles(company, ex)).map((r) => [r.id, r.name]));
  const bad = roleIds.filter((id) => !allowed.has(id));
  if (bad.length) throw new DomainError("forbidden", STAFF_TEXT.roleNotAllowed, { roleIds: [STAFF_TEXT.roleNotAllowed] });
  return [...new Set(roleIds)].sort((a, b) => a - b).map((id) => allowed.get(id)!);
}

const roleKeyOf = (roleIds: readonly number[]) => [...new Set(roleIds)].sort((a, b) => a - b).join();

async function checkDepartment(companyId: number, departmentId: number | undefined, ex: Executor) {
  if (departmentId === undefined) return;
  const [d] = await ex
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.companyId, companyId)));
  if (!d) throw fail("bad_request", STAFF_TEXT.departmentMissing, "departmentId");
}

/** The member's employee record in the company (created when a department is given), holding the department. */
async function setDepartment(companyId: number, user: { id: number; name: string; phone: string | null }, departmentId: number | undefined, ex: Executor) {
  const [emp] = await ex
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.userId, user.id)))
    .limit(1);
  if (emp)
    await ex
      .update(employees)
      .set({ departmentId: departmentId ?? null })
      .where(eq(employees.id, emp.id));
  else if (departmentId !== undefined) {
    await ex.insert(employees).values({ companyId, userId: user.id, name: user.name, nameSort: pinyinSortKey(user.name), phone: user.phone, departmentId });
  }
}

async function uniqueIdentity(fields: { username?: string; phone?: string }, exceptUserId: number | null, ex: Executor) {
  const other = exceptUserId === null ? undefined : ne(users.id, exceptUserId);
  if (fields.username) {
    const [u] = await ex
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${fields.username})`, other));
    if (u) throw fail("conflict", STAFF_TEXT.usernameTaken, "username");
  }
  if (fields.phone) {
    const [u] = await ex
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, fields.phone), other));
    if (u) throw fail("conflict", STAFF_TEXT.phoneTaken, "phone");
  }
}

/** A unique-index race lost to a simultaneous request: the same message as the check before it. */
function uniqueViolation(e: unknown): DomainError | undefined {
  const err = e as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  const code = err.code ?? err.cause?.code;
  if (code !== "23505") return undefined;
  const constraint = err.constraint ?? err.cause?.constraint ?? String((e as Error).message);
  return constraint.includes("phone")
    ? fail("conflict", STAFF_TEXT.phoneTaken, "phone")
    : constraint.includes("username")
      ? fail("conflict", STAFF_TEXT.usernameTaken, "username")
      : fail("conflict", STAFF_TEXT.alreadyMember);
}

function checkPolicy(password: string, field: string) {
  const policy = passwordPolicyErrors(password);
  if (policy.length) {
    const msgs = policy.map((c) => t.identity[c]);
    throw new DomainError("bad_request", msgs[0]!, { [field]: msgs });
  }
}

function parseUserId(id: unknown): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw fail("not_found", STAFF_TEXT.notMember);
  return n;
}

export interface StaffRow {
  userId: number;
  username: string;
  name: string;
  phone: string | null;
  departmentName: string | null;
  roleNames: string;
  memberLocked: boolean;
  userLocked: boolean;
  otherCompanies: number;
  joinedAt: string;
}

const roleNamesSql = (companyId: number) =>
  sql<string>`coalesce((select string_agg(r.name, '、' order by r.id) from ${companyUserRoles} cur join ${roles} r on r.id = cur.role_id where cur.company_id = ${companyId} and cur.user_id = ${users.id}), '')`;
const departmentSql = (companyId: number) =>
  sql<
    string | null
  >`(select d.name from ${employees} e join ${departments} d on d.id = e.department_id where e.company_id = ${companyId} and e.user_id = ${users.id} order by e.id limit 1)`;
const otherCompaniesSql = (companyId: number) =>
  sql<number>`(select count(*)::int from ${companyUsers} o where o.user_id = ${users.id} and o.company_id <> ${companyId})`;

/** The company's members, filtered (keyword on login name, name, phone; 正常/已锁定; a role) and paged. */
export async function listStaff(ctx: Ctx, opts: { company?: unknown; keyword?: string; status?: string; roleId?: unknown; page?: number } = {}) {
  const company = await staffCompany(ctx, opts.company);
  const keyword = opts.keyword?.trim().slice(0, 50);
  const like = keyword ? `%${escapeLike(keyword)}%` : undefined;
  const conds: (SQL | undefined)[] = [eq(companyUsers.companyId, company.id)];
  if (like) conds.push(or(ilike(users.username, like), ilike(users.name, like), ilike(users.phone, like)));
  if (opts.status === "locked") conds.push(or(eq(companyUsers.isLocked, true), eq(users.isLocked, true)));
  if (opts.status === "active") conds.push(and(eq(companyUsers.isLocked, false), eq(users.isLocked, false)));
  const roleId = typeof opts.roleId === "string" && /^\d{1,10}$/.test(opts.roleId) ? Number(opts.roleId) : undefined;
  if (roleId !== undefined && isId(roleId)) {
    conds.push(
      sql`exists (select 1 from ${companyUserRoles} cur where cur.company_id = ${company.id} and cur.user_id = ${users.id} and cur.role_id = ${roleId})`,
    );
  }
  const where = and(...conds);
  const page = Math.max(1, Math.min(Number.isFinite(opts.page) ? opts.page! : 1, 10_000));
  const [rows, [total], assignable] = await Promise.all([
    db()
      .select({
        userId: users.id,
        username: users.username,
        name: users.name,
        phone: users.phone,
        departmentName: departmentSql(company.id),
        roleNames: roleNamesSql(company.id),
        memberLocked: companyUsers.isLocked,
        userLocked: users.isLocked,
        otherCompanies: otherCompaniesSql(company.id),
        joinedAt: companyUsers.createdAt,
      })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(where)
      .orderBy(desc(companyUsers.createdAt), asc(users.id))
      .limit(STAFF_PAGE_SIZE)
      .offset((page - 1) * STAFF_PAGE_SIZE),
    db().select({ n: count() }).from(companyUsers).innerJoin(users, eq(users.id, companyUsers.userId)).where(where),
    assignableRoles(company),
  ]);
  const items: StaffRow[] = rows.map((r) => ({ ...r, otherCompanies: Number(r.otherCompanies), joinedAt: r.joinedAt.toISOString() }));
  return { company, items, total: Number(total?.n ?? 0), page, size: STAFF_PAGE_SIZE, roles: assignable };
}

/** Companies the operator picks from on the page (by name). */
export async function staffCompanyOptions(ctx: Ctx) {
  if (!isOperator(ctx)) return [];
  return db().select({ id: companies.id, name: companies.name, shortName: companies.shortName }).from(companies).orderBy(asc(companies.id)).limit(2000);
}

/** The company's departments, for the department select. */
export async function staffDepartments(companyId: number) {
  return db()
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.companyId, companyId))
    .orderBy(asc(departments.nameSort), asc(departments.id))
    .limit(1000);
}

/** One member of the company in scope: identity, membership, roles, department, other companies. */
export async function getStaff(ctx: Ctx, companyRef: unknown, userIdRef: unknown, ex: Executor = db()) {
  const company = await staffCompany(ctx, companyRef);
  const userId = parseUserId(userIdRef);
  const [row] = await ex
    .select({
      userId: users.id,
      username: users.username,
      name: users.name,
      phone: users.phone,
      memberLocked: companyUsers.isLocked,
      userLocked: users.isLocked,
      joinedAt: companyUsers.createdAt,
      createdAt: users.createdAt,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, userId)));
  if (!row) throw fail("not_found", STAFF_TEXT.notMember);
  const [held, [emp], others] = await Promise.all([
    ex
      .select({ id: roles.id, name: roles.name })
      .from(companyUserRoles)
      .innerJoin(roles, eq(roles.id, companyUserRoles.roleId))
      .where(and(eq(companyUserRoles.companyId, company.id), eq(companyUserRoles.userId, userId)))
      .orderBy(asc(roles.id)),
    ex
      .select({ departmentId: employees.departmentId })
      .from(employees)
      .where(and(eq(employees.companyId, company.id), eq(employees.userId, userId)))
      .orderBy(asc(employees.id))
      .limit(1),
    ex
      .select({ id: companies.id, name: companies.shortName, fullName: companies.name })
      .from(companyUsers)
      .innerJoin(companies, eq(companies.id, companyUsers.companyId))
      .where(and(eq(companyUsers.userId, userId), ne(companyUsers.companyId, company.id)))
      .orderBy(asc(companies.id)),
  ]);
  return {
    company,
    user: { ...row, joinedAt: row.joinedAt.toISOString(), createdAt: row.createdAt.toISOString() },
    roleIds: held.map((r) => r.id),
    roleNames: held.map((r) => r.name),
    departmentId: emp?.departmentId ?? null,
    /** The other companies the member works in: names only for the operator (another company's business otherwise). */
    otherCompanies: isOperator(ctx) ? others.map((o) => o.name ?? o.fullName) : [],
    shared: others.length > 0,
  };
}

async function snapshot(companyId: number, userId: number, ex: Executor) {
  const [u] = await ex.select({ username: users.username, name: users.name, phone: users.phone }).from(users).where(eq(users.id, userId));
  const held = await ex
    .select({ id: roles.id, name: roles.name })
    .from(companyUserRoles)
    .innerJoin(roles, eq(roles.id, companyUserRoles.roleId))
    .where(and(eq(companyUserRoles.companyId, companyId), eq(companyUserRoles.userId, userId)))
    .orderBy(asc(roles.id));
  return { ...u!, roles: held.map((r) => r.name), roleKey: held.map((r) => r.id).join() };
}

async function replaceRoles(companyId: number, userId: number, roleIds: readonly number[], ex: Executor) {
  await ex.delete(companyUserRoles).where(and(eq(companyUserRoles.companyId, companyId), eq(companyUserRoles.userId, userId)));
  await ex.insert(companyUserRoles).values([...new Set(roleIds)].map((roleId) => ({ companyId, userId, roleId })));
}

/** Creates a login as a member of the company in scope with the roles given (all allowed there). */
export async function createStaff(ctx: Ctx, companyRef: unknown, input: unknown) {
  const company = await staffCompany(ctx, companyRef);
  const v = parseInput(StaffCreateSchema, input);
  checkPolicy(v.password, "password");
  await uniqueIdentity({ username: v.username, phone: v.phone }, null, db());
  const hash = await hashPassword(v.password);
  try {
    return await db().transaction(async (tx) => {
      const roleNames = await checkRoles(company, v.roleIds, tx);
      await checkDepartment(company.id, v.departmentId, tx);
      await uniqueIdentity({ username: v.username, phone: v.phone }, null, tx);
      const [u] = await tx
        .insert(users)
        .values({ username: v.username, name: v.name, phone: v.phone ?? null, passwordHash: hash })
        .returning({ id: users.id });
      await tx.insert(companyUsers).values({ companyId: company.id, userId: u!.id });
      await replaceRoles(company.id, u!.id, v.roleIds, tx);
      await setDepartment(company.id, { id: u!.id, name: v.name, phone: v.phone ?? null }, v.departmentId, tx);
      await recordAudit(
        {
          ...actorOf(ctx),
          action: "userCreate",
          targetType: "user",
          targetId: u!.id,
          summary: `在 ${company.shortName ?? company.name} 新增用户 ${v.username}（${v.name}），角色：${roleNames.join("、")}`,
          after: { username: v.username, name: v.name, phone: v.phone ?? null, roles: roleNames, company: company.name },
        },
        tx,
      );
      return { userId: u!.id, companyId: company.id };
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/** The operator adds an existing login to the company in scope (a person working in several companies). */
export async function joinStaff(ctx: Ctx, companyRef: unknown, input: unknown) {
  const company = await staffCompany(ctx, companyRef);
  if (!isOperator(ctx)) throw fail("forbidden", STAFF_TEXT.operatorOnly);
  const v = parseInput(StaffJoinSchema, input);
  try {
    return await db().transaction(async (tx) => {
      const [u] = await tx
        .select({ id: users.id, username: users.username, name: users.name, phone: users.phone })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${v.username})`);
      if (!u) throw fail("not_found", STAFF_TEXT.userMissing, "username");
      const [already] = await tx
        .select({ userId: companyUsers.userId })
        .from(companyUsers)
        .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, u.id)));
      if (already) throw fail("conflict", STAFF_TEXT.alreadyMember, "username");
      const roleNames = await checkRoles(company, v.roleIds, tx);
      await checkDepartment(company.id, v.departmentId, tx);
      await tx.insert(companyUsers).values({ companyId: company.id, userId: u.id });
      await replaceRoles(company.id, u.id, v.roleIds, tx);
      await setDepartment(company.id, u, v.departmentId, tx);
      await recordAudit(
        {
          ...actorOf(ctx),
          action: "userRoles",
          targetType: "user",
          targetId: u.id,
          summary: `${u.username} 加入 ${company.shortName ?? company.name}，角色：${roleNames.join("、")}`,
          before: { company: company.name, roles: [] },
          after: { company: company.name, roles: roleNames },
        },
        tx,
      );
      return { userId: u.id, companyId: company.id };
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/** A member in scope, locked for update so two administrators' changes apply one after the other. */
async function memberForUpdate(tx: Executor, companyId: number, userId: number) {
  const [m] = await tx
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .for("update");
  if (!m) throw fail("not_found", STAFF_TEXT.notMember);
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(companyUsers)
    .where(and(eq(companyUsers.userId, userId), ne(companyUsers.companyId, companyId)))) as [{ n: number }];
  return { shared: Number(n) > 0 };
}

/** Saves a member's name, phone, department and roles. */
export async function updateStaff(ctx: Ctx, companyRef: unknown, userIdRef: unknown, input: unknown) {
  const company = await staffCompany(ctx, companyRef);
  const userId = parseUserId(userIdRef);
  const v = parseInput(StaffUpdateSchema, input);
  try {
    await db().transaction(async (tx) => {
      const { shared } = await memberForUpdate(tx, company.id, userId);
      const before = await snapshot(company.id, userId, tx);
      const identityChanged = before.name !== v.name || (before.phone ?? undefined) !== v.phone;
      if (identityChanged && shared && !isOperator(ctx) && userId !== ctx.userId) throw fail("forbidden", STAFF_TEXT.sharedIdentity, "name");
      await checkRoles(company, v.roleIds, tx);
      const rolesChanged = before.roleKey !== roleKeyOf(v.roleIds);
      if (rolesChanged && userId === ctx.userId && company.id === ctx.companyId) throw fail("forbidden", STAFF_TEXT.selfRoles, "roleIds");
      await checkDepartment(company.id, v.departmentId, tx);
      if (identityChanged) {
        await uniqueIdentity({ phone: v.phone }, userId, tx);
        await tx
          .update(users)
          .set({ name: v.name, phone: v.phone ?? null })
          .where(eq(users.id, userId));
      }
      if (rolesChanged) await replaceRoles(company.id, userId, v.roleIds, tx);
      await setDepartment(company.id, { id: userId, name: v.name, phone: v.phone ?? null }, v.departmentId, tx);
      const after = await snapshot(company.id, userId, tx);
      if (identityChanged) {
        await recordAudit(
          {
            ...actorOf(ctx),
            action: "userUpdate",
            targetType: "user",
            targetId: userId,
            summary: `修改用户 ${before.username}`,
            before: { name: before.name, phone: before.phone },
            after: { name: after.name, phone: after.phone },
          },
          tx,
        );
      }
      if (rolesChanged) {
        await recordAudit(
          {
            ...actorOf(ctx),
            action: "userRoles",
            targetType: "user",
            targetId: userId,
            summary: `${before.username} 在 ${company.shortName ?? company.name} 的角色：${before.roles.join("、") || "无"} → ${after.roles.join("、")}`,
            before: { company: company.name, roles: before.roles },
            after: { company: company.name, roles: after.roles },
          },
          tx,
        );
      }
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/** Replaces a member's roles only (ABP PUT /api/identity/users/{id}/roles). */
export async function setStaffRoles(ctx: Ctx, companyRef: unknown, userIdRef: unknown, input: unknown) {
  const company = await staffCompany(ctx, companyRef);
  const userId = parseUserId(userIdRef);
  const v = parseInput(StaffRolesSchema, input);
  await db().transaction(async (tx) => {
    await memberForUpdate(tx, company.id, userId);
    const before = await snapshot(company.id, userId, tx);
    const roleNames = await checkRoles(company, v.roleIds, tx);
    if (before.roleKey === roleKeyOf(v.roleIds)) return;
    if (userId === ctx.userId && company.id === ctx.companyId) throw fail("forbidden", STAFF_TEXT.selfRoles, "roleIds");
    await replaceRoles(company.id, userId, v.roleIds, tx);
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "userRoles",
        targetType: "user",
        targetId: userId,
        summary: `${before.username} 在 ${company.shortName ?? company.name} 的角色：${before.roles.join("、") || "无"} → ${roleNames.join("、")}`,
        before: { company: company.name, roles: before.roles },
        after: { company: company.name, roles: roleNames },
      },
      tx,
    );
  });
}

/**
 * Locks or unlocks a member. `everywhere` (the operator only) is the login's own lock: the
 * person cannot sign in at all. A company's lock keeps them out of that company: at their next
 * request their sessions there move to another company of theirs, or end.
 */
export async function setStaffLock(ctx: Ctx, companyRef: unknown, userIdRef: unknown, locked: boolean, opts: { everywhere?: boolean } = {}) {
  const company = await staffCompany(ctx, companyRef);
  const userId = parseUserId(userIdRef);
  if (userId === ctx.userId) throw fail("forbidden", STAFF_TEXT.selfLock);
  if (opts.everywhere && !isOperator(ctx)) throw fail("forbidden", STAFF_TEXT.operatorOnly);
  await db().transaction(async (tx) => {
    let username: string;
    if (opts.everywhere) {
      // The operator's lock needs no membership: any login on the platform.
      const [u] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).for("update");
      if (!u) throw fail("not_found", STAFF_TEXT.notMember);
      username = u.username;
      await tx.update(users).set({ isLocked: locked }).where(eq(users.id, userId));
      if (locked) await tx.delete(sessions).where(eq(sessions.userId, userId));
    } else {
      await memberForUpdate(tx, company.id, userId);
      username = (await snapshot(company.id, userId, tx)).username;
      // Their sessions in this company move to another company of theirs (or end) at their next request.
      await tx
        .update(companyUsers)
        .set({ isLocked: locked })
        .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, userId)));
    }
    const where = opts.everywhere ? "全平台" : (company.shortName ?? company.name);
    await recordAudit(
      {
        ...actorOf(ctx),
        action: locked ? "userLock" : "userUnlock",
        targetType: "user",
        targetId: userId,
        summary: `${locked ? "锁定" : "解锁"} ${username}（${where}）`,
        before: { locked: !locked, scope: where },
        after: { locked, scope: where },
      },
      tx,
    );
  });
}

/** Sets a member's password (they forgot it); every session of theirs ends. */
export async function resetStaffPassword(ctx: Ctx, companyRef: unknown, userIdRef: unknown, input: unknown) {
  const company = await staffCompany(ctx, companyRef);
  const userId = parseUserId(userIdRef);
  const v = parseInput(StaffPasswordSchema, input);
  if (userId === ctx.userId) throw fail("forbidden", STAFF_TEXT.selfPassword, "newPassword");
  checkPolicy(v.newPassword, "newPassword");
  const hash = await hashPassword(v.newPassword);
  await db().transaction(async (tx) => {
    const { shared } = await memberForUpdate(tx, company.id, userId);
    if (shared && !isOperator(ctx)) throw fail("forbidden", STAFF_TEXT.sharedIdentity, "newPassword");
    const before = await snapshot(company.id, userId, tx);
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit({ ...actorOf(ctx), action: "passwordReset", targetType: "user", targetId: userId, summary: `重置 ${before.username} 的密码` }, tx);
  });
}

/** Takes a member out of the company (roles and membership; the login and its history stay). */
export async function removeStaff(ctx: Ctx, companyRef: unknown, userIdRef: unknown) {
  const company = await staffCompany(ctx, companyRef);
  const userId = parseUserId(userIdRef);
  if (userId === ctx.userId) throw fail("forbidden", STAFF_TEXT.selfLock);
  await db().transaction(async (tx) => {
    await memberForUpdate(tx, company.id, userId);
    const before = await snapshot(company.id, userId, tx);
    await tx.delete(companyUsers).where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, userId)));
    await tx
      .update(employees)
      .set({ userId: null })
      .where(and(eq(employees.companyId, company.id), eq(employees.userId, userId)));
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "userRemove",
        targetType: "user",
        targetId: userId,
        summary: `${before.username} 移出 ${company.shortName ?? company.name}`,
        before: { company: company.name, roles: before.roles },
      },
      tx,
    );
  });
}

/** Whether a phone number is taken on the platform (the create form's check), optionally by someone other than `exceptUserId`. */
export async function isPhoneTaken(ctx: Ctx, phone: string, exceptUserId?: number) {
  requireStaff(ctx);
  if (!/^1[3-9]\d{9}$/.test(phone)) return false;
  const [u] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return !!u;
}
