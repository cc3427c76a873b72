import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { GLOBAL_SETTING_FIELDS, loadGlobalSettingsForm, saveGlobalSettingsForm } from "./global-settings.form";
import { getGlobalSettings } from "../setting/setting.service";

/** The whole form as the page posts it: every field at its current value. */
async function formOf(ctx: Awaited<ReturnType<typeof ctxOf>>["ctx"]) {
  const { values } = await loadGlobalSettingsForm(ctx);
  const form: Record<string, string> = {};
  for (const f of GLOBAL_SETTING_FIELDS) {
    const v = values[f.name];
    form[f.name] = f.kind === "category" ? String((v as { level1Id?: number } | null)?.level1Id ?? "") : String(v ?? "");
  }
  return form;
}

describe("参数设置: the platform's global settings on one form", () => {
  useTestDatabase();

  it("the operator saves the changed parameters at once, recorded in the audit trail; a company reads them and cannot change them", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const { ctx: boss1 } = await ctxOf("boss1");
    const { categories, canEdit, values } = await loadGlobalSettingsForm(admin);
    expect(canEdit).toBe(true);
    const target = categories.find((c) => c.level1Id !== (values.JiQiRenDefaultCategory as { level1Id?: number } | null)?.level1Id)!;
    const form = { ...(await formOf(admin)), Website: "https://www.example.com", PlatformType: "汽配云", JiQiRenDefaultCategory: String(target.level1Id) };
    expect(await saveGlobalSettingsForm(admin, form)).toBe(3);
    expect(await getGlobalSettings()).toMatchObject({
      Website: "https://www.example.com",
      PlatformType: "汽配云",
      JiQiRenDefaultCategory: { level0Id: target.level0Id, level1Id: target.level1Id },
    });
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "settingChange"), eq(auditLogs.targetType, "globalSetting")));
    expect(entry).toMatchObject({
      userName: "admin",
      summary: "修改参数设置：平台名称、平台网址、机汽人产品默认分类",
      after: { PlatformType: "汽配云", Website: "https://www.example.com" },
    });
    expect(await saveGlobalSettingsForm(admin, { ...(await formOf(admin)) })).toBe(0);

    if (boss1.permissions.has("XTGL-006")) {
      const seen = await loadGlobalSettingsForm(boss1);
      expect(seen).toMatchObject({ canEdit: false, values: { PlatformType: "汽配云" } });
    } else await expect(loadGlobalSettingsForm(boss1)).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveGlobalSettingsForm(boss1, { ...form, PlatformType: "公司改的" })).rejects.toMatchObject({ code: "forbidden" });
    expect((await getGlobalSettings()).PlatformType).toBe("汽配云");
  });

  it("refuses bad values with the field's Chinese message and changes nothing", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const before = await getGlobalSettings();
    const base = await formOf(admin);
    const cases: [Record<string, string>, string, string][] = [
      [{ PlatformType: "" }, "PlatformType", "请输入平台名称"],
      [{ AdminCompany: "很".repeat(31) }, "AdminCompany", "平台公司关键字最多 30 个字"],
      [{ Website: "javascript:alert(1)" }, "Website", "平台网址须以 http:// 或 https:// 开头"],
      [{ Website: "/files" }, "Website", "平台网址须以 http:// 或 https:// 开头"],
      [{ FileStorageUrl: "ftp://x" }, "FileStorageUrl", "文件访问地址须是以 / 开头的站内路径或 http(s) 网址"],
      [{ JiQiRenDefaultCategory: "999999" }, "JiQiRenDefaultCategory", "所选分类不存在或已停用"],
    ];
    for (const [change, field, message] of cases) {
      await expect(saveGlobalSettingsForm(admin, { ...base, PlatformType: "应该不会保存", ...change })).rejects.toMatchObject({
        code: "bad_request",
        message,
        fields: { [field]: [message] },
      });
    }
    expect(await getGlobalSettings()).toEqual(before);
  });

  it("clearing the default category stores no category", async () => {
    const { ctx: admin } = await ctxOf("admin");
    expect(await saveGlobalSettingsForm(admin, { ...(await formOf(admin)), JiQiRenDefaultCategory: "" })).toBe(1);
    const { values } = await loadGlobalSettingsForm(admin);
    expect(values.JiQiRenDefaultCategory || null).toBeNull();
  });
});
