import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import type { Ctx } from "../auth/context";
import {
  COMPANY_SETTING_DEFAULTS,
  GLOBAL_SETTING_DEFAULTS,
  USER_SETTING_DEFAULTS,
  parseSettingValue,
  serializeSettingValue,
  settingValueLimit,
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

/** The scope's known settings (defaults filled in); rows under any other name are never read. */
async function readScope(scope: Scope, ownerId: number, ex: Executor = db(), names: readonly string[] = Object.keys(DEFAULTS[scope])): Promise<Record<string, SettingValue>> {
  const rows = await ex
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(and(eq(settings.scope, scope), eq(settings.ownerId, ownerId), inArray(settings.name, [...names])));
  const out: Record<string, SettingValue> = {};
  for (const name of names) out[name] = structuredClone(DEFAULTS[scope][name]!);
  for (const r of rows) if (Object.hasOwn(out, r.name)) out[r.name] = parseSettingValue(r.value);
  return out;
}

const KIND_NAMES = { boolean: "布尔值（true 或 false）", number: "数字", object: "对象（JSON）", array: "列表（JSON）", text: "文本" } as const;
type Kind = keyof typeof KIND_NAMES;

function kindOf(v: SettingValue): Kind | null {
  if (v === null) return null;
  if (Array.isArray(v)) return "array";
  if (typeof v === "object") return "object";
  if (typeof v === "boolean") return "boolean";
  if (typeof v === "number") return "number";
  return "text";
}

/**
 * Only the scope's known names (the defaults catalogue, spec 000 §3), each value no longer
 * than its limit and of its default's kind (a flag stays true/false, a rule stays an object).
 */
function checkSetting(scope: Scope, name: string, text: string) {
  if (!Object.hasOwn(DEFAULTS[scope], name)) throw new DomainError("bad_request", `未知的设置：${name}`, { name: [`未知的设置：${name}`] });
  const limit = settingValueLimit(name);
  if (Buffer.byteLength(text, "utf8") > limit) {
    throw new DomainError("bad_request", `设置值过长：${name} 最多 ${Math.floor(limit / 1024)} KB`, { value: [`设置值过长：${name} 最多 ${Math.floor(limit / 1024)} KB`] });
  }
  const want = kindOf(DEFAULTS[scope][name]!);
  const got = kindOf(parseSettingValue(text));
  // Text settings take any text (an id such as "123" reads as a number).
  const ok = want === null || want === got || (want === "text" && (got === "number" || got === "boolean"));
  if (!ok) throw new DomainError("bad_request", `设置值格式不正确：${name} 应为${KIND_NAMES[want!]}`, { value: [`设置值格式不正确：${name} 应为${KIND_NAMES[want!]}`] });
  if (scope === "company" && name === "TimeZone" && !isTimeZone(text)) {
    throw new DomainError("bad_request", "时区不正确：请填写如 Asia/Shanghai 的时区名称", { value: ["时区不正确：请填写如 Asia/Shanghai 的时区名称"] });
  }
}

function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name.trim() });
    return name.trim() !== "";
  } catch {
    return false;
  }
}

/** The company's time zone (setting TimeZone, default Asia/Shanghai): exports write dates in it. */
export async function getCompanyTimeZone(ctx: Pick<Ctx, "companyId">, ex: Executor = db()): Promise<string> {
  const value = (await readScope("company", ctx.companyId, ex, ["TimeZone"])).TimeZone;
  return typeof value === "string" && isTimeZone(value) ? value.trim() : (COMPANY_SETTING_DEFAULTS.TimeZone as string);
}

async function writeScope(scope: Scope, ownerId: number, input: unknown) {
  const { name, value } = parseInput(SettingSaveSchema, input);
  // Text arrives in the spec's wire form and is stored as sent; other values are serialised.
  const text = typeof value === "string" ? value : serializeSettingValue(value as SettingValue);
  checkSetting(scope, name, text);
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
export function getCompanySettings(ctx: Pick<Ctx, "companyId">, ex?: Executor) {
  return readScope("company", ctx.companyId, ex);
}

export function saveCompanySetting(ctx: Pick<Ctx, "companyId">, input: { name: string; value: unknown }) {
  return writeScope("company", ctx.companyId, input);
}

/** The signed-in user's own settings (summaryDefs, StockStatus, PrintSetupInfo, …). */
export function getUserSettings(ctx: Pick<Ctx, "userId">) {
  return readScope("user", ctx.userId);
}

/** One of the user's own settings (a list page reads only summaryDefs). */
export async function getUserSetting(ctx: Pick<Ctx, "userId">, name: keyof typeof USER_SETTING_DEFAULTS & string): Promise<SettingValue> {
  return (await readScope("user", ctx.userId, db(), [name]))[name]!;
}

export function saveUserSetting(ctx: Pick<Ctx, "userId">, input: { name: string; value: unknown }) {
  return writeScope("user", ctx.userId, input);
}

/** `ex`: read inside the caller's transaction (PGlite has one connection: db() would wait for it). */
export function getGlobalSettings(ex?: Executor) {
  return readScope("global", 0, ex);
}

/** One platform-wide setting (the operator's 参数设置 form checks who may). */
export function saveGlobalSetting(input: { name: string; value: unknown }) {
  return writeScope("global", 0, input);
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
