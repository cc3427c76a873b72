import { and, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import type { Ctx } from "../lib/context";
import { DomainError } from "../lib/errors";
import { parseSettingValue, serializeSettingValue, type SettingValue } from "../setting/setting.defaults";
import { checkSettingValue, writeSetting } from "../setting/setting.service";
import { stockLocations } from "../stock/stock.tables";

/**
 * Company settings as saved (the 系统设置 form and the JSON API): setting.service.ts
 * checkSettingValue, then what names another area's row: the return location
 * (SalesReturnOrderLocation) must be the company's own enabled stock location, stored under its
 * name as it is named there.
 */
export async function checkCompanySettingValue(companyId: number, name: string, text: string, ex: Executor = db()): Promise<string> {
  const checked = await checkSettingValue("company", companyId, name, text);
  if (name !== "SalesReturnOrderLocation") return checked;
  return companyLocationText(companyId, parseSettingValue(checked) as Record<string, SettingValue>, ex);
}

export function saveCompanySetting(ctx: Pick<Ctx, "companyId">, input: { name: string; value: unknown }) {
  return writeSetting("company", ctx.companyId, input, (_scope, ownerId, name, text) => checkCompanySettingValue(ownerId, name, text));
}

const refuse = (message: string): never => {
  throw new DomainError("bad_request", message, { value: [message] });
};

/** The return location as stored: the company's own enabled location by id, named as it is named there; no id is no location. */
async function companyLocationText(companyId: number, value: Record<string, SettingValue>, ex: Executor) {
  const id = (value.Default as { Id: number | null }).Id;
  if (id === null) return serializeSettingValue({ ...value, Default: { Id: null, Name: "" } });
  const [loc] = await ex
    .select({ id: stockLocations.id, name: stockLocations.fullName })
    .from(stockLocations)
    .where(and(eq(stockLocations.id, id), eq(stockLocations.companyId, companyId), eq(stockLocations.isEnabled, true)));
  if (!loc) refuse("库位不存在");
  return serializeSettingValue({ ...value, Default: { Id: loc!.id, Name: loc!.name } });
}
