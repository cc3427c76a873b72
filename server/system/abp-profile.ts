import type { Ctx } from "../lib/context";
import { DomainError } from "../lib/errors";
import { changePassword, getProfile, updateProfile } from "./profile.service";

/**
 * The signed-in user's profile in ABP's published shape (GET/PUT /api/identity/my-profile,
 * POST /api/identity/my-profile/change-password), so existing ABP clients and scripts work.
 * The rules are the profile page's (server/system/profile.service.ts).
 */
export interface AbpProfileDto {
  userName: string;
  email: string | null;
  name: string;
  surname: string | null;
  phoneNumber: string | null;
  isExternal: false;
  hasPassword: true;
  concurrencyStamp: string;
  extraProperties: Record<string, unknown>;
}

function toDto(p: Awaited<ReturnType<typeof getProfile>>): AbpProfileDto {
  return {
    userName: p.username,
    email: null,
    name: p.name,
    surname: null,
    phoneNumber: p.phone,
    isExternal: false,
    hasPassword: true,
    concurrencyStamp: String(p.avatarVersion),
    extraProperties: {},
  };
}

export async function getMyProfile(ctx: Ctx) {
  return toDto(await getProfile(ctx));
}

/** PUT: name and phoneNumber; the login name cannot be changed here (only an administrator renames). */
export async function updateMyProfile(ctx: Ctx, body: Record<string, unknown>) {
  const current = await getProfile(ctx);
  if (body.userName !== undefined && body.userName !== null && String(body.userName) !== current.username) {
    throw new DomainError("bad_request", "用户名不能修改", { userName: ["用户名不能修改"] });
  }
  const name = body.name === undefined ? current.name : body.name;
  const phone = body.phoneNumber === undefined ? (current.phone ?? "") : (body.phoneNumber ?? "");
  return toDto(await updateProfile(ctx, { name, phone }));
}

/** POST change-password: { currentPassword, newPassword } as ABP names them. */
export async function changeMyPassword(ctx: Ctx, body: Record<string, unknown>) {
  // ABP sends no confirmation field: the new password confirms itself.
  await changePassword(ctx, { oldPassword: body.currentPassword, newPassword: body.newPassword, confirmPassword: body.newPassword });
}
