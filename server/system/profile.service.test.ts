import { describe, expect, it } from "vitest";
import { resolveSession, startSession } from "../auth/session.service";
import { verifyCredentials } from "../auth/login.service";
import { switchCompany } from "../auth/session.service";
import { TEST_PASSWORD, companyIdOf, ctxOf, useTestDatabase, userIdOf } from "../test/test-db";
import { changePassword, getAvatar, getProfile, setAvatar, updateProfile } from "./profile.service";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

describe("own profile", () => {
  useTestDatabase();

  it("updates name and phone, refusing a phone another user has", async () => {
    const { ctx } = await ctxOf("sales1");
    const p = await updateProfile(ctx, { name: " 李晓燕（销售） ", phone: "13600001111" });
    expect(p).toMatchObject({ name: "李晓燕（销售）", phone: "13600001111" });
    await expect(updateProfile(ctx, { name: "李晓燕", phone: "13922001001" })).rejects.toThrow("该手机号已被其他账号使用");
    await expect(updateProfile(ctx, { name: "", phone: "" })).rejects.toThrow("请输入姓名");
    await expect(updateProfile(ctx, { name: "李", phone: "12345" })).rejects.toThrow("请输入正确的 11 位手机号");
    expect((await getProfile(ctx)).phone).toBe("13600001111");
  });

  it("stores an avatar within the size and type limits only", async () => {
    const { ctx } = await ctxOf("buyer1");
    await setAvatar(ctx, { type: "image/png", size: PNG.length, bytes: PNG });
    expect((await getAvatar(ctx, ctx.userId))?.contentType).toBe("image/png");
    expect((await getProfile(ctx)).avatarVersion).toBe(1);
    // A script renamed to .png is refused by its bytes, not its claimed type.
    const script = new TextEncoder().encode("<script>alert(1)</script>");
    await expect(setAvatar(ctx, { type: "image/png", size: script.length, bytes: script })).rejects.toThrow("头像只支持");
    await expect(setAvatar(ctx, { type: "image/png", size: 600 * 1024, bytes: PNG })).rejects.toThrow("头像文件不能超过 512 KB");
    await expect(setAvatar(ctx, undefined)).rejects.toThrow("请选择头像图片");
    expect((await getProfile(ctx)).avatarVersion).toBe(1);
  });
});

describe("avatars are company data", () => {
  useTestDatabase();

  it("shows a picture to the user's colleagues and the platform operator only", async () => {
    // sales1 works for 穗通汽配, sales2 for 鹏达汽配; duo belongs to both.
    for (const u of ["sales1", "sales2"]) {
      const { ctx } = await ctxOf(u);
      await setAvatar(ctx, { type: "image/png", size: PNG.length, bytes: PNG });
    }
    const sales1 = await userIdOf("sales1");
    const sales2 = await userIdOf("sales2");
    const boss1 = (await ctxOf("boss1")).ctx;
    expect(await getAvatar(boss1, sales1)).toBeDefined();
    expect(await getAvatar(boss1, sales2)).toBeUndefined();
    const boss2 = (await ctxOf("boss2")).ctx;
    expect(await getAvatar(boss2, sales1)).toBeUndefined();
    expect(await getAvatar(boss2, sales2)).toBeDefined();
    // The current company counts, not every company the viewer belongs to.
    const { ctx: duo, token } = await ctxOf("duo");
    expect(duo.companyId).toBe(await companyIdOf("穗通汽配"));
    expect(await getAvatar(duo, sales1)).toBeDefined();
    expect(await getAvatar(duo, sales2)).toBeUndefined();
    await switchCompany(duo, await companyIdOf("鹏达汽配"));
    const duoThere = (await resolveSession(token))!;
    expect(await getAvatar(duoThere, sales1)).toBeUndefined();
    expect(await getAvatar(duoThere, sales2)).toBeDefined();
    // The platform operator keeps every user's account, pictures included.
    const admin = (await ctxOf("admin")).ctx;
    expect(await getAvatar(admin, sales1)).toBeDefined();
    expect(await getAvatar(admin, sales2)).toBeDefined();
  });
});

describe("change password (spec 000 §5 error codes)", () => {
  useTestDatabase();

  const attempt = async (oldPassword: string, newPassword: string) => {
    const { ctx } = await ctxOf("stock1");
    return changePassword(ctx, { oldPassword, newPassword, confirmPassword: newPassword });
  };

  it.each([
    ["wrong", "Good@Pass1", "原密码不正确"],
    [TEST_PASSWORD, "Ab@1", "密码长度至少为 6 位"],
    [TEST_PASSWORD, "Abcdef1", "密码必须包含至少一个特殊字符"],
    [TEST_PASSWORD, "ABCDE@1", "密码必须包含至少一个小写字母 (a-z)"],
    [TEST_PASSWORD, "abcde@1", "密码必须包含至少一个大写字母 (A-Z)"],
  ])("old %s, new %s → %s", async (oldPw, newPw, message) => {
    await expect(attempt(oldPw, newPw)).rejects.toMatchObject({ code: "bad_request", message });
    // Nothing changed: the old password still works.
    await expect(verifyCredentials({ username: "stock1", password: TEST_PASSWORD })).resolves.toBeTypeOf("number");
  });

  it("refuses a confirmation that does not match", async () => {
    const { ctx } = await ctxOf("stock1");
    await expect(changePassword(ctx, { oldPassword: TEST_PASSWORD, newPassword: "Good@Pass1", confirmPassword: "Good@Pass2" })).rejects.toThrow(
      "两次输入的新密码不一致",
    );
  });

  it("changes it and ends the user's other sessions, keeping this one", async () => {
    const other = await startSession({ userId: (await ctxOf("stock1")).ctx.userId, kind: "web" });
    const { ctx, token } = await ctxOf("stock1");
    await changePassword(ctx, { oldPassword: TEST_PASSWORD, newPassword: "New@Pass9", confirmPassword: "New@Pass9" });
    expect(await resolveSession(token)).toBeDefined();
    expect(await resolveSession(other.token)).toBeUndefined();
    await expect(verifyCredentials({ username: "stock1", password: TEST_PASSWORD })).rejects.toThrow("用户名或密码错误");
    await expect(verifyCredentials({ username: "stock1", password: "New@Pass9" })).resolves.toBe(ctx.userId);
  });
});
