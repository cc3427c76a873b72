import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../test/http-app";
import { TEST_PASSWORD, useTestDatabase } from "../test/test-db";

/** ABP's my-profile calls through the real build and HTTP stack, with a bearer token. */
describe("GET/PUT /api/identity/my-profile, POST …/change-password", () => {
  useTestDatabase();
  let base = "";
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    ({ base, close } = await startTestApp());
  });
  afterAll(() => close?.());

  async function tokenOf(username: string, password = TEST_PASSWORD) {
    const res = await fetch(base + "/auth/user/auth", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username, password }) });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    return { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" };
  }

  it("reads and updates the caller's own profile in ABP's shape, with Chinese errors", async () => {
    const headers = await tokenOf("buyer2");
    const me = await fetch(base + "/api/identity/my-profile", { headers });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ userName: "buyer2", isExternal: false, hasPassword: true, extraProperties: {} });

    const put = await fetch(base + "/api/identity/my-profile", { method: "PUT", headers, body: JSON.stringify({ name: "采购员乙", phoneNumber: "13600002222" }) });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ userName: "buyer2", name: "采购员乙", phoneNumber: "13600002222" });

    const rename = await fetch(base + "/api/identity/my-profile", { method: "PUT", headers, body: JSON.stringify({ userName: "admin" }) });
    expect(rename.status).toBe(400);
    expect(await rename.json()).toMatchObject({ error: { message: "用户名不能修改" } });
    const taken = await fetch(base + "/api/identity/my-profile", { method: "PUT", headers, body: JSON.stringify({ phoneNumber: "13922001001" }) });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { message: "该手机号已被其他账号使用" } });
    expect(await (await fetch(base + "/api/identity/my-profile", { headers })).json()).toMatchObject({ phoneNumber: "13600002222" });

    expect((await fetch(base + "/api/identity/my-profile")).status).toBe(401);
    expect((await fetch(base + "/api/identity/my-profile", { method: "DELETE", headers })).status).toBe(405);
  });

  it("changes the password with the current one; a wrong current password changes nothing", async () => {
    const headers = await tokenOf("stock2");
    const wrong = await fetch(base + "/api/identity/my-profile/change-password", { method: "POST", headers, body: JSON.stringify({ currentPassword: "nope", newPassword: "NewPass@2026" }) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { message: "原密码不正确" } });
    const weak = await fetch(base + "/api/identity/my-profile/change-password", { method: "POST", headers, body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: "abc" }) });
    expect(weak.status).toBe(400);
    const ok = await fetch(base + "/api/identity/my-profile/change-password", { method: "POST", headers, body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: "NewPass@2026" }) });
    expect(ok.status).toBe(204);
    await tokenOf("stock2", "NewPass@2026");
    const old = await fetch(base + "/auth/user/auth", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "stock2", password: TEST_PASSWORD }) });
    expect(old.status).toBe(401);
  });
});
