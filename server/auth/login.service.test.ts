import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { users } from "../kernel/identity.tables";
import { TEST_PASSWORD, useTestDatabase, userIdOf } from "../test/test-db";
import { loginThrottle } from "./auth.tables";
import { SignInThrottled, THROTTLE, purgeLoginThrottle, verifyCredentials } from "./login.service";

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

/** The outcome of one attempt, as the edge would answer it. */
async function attempt(username: string, password: string, ip: string, now: Date) {
  try {
    await verifyCredentials({ username, password }, { ip, now });
    return { status: 200, message: "" };
  } catch (e) {
    const err = e as { code: string; message: string; retryAfterSeconds?: number };
    const status = { unauthorized: 401, rate_limited: 429, locked: 423, bad_request: 400 }[err.code] ?? 500;
    return { status, message: err.message, retryAfter: err.retryAfterSeconds };
  }
}

describe("sign-in credentials", () => {
  useTestDatabase();

  it("accepts the username, case-insensitively, and the phone number", async () => {
    const id = await userIdOf("sales1");
    expect(await verifyCredentials({ username: "sales1", password: TEST_PASSWORD })).toBe(id);
    expect(await verifyCredentials({ username: "SALES1", password: TEST_PASSWORD })).toBe(id);
    expect(await verifyCredentials({ username: "13922001002", password: TEST_PASSWORD })).toBe(id);
  });

  it("asks for both fields in Chinese and never crashes on odd input", async () => {
    await expect(verifyCredentials({ username: "", password: "" })).rejects.toThrow("请输入用户名或手机号");
    await expect(verifyCredentials({ username: "sales1" })).rejects.toThrow("请输入密码");
    await expect(verifyCredentials(null)).rejects.toMatchObject({ name: "DomainError", code: "bad_request" });
    await expect(verifyCredentials({ username: ["a"], password: { x: 1 } })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("answers unknown and known usernames alike, failure after failure, throttled alike", async () => {
    const now = new Date("2026-11-20T08:00:00Z");
    const known: Awaited<ReturnType<typeof attempt>>[] = [];
    const unknown: Awaited<ReturnType<typeof attempt>>[] = [];
    for (let i = 0; i < THROTTLE.pair.free + 2; i++) {
      known.push(await attempt("sales1", "wrong", "10.0.0.1", now));
      unknown.push(await attempt("no-such-user", "wrong", "10.0.0.2", now));
    }
    expect(unknown).toEqual(known);
    expect(known[0]).toEqual({ status: 401, message: "用户名或密码错误", retryAfter: undefined });
    expect(known.at(-1)).toMatchObject({ status: 429, retryAfter: 1 });
  });

  it("never locks the account: failures from many addresses leave its owner signing in at once", async () => {
    const now = new Date("2026-11-20T09:00:00Z");
    // 5 addresses × 8 wrong passwords for admin, each waiting out its back-off: 40 failures.
    for (let a = 1; a <= 5; a++) {
      let t = 0;
      for (let i = 0; i < 8; i++) {
        const r = await attempt("admin", `guess-${i}`, `203.0.113.${a}`, at(now, t));
        if (r.status === 429) t += r.retryAfter!;
        t += 1;
      }
    }
    const r = await attempt("admin", TEST_PASSWORD, "192.168.1.10", at(now, 60));
    expect(r.status).toBe(200);
    const [u] = await db().select({ isLocked: users.isLocked }).from(users).where(eq(users.username, "admin"));
    expect(u!.isLocked).toBe(false);
  });

  it("slows the guessing address down with doubling waits, even for the right password", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const ip = "198.51.100.7";
    for (let i = 0; i < THROTTLE.pair.free; i++) expect((await attempt("buyer2", "wrong", ip, now)).status).toBe(401);
    // Waiting: refused before the password is looked at, so the right one does not help.
    const blocked = await attempt("buyer2", TEST_PASSWORD, ip, at(now, 0.5));
    expect(blocked).toMatchObject({ status: 429, retryAfter: 1, message: "登录尝试过于频繁，请 1 秒后再试" });
    // Each further failure doubles the wait: 2 s, 4 s, 8 s.
    let t = 1;
    for (const wait of [2, 4, 8]) {
      expect((await attempt("buyer2", "wrong", ip, at(now, t))).status).toBe(401);
      expect((await attempt("buyer2", "wrong", ip, at(now, t + wait - 0.5))).retryAfter).toBe(1);
      t += wait;
    }
    // The owner, elsewhere, is not slowed at all.
    expect((await attempt("buyer2", TEST_PASSWORD, "192.168.7.7", at(now, t - 1))).status).toBe(200);
    // The right password after the wait clears the address's slate for the account.
    expect((await attempt("buyer2", TEST_PASSWORD, ip, at(now, t))).status).toBe(200);
    for (let i = 0; i < THROTTLE.pair.free; i++) expect((await attempt("buyer2", "wrong", ip, at(now, t + 1))).status).toBe(401);
  });

  it("caps the wait at 15 minutes and starts over after a quiet day", async () => {
    const now = new Date("2026-11-20T11:00:00Z");
    const ip = "198.51.100.8";
    let t = 0;
    let last = 0;
    for (let i = 0; i < 20; i++) {
      const r = await attempt("stock2", "wrong", ip, at(now, t));
      if (r.status === 429) {
        last = r.retryAfter!;
        t += r.retryAfter!;
        i--;
      }
    }
    expect(last).toBeLessThanOrEqual(THROTTLE.pair.maxDelaySeconds);
    expect((await attempt("stock2", "wrong", ip, at(now, t))).retryAfter).toBe(THROTTLE.pair.maxDelaySeconds);
    const nextDay = at(now, t + 24 * 3600 + 1);
    expect((await attempt("stock2", "wrong", ip, nextDay)).status).toBe(401);
    expect((await attempt("stock2", "wrong", ip, nextDay)).status).toBe(401);
  });

  it("throttles an address that sprays passwords across many accounts", async () => {
    const now = new Date("2026-11-20T12:00:00Z");
    const ip = "198.51.100.9";
    for (let i = 0; i < THROTTLE.address.free; i++) expect((await attempt(`spray${i}`, "Passw0rd!", ip, now)).status).toBe(401);
    // Any account, any password: this address waits.
    expect(await attempt("boss2", TEST_PASSWORD, ip, at(now, 0.1))).toMatchObject({ status: 429, retryAfter: 1 });
    // Other addresses are untouched.
    expect((await attempt("boss2", TEST_PASSWORD, "198.51.100.10", at(now, 0.1))).status).toBe(200);
  });

  it("keeps the administrator's lock apart: it shows only to someone who knows the password", async () => {
    await db().update(users).set({ isLocked: true }).where(eq(users.username, "sales2"));
    try {
      const now = new Date("2026-11-20T13:00:00Z");
      expect(await attempt("sales2", "wrong", "10.1.1.1", now)).toMatchObject({ status: 401, message: "用户名或密码错误" });
      expect(await attempt("sales2", TEST_PASSWORD, "10.1.1.1", now)).toMatchObject({ status: 423, message: "账户已被锁定，请联系管理员" });
    } finally {
      await db().update(users).set({ isLocked: false }).where(eq(users.username, "sales2"));
    }
  });

  it("housekeeping clears spent counters and keeps recent ones", async () => {
    const long = new Date("2026-10-01T08:00:00Z");
    for (let i = 0; i < 3; i++) await attempt("boss2", "wrong", "10.9.9.1", long);
    const before = (await db().select().from(loginThrottle)).length;
    // Long after: counters from that day are spent; today's attempts are kept.
    const today = new Date("2026-10-03T08:00:00Z");
    await attempt("boss2", "wrong", "10.9.9.2", today);
    await purgeLoginThrottle(today);
    const keys = await db().select().from(loginThrottle);
    expect(keys.length).toBe(before - 2 + 2);
    expect(keys.every((k) => k.windowStart.getTime() !== long.getTime())).toBe(true);
  });

  it("counts attempts served by different app instances together (the counters live in the database)", async () => {
    // Two instances are two callers sharing only the database: alternate between them.
    const now = new Date("2026-11-20T14:00:00Z");
    const instanceA = (u: string, p: string) => verifyCredentials({ username: u, password: p }, { ip: "192.0.2.50", now });
    const instanceB = (u: string, p: string) => verifyCredentials({ username: u, password: p }, { ip: "192.0.2.50", now });
    const results = [];
    for (let i = 0; i < THROTTLE.pair.free + 1; i++) {
      results.push(await (i % 2 ? instanceB : instanceA)("boss1", "wrong").catch((e: Error) => e));
    }
    expect(results.slice(0, THROTTLE.pair.free).every((e) => (e as unknown as { code: string }).code === "unauthorized")).toBe(true);
    expect(results.at(-1)).toBeInstanceOf(SignInThrottled);
  });
});
