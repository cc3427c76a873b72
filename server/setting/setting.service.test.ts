import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { settings } from "./setting.tables";
import { companyIdOf, useTestDatabase, userIdOf } from "../test/test-db";
import { parseSettingValue, serializeSettingValue } from "./setting.defaults";
import { getCompanySettings, getGlobalSetting, getUserSettings, saveUserSetting } from "./setting.service";
import { saveCompanySetting } from "../system/company-setting.service";

describe("parseSettingValue (spec 000 §3: values arrive as text)", () => {
  it("text with a brace is JSON", () => {
    expect(parseSettingValue('{"Default":{"Id":3,"Name":"A区"},"Type":1}')).toEqual({ Default: { Id: 3, Name: "A区" }, Type: 1 });
    expect(parseSettingValue('[{"a":1}]')).toEqual([{ a: 1 }]);
  });
  it("broken JSON stays text instead of throwing", () => {
    expect(parseSettingValue("{not json")).toBe("{not json");
  });
  it("'true'/'false' become booleans", () => {
    expect(parseSettingValue("true")).toBe(true);
    expect(parseSettingValue("false")).toBe(false);
    expect(parseSettingValue("True")).toBe("True");
  });
  it("numeric text becomes a number", () => {
    expect(parseSettingValue("42")).toBe(42);
    expect(parseSettingValue("-3.5")).toBe(-3.5);
    expect(parseSettingValue("0")).toBe(0);
  });
  it("anything else stays text", () => {
    expect(parseSettingValue("车护者")).toBe("车护者");
    expect(parseSettingValue("12abc")).toBe("12abc");
    expect(parseSettingValue("")).toBe("");
    expect(parseSettingValue(null)).toBe(null);
  });
  it("serialises objects as JSON and scalars as text", () => {
    expect(serializeSettingValue({ a: [1] })).toBe('{"a":[1]}');
    expect(serializeSettingValue(true)).toBe("true");
    expect(serializeSettingValue(7)).toBe("7");
  });
});

describe("settings service", () => {
  useTestDatabase();
  const suitong = { companyId: 0, userId: 0 };
  const pengda = { companyId: 0, userId: 0 };
  beforeAll(async () => {
    Object.assign(suitong, { companyId: await companyIdOf("穗通汽配"), userId: await userIdOf("boss1") });
    Object.assign(pengda, { companyId: await companyIdOf("鹏达汽配"), userId: await userIdOf("boss2") });
  });

  it("fills company defaults (AutoCreate*/AutoConfirm* true)", async () => {
    const s = await getCompanySettings(suitong);
    expect(s.AutoCreateDeliver).toBe(true);
    expect(s.AutoConfirmReceipt).toBe(true);
    expect(s.StockStatus).toBe(false);
    expect(s.SalesReturnOrderLocation).toEqual({ Default: { Id: null, Name: "" }, Type: 0 });
  });

  it("saves a company setting as text and reads it back parsed, for that company only", async () => {
    await saveCompanySetting(suitong, { name: "AutoCreateDeliver", value: "false" });
    await saveCompanySetting(suitong, { name: "TotalTurnover", value: "1250.5" });
    const mine = await getCompanySettings(suitong);
    expect(mine.AutoCreateDeliver).toBe(false);
    expect(mine.TotalTurnover).toBe(1250.5);
    const theirs = await getCompanySettings(pengda);
    expect(theirs.AutoCreateDeliver).toBe(true);
    expect(theirs.TotalTurnover).toBe(0);
  });

  it("stores summaryDefs as one JSON value per user", async () => {
    const defs = { "product-list": { autoFit: false, perPageNum: 50, columnDefs: [{ field: "code", headerName: "编码", hide: false, width: 120 }] } };
    await saveUserSetting(suitong, { name: "summaryDefs", value: JSON.stringify(defs) });
    expect((await getUserSettings(suitong)).summaryDefs).toEqual(defs);
    expect((await getUserSettings(pengda)).summaryDefs).toEqual({});
    // An object value is serialised the same way.
    await saveUserSetting(pengda, { name: "summaryDefs", value: defs });
    expect((await getUserSettings(pengda)).summaryDefs).toEqual(defs);
  });

  it("refuses bad names with a Chinese message and changes nothing", async () => {
    await expect(saveUserSetting(suitong, { name: "bad name;drop", value: "1" })).rejects.toThrow("设置名称只能包含字母、数字和下划线");
    await expect(saveUserSetting(suitong, { name: "", value: "1" })).rejects.toThrow("设置名称不能为空");
  });

  it("saves only the names its scope knows (spec 000 §3), with a Chinese 400 for any other", async () => {
    await expect(saveUserSetting(suitong, { name: "junk1", value: "1" })).rejects.toMatchObject({ code: "bad_request", message: "未知的设置：junk1" });
    await expect(saveUserSetting(suitong, { name: "AutoCreateDeliver", value: "true" })).rejects.toMatchObject({ message: "未知的设置：AutoCreateDeliver" });
    await expect(saveCompanySetting(suitong, { name: "summaryDefs", value: "{}" })).rejects.toMatchObject({ message: "未知的设置：summaryDefs" });
    await expect(saveCompanySetting(suitong, { name: "constructor", value: "1" })).rejects.toMatchObject({ message: "未知的设置：constructor" });
    const names = (await db().select({ name: settings.name }).from(settings).where(eq(settings.ownerId, suitong.userId))).map((r) => r.name);
    expect(names).not.toContain("junk1");
    await saveUserSetting(suitong, { name: "StockStatus", value: "true" });
    expect((await getUserSettings(suitong)).StockStatus).toBe(true);
  });

  it("bounds every value: 128 KB for summaryDefs, 4 KB for a flag or short text", async () => {
    const big = { grid: { autoFit: true, columnDefs: [], note: "x".repeat(130 * 1024) } };
    await expect(saveUserSetting(pengda, { name: "summaryDefs", value: big })).rejects.toMatchObject({
      code: "bad_request",
      message: "列表列设置过长：最多 128 KB",
    });
    await expect(saveCompanySetting(pengda, { name: "B2B_UUID", value: "汽".repeat(2000) })).rejects.toMatchObject({ message: "B2B 对接编号过长：最多 4 KB" });
    await expect(saveUserSetting(pengda, { name: "summaryDefs", value: "x".repeat(1024 * 1024) })).rejects.toMatchObject({ code: "bad_request" });
    const fits = { grid: { autoFit: true, columnDefs: [], note: "x".repeat(100 * 1024) } };
    await saveUserSetting(pengda, { name: "summaryDefs", value: fits });
    expect((await getUserSettings(pengda)).summaryDefs).toEqual(fits);
  });

  it("keeps each value of its default's kind", async () => {
    await expect(saveCompanySetting(suitong, { name: "AutoCreatePickIn", value: "banana" })).rejects.toMatchObject({
      message: "收货确认后自动生成上架单应为 true 或 false",
    });
    await expect(saveCompanySetting(suitong, { name: "SalesReturnOrderLocation", value: "3" })).rejects.toMatchObject({
      message: '销售退货入库库位应为 {"Default":{"Id":库位编号,"Name":"库位名称"},"Type":0}',
    });
    await expect(saveCompanySetting(suitong, { name: "TotalTurnover", value: "很多" })).rejects.toMatchObject({ code: "bad_request" });
    await saveCompanySetting(suitong, { name: "B2B_UUID", value: "12345" });
    expect((await getCompanySettings(suitong)).B2B_UUID).toBe(12345);
  });

  it("never reads a stored row under an unknown name (older data, direct writes)", async () => {
    await db()
      .insert(settings)
      .values({ scope: "user", ownerId: suitong.userId, name: "legacyBlob", value: "x".repeat(1000) });
    const mine = await getUserSettings(suitong);
    expect(Object.keys(mine).sort()).toEqual(["PrintSetupInfo", "StockStatus", "summaryDefs"]);
  });

  it("has the platform type default 车护者", async () => {
    expect(await getGlobalSetting("PlatformType")).toBe("车护者");
  });
});
