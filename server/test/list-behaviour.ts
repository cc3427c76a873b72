import { expect } from "vitest";
import type { Ctx } from "../lib/context";
import { type ResourceDef } from "../lib/resource";
import { exportRows, listFromParams } from "../lib/list-read";

type Row = Record<string, any>;

/**
 * What every list must do with the 25 rows a test made (their `field` values sort in creation
 * order and all contain `kw`): find them by keyword in any case, sort both ways, page by 20.
 */
export async function expectListBehaviour(def: ResourceDef<any>, ctx: Ctx, kw: string, field: string, made: Row[]) {
  const list = (params: string) => listFromParams<Row>(def, ctx, new URLSearchParams(params));
  const ids = made.map((r) => r.id).sort();
  const found = await list(`q=${kw.toLowerCase()}&size=50`);
  expect(found.totalCount).toBe(made.length);
  expect(found.items.map((r) => r.id).sort()).toEqual(ids);

  const desc = await list(`q=${kw}&size=50&sort=${field}.desc`);
  expect(desc.items.map((r) => r[field])).toEqual(made.map((r) => r[field]).reverse());
  const asc = await list(`q=${kw}&size=50&sort=${field}.asc`);
  expect(asc.items.map((r) => r[field])).toEqual(made.map((r) => r[field]));

  const page1 = await list(`q=${kw}&size=20&sort=${field}.asc`);
  const page2 = await list(`q=${kw}&size=20&page=2&sort=${field}.asc`);
  expect(page1.items).toHaveLength(20);
  expect(page2.items).toHaveLength(made.length - 20);
  expect(page2.totalCount).toBe(made.length);
  const ids1 = page1.items.map((r) => r.id);
  expect(page2.items.filter((r) => ids1.includes(r.id))).toEqual([]);
  expect([...ids1, ...page2.items.map((r) => r.id)].sort()).toEqual(ids);
}

/** The first sheet of an exported workbook. */
export async function readSheet(stream: ReadableStream<Uint8Array>) {
  const ExcelJS = (await import("exceljs")).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await new Response(stream).arrayBuffer()) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

/** The export of a keyword's rows holds the list's rows in the list's order, the chosen columns only. */
export async function expectExportMatchesList(def: ResourceDef<any>, ctx: Ctx, kw: string, field: string, mustContain: string) {
  const { fileName, stream } = exportRows(def, ctx, {
    filter: { filter: kw, sorting: `${field} desc` },
    excelColumes: [
      { displayName: "编号", fieldName: "id" },
      { displayName: "名称", fieldName: field },
    ],
  });
  expect(fileName).toBe(def.pageName ?? def.label);
  const sheet = await readSheet(stream);
  expect(sheet.getRow(1).values).toEqual([undefined, "编号", "名称"]);
  const listed = await listFromParams<Row>(def, ctx, new URLSearchParams(`q=${kw}&size=50&sort=${field}.desc`));
  expect(sheet.getColumn(1).values.slice(2)).toEqual(listed.items.map((r) => r.id));
  expect(sheet.getColumn(2).values.slice(2)).toEqual(listed.items.map((r) => r[field]));
  expect(sheet.getColumn(2).values).toContain(mustContain);
}
