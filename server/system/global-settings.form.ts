import { and, asc, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError, isDomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { productCategories } from "../product/catalog.tables";
import { GLOBAL_SETTING_DEFAULTS, parseSettingValue, serializeSettingValue, type SettingValue } from "../setting/setting.defaults";
import { GLOBAL_SETTING_SCHEMAS, settingLabel } from "../setting/setting.input";
import { checkSettingValue, getGlobalSettings, saveGlobalSetting } from "../setting/setting.service";

/**
 * 参数设置 (/system/setting/params, XTGL-006): the platform's global settings (spec 000 §3,
 * sysGlobalSettingApi) on one form, each with its meaning in Chinese. Every holder of the page
 * reads them; only the platform operator changes them. Saving checks every field first, then
 * writes the changed ones and records them in the audit trail; they take effect at once.
 */
export const PARAMS_MENU = "XTGL-006";

export type GlobalFieldKind = "name" | "url" | "category";

export interface GlobalSettingField {
  name: string;
  /** The setting schema's Chinese label (setting.input.ts). */
  label: string;
  help: string;
  kind: GlobalFieldKind;
}

const field = (name: keyof typeof GLOBAL_SETTING_SCHEMAS, kind: GlobalFieldKind, help: string): GlobalSettingField => ({
  name,
  kind,
  label: settingLabel("global", name),
  help,
});

export const GLOBAL_SETTING_FIELDS: GlobalSettingField[] = [
  field("PlatformType", "name", "客户端启动时读取、页面标题和登录页显示的平台名称，1–30 个字。"),
  field("AdminCompany", "name", "平台管理员登录时按这个关键字找到平台公司；须与平台公司名称或简称中的文字一致，改错会让管理员登录到别的公司。1–30 个字。"),
  field("Website", "url", "以 http:// 或 https:// 开头的网址，可留空。"),
  field("FileStorageUrl", "url", "附件和图片的访问地址前缀：站内路径（如 /files）或 http(s) 网址。"),
  field("JiQiRenDefaultCategory", "category", "品牌为“机汽人”的产品保存时没有选分类，就归入这个二级分类（规格 001 §5）；不设置时必须手选分类。"),
];

function requireParams(ctx: Ctx) {
  if (!ctx.permissions.has(PARAMS_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

/** Second-level categories with their first-level parent: what the default category may be. */
async function categoryOptions() {
  const parent = alias(productCategories, "parent");
  return db()
    .select({ level0Id: parent.id, level1Id: productCategories.id, name: productCategories.name, parentName: parent.name })
    .from(productCategories)
    .innerJoin(parent, eq(parent.id, productCategories.parentId))
    .where(and(eq(productCategories.level, 1), isNotNull(productCategories.parentId), eq(productCategories.isEnabled, true)))
    .orderBy(asc(parent.sortOrder), asc(parent.id), asc(productCategories.sortOrder), asc(productCategories.id))
    .limit(5000);
}

export async function loadGlobalSettingsForm(ctx: Ctx) {
  requireParams(ctx);
  const [values, categories] = await Promise.all([getGlobalSettings(), categoryOptions()]);
  return { fields: GLOBAL_SETTING_FIELDS, values, categories, canEdit: ctx.companyKind === "platform" };
}

/**
 * The posted form as setting values, each checked by the setting's own schema (the same
 * check as any other path, setting.service.ts checkSettingValue) and a category against the
 * enabled second-level ones; or every bad field's message (nothing is saved then).
 */
async function readForm(form: Record<string, string>, categories: Awaited<ReturnType<typeof categoryOptions>>) {
  const out: Record<string, SettingValue> = {};
  const fields: Record<string, string[]> = {};
  for (const f of GLOBAL_SETTING_FIELDS) {
    const raw = (form[f.name] ?? "").trim();
    let text = raw;
    if (f.kind === "category" && raw) {
      const c = categories.find((o) => String(o.level1Id) === raw);
      if (!c) {
        fields[f.name] = ["所选分类不存在或已停用"];
        continue;
      }
      text = serializeSettingValue({ level0Id: c.level0Id, level1Id: c.level1Id });
    }
    try {
      const value = parseSettingValue(await checkSettingValue("global", 0, f.name, text));
      // No category is stored as empty text, which reads back as "not set".
      out[f.name] = f.kind === "category" && value === "" ? null : value;
    } catch (e) {
      if (!isDomainError(e)) throw e;
      fields[f.name] = [e.message];
    }
  }
  return { out, fields };
}

/** Saves the whole form (the operator only): all fields checked first; the changed ones written and audited. */
export async function saveGlobalSettingsForm(ctx: Ctx, form: Record<string, string>) {
  requireParams(ctx);
  if (ctx.companyKind !== "platform") throw new DomainError("forbidden", "参数设置是平台的全局设置，只有平台管理员可以修改");
  const [current, categories] = await Promise.all([getGlobalSettings(), categoryOptions()]);
  const { out, fields } = await readForm(form, categories);
  const first = Object.values(fields)[0];
  if (first) throw new DomainError("bad_request", first[0]!, fields);
  const same = (name: string) => serializeSettingValue(out[name] ?? null) === serializeSettingValue(current[name] ?? GLOBAL_SETTING_DEFAULTS[name] ?? null);
  const changed = Object.keys(out).filter((name) => !same(name));
  // No value (no default category) is stored as empty text, which reads back as "not set".
  for (const name of changed) await saveGlobalSetting({ name, value: out[name] ?? "" });
  if (changed.length) {
    const labels = changed.map((n) => GLOBAL_SETTING_FIELDS.find((f) => f.name === n)!.label);
    await recordAudit({
      ...actorOf(ctx),
      action: "settingChange",
      targetType: "globalSetting",
      targetId: 0,
      summary: `修改参数设置：${labels.join("、")}`.slice(0, 500),
      before: Object.fromEntries(changed.map((n) => [n, current[n] ?? null])),
      after: Object.fromEntries(changed.map((n) => [n, out[n] ?? null])),
    });
  }
  return changed.length;
}
