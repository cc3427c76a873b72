import crypto from "node:crypto";
import { asc, eq, or, sql } from "drizzle-orm";
import * as z from "zod";
import { t } from "../lib/i18n/zh-CN";
import { db } from "../db/client";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { recordAudit } from "../lib/audit";
import { companyUsers, users } from "../kernel/identity.tables";
import { loginThrottle } from "./auth.tables";
import { dummyVerify, verifyPassword } from "./password";

export const CredentialsSchema = z.object({
  username: z.string({ error: t.login.usernameRequired }).trim().min(1, t.login.usernameRequired).max(64, t.login.invalid),
  password: z.string({ error: t.login.passwordRequired }).min(1, t.login.passwordRequired).max(256, t.login.invalid),
});

/**
 * Sign-in throttling. Nothing here ever locks an account: failures from one address slow down
 * that address only, so nobody can shut a user (or the administrator) out by guessing from
 * elsewhere. The administrator's lock (users.is_locked) is a separate, deliberate switch.
 *
 * - per (account, address): `free` attempts, then each further attempt waits twice as long as
 *   the one before (1 s, 2 s, 4 s … at most 15 minutes). The account's owner at another
 *   address is not affected. A correct password clears the pair.
 * - per address: many attempts across accounts (password spraying) slow that address down
 *   the same way.
 * A window that started longer ago than `windowMs` starts over.
 */
export const THROTTLE = {
  pair: { free: 5, windowMs: 24 * 3600_000, maxDelaySeconds: 900 },
  address: { free: 30, windowMs: 3600_000, maxDelaySeconds: 900 },
} as const;
type Rule = (typeof THROTTLE)[keyof typeof THROTTLE];

/** Refused before the password is even looked at: this address must wait `retryAfterSeconds`. */
export class SignInThrottled extends DomainError {
  constructor(public readonly retryAfterSeconds: number) {
    super("rate_limited", t.login.throttled(retryAfterSeconds));
  }
}

export interface SignInAttempt {
  /** The client address (Express req.ip). Missing only in scripts; they share one bucket. */
  ip?: string | null;
  /** The client's User-Agent, for the audit trail. */
  userAgent?: string | null;
  now?: Date;
}

/**
 * A failed sign-in goes to the audit trail: under the account's first company when the name is
 * a known account (its managers see it), under no company otherwise (the platform operator's).
 */
async function recordFailure(userId: number | undefined, typed: string, why: string, attempt: SignInAttempt) {
  const [member] = userId
    ? await db()
        .select({ companyId: companyUsers.companyId })
        .from(companyUsers)
        .where(eq(companyUsers.userId, userId))
        .orderBy(asc(companyUsers.companyId))
        .limit(1)
    : [];
  await recordAudit({
    action: "loginFailed",
    companyId: member?.companyId ?? null,
    userId: userId ?? null,
    userName: typed,
    summary: why,
    ip: attempt.ip ?? null,
    userAgent: attempt.userAgent ?? null,
    at: attempt.now,
  });
}

function keyOf(...parts: string[]) {
  return crypto.createHash("sha256").update(parts.join("\u001f")).digest("hex");
}

/**
 * Admits one attempt for a key, counting it at once (a burst of parallel guesses counts in
 * full, whichever instance serves it), or answers how many seconds the key must still wait.
 * One upsert: the row is only updated when the key is not blocked.
 */
async function admit(key: string, rule: Rule, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const windowStartedBefore = new Date(now.getTime() - rule.windowMs).toISOString();
  const fresh = sql`${loginThrottle.windowStart} <= ${windowStartedBefore}::timestamptz`;
  const next = sql`(case when ${fresh} then 1 else ${loginThrottle.failures} + 1 end)`;
  const blockedFor = (n: ReturnType<typeof sql>) =>
    sql`(case when ${n} < ${rule.free} then null
              else ${nowIso}::timestamptz + least(power(2, ${n} - ${rule.free}), ${rule.maxDelaySeconds}) * interval '1 second' end)`;
  const admitted = await db()
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, blockedUntil: null }) // every rule has free ≥ 1
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        windowStart: sql`(case when ${fresh} then ${nowIso}::timestamptz else ${loginThrottle.windowStart} end)`,
        blockedUntil: blockedFor(next),
      },
      setWhere: sql`${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} <= ${nowIso}::timestamptz`,
    })
    .returning({ failures: loginThrottle.failures });
  if (admitted.length) return 0;
  const [row] = await db().select({ until: loginThrottle.blockedUntil }).from(loginThrottle).where(eq(loginThrottle.key, key));
  const ms = row?.until ? row.until.getTime() - now.getTime() : 1000;
  return Math.max(1, Math.ceil(ms / 1000));
}

/** Gives an admitted attempt back (it turned out not to be a wrong guess). */
async function giveBack(key: string, rule: Rule) {
  await db()
    .update(loginThrottle)
    .set({
      failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
      blockedUntil: sql`(case when ${loginThrottle.failures} - 1 < ${rule.free} then null else ${loginThrottle.blockedUntil} end)`,
    })
    .where(eq(loginThrottle.key, key));
}

/**
 * Checks a username (or phone number) and password; returns the user id or throws a
 * DomainError carrying the Chinese message. Known and unknown usernames take the same path:
 * same throttling, same password hashing work, same answer. Only someone who knows the
 * password learns that an administrator locked the account.
 */
export async function verifyCredentials(input: unknown, attempt: SignInAttempt = {}): Promise<number> {
  const { username, password } = parseInput(CredentialsSchema, input);
  const now = attempt.now ?? new Date();
  const ip = attempt.ip || "unknown";
  const [user] = await db()
    .select({ id: users.id, passwordHash: users.passwordHash, isLocked: users.isLocked })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.phone, username)))
    .limit(1);
  // A known account is one subject however it is typed (username or phone); an unknown name
  // is throttled the same way under the name typed.
  const subject = user ? `user:${user.id}` : `name:${username.toLowerCase()}`;
  const addressKey = keyOf("address", ip);
  const pairKey = keyOf("pair", subject, ip);

  const addressWait = await admit(addressKey, THROTTLE.address, now);
  if (addressWait) {
    await recordFailure(user?.id, username, "尝试过于频繁，已限制", attempt);
    throw new SignInThrottled(addressWait);
  }
  const pairWait = await admit(pairKey, THROTTLE.pair, now);
  if (pairWait) {
    await giveBack(addressKey, THROTTLE.address);
    await recordFailure(user?.id, username, "尝试过于频繁，已限制", attempt);
    throw new SignInThrottled(pairWait);
  }

  const ok = user ? await verifyPassword(user.passwordHash, password) : await dummyVerify(password);
  if (!user || !ok) {
    await recordFailure(user?.id, username, user ? "密码错误" : "用户名不存在", attempt);
    throw new DomainError("unauthorized", t.login.invalid);
  }
  // The owner got in: this address's slate for the account is clean, and the attempt was no guess.
  await db().delete(loginThrottle).where(eq(loginThrottle.key, pairKey));
  await giveBack(addressKey, THROTTLE.address);
  if (user.isLocked) {
    await recordFailure(user.id, username, "账号已被锁定", attempt);
    throw new DomainError("locked", t.login.adminLocked);
  }
  return user.id;
}

/** Housekeeping: rows whose window has passed and that block nothing any more. */
export async function purgeLoginThrottle(now = new Date()) {
  const longest = Math.max(THROTTLE.pair.windowMs, THROTTLE.address.windowMs);
  const before = new Date(now.getTime() - longest).toISOString();
  await db()
    .delete(loginThrottle)
    .where(
      sql`${loginThrottle.windowStart} <= ${before}::timestamptz and (${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} <= ${now.toISOString()}::timestamptz)`,
    );
}
