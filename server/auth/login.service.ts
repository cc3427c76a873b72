import { eq, or, sql } from "drizzle-orm";
import * as z from "zod";
import { t } from "../lib/i18n/zh-CN";
import { db } from "../db/client";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { users } from "../system/system.tables";
import { dummyVerify, verifyPassword } from "./password";

export const MAX_FAILED_LOGINS = 10;
export const LOCK_MINUTES = 15;

export const CredentialsSchema = z.object({
  username: z.string({ error: t.login.usernameRequired }).trim().min(1, t.login.usernameRequired).max(64, t.login.invalid),
  password: z.string({ error: t.login.passwordRequired }).min(1, t.login.passwordRequired).max(256, t.login.invalid),
});

/**
 * Checks a username (or phone number) and password. Ten wrong passwords in a row lock the
 * account for fifteen minutes; an administrator's lock stops sign-in altogether.
 * Returns the user id or throws a DomainError carrying the Chinese message.
 */
export async function verifyCredentials(input: unknown, now = new Date()): Promise<number> {
  const { username, password } = parseInput(CredentialsSchema, input);
  const [user] = await db()
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.phone, username)))
    .limit(1);
  if (!user) {
    await dummyVerify(password);
    throw new DomainError("unauthorized", t.login.invalid);
  }
  if (user.isLocked) throw new DomainError("locked", t.login.adminLocked);
  if (user.lockedUntil && user.lockedUntil > now) {
    const minutes = Math.max(1, Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60000));
    throw new DomainError("locked", t.login.tempLocked(minutes));
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    // Counted in the database, atomically, so parallel guesses on several instances all count.
    const [after] = await db()
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failed: users.failedLogins });
    const failed = after?.failed ?? MAX_FAILED_LOGINS;
    if (failed >= MAX_FAILED_LOGINS) {
      await db()
        .update(users)
        .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60000) })
        .where(eq(users.id, user.id));
      throw new DomainError("locked", t.login.tempLocked(LOCK_MINUTES));
    }
    const remaining = MAX_FAILED_LOGINS - failed;
    throw new DomainError("unauthorized", remaining <= 3 ? t.login.invalidWithRemaining(remaining) : t.login.invalid);
  }
  if (user.failedLogins !== 0 || user.lockedUntil) {
    await db().update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
  return user.id;
}
