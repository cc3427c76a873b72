import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { users } from "../system/system.tables";
import { TEST_PASSWORD, useTestDatabase, userIdOf } from "../test/test-db";
import { LOCK_MINUTES, MAX_FAILED_LOGINS, verifyCredentials } from "./login.service";

describe("sign-in credentials", () => {
  useTestDatabase();

  it("accepts the username, case-insensitively, and the phone number", async () => {
    const id = await userIdOf("sales1");
    expect(await verifyCredentials({ username: "sales1", password: TEST_PASSWORD })).toBe(id);
    expect(await verifyCredentials({ username: "SALES1", password: TEST_PASSWORD })).toBe(id);
    expect(await verifyCredentials({ username: "13922001002", password: TEST_PASSWORD })).toBe(id);
  });

  it("refuses a wrong password or unknown user with the same message", async () => {
    await expect(verifyCredentials({ username: "sales1", password: "nope" })).rejects.toThrow("用户名或密码错误");
    await expect(verifyCredentials({ username: "nobody", password: TEST_PASSWORD })).rejects.toThrow("用户名或密码错误");
  });

  it("asks for both fields in Chinese and never crashes on odd input", async () => {
    await expect(verifyCredentials({ username: "", password: "" })).rejects.toThrow("请输入用户名或手机号");
    await expect(verifyCredentials({ username: "sales1" })).rejects.toThrow("请输入密码");
    await expect(verifyCredentials(null)).rejects.toMatchObject({ name: "DomainError", code: "bad_request" });
    await expect(verifyCredentials({ username: ["a"], password: { x: 1 } })).rejects.toMatchObject({ code: "bad_request" });
  });

  it(`locks the account for ${LOCK_MINUTES} minutes after ${MAX_FAILED_LOGINS} wrong passwords`, async () => {
    const now = new Date("2026-11-20T08:00:00Z");
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) {
      await expect(verifyCredentials({ username: "buyer2", password: "wrong" }, now)).rejects.toMatchObject({ code: "unauthorized" });
    }
    // The warning names the attempts left once few remain.
    await expect(verifyCredentials({ username: "buyer2", password: "wrong" }, now)).rejects.toThrow(`请 ${LOCK_MINUTES} 分钟后再试`);
    // Locked: even the right password is refused now …
    await expect(verifyCredentials({ username: "buyer2", password: TEST_PASSWORD }, new Date(now.getTime() + 60_000))).rejects.toMatchObject({
      code: "locked",
      message: expect.stringContaining("账户已临时锁定"),
    });
    // … and accepted once the lock has run out, which also resets the counter.
    const later = new Date(now.getTime() + (LOCK_MINUTES * 60 + 1) * 1000);
    expect(await verifyCredentials({ username: "buyer2", password: TEST_PASSWORD }, later)).toBe(await userIdOf("buyer2"));
    const [u] = await db().select().from(users).where(eq(users.username, "buyer2"));
    expect(u!.failedLogins).toBe(0);
    expect(u!.lockedUntil).toBeNull();
  });

  it("counts down the attempts left in the message", async () => {
    for (let i = 0; i < MAX_FAILED_LOGINS - 3; i++) await verifyCredentials({ username: "stock2", password: "x" }).catch(() => {});
    await expect(verifyCredentials({ username: "stock2", password: "x" })).rejects.toThrow("再错 2 次账户将被临时锁定");
  });

  it("refuses a user an administrator locked, whatever the password", async () => {
    await db().update(users).set({ isLocked: true }).where(eq(users.username, "sales2"));
    await expect(verifyCredentials({ username: "sales2", password: TEST_PASSWORD })).rejects.toThrow("账户已被锁定，请联系管理员");
    await db().update(users).set({ isLocked: false }).where(eq(users.username, "sales2"));
  });
});
