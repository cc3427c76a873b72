import { describe, expect, it } from "vitest";
import type { Ctx } from "./context";
import { apiExport } from "../resource/api";
import { partnerResource } from "../organization/organization.resources";
import { productResource } from "../product/product.resources";
import { saveCompanySetting } from "../system/company-setting.service";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { readSheet } from "../test/list-behaviour";
import { dateTimeFormatter } from "./excel-export";
import { exportRows } from "./list-read";
import { createRow, getRow } from "./resource";
import "../master-data/registry"; // the resource kit finds resources through it

/** What the clock on a wall in `timeZone` showed at that instant, by Intl alone. */
function wallClock(at: Date | string, timeZone: string) {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(new Date(at));
}

/**
 * Issue 7 item 19: exports write money as numbers formatted #,##0.00, dates with their time in
 * the company's time zone, and a bold header row frozen at the top.
 */
describe("spreadsheet export format", () => {
  useTestDatabase();
  let boss1: Ctx;

  it("writes money as numbers shown #,##0.00, date and time in Asia/Shanghai, a bold frozen header", async () => {
    ({ ctx: boss1 } = await ctxOf("boss1"));
    const p = await createRow<{ id: number; creationTime: Date | string }>(productResource, boss1, {
      mainOE: "XLS-1",
      name: "导出格式",
      priceSale: "1234.5",
      priceCost: "0.1",
    });
    const { stream } = exportRows(productResource, boss1, {
      filter: { filter: "导出格式" },
      excelColumes: [
        { displayName: "产品编码", fieldName: "mainOE" },
        { displayName: "销售价", fieldName: "priceSale" },
        { displayName: "成本价", fieldName: "priceCost" },
        { displayName: "创建时间", fieldName: "creationTime" },
      ],
    });
    const sheet = await readSheet(stream);
    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, "产品编码", "销售价", "成本价", "创建时间"]);
    for (let c = 1; c <= 4; c++) expect(header.getCell(c).font?.bold, `header ${c}`).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });

    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe("XLS-1");
    expect(row.getCell(1).font?.bold).toBeFalsy();
    expect(row.getCell(2).value).toBe(1234.5);
    expect(row.getCell(2).numFmt).toBe("#,##0.00");
    expect(row.getCell(3).value).toBe(0.1);
    expect(row.getCell(3).numFmt).toBe("#,##0.00");
    const created = (await getRow<{ creationTime: Date | string }>(productResource, boss1, p.id)).creationTime;
    expect(row.getCell(4).value).toBe(wallClock(created, "Asia/Shanghai"));
    expect(String(row.getCell(4).value)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("writes dates in the company's own time zone setting, through the JSON API", async () => {
    const { ctx: boss2, token } = await ctxOf("boss2");
    const partner = await createRow<{ id: number }>(partnerResource, boss2, { rel: 1, name: "时区测试客户", creditLimit: "98765.4" });
    const created = (await getRow<{ creationTime: Date | string }>(partnerResource, boss2, partner.id)).creationTime;
    await saveCompanySetting(boss2, { name: "TimeZone", value: "America/New_York" });
    const res = await apiExport(
      new Request("http://localhost/api/app/enterpriseRelation/export", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          filter: { filter: "时区测试" },
          excelColumes: [
            { displayName: "名称", fieldName: "name" },
            { displayName: "信用额度", fieldName: "creditLimit" },
            { displayName: "创建时间", fieldName: "creationTime" },
          ],
        }),
      }),
      "enterpriseRelation",
    );
    expect(res.status).toBe(200);
    const sheet = await readSheet(res.body!);
    expect(sheet.getRow(2).getCell(2).value).toBe(98765.4);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe("#,##0.00");
    expect(sheet.getRow(2).getCell(3).value).toBe(wallClock(created, "America/New_York"));
    expect(sheet.getRow(2).getCell(3).value).not.toBe(wallClock(created, "Asia/Shanghai"));
  });

  it("refuses a time zone that does not exist, in Chinese", async () => {
    await expect(saveCompanySetting(boss1, { name: "TimeZone", value: "Mars/Olympus" })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("时区不正确"),
    });
  });

  it("formats instants in any zone, across daylight-saving changes", () => {
    const ny = dateTimeFormatter("America/New_York");
    expect(ny("2026-03-08T06:59:59Z")).toBe("2026-03-08 01:59:59");
    expect(ny("2026-03-08T07:00:00Z")).toBe("2026-03-08 03:00:00");
    expect(dateTimeFormatter(undefined)(new Date("2026-11-20T16:30:05Z"))).toBe("2026-11-21 00:30:05");
    expect(dateTimeFormatter("Nowhere/Zone")(new Date("2026-11-20T16:30:05Z"))).toBe("2026-11-21 00:30:05");
  });
});
