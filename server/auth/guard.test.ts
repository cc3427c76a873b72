import { beforeAll, describe, expect, it } from "vitest";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { commitSessionToken, sessionCookie } from "./cookie";
import { requireApiUser, requirePage, requireUser } from "./guard";
import { endSession } from "./session.service";

async function requestAs(token: string | undefined, path = "/sale/orderCreate", headers: Record<string, string> = {}) {
  const h = new Headers(headers);
  if (token) h.set("Cookie", (await commitSessionToken(token)).split(";")[0]!);
  return new Request(`http://localhost${path}`, { headers: h });
}

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a thrown Response");
}

describe("permission guard", () => {
  useTestDatabase();
  beforeAll(() => {
    process.env.SESSION_SECRET ??= "test-secret-for-guard";
  });

  it("lets a role holding the code through and refuses (403) one that lacks it", async () => {
    const boss = await ctxOf("boss1");
    await expect(requirePage(await requestAs(boss.token), "XSGL-004")).resolves.toMatchObject({ username: "boss1" });
    const buyer = await ctxOf("buyer1");
    const res = await thrown(requirePage(await requestAs(buyer.token), "XSGL-004"));
    expect(res.status).toBe(403);
    // By url too: the menu entry with that url decides.
    expect((await thrown(requirePage(await requestAs(buyer.token), "/sale/orderCreate"))).status).toBe(403);
    await expect(requirePage(await requestAs(buyer.token), "/purchase/orderCreate")).resolves.toBeDefined();
  });

  it("sends a signed-out page request to /login remembering the path", async () => {
    const res = await thrown(requireUser(await requestAs(undefined, "/profile?actab=1")));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%3Factab%3D1");
  });

  it("sends a kicked session to /login with the offline notice and clears the cookie", async () => {
    const { token } = await ctxOf("sales1");
    await endSession(token);
    const res = await thrown(requireUser(await requestAs(token, "/home")));
    expect(res.headers.get("Location")).toBe("/login?offline=1");
    expect(res.headers.get("Set-Cookie")).toContain(`${sessionCookie().name}=;`);
  });

  it("answers API calls without a valid session with 401 JSON", async () => {
    const res = await thrown(requireApiUser(await requestAs(undefined, "/auth/user/profile")));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthorized", message: "未登录或登录已失效" } });
    const bad = await thrown(requireApiUser(await requestAs(undefined, "/auth/user/profile", { Authorization: "Bearer not-a-real-token-123" })));
    expect(bad.status).toBe(401);
  });

  it("refuses a forged cookie (bad signature)", async () => {
    const { token } = await ctxOf("boss1");
    const req = new Request("http://localhost/home", { headers: { Cookie: `${sessionCookie().name}=${token}` } });
    expect((await thrown(requireUser(req))).status).toBe(302);
  });
});
