import { expect } from "vitest";
import type { Ctx } from "../auth/context";
import { listFromParams, type ResourceDef } from "../lib/resource";

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
