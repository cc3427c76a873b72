import { and, eq, ne, sql } from "drizzle-orm";
import { t } from "../lib/i18n/zh-CN";
import type { Ctx } from "../lib/context";
import { endUserSessions } from "../auth/session.service";
import { hashPassword, passwordPolicyErrors, verifyPassword } from "../auth/password";
import { db } from "../db/client";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, ChangePasswordSchema, ProfileSchema } from "./profile.input";
import { companyUsers, userAvatars, users } from "../kernel/identity.tables";

type Who = Pick<Ctx, "userId">;

export async function getProfile(ctx: Who) {
  const [u] = await db()
    .select({ id: users.id, username: users.username, name: users.name, phone: users.phone, avatarVersion: users.avatarVersion })
    .from(users)
    .where(eq(users.id, ctx.userId));
  if (!u) throw new DomainError("not_found", t.errors.notFound);
  return u;
}

export async function updateProfile(ctx: Who, input: unknown) {
  const { name, phone } = parseInput(ProfileSchema, input);
  if (phone) {
    const [taken] = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), ne(users.id, ctx.userId)));
    if (taken) throw new DomainError("conflict", t.profile.phoneTaken, { phone: [t.profile.phoneTaken] });
  }
  await db()
    .update(users)
    .set({ name, phone: phone ?? null })
    .where(eq(users.id, ctx.userId));
  return getProfile(ctx);
}

/**
 * Changes the signed-in user's password. Errors carry the spec's Identity.* codes (§5) as
 * field messages; on success every other session of the user ends.
 */
export async function changePassword(ctx: Pick<Ctx, "userId" | "sessionId">, input: unknown) {
  const { oldPassword, newPassword } = parseInput(ChangePasswordSchema, input);
  const [u] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId));
  if (!u || !(await verifyPassword(u.hash, oldPassword))) {
    const msg = t.identity["Identity.PasswordMismatch"];
    throw new DomainError("bad_request", msg, { oldPassword: [msg] });
  }
  const policy = passwordPolicyErrors(newPassword);
  if (policy.length) {
    const msgs = policy.map((c) => t.identity[c]);
    throw new DomainError("bad_request", msgs[0]!, { newPassword: msgs });
  }
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, ctx.userId));
  await endUserSessions(ctx.userId, ctx.sessionId);
}

/** Image signatures, so a renamed file of another type is refused whatever its claimed type. */
function sniffImageType(bytes: Uint8Array): string | undefined {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return "image/gif";
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50)
    return "image/webp";
  return undefined;
}

export async function setAvatar(ctx: Who, file: { type: string; size: number; bytes: Uint8Array } | undefined) {
  if (!file || file.size === 0) throw new DomainError("bad_request", t.profile.avatarMissing, { avatar: [t.profile.avatarMissing] });
  if (file.size > AVATAR_MAX_BYTES) throw new DomainError("bad_request", t.profile.avatarTooLarge, { avatar: [t.profile.avatarTooLarge] });
  const sniffed = sniffImageType(file.bytes);
  if (!sniffed || !(AVATAR_TYPES as readonly string[]).includes(sniffed)) {
    throw new DomainError("bad_request", t.profile.avatarBadType, { avatar: [t.profile.avatarBadType] });
  }
  await db().transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId: ctx.userId, contentType: sniffed, data: file.bytes })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { contentType: sniffed, data: file.bytes, updatedAt: new Date() } });
    const [u] = await tx.select({ v: users.avatarVersion }).from(users).where(eq(users.id, ctx.userId));
    await tx
      .update(users)
      .set({ avatarVersion: (u?.v ?? 0) + 1 })
      .where(eq(users.id, ctx.userId));
  });
}

/**
 * A user's picture, for colleagues: the caller sees it when the user belongs to the caller's
 * current company (themselves included); the platform operator sees everyone's. Any other
 * user's picture is "not found", like every other company's row.
 */
export async function getAvatar(ctx: Pick<Ctx, "userId" | "companyId" | "companyKind">, userId: number) {
  const colleague =
    ctx.companyKind === "platform" || userId === ctx.userId
      ? sql`true`
      : sql`exists (select 1 from ${companyUsers} where ${companyUsers.companyId} = ${ctx.companyId} and ${companyUsers.userId} = ${userAvatars.userId})`;
  const [a] = await db()
    .select()
    .from(userAvatars)
    .where(and(eq(userAvatars.userId, userId), colleague));
  return a;
}
