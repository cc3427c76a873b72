import type { Ctx } from "../lib/context";
import { DomainError } from "../lib/errors";
import { getIdentityUser } from "./identity-read.service";
import { STAFF_TEXT } from "./user-admin.input";
import {
  assignableRoles,
  createStaff,
  getStaff,
  isPhoneTaken,
  removeStaff,
  resetStaffPassword,
  setStaffLock,
  setStaffRoles,
  staffCompany,
  updateStaff,
} from "./user-admin.service";

/**
 * ABP's identity writes (POST/PUT/DELETE /api/identity/users…) on the 用户管理 rules. The
 * company is the caller's; the platform operator may name another with `companyId` (query
 * string or `extraProperties.companyId`). Roles are named as ABP does, by name (经理) or code.
 */
type Body = Record<string, unknown>;

function companyRefOf(body: Body, params?: URLSearchParams): unknown {
  const extra = body.extraProperties;
  const fromBody = extra && typeof extra === "object" ? (extra as Body).companyId : undefined;
  return fromBody ?? params?.get("companyId") ?? undefined;
}

async function roleIdsOf(ctx: Ctx, companyRef: unknown, names: unknown): Promise<number[]> {
  if (names === undefined || names === null) return [];
  if (!Array.isArray(names) || names.some((n) => typeof n !== "string"))
    throw new DomainError("bad_request", "roleNames 应为角色名称的数组", { roleNames: ["roleNames 应为角色名称的数组"] });
  const company = await staffCompany(ctx, companyRef);
  const roles = await assignableRoles(company);
  return (names as string[]).map((n) => {
    const r = roles.find((x) => x.name === n || x.code === n);
    if (!r) throw new DomainError("forbidden", `${STAFF_TEXT.roleNotAllowed}：${n.slice(0, 30)}`, { roleNames: [STAFF_TEXT.roleNotAllowed] });
    return r.id;
  });
}

const text = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? undefined : String(v));

/** POST /api/identity/users: { userName, name, phoneNumber, password, roleNames, isActive }. */
export async function abpCreateUser(ctx: Ctx, body: Body, params?: URLSearchParams) {
  const companyRef = companyRefOf(body, params);
  const roleIds = await roleIdsOf(ctx, companyRef, body.roleNames);
  const password = text(body.password);
  const { userId, companyId } = await createStaff(ctx, companyRef, {
    username: text(body.userName),
    name: text(body.name),
    phone: text(body.phoneNumber) ?? "",
    password,
    confirmPassword: password,
    roleIds,
  });
  if (body.isActive === false) await setStaffLock(ctx, companyId, userId, true);
  return getIdentityUser(ctx, String(userId));
}

/** PUT /api/identity/users/{id}: name, phoneNumber, roleNames (kept when absent), isActive; the login name cannot change. */
export async function abpUpdateUser(ctx: Ctx, id: unknown, body: Body, params?: URLSearchParams) {
  const companyRef = companyRefOf(body, params);
  const current = await getStaff(ctx, companyRef, id);
  const userName = text(body.userName);
  if (userName !== undefined && userName.toLowerCase() !== current.user.username.toLowerCase()) {
    throw new DomainError("bad_request", "登录名不可修改", { userName: ["登录名不可修改"] });
  }
  const roleIds = body.roleNames === undefined ? current.roleIds : await roleIdsOf(ctx, companyRef, body.roleNames);
  await updateStaff(ctx, current.company.id, current.user.userId, {
    name: text(body.name) ?? current.user.name,
    phone: body.phoneNumber === undefined ? (current.user.phone ?? "") : (text(body.phoneNumber) ?? ""),
    departmentId: current.departmentId === null ? "" : String(current.departmentId),
    roleIds,
  });
  if (typeof body.isActive === "boolean" && body.isActive === current.user.memberLocked) {
    await setStaffLock(ctx, current.company.id, current.user.userId, !body.isActive);
  }
  return getIdentityUser(ctx, String(current.user.userId));
}

/** PUT /api/identity/users/{id}/roles: { roleNames }. */
export async function abpSetUserRoles(ctx: Ctx, id: unknown, body: Body, params?: URLSearchParams) {
  const companyRef = companyRefOf(body, params);
  await setStaffRoles(ctx, companyRef, id, { roleIds: await roleIdsOf(ctx, companyRef, body.roleNames) });
}

/** GET /api/identity/users/{id}/roles: the roles held in the company, as ABP's role list. */
export async function abpGetUserRoles(ctx: Ctx, id: unknown, params?: URLSearchParams) {
  const staff = await getStaff(ctx, params?.get("companyId") ?? undefined, id);
  const roles = (await assignableRoles(staff.company)).filter((r) => staff.roleIds.includes(r.id));
  return { items: roles.map((r) => ({ id: r.id, name: r.name, isDefault: false, isStatic: true, isPublic: true, extraProperties: { code: r.code } })) };
}

/** POST /api/identity/users/{id}/lock and /unlock: a company's lock of the membership; the operator's, the login's own. */
export async function abpSetUserLock(ctx: Ctx, id: unknown, locked: boolean, params?: URLSearchParams) {
  const everywhere = ctx.companyKind === "platform" && !params?.get("companyId");
  await setStaffLock(ctx, params?.get("companyId") ?? undefined, id, locked, { everywhere });
}

/** DELETE /api/identity/users/{id}: out of the company (the login and its history stay). */
export async function abpDeleteUser(ctx: Ctx, id: unknown, params?: URLSearchParams) {
  await removeStaff(ctx, params?.get("companyId") ?? undefined, id);
}

/** POST /api/identity/users/{id}/reset-password: { newPassword }. */
export async function abpResetPassword(ctx: Ctx, id: unknown, body: Body, params?: URLSearchParams) {
  const pw = text(body.newPassword ?? body.password);
  await resetStaffPassword(ctx, companyRefOf(body, params), id, { newPassword: pw, confirmPassword: pw });
}

/** GET /api/identity/users/check-phone?phoneNumber=…[&userId=…]: { exists }. */
export async function abpCheckPhone(ctx: Ctx, params: URLSearchParams) {
  const except = Number(params.get("userId"));
  return { exists: await isPhoneTaken(ctx, (params.get("phoneNumber") ?? "").trim(), Number.isInteger(except) && except > 0 ? except : undefined) };
}
