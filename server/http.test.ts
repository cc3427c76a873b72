import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, ctxOf, useTestDatabase } from "./test/test-db";
import { getProfile } from "./system/profile.service";
import { startTestApp } from "./test/http-app";

// @postgres: the whole HTTP stack on a connection pool (runs again on PostgreSQL: scripts/test-support.mjs)

describe("HTTP server", () => {
  useTestDatabase();
  let base = "";
  let close: () => Promise<unknown>;

  // The real Remix build behind the real Express stack (npm test builds first).
  beforeAll(async () => {
    ({ base, close } = await startTestApp());
  });
  afterAll(() => close?.());

  const form = (data: Record<string, string>) => new URLSearchParams(data).toString();
  const post = (p: string, body: string, headers: Record<string, string> = {}) =>
    fetch(base + p, { method: "POST", body, redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });

  async function signIn(username: string, redirectTo?: string) {
    const res = await post("/login", form({ username, password: TEST_PASSWORD, ...(redirectTo ? { redirectTo } : {}) }), { Origin: base });
    const cookie = res.headers.get("Set-Cookie")?.split(";")[0];
    return { res, cookie: cookie ?? "" };
  }

  it("sends security headers and a request id on every answer", async () => {
    const res = await fetch(base + "/login");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(res.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("X-Powered-By")).toBeNull();
  });

  it("compresses HTML", async () => {
    const res = await fetch(base + "/login", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
  });

  it("signs in with a cookie that is HttpOnly, SameSite=Lax, Path=/ and 30 days", async () => {
    const { res } = await signIn("boss1");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/home");
    const set = res.headers.get("Set-Cookie")!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Path=\//);
    expect(set).toMatch(/Max-Age=2592000/);
  });

  it.each(["//evil.com", "/%5Cevil.com", "/\\evil.com", "javascript:alert(1)", "http:evil.com"])(
    "never follows a hostile remembered path %j after sign-in",
    async (hostile) => {
      const { res } = await signIn("boss1", hostile);
      expect(res.headers.get("Location")).toBe("/home");
    },
  );

  it("follows a safe remembered path and sends a signed-in /login to it", async () => {
    const { res, cookie } = await signIn("boss1", "/profile?actab=1");
    expect(res.headers.get("Location")).toBe("/profile?actab=1");
    const again = await fetch(base + "/login", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(again.headers.get("Location")).toBe("/home");
    const root = await fetch(base + "/", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(root.headers.get("Location")).toBe("/home");
  });

  it("refuses (403) a cross-site POST and changes nothing", async () => {
    const { cookie } = await signIn("sales1");
    const { ctx } = await ctxOf("sales1");
    const before = (await getProfile(ctx)).name;
    const body = form({ intent: "profile", name: "被篡改", phone: "" });
    const evil = await post("/profile", body, { Cookie: cookie, Origin: "http://evil.example" });
    expect(evil.status).toBe(403);
    const fetchMeta = await post("/profile", body, { Cookie: cookie, "Sec-Fetch-Site": "cross-site" });
    expect(fetchMeta.status).toBe(403);
    const nullOrigin = await post("/profile", body, { Cookie: cookie, Origin: "null" });
    expect(nullOrigin.status).toBe(403);
    const badReferer = await post("/profile", body, { Cookie: cookie, Referer: "http://evil.example/page" });
    expect(badReferer.status).toBe(403);
    expect((await getProfile(ctx)).name).toBe(before);
    // The same request from this site goes through.
    const ok = await post("/profile", body, { Cookie: cookie, Origin: base });
    expect(ok.status).toBe(302);
    expect((await getProfile(ctx)).name).toBe("被篡改");
  });

  it("logs out with a POST that ends the session and lands on /", async () => {
    const { cookie } = await signIn("stock1");
    const out = await post("/logout", "", { Cookie: cookie, Origin: base });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    const after = await fetch(base + "/home", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(after.headers.get("Location")).toBe("/login?offline=1");
  });

  it("runs the API token flow and answers 401 JSON without a valid token", async () => {
    const auth = await fetch(base + "/auth/user/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "sales1", password: TEST_PASSWORD }),
    });
    expect(auth.status).toBe(200);
    const tok = (await auth.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(tok.token_type).toBe("Bearer");
    expect(tok.expires_in).toBeGreaterThan(0);
    const headers = { Authorization: `Bearer ${tok.access_token}` };
    const profile = await fetch(base + "/auth/user/profile", { headers });
    const body = (await profile.json()) as { data: { name: string; scope: string } };
    expect(body.data.name).toBeTruthy();
    expect(body.data.scope.split(" ")).toContain("XSGL-004");
    expect(body.data.scope.split(" ")).not.toContain("CGGL-004");
    // Bearer calls carry no cookie: exempt from the origin check.
    const out = await fetch(base + "/auth/user/logout", { method: "POST", headers: { ...headers, Origin: "http://elsewhere.example" } });
    expect(out.status).toBe(200);
    const gone = await fetch(base + "/auth/user/profile", { headers });
    expect(gone.status).toBe(401);
    expect(await gone.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect((await fetch(base + "/auth/user/profile")).status).toBe(401);
    const wrong = await fetch(base + "/auth/user/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"username":"sales1","password":"x"}',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { message: "用户名或密码错误" } });
    const junk = await fetch(base + "/auth/user/auth", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" });
    expect(junk.status).toBe(400);
  });

  it("reads and saves settings through the JSON API, scoped to the user and company", async () => {
    const token = async (u: string) => {
      const r = await fetch(base + "/auth/user/auth", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: u, password: TEST_PASSWORD }),
      });
      return { Authorization: `Bearer ${((await r.json()) as { access_token: string }).access_token}`, "Content-Type": "application/json" };
    };
    const sales = await token("sales2");
    const defs = JSON.stringify({ grid1: { perPageNum: 50, columnDefs: [] } });
    const saved = await fetch(base + "/api/app/setting/current-user", {
      method: "POST",
      headers: sales,
      body: JSON.stringify({ name: "summaryDefs", value: defs }),
    });
    expect(saved.status).toBe(200);
    const list = (await (await fetch(base + "/api/app/setting/current-user", { headers: sales })).json()) as { items: { name: string; value: string }[] };
    expect(list.items.find((i) => i.name === "summaryDefs")?.value).toBe(defs);
    // A sales user may read but not change company settings (系统设置 XTGL-005).
    const company = (await (await fetch(base + "/api/app/setting/current-company", { headers: sales })).json()) as { items: { name: string; value: string }[] };
    expect(company.items.find((i) => i.name === "AutoCreateDeliver")?.value).toBe("true");
    const refused = await fetch(base + "/api/app/setting/current-company", {
      method: "POST",
      headers: sales,
      body: JSON.stringify({ name: "AutoCreateDeliver", value: "false" }),
    });
    expect(refused.status).toBe(403);
    const boss = await token("boss2");
    const ok = await fetch(base + "/api/app/setting/current-company", {
      method: "POST",
      headers: boss,
      body: JSON.stringify({ name: "AutoCreateDeliver", value: "false" }),
    });
    expect(ok.status).toBe(200);
    const bad = await fetch(base + "/api/app/setting/current-company", { method: "POST", headers: boss, body: JSON.stringify({ name: "x y", value: "1" }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: "设置名称只能包含字母、数字和下划线" } });
    const other = (await (await fetch(base + "/api/app/setting/current-company", { headers: await token("boss1") })).json()) as {
      items: { name: string; value: string }[];
    };
    expect(other.items.find((i) => i.name === "AutoCreateDeliver")?.value).toBe("true");
    const platform = (await (await fetch(base + "/api/app/setting/global", { headers: sales })).json()) as { items: { name: string; value: string }[] };
    expect(platform.items.find((i) => i.name === "PlatformType")?.value).toBe("车护者");
  });

  it("serves the list contract for productBrand: paging, sorting, CRUD, validation, permissions", async () => {
    const token = async (u: string) => {
      const r = await fetch(base + "/auth/user/auth", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: u, password: TEST_PASSWORD }),
      });
      return { Authorization: `Bearer ${((await r.json()) as { access_token: string }).access_token}`, "Content-Type": "application/json" };
    };
    const sales = await token("sales1");
    const page = (await (await fetch(base + "/api/app/productBrand?skipCount=5&maxResultCount=5&sorting=name%20desc", { headers: sales })).json()) as {
      totalCount: number;
      items: { id: number; name: string }[];
    };
    expect(page.totalCount).toBeGreaterThanOrEqual(20);
    expect(page.items).toHaveLength(5);
    const junk = await fetch(base + "/api/app/productBrand?skipCount=abc&sorting=password%20desc", { headers: sales });
    expect(junk.status).toBe(200);
    const one = await fetch(base + `/api/app/productBrand/${page.items[0]!.id}`, { headers: sales });
    expect(((await one.json()) as { name: string }).name).toBe(page.items[0]!.name);
    expect((await fetch(base + "/api/app/productBrand/abc", { headers: sales })).status).toBe(404);
    // Every company reads brands; only the platform operator writes them.
    expect((await fetch(base + "/api/app/productBrand", { method: "POST", headers: sales, body: '{"name":"越权品牌"}' })).status).toBe(403);
    const admin = await token("admin");
    const bad = await fetch(base + "/api/app/productBrand", { method: "POST", headers: admin, body: '{"name":""}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { name: ["请输入品牌名称"] } } });
    const made = (await (
      await fetch(base + "/api/app/productBrand", { method: "POST", headers: admin, body: '{"name":"接口品牌","code":"API1"}' })
    ).json()) as { id: number };
    const put = await fetch(base + `/api/app/productBrand/${made.id}`, { method: "PUT", headers: admin, body: '{"name":"接口品牌2","code":"API2"}' });
    expect(((await put.json()) as { code: string }).code).toBe("API2");
    expect((await fetch(base + `/api/app/productBrand/${made.id}`, { method: "DELETE", headers: sales })).status).toBe(403);
    expect((await fetch(base + `/api/app/productBrand/${made.id}`, { method: "DELETE", headers: admin })).status).toBe(200);
    expect((await fetch(base + `/api/app/productBrand/${made.id}`, { headers: admin })).status).toBe(404);
    expect((await fetch(base + "/api/app/productBrand")).status).toBe(401);

    const exp = await fetch(base + "/api/app/productBrand/export", {
      method: "POST",
      headers: sales,
      body: JSON.stringify({
        sheetName: "品牌",
        outPutFileName: "品牌",
        filter: { sorting: "name asc" },
        excelColumes: [{ displayName: "名称", fieldName: "name", width: 4000 }],
      }),
    });
    expect(exp.status).toBe(200);
    expect(exp.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(exp.headers.get("Content-Disposition")).toBe(`attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent("品牌.xlsx")}`);
    const bytes = new Uint8Array(await exp.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip (xlsx) file
    const noCols = await fetch(base + "/api/app/productBrand/export", { method: "POST", headers: sales, body: '{"excelColumes":[]}' });
    expect(noCols.status).toBe(400);
    expect(await noCols.json()).toMatchObject({ error: { message: "请选择要导出的列" } });
    expect((await fetch(base + "/api/app/productBrand/export", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(
      401,
    );
  });

  it("keeps every company's rows to itself through the JSON API and the pages, whatever id is guessed", async () => {
    const token = async (u: string) => {
      const r = await fetch(base + "/auth/user/auth", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: u, password: TEST_PASSWORD }),
      });
      return { Authorization: `Bearer ${((await r.json()) as { access_token: string }).access_token}`, "Content-Type": "application/json" };
    };
    const a = await token("boss1");
    const b = await token("boss2");
    const made = await fetch(base + "/api/app/enterpriseRelation", {
      method: "POST",
      headers: a,
      body: JSON.stringify({ rel: 1, name: "甲方私有客户", creditLimit: "1234.567" }),
    });
    expect(made.status).toBe(200);
    const row = (await made.json()) as { id: number; creditLimit: string };
    // numeric is answered as its exact decimal text, never through a float (issue 7 item 23)
    expect(row.creditLimit).toBe("1234.57");
    const list = (await (await fetch(base + "/api/app/enterpriseRelation?filter=" + encodeURIComponent("甲方私有"), { headers: b })).json()) as {
      totalCount: number;
    };
    expect(list.totalCount).toBe(0);
    expect((await fetch(base + `/api/app/enterpriseRelation/${row.id}`, { headers: b })).status).toBe(404);
    expect(
      (await fetch(base + `/api/app/enterpriseRelation/${row.id}`, { method: "PUT", headers: b, body: JSON.stringify({ rel: 1, name: "篡改" }) })).status,
    ).toBe(404);
    expect((await fetch(base + `/api/app/enterpriseRelation/${row.id}`, { method: "DELETE", headers: b })).status).toBe(404);
    const exp = await fetch(base + "/api/app/enterpriseRelation/export", {
      method: "POST",
      headers: b,
      body: JSON.stringify({ excelColumes: [{ displayName: "名称", fieldName: "name" }] }),
    });
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await exp.arrayBuffer()) as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getColumn(1).values as string[]).includes("甲方私有客户")).toBe(false);
    expect(((await (await fetch(base + `/api/app/enterpriseRelation/${row.id}`, { headers: a })).json()) as { name: string }).name).toBe("甲方私有客户");
    expect((await fetch(base + "/api/app/noSuchThing", { headers: a })).status).toBe(404);

    // The page: company B's edit and delete dialogs for A's id show nothing; a forged delete changes nothing.
    const { cookie } = await signIn("boss2");
    const page = await fetch(base + `/organization/partner?edit=${row.id}`, { headers: { Cookie: cookie } });
    expect(await page.text()).not.toContain("甲方私有客户");
    const del = await post("/organization/partner", form({ intent: "delete", id: String(row.id) }), { Cookie: cookie, Origin: base });
    expect(del.status).toBe(302);
    expect(((await (await fetch(base + `/api/app/enterpriseRelation/${row.id}`, { headers: a })).json()) as { name: string }).name).toBe("甲方私有客户");
  });

  it("lets the JSON API read company data only with the permission the pages need", async () => {
    const token = async (u: string) => {
      const r = await fetch(base + "/auth/user/auth", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: u, password: TEST_PASSWORD }),
      });
      return { Authorization: `Bearer ${((await r.json()) as { access_token: string }).access_token}` };
    };
    const stock = await token("stock1");
    const sales = await token("sales1");
    // Warehouse staff hold neither the bank-account page nor any finance page.
    expect((await fetch(base + "/api/app/bankAccount", { headers: stock })).status).toBe(403);
    expect((await fetch(base + "/api/app/department", { headers: stock })).status).toBe(403);
    expect(
      (
        await fetch(base + "/api/app/bankAccount/export", {
          method: "POST",
          headers: { ...stock, "Content-Type": "application/json" },
          body: JSON.stringify({ excelColumes: [{ displayName: "账号", fieldName: "accountNumber" }] }),
        })
      ).status,
    ).toBe(403);
    // Sales pick salespeople and customers on their orders; everyone reads platform dictionaries.
    expect((await fetch(base + "/api/app/employee?maxResultCount=40", { headers: sales })).status).toBe(200);
    expect((await fetch(base + "/api/app/enterpriseRelation?rel=1&maxResultCount=40", { headers: sales })).status).toBe(200);
    expect((await fetch(base + "/api/app/productUnit", { headers: stock })).status).toBe(200);
    expect((await fetch(base + "/api/app/product?filter=06J", { headers: stock })).status).toBe(200);
  });

  it("answers hostile list URLs with the list, never a 500", async () => {
    const { cookie } = await signIn("boss1");
    for (const q of [
      "page=-1&size=abc&sort=password.desc",
      "page=99999999999&size=800",
      "edit=abc&confirmDelete=99999999999",
      "sort=name.desc%27%3B--&q=%25%27",
      "do=edit&sel=%3Cscript%3E",
      "dialog=%3Cx%3E",
    ]) {
      const res = await fetch(base + "/organization/partner?" + q, { headers: { Cookie: cookie }, redirect: "manual" });
      expect([200, 302]).toContain(res.status);
    }
    const junk = await post("/organization/partner", form({ intent: "nope" }), { Cookie: cookie, Origin: base });
    expect(junk.status).toBe(400);
    const bad = await post("/organization/partner", form({ intent: "save", rel: "7", name: "" }), { Cookie: cookie, Origin: base });
    expect(bad.status).toBe(400);
  });

  it("answers a failed route validity check with 404 (/profile?actab=9)", async () => {
    const { cookie } = await signIn("boss1");
    const bad = await fetch(base + "/profile?actab=9", { headers: { Cookie: cookie } });
    expect(bad.status).toBe(404);
    expect(await bad.text()).toContain("抱歉，您访问的页面不存在");
    expect((await fetch(base + "/profile?actab=1", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("answers unknown paths with the 404 page and /error?status=405 with 405", async () => {
    const nf = await fetch(base + "/no/such/page");
    expect(nf.status).toBe(404);
    expect(await nf.text()).toContain("抱歉，您访问的页面不存在");
    const e405 = await fetch(base + "/error?status=405");
    expect(e405.status).toBe(405);
    expect(await e405.text()).toContain("抱歉，不支持该请求方式");
  });

  it("refuses bodies a form would never send with a clear message, never a 500", async () => {
    const { cookie } = await signIn("duo");
    const h = { Cookie: cookie, Origin: base };
    // An empty body needs no type (issue 7 item 9): the action reads an empty form and refuses it with 400.
    const noType = await fetch(base + "/company/switch", { method: "POST", headers: h, redirect: "manual" });
    expect(noType.status).toBe(400);
    const text = await fetch(base + "/company/switch", {
      method: "POST",
      headers: { ...h, "Content-Type": "text/plain" },
      body: "companyId=1",
      redirect: "manual",
    });
    expect(text.status).toBe(415);
    expect(await text.text()).toContain("请求格式不正确");
    const json = await fetch(base + "/login", { method: "POST", headers: { ...h, "Content-Type": "application/json" }, body: '{"username":"a"}' });
    expect(json.status).toBe(415);
    const huge = await post("/login", "username=a&password=" + "x".repeat(1_100_000), { Origin: base });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("提交的内容过大");
    const badPath = await fetch(base + "/%E0%A4%A");
    expect(badPath.status).toBe(400);
    expect(await badPath.text()).toContain("请求参数不正确");
    // The JSON API takes JSON, and an empty POST (logout) needs no type.
    const apiJson = await fetch(base + "/auth/user/auth", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" });
    expect(apiJson.status).toBe(415);
    expect(await apiJson.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
  });

  it("keeps a coarse per-instance flood guard on sign-in: 10 attempts a minute per address (429)", async () => {
    const fresh = await startTestApp({ loginRateLimit: 10 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await fetch(fresh.base + "/login", {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: fresh.base },
          // A different name each time: the database throttle (per account and address) stays out of it.
          body: form({ username: `flood-${i}`, password: "x" }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
