import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "./db/client";
import { describeError } from "./lib/error-log";
import { getProfile, setAvatar } from "./system/profile.service";
import { TEST_PASSWORD, ctxOf, useTestDatabase, userIdOf } from "./test/test-db";
import { startTestApp } from "./test/http-app";

// The edge and sign-in security of issue 7 (items 4, 5, 6, 11), through the real Remix build
// behind the real Express stack (npm test builds first).
const NUL_MESSAGE = "提交的内容含有无法识别的字符（如空字符），请删除后重试";

describe("HTTP edge security", () => {
  useTestDatabase();
  let base = "";
  let clientBuildDir = "";
  let close: (() => Promise<void>) | undefined;
  const errors: string[] = [];
  let spy: ReturnType<typeof vi.spyOn> | undefined;

  beforeAll(async () => {
    // Build files from a directory of the test's own: a build running beside the tests empties build/client.
    clientBuildDir = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-client-"));
    fs.writeFileSync(path.join(clientBuildDir, "entry.client-TEST.js"), "export {};");
    ({ base, close } = await startTestApp({ clientBuildDir }));
  });
  afterAll(async () => {
    await close?.();
    if (clientBuildDir) fs.rmSync(clientBuildDir, { recursive: true, force: true });
  });
  // Everything written to the error log during a test, to prove no user data reaches it.
  beforeEach(() => {
    errors.length = 0;
    spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      errors.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(" "));
    });
  });
  afterEach(() => spy?.mockRestore());

  const form = (data: Record<string, string>) => new URLSearchParams(data).toString();
  const post = (p: string, body: string, headers: Record<string, string> = {}) =>
    fetch(base + p, { method: "POST", body, redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers } });
  async function signIn(username: string, extra: Record<string, string> = {}) {
    const res = await post("/login", form({ username, password: TEST_PASSWORD }), extra);
    expect(res.status).toBe(302);
    return res.headers.get("Set-Cookie")!.split(";")[0]!;
  }
  async function token(username: string) {
    const r = await fetch(base + "/auth/user/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    expect(r.status).toBe(200);
    return { Authorization: `Bearer ${((await r.json()) as { access_token: string }).access_token}`, "Content-Type": "application/json" };
  }
  async function expectRefusedPage(res: Response) {
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(NUL_MESSAGE);
  }
  async function expectRefusedJson(res: Response) {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "bad_request", message: NUL_MESSAGE } });
  }

  describe("text PostgreSQL cannot store is refused at the edge (400, Chinese), before and after sign-in", () => {
    it("in the sign-in form and the token call", async () => {
      await expectRefusedPage(await post("/login", form({ username: "admin\u0000", password: "x" })));
      await expectRefusedPage(await post("/login", "username=%00&password=x"));
      await expectRefusedJson(
        await fetch(base + "/auth/user/auth", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: '{"username":"sales1\\u0000","password":"x"}',
        }),
      );
      // A lone surrogate has no UTF-8 form either.
      await expectRefusedJson(
        await fetch(base + "/auth/user/auth", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: '{"username":"\\ud800","password":"x"}',
        }),
      );
      expect(errors).toEqual([]);
    });

    it("in a list page's and an API list's query string, and in a path", async () => {
      const cookie = await signIn("boss1");
      await expectRefusedPage(await fetch(base + "/organization/partner?q=%00", { headers: { Cookie: cookie } }));
      await expectRefusedPage(await fetch(base + "/product/list?q=abc%00def&page=1", { headers: { Cookie: cookie } }));
      await expectRefusedPage(await fetch(base + "/organization/partner?%00=1", { headers: { Cookie: cookie } }));
      const api = await token("boss1");
      await expectRefusedJson(await fetch(base + "/api/app/productBrand?filter=%00", { headers: api }));
      await expectRefusedJson(await fetch(base + "/api/app/enterpriseRelation?filter=x&sorting=name%00", { headers: api }));
      await expectRefusedJson(await fetch(base + "/api/app/product/checkRepeatOE?oe=%00", { headers: api }));
      await expectRefusedPage(await fetch(base + "/avatar/1%00", { headers: { Cookie: cookie } }));
      // Signed out too.
      await expectRefusedPage(await fetch(base + "/login?redirectTo=%2Fhome%00"));
      // Ordinary odd text still goes through.
      expect((await fetch(base + "/organization/partner?q=%25%27%E4%B8%AD", { headers: { Cookie: cookie } })).status).toBe(200);
      expect(errors).toEqual([]);
    });

    it("in a JSON body field and a form field after sign-in, changing nothing", async () => {
      const api = await token("admin");
      await expectRefusedJson(await fetch(base + "/api/app/productBrand", { method: "POST", headers: api, body: '{"name":"空字符品牌\\u0000","code":"N1"}' }));
      await expectRefusedJson(
        await fetch(base + "/api/app/productBrand", { method: "POST", headers: api, body: '{"name":"嵌套","extra":{"deep":["ok","\\u0000"]}}' }),
      );
      await expectRefusedJson(await fetch(base + "/api/app/productBrand", { method: "POST", headers: api, body: '{"name\\u0000":"键名"}' }));
      const deep = '{"name":"深","x":' + "[".repeat(200) + '"\\u0000"' + "]".repeat(200) + "}";
      await expectRefusedJson(await fetch(base + "/api/app/productBrand", { method: "POST", headers: api, body: deep }));
      const list = (await (await fetch(base + "/api/app/productBrand?filter=" + encodeURIComponent("空字符品牌"), { headers: api })).json()) as {
        totalCount: number;
      };
      expect(list.totalCount).toBe(0);

      const cookie = await signIn("sales1");
      const { ctx } = await ctxOf("sales1");
      const before = (await getProfile(ctx)).name;
      await expectRefusedPage(await post("/profile", form({ intent: "profile", name: "李\u0000", phone: "" }), { Cookie: cookie }));
      await expectRefusedPage(await post("/organization/partner", "intent=save&rel=1&name=%00", { Cookie: await signIn("boss1") }));
      // Multipart text parts too (the profile form posts multipart when it carries a file).
      const multipart = new FormData();
      multipart.set("intent", "profile");
      multipart.set("name", "多部分\u0000");
      await expectRefusedPage(
        await fetch(base + "/profile", { method: "POST", body: multipart, redirect: "manual", headers: { Cookie: cookie, Origin: base } }),
      );
      expect((await getProfile(ctx)).name).toBe(before);
      // The same forms without the bad character still work (the body reaches the route intact).
      expect((await post("/profile", form({ intent: "profile", name: "李晓燕", phone: "" }), { Cookie: cookie })).status).toBe(302);
      expect((await getProfile(ctx)).name).toBe("李晓燕");
      const ok = new FormData();
      ok.set("intent", "profile");
      ok.set("name", "多部分表单");
      ok.set("phone", "");
      expect((await fetch(base + "/profile", { method: "POST", body: ok, redirect: "manual", headers: { Cookie: cookie, Origin: base } })).status).toBe(302);
      expect((await getProfile(ctx)).name).toBe("多部分表单");
      expect(errors).toEqual([]);
    });

    it("bytes that are not UTF-8 are refused like NUL, in every kind of body and in the query string, changing nothing", async () => {
      const cookie = await signIn("sales1");
      const { ctx } = await ctxOf("sales1");
      const before = (await getProfile(ctx)).name;
      const raw = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
      const postRaw = (p: string, body: Buffer, type: string, headers: Record<string, string> = {}) =>
        fetch(base + p, { method: "POST", body: new Uint8Array(body), redirect: "manual", headers: { "Content-Type": type, Origin: base, ...headers } });
      // urlencoded: percent-encoded GBK (a form posted by a page saved in another charset), a lone continuation byte, raw bytes.
      await expectRefusedPage(await post("/profile", "intent=profile&name=%C0%EE&phone=", { Cookie: cookie }));
      await expectRefusedPage(await post("/profile", "intent=profile&name=%E6%9D&phone=", { Cookie: cookie }));
      await expectRefusedPage(
        await postRaw("/profile", raw("intent=profile&name=", [0xff, 0xfe], "&phone="), "application/x-www-form-urlencoded", { Cookie: cookie }),
      );
      await expectRefusedPage(await post("/profile", "intent=profile&na%FFme=x&phone=", { Cookie: cookie }));
      // multipart text fields, with a browser's mixed-case boundary.
      const boundary = "----WebKitFormBoundaryXyZ09AbCdEfGh";
      const multipart = raw(
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprofile\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`,
        [0xe6, 0x9d],
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n\r\n--${boundary}--\r\n`,
      );
      await expectRefusedPage(await postRaw("/profile", multipart, `multipart/form-data; boundary=${boundary}`, { Cookie: cookie }));
      expect((await getProfile(ctx)).name).toBe(before);
      // JSON: raw bytes inside a string.
      const api = await token("admin");
      await expectRefusedJson(
        await postRaw("/api/app/productBrand", raw('{"name":"', [0xb7, 0xc7], '品牌","code":"U1"}'), "application/json", { Authorization: api.Authorization }),
      );
      const list = (await (await fetch(base + "/api/app/productBrand?filter=" + encodeURIComponent("品牌"), { headers: api })).json()) as {
        items: { name: string }[];
      };
      expect(list.items.map((b) => b.name).filter((n) => n.includes("\uFFFD"))).toEqual([]);
      // The query string of a page and of an API call.
      await expectRefusedPage(await fetch(base + "/organization/partner?q=%C0%EE", { headers: { Cookie: cookie } }));
      await expectRefusedJson(await fetch(base + "/api/app/productBrand?filter=%FF", { headers: api }));
      // Valid UTF-8 still goes through, the replacement character itself included.
      expect((await post("/profile", "intent=profile&name=%E6%9D%8E%EF%BF%BD&phone=", { Cookie: cookie })).status).toBe(302);
      expect((await getProfile(ctx)).name).toBe("李\uFFFD");
      const ok = raw(
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprofile\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n李晓燕\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n\r\n--${boundary}--\r\n`,
      );
      expect((await postRaw("/profile", ok, `multipart/form-data; boundary=${boundary}`, { Cookie: cookie })).status).toBe(302);
      expect((await getProfile(ctx)).name).toBe("李晓燕");
      expect(errors).toEqual([]);
    });

    it("logs a database error by class and code only, never its SQL or parameters", async () => {
      let failure: unknown;
      try {
        await db().execute(sql`select ${"机密客户\u0000"}::text as x from (select 1) s where 1 = ${42}`);
      } catch (e) {
        failure = e;
      }
      expect(failure).toBeDefined();
      const line = describeError(failure);
      expect(line).not.toContain("机密客户");
      expect(line).not.toMatch(/select|params|Failed query/i);
      expect(line).toMatch(/^\w+/);
    });
  });

  describe("sign-in", () => {
    it("answers unknown and known usernames alike and throttles the guessing address with 429 + Retry-After", async () => {
      const tryLogin = async (username: string) => {
        const res = await post("/login", form({ username, password: "wrong-password" }));
        const text = await res.text();
        return { status: res.status, retryAfter: res.headers.get("Retry-After"), error: /用户名或密码错误|登录尝试过于频繁[^<]*/.exec(text)?.[0] };
      };
      // The first attempts: the same answer, word for word, for a real and a made-up name.
      for (let i = 0; i < 5; i++) {
        const known = await tryLogin("stock1");
        expect(known).toEqual({ status: 401, retryAfter: null, error: "用户名或密码错误" });
        expect(await tryLogin("ghost-user")).toEqual(known);
      }
      // Then the address must wait, for either name (soon, whatever the machine's speed: the
      // waits double while attempts keep failing).
      const until429 = async (attempt: () => Promise<{ status: number }>) => {
        for (let i = 0; i < 10; i++) {
          const r = await attempt();
          if (r.status === 429) return r;
          expect(r.status).toBe(401);
        }
        throw new Error("never throttled");
      };
      for (const name of ["stock1", "ghost-user"]) {
        expect(await until429(() => tryLogin(name))).toMatchObject({
          retryAfter: expect.stringMatching(/^\d+$/),
          error: expect.stringContaining("登录尝试过于频繁"),
        });
      }
      // The token call is throttled by the same counters.
      const api = (await until429(() =>
        fetch(base + "/auth/user/auth", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"username":"stock1","password":"x"}' }),
      )) as Response;
      expect(api.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await api.json()).toMatchObject({ error: { code: "rate_limited", message: expect.stringContaining("登录尝试过于频繁") } });
    });

    it("ends the browser's earlier session when someone signs in again in it", async () => {
      const first = await signIn("boss1");
      expect((await fetch(base + "/home", { headers: { Cookie: first }, redirect: "manual" })).status).toBe(200);
      const second = await signIn("sales2", { Cookie: first });
      expect(second).not.toBe(first);
      const old = await fetch(base + "/home", { headers: { Cookie: first }, redirect: "manual" });
      expect(old.headers.get("Location")).toBe("/login?offline=1");
      expect((await fetch(base + "/home", { headers: { Cookie: second }, redirect: "manual" })).status).toBe(200);
    });
  });

  describe("avatars", () => {
    it("are served to the user's colleagues only; another company's user is 404", async () => {
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
      await setAvatar((await ctxOf("buyer2")).ctx, { type: "image/png", size: png.length, bytes: png });
      const id = await userIdOf("buyer2");
      const own = await fetch(base + `/avatar/${id}?v=1`, { headers: { Cookie: await signIn("boss2") } });
      expect(own.status).toBe(200);
      expect(own.headers.get("Content-Type")).toBe("image/png");
      // No copy is kept by the browser or a proxy: each view asks who is asking.
      expect(own.headers.get("Cache-Control")).toBe("no-store");
      expect(own.headers.get("ETag")).toBeNull();
      const other = await signIn("boss1");
      expect((await fetch(base + `/avatar/${id}?v=1`, { headers: { Cookie: other } })).status).toBe(404);
      expect((await fetch(base + `/avatar/${id}?v=1`, { headers: { Cookie: await signIn("admin") } })).status).toBe(200);
      for (const bad of ["0x10", "%201", "2147483648", "-1"]) expect((await fetch(base + `/avatar/${bad}`, { headers: { Cookie: other } })).status).toBe(404);
    });
  });

  describe("hardening headers", () => {
    it("sends a nonce-based Content-Security-Policy that every inline script of the page carries", async () => {
      const a = await fetch(base + "/login");
      const csp = a.headers.get("Content-Security-Policy")!;
      for (const d of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'self'"]) expect(csp).toContain(d);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      const html = await a.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) if (!/\bsrc=/.test(s)) expect(s).toContain(`nonce="${nonce}"`);
      // A fresh nonce for every response.
      const b = await fetch(base + "/login");
      expect(b.headers.get("Content-Security-Policy")).not.toContain(nonce!);
      // Signed-in pages too.
      const home = await fetch(base + "/home", { headers: { Cookie: await signIn("sales1") } });
      const homeNonce = /'nonce-([^']+)'/.exec(home.headers.get("Content-Security-Policy")!)![1];
      const homeScripts = [...(await home.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((s) => !/\bsrc=/.test(s));
      expect(homeScripts.length).toBeGreaterThan(0);
      for (const s of homeScripts) expect(s).toContain(`nonce="${homeNonce}"`);
    });

    it("marks signed-in pages, their data and API answers no-store, but not the static build files", async () => {
      const cookie = await signIn("boss1");
      const page = await fetch(base + "/organization/partner", { headers: { Cookie: cookie } });
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      const html = await page.text();
      const data = await fetch(base + "/organization/partner?_data=routes%2F_app%2B%2F_layout", { headers: { Cookie: cookie } });
      expect(data.headers.get("Cache-Control")).toBe("no-store");
      expect((await fetch(base + "/home", { headers: { Cookie: cookie } })).headers.get("Cache-Control")).toBe("no-store");
      const api = await token("boss1");
      expect((await fetch(base + "/api/app/productBrand", { headers: api })).headers.get("Cache-Control")).toBe("no-store");
      expect((await fetch(base + "/auth/user/profile", { headers: api })).headers.get("Cache-Control")).toBe("no-store");
      expect(html).toContain("/build/");
      const staticRes = await fetch(base + "/build/entry.client-TEST.js");
      expect(staticRes.status).toBe(200);
      expect(staticRes.headers.get("Cache-Control")).toMatch(/max-age=31536000/);
    });
  });
});
