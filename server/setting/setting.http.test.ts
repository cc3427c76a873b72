import { describe, expect, it } from "vitest";
import { useApiTestApp } from "../test/http-app";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { COMPANY_SETTING_FIELDS, loadCompanySettingsForm } from "../system/company-settings.form";
import { COMPANY_SETTING_DEFAULTS, GLOBAL_SETTING_DEFAULTS, USER_SETTING_DEFAULTS } from "./setting.defaults";
import { GLOBAL_SETTING_FIELDS } from "../system/global-settings.form";
import { SETTING_SCHEMAS, settingLabel } from "./setting.input";

// @postgres: the settings API through the real stack (runs again on PostgreSQL: scripts/test-support.mjs)

/**
 * The settings JSON API (currentCompanySettingApi, setCurrentUserSettings) stores only what
 * the settings forms would: one schema per setting, the company's own locations only. Every
 * hostile value is a Chinese 400 and changes nothing.
 */
describe("settings through the JSON API and the settings pages", () => {
  useTestDatabase();
  const api = useApiTestApp();
  const COMPANY = "/api/app/setting/current-company";
  const USER = "/api/app/setting/current-user";
  const listOf = async (path: string, headers: Record<string, string>) =>
    ((await (await api.call(path, headers)).json()) as { items: { name: string; value: string }[] }).items;

  it("refuses what the form refuses, in Chinese, storing nothing", async () => {
    const boss2 = await api.tokenOf("boss2");
    const { ctx: boss1 } = await ctxOf("boss1");
    const theirLocation = (await loadCompanySettingsForm(boss1)).locations[0]!;
    const before = await listOf(COMPANY, boss2);
    const hostile: [string, unknown][] = [
      ["SessionIdleTimeoutMinutes", 99999999999999],
      ["SessionIdleTimeoutMinutes", "99999999999999"],
      ["SessionIdleTimeoutMinutes", -1],
      ["SessionIdleTimeoutMinutes", 0],
      ["SessionIdleTimeoutMinutes", "0"],
      ["SessionIdleTimeoutMinutes", 4],
      ["SessionIdleTimeoutMinutes", 60.5],
      ["SessionIdleTimeoutMinutes", "一小时"],
      ["TotalTurnover", -1e308],
      ["TotalTurnover", "-1e308"],
      ["TotalTurnover", "1e309"],
      ["TotalTurnover", -1],
      ["SalesReturnOrderLocation", { Default: { Id: theirLocation.id, Name: theirLocation.name }, Type: 0 }],
      ["SalesReturnOrderLocation", JSON.stringify({ Default: { Id: theirLocation.id, Name: "A区" }, Type: 0 })],
      ["SalesReturnOrderLocation", { Default: { Id: 2147483648, Name: "" }, Type: 0 }],
      ["SalesReturnOrderLocation", { Default: { Id: 0, Name: "" }, Type: 0 }],
      ["SalesReturnOrderLocation", { Default: "A区", Type: 0 }],
      ["SalesReturnOrderLocation", { Type: 0 }],
      ["SalesReturnOrderLocation", "3"],
      ["TimeZone", "Mars/Base"],
      ["TimeZone", ""],
      ["B2B_UUID", "x".repeat(65)],
      ["DefaultAutoDeliverAndReceiver", { Deliver: "长".repeat(33), Receiver: "" }],
      ["GernerateCombiPriceRule", { Enabled: "yes", Rules: [] }],
      ["AutoCreateDeliver", "banana"],
      ["AutoCreateDeliver", 1],
      ["PrintSetupInfo", [1, 2]],
    ];
    for (const [name, value] of hostile) {
      const res = await api.call(COMPANY, boss2, "POST", { name, value });
      const what = `${name} = ${JSON.stringify(value)}`;
      expect(res.status, what).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code, what).toBe("bad_request");
      expect(error.message, what).toMatch(/[\u4e00-\u9fff]/);
      expect(error.message, what).not.toMatch(/Invalid|expected|received/i);
    }
    expect(await listOf(COMPANY, boss2)).toEqual(before);

    const own = await api.tokenOf("boss1");
    const userBefore = await listOf(USER, own);
    for (const [name, value] of [
      ["StockStatus", "banana"],
      ["summaryDefs", "[1]"],
      ["PrintSetupInfo", 7],
    ] as const) {
      const res = await api.call(USER, own, "POST", { name, value });
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await listOf(USER, own)).toEqual(userBefore);
  });

  it("takes what the form takes: the company's own location by id (named as the company names it), a value in range", async () => {
    const boss1 = await api.tokenOf("boss1");
    const { ctx } = await ctxOf("boss1");
    const mine = (await loadCompanySettingsForm(ctx)).locations[0]!;
    const saved = await api.call(COMPANY, boss1, "POST", {
      name: "SalesReturnOrderLocation",
      value: { Default: { Id: mine.id, Name: "<随便写的名字>" }, Type: 1 },
    });
    expect(saved.status).toBe(200);
    const stored = (await listOf(COMPANY, boss1)).find((i) => i.name === "SalesReturnOrderLocation")!.value;
    expect(JSON.parse(stored)).toEqual({ Default: { Id: mine.id, Name: mine.name }, Type: 1 });
    expect((await api.call(COMPANY, boss1, "POST", { name: "SalesReturnOrderLocation", value: { Default: { Id: null, Name: "x" }, Type: 0 } })).status).toBe(
      200,
    );
    expect((await api.call(COMPANY, boss1, "POST", { name: "SessionIdleTimeoutMinutes", value: "43200" })).status).toBe(200);
    expect((await api.call(COMPANY, boss1, "POST", { name: "TotalTurnover", value: "1250.5" })).status).toBe(200);
    const after = await listOf(COMPANY, boss1);
    expect(after.find((i) => i.name === "SessionIdleTimeoutMinutes")!.value).toBe("43200");
    expect(after.find((i) => i.name === "TotalTurnover")!.value).toBe("1250.5");
  });

  it("every setting has its schema, with a Chinese label", () => {
    for (const [scope, defaults] of [
      ["company", COMPANY_SETTING_DEFAULTS],
      ["user", USER_SETTING_DEFAULTS],
      ["global", GLOBAL_SETTING_DEFAULTS],
    ] as const) {
      for (const name of Object.keys(defaults)) {
        expect(SETTING_SCHEMAS[scope][name], `${scope} ${name}`).toBeDefined();
        expect(settingLabel(scope, name), `${scope} ${name}`).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    for (const f of COMPANY_SETTING_FIELDS) expect(f.label).toBe(settingLabel("company", f.name));
    for (const f of GLOBAL_SETTING_FIELDS) expect(f.label).toBe(settingLabel("global", f.name));
  });

  it("the settings pages show Chinese labels and help, never a setting's or an API's raw name", async () => {
    const res = await api.signIn("admin");
    const { access_token } = (await res.json()) as { access_token: string };
    const headers = { Authorization: `Bearer ${access_token}` };
    const rawNames = [
      ...Object.keys(COMPANY_SETTING_DEFAULTS),
      ...Object.keys(GLOBAL_SETTING_DEFAULTS),
      ...Object.keys(USER_SETTING_DEFAULTS),
      "sysGlobalSettingApi",
      "currentCompanySettingApi",
    ];
    for (const page of ["/system/setting", "/system/setting/params"]) {
      const html = await (await fetch(api.base + page, { headers })).text();
      // What a reader sees: the text between tags and the attributes read aloud, not names of inputs or scripts.
      const visible = html
        .replace(/<script[\s\S]*?<\/script>/g, "")
        .replace(/<style[\s\S]*?<\/style>/g, "")
        .match(/>[^<]+<|(?:title|placeholder|aria-label|alt)="[^"]*"/g)!
        .join("\n");
      expect(visible).toContain(page === "/system/setting" ? "闲置自动退出（分钟）" : "平台名称");
      for (const raw of rawNames) expect(visible.includes(raw), `${page}: ${raw}`).toBe(false);
      // Time zones are named in Chinese too (the IANA name beside it).
      if (page === "/system/setting") expect(visible).toContain("北京时间（Asia/Shanghai）");
    }
  });
});
