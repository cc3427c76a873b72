import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { DomainError } from "../lib/errors";
import { parseInput, zhIssue } from "../lib/validate";
import type { Ctx } from "../lib/context";
import {
  COMPANY_SETTING_DEFAULTS,
  GLOBAL_SETTING_DEFAULTS,
  USER_SETTING_DEFAULTS,
  parseSettingValue,
  serializeSettingValue,
  settingValueLimit,
  type SettingValue,
} from "./setting.defaults";
import { isTimeZone, SETTING_SCHEMAS, SettingSaveSchema, settingLabel, type SettingScope } from "./setting.input";
import { settings } from "./setting.tables";

type Scope = SettingScope;
const DEFAULTS: Record<Scope, Record<string, SettingValue>> = {
  global: GLOBAL_SETTING_DEFAULTS,
  company: COMPANY_SETTING_DEFAULTS,
  user: USER_SETTING_DEFAULTS,
};

/** The scope's known settings (defaults filled in); rows under any other name are never read. */
async function readScope(
  scope: Scope,
  ownerId: number,
  ex: Executor = db(),
  names: readonly string[] = Object.keys(DEFAULTS[scope]),
): Promise<Record<string, SettingValue>> {
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

const refuse = (message: string): never => {
  throw new DomainError("bad_request", message, { value: [message] });
};

/**
 * Whether a value may be stored under a setting, the one check of both the forms and the
 * JSON API: only the scope's known names (the defaults catalogue, spec 000 §3), each value no
 * longer than its limit, of its default's kind (a flag stays true/false, a rule stays an
 * object) and within its own schema (setting.input.ts: ranges, lengths, shapes); a location
 * must be one of the owner company's own enabled locations (its name is taken from there).
 * Returns the text to store; throws a bad_request DomainError with the setting's Chinese
 * label otherwise.
 */
// A company setting that names another area's row (SalesReturnOrderLocation, a stock location) is
// checked further by system/company-setting.service.ts, which calls this first: settings sit
// below the areas whose rows they name.
export async function checkSettingValue(scope: Scope, ownerId: number, name: string, text: string): Promise<string> {
  if (!Object.hasOwn(DEFAULTS[scope], name)) refuse(`未知的设置：${name}`);
  const label = settingLabel(scope, name);
  const limit = settingValueLimit(name);
  if (Buffer.byteLength(text, "utf8") > limit) refuse(`${label}过长：最多 ${Math.floor(limit / 1024)} KB`);
  const want = kindOf(DEFAULTS[scope][name]!);
  const value = parseSettingValue(text);
  const schema = SETTING_SCHEMAS[scope][name];
  if (schema) {
    // The schema's own messages name the setting; what it leaves to zod is said with the label here.
    const parsed = schema.safeParse(want === "text" ? text : value, { error: (issue) => `${label}格式不正确：${zhIssue(issue as never)}` });
    if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? `${label}格式不正确`);
  } else {
    const got = kindOf(value);
    // Text settings take any text (an id such as "123" reads as a number).
    const ok = want === null || want === got || (want === "text" && (got === "number" || got === "boolean"));
    if (!ok) refuse(`${label}格式不正确：应为${KIND_NAMES[want!]}`);
  }
  // Text is stored as sent (the spec's wire form); any other value in one spelling ("1e3" and " 1000" are 1000).
  return want === "text" ? text : serializeSettingValue(value);
}

/** The company's time zone (setting TimeZone, default Asia/Shanghai): exports write dates in it. */
export async function getCompanyTimeZone(ctx: Pick<Ctx, "companyId">, ex: Executor = db()): Promise<string> {
  const value = (await readScope("company", ctx.companyId, ex, ["TimeZone"])).TimeZone;
  return typeof value === "string" && isTimeZone(value) ? value.trim() : (COMPANY_SETTING_DEFAULTS.TimeZone as string);
}

/** Stores one setting after `check` (by default checkSettingValue) accepted it. */
export async function writeSetting(
  scope: Scope,
  ownerId: number,
  input: unknown,
  check: (scope: Scope, ownerId: number, name: string, text: string) => Promise<string> = checkSettingValue,
) {
  const { name, value } = parseInput(SettingSaveSchema, input);
  // Text arrives in the spec's wire form and is stored as sent; other values are serialised.
  const text = await check(scope, ownerId, name, typeof value === "string" ? value : serializeSettingValue(value as SettingValue));
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

/** The signed-in user's own settings (summaryDefs, StockStatus, PrintSetupInfo, …). */
export function getUserSettings(ctx: Pick<Ctx, "userId">) {
  return readScope("user", ctx.userId);
}

/** One of the user's own settings (a list page reads only summaryDefs). */
export async function getUserSetting(ctx: Pick<Ctx, "userId">, name: keyof typeof USER_SETTING_DEFAULTS & string): Promise<SettingValue> {
  return (await readScope("user", ctx.userId, db(), [name]))[name]!;
}

export function saveUserSetting(ctx: Pick<Ctx, "userId">, input: { name: string; value: unknown }) {
  return writeSetting("user", ctx.userId, input);
}

/** `ex`: read inside the caller's transaction (PGlite has one connection: db() would wait for it). */
export function getGlobalSettings(ex?: Executor) {
  return readScope("global", 0, ex);
}

/** One platform-wide setting (the operator's 参数设置 form checks who may). */
export function saveGlobalSetting(input: { name: string; value: unknown }) {
  return writeSetting("global", 0, input);
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
