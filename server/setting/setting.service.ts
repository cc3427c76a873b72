import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { parseInput } from "../lib/validate";
import type { Ctx } from "../auth/context";
import {
  COMPANY_SETTING_DEFAULTS,
  GLOBAL_SETTING_DEFAULTS,
  USER_SETTING_DEFAULTS,
  parseSettingValue,
  serializeSettingValue,
  type SettingValue,
} from "./setting.defaults";
import { SettingSaveSchema } from "./setting.input";
import { settings } from "./setting.tables";

type Scope = "global" | "company" | "user";
const DEFAULTS: Record<Scope, Record<string, SettingValue>> = {
  global: GLOBAL_SETTING_DEFAULTS,
  company: COMPANY_SETTING_DEFAULTS,
  user: USER_SETTING_DEFAULTS,
};

async function readScope(scope: Scope, ownerId: number, ex: Executor = db()): Promise<Record<string, SettingValue>> {
  const rows = await ex
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(and(eq(settings.scope, scope), eq(settings.ownerId, ownerId)));
  const out: Record<string, SettingValue> = structuredClone(DEFAULTS[scope]);
  for (const r of rows) out[r.name] = parseSettingValue(r.value);
  return out;
}

async function writeScope(scope: Scope, ownerId: number, input: unknown) {
  const { name, value } = parseInput(SettingSaveSchema, input);
  // Text arrives in the spec's wire form and is stored as sent; other values are serialised.
  const text = typeof value === "string" ? value : serializeSettingValue(value as SettingValue);
  await db()
    .insert(settings)
    .values({ scope, ownerId, name, value: text })
    .onConflictDoUpdate({
      target: [settings.scope, settings.ownerId, settings.name],
      set: { value: text, updatedAt: sql`now()` },
    });
  return { name, value: parseSettingValue(text) };
}

/** Company settings of the current company, defaults filled in (spec 000 §3). */
export function getCompanySettings(ctx: Pick<Ctx, "companyId">) {
  return readScope("company", ctx.companyId);
}

export function saveCompanySetting(ctx: Pick<Ctx, "companyId">, input: { name: string; value: unknown }) {
  return writeScope("company", ctx.companyId, input);
}

/** The signed-in user's own settings (summaryDefs, StockStatus, PrintSetupInfo, …). */
export function getUserSettings(ctx: Pick<Ctx, "userId">) {
  return readScope("user", ctx.userId);
}

export function saveUserSetting(ctx: Pick<Ctx, "userId">, input: { name: string; value: unknown }) {
  return writeScope("user", ctx.userId, input);
}

/** `ex`: read inside the caller's transaction (PGlite has one connection: db() would wait for it). */
export function getGlobalSettings(ex?: Executor) {
  return readScope("global", 0, ex);
}

export async function getGlobalSetting(name: string, ex?: Executor): Promise<SettingValue | undefined> {
  return (await getGlobalSettings(ex))[name];
}

/** The wire form of spec 000 §7: a list of { name, value } with the value as text. */
export function asWireList(values: Record<string, SettingValue>) {
  return Object.entries(values).map(([name, value]) => ({
    name,
    value: typeof value === "string" ? value : serializeSettingValue(value),
  }));
}
