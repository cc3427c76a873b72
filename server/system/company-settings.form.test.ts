import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { COMPANY_SETTING_FIELDS, loadCompanySettingsForm, saveCompanySettingsForm } from "./company-settings.form";
import { getCompanySettings } from "../setting/setting.service";

/** The whole form as the page posts it: every field at its current value. */
async function formOf(ctx: Awaited<ReturnType<typeof ctxOf>>["ctx"]) {
  const { values } = await loadCompanySettingsForm(ctx);
  const form: Record<string, string> = {};
  for (const f of COMPANY_SETTING_FIELDS) {
    const v = values[f.name] as never as Record<string, unknown> | string | number | boolean;
    if (f.kind === "bool") form[f.name] = String(v === true);
    else if (f.kind === "combiPrice") form[f.name] = String((v as Record<string, unknown>).Enabled === true);
    else if (f.kind === "location") form[f.name] = String(((v as Record<string, Record<string, unknown>>).Default?.Id as number | null) ?? "");
    else if (f.kind === "deliverReceiver") {
      form[`${f.name}.Deliver`] = String((v as Record<string, unknown>).Deliver ?? "");
      form[`${f.name}.Receiver`] = String((v as Record<string, unknown>).Receiver ?? "");
    } else form[f.name] = String(v);
  }
  return form;
}

describe("系统设置: the company's settings on one form", () => {
  useTestDatabase();

  it("saves the changed settings of the caller's company only, at once, recorded in the audit trail", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const { ctx: boss2 } = await ctxOf("boss2");
    const { locations } = await loadCompanySettingsForm(boss1);
    expect(locations.length).toBeGreaterThan(0);
    const form = {
      ...(await formOf(boss1)),
      AutoCreatePickOut: "false",
      SessionIdleTimeoutMinutes: "60",
      SalesReturnOrderLocation: String(locations[0]!.id),
      "DefaultAutoDeliverAndReceiver.Deliver": "张伟",
    };
    expect(await saveCompanySettingsForm(boss1, form)).toBe(4);
    const mine = await getCompanySettings(boss1);
    expect(mine).toMatchObject({
      AutoCreatePickOut: false,
      SessionIdleTimeoutMinutes: 60,
      SalesReturnOrderLocation: { Default: { Id: locations[0]!.id, Name: locations[0]!.name } },
      DefaultAutoDeliverAndReceiver: { Deliver: "张伟" },
    });
    expect(await getCompanySettings(boss2)).toMatchObject({ AutoCreatePickOut: true, SessionIdleTimeoutMinutes: 480 });
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "settingChange"), eq(auditLogs.companyId, boss1.companyId)));
    expect(entry).toMatchObject({
      userName: "boss1",
      before: { AutoCreatePickOut: true, SessionIdleTimeoutMinutes: 480 },
      after: { AutoCreatePickOut: false, SessionIdleTimeoutMinutes: 60 },
    });
    // The same form again changes nothing.
    expect(await saveCompanySettingsForm(boss1, await formOf(boss1))).toBe(0);
  });

  it("refuses bad values with the field's message and saves nothing; a salesperson cannot", async () => {
    const { ctx: boss2 } = await ctxOf("boss2");
    const form = await formOf(boss2);
    await expect(saveCompanySettingsForm(boss2, { ...form, AutoCreateDeliver: "false", SessionIdleTimeoutMinutes: "1" })).rejects.toMatchObject({
      code: "bad_request",
      fields: { SessionIdleTimeoutMinutes: [expect.stringContaining("5 到 43200")] },
    });
    await expect(saveCompanySettingsForm(boss2, { ...form, TimeZone: "Mars/Base" })).rejects.toMatchObject({
      fields: { TimeZone: [expect.stringContaining("时区不正确")] },
    });
    // Another company's location is no location of this company.
    const { ctx: boss1 } = await ctxOf("boss1");
    const theirs = (await loadCompanySettingsForm(boss1)).locations[0]!.id;
    await expect(saveCompanySettingsForm(boss2, { ...form, SalesReturnOrderLocation: String(theirs) })).rejects.toMatchObject({
      fields: { SalesReturnOrderLocation: ["库位不存在"] },
    });
    expect(await getCompanySettings(boss2)).toMatchObject({ AutoCreateDeliver: true, TimeZone: "Asia/Shanghai" });
    const { ctx: sales2 } = await ctxOf("sales2");
    await expect(loadCompanySettingsForm(sales2)).rejects.toMatchObject({ code: "forbidden" });
  });
});
