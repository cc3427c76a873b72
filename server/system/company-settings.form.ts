import { and, asc, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError, isDomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { stockLocations } from "../stock/stock.tables";
import { COMPANY_SETTING_DEFAULTS, parseSettingValue, serializeSettingValue, type SettingValue } from "../setting/setting.defaults";
import { COMPANY_SETTING_SCHEMAS, settingLabel, settingLimits, TIME_ZONE_CHOICES } from "../setting/setting.input";
import { getCompanySettings } from "../setting/setting.service";
import { checkCompanySettingValue, saveCompanySetting } from "./company-setting.service";

/**
 * 系统设置 (/system/setting, XTGL-005): the company settings of spec 000 §3 on one form, each
 * with its meaning in Chinese. Saving validates every field first and then writes the changed
 * ones; they take effect at once (every service reads the company's settings when it acts).
 */
export const SETTINGS_MENU = "XTGL-005";

export type SettingFieldKind = "bool" | "int" | "text" | "timeZone" | "location" | "deliverReceiver" | "combiPrice";

export interface SettingField {
  name: string;
  /** The setting schema's Chinese label (setting.input.ts). */
  label: string;
  help: string;
  kind: SettingFieldKind;
  group: string;
  min?: number;
  max?: number;
}

/** A field of the form: its label and limits come from the setting's own schema, which the API checks too. */
const field = (group: string, name: keyof typeof COMPANY_SETTING_SCHEMAS, kind: SettingFieldKind, help: string): SettingField => {
  const { min, max } = settingLimits("company", name);
  return { group, name, kind, label: settingLabel("company", name), help, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
};

export const COMPANY_SETTING_FIELDS: SettingField[] = [
  field("销售流程", "AutoCreatePickOut", "bool", "关闭后，仓库需要在销售订单上手动点“生成拣货单”。"),
  field("销售流程", "AutoCreateDeliver", "bool", "关闭后，拣货完成的货物要在拣货单上手动生成发货单。"),
  field("销售流程", "AutoConfirmDeliver", "bool", "开启时发货单生成即过账出库（按移动加权平均成本）并记应收；关闭后需在发货单上点“确认发货”。"),
  field("销售流程", "SalesReturnOrderLocation", "location", "退货确认时货物入到这个库位（须在退货单的仓库里）；不设置时入到该仓库的退货区。"),
  field("采购流程", "AutoCreateReceipt", "bool", "关闭后，收货单需要在采购订单上手动生成。"),
  field("采购流程", "AutoConfirmReceipt", "bool", "开启时收货单生成即确认入库并记应付；关闭后需在收货单上逐行确认实收数量。"),
  field("采购流程", "AutoCreatePickIn", "bool", "关闭后，上架单需要在收货单上手动生成。"),
  field("库存与显示", "StockStatus", "bool", "产品和开单页面在数量旁显示有货 / 缺货标记（个人设置可另行覆盖）。"),
  field("库存与显示", "TimeZone", "timeZone", "导出和打印的日期时间按此时区书写，如北京时间（Asia/Shanghai）。"),
  field("安全", "SessionIdleTimeoutMinutes", "int", "网页登录闲置超过这么久即退出，需重新登录；5 到 43200 分钟。"),
  field("协同与对接（预留）", "AutoCoordinateSalesOrder", "bool", "预留给平台内上下游公司的订单协同；本系统目前不据此做任何操作。"),
  field("协同与对接（预留）", "AutoCoordinatePurchaseOrder", "bool", "预留给平台内上下游公司的订单协同；本系统目前不据此做任何操作。"),
  field("协同与对接（预留）", "DefaultAutoDeliverAndReceiver", "deliverReceiver", "对接系统自动生成单据时使用的经办人姓名；本系统目前只保存。"),
  field("协同与对接（预留）", "GernerateCombiPriceRule", "combiPrice", "是否按规则生成组合价；规则列表由对接系统维护，这里只能开关。"),
  field("协同与对接（预留）", "B2B_UUID", "text", "与外部 B2B 平台对接时的公司编号，最多 64 个字符。"),
];

function requireSettings(ctx: Ctx) {
  if (!ctx.permissions.has(SETTINGS_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

/** The company's locations a returned item may go to (enabled ones, by full name). */
async function locationOptions(companyId: number) {
  return db()
    .select({ id: stockLocations.id, name: stockLocations.fullName })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, companyId), eq(stockLocations.isEnabled, true)))
    .orderBy(asc(stockLocations.fullNameSort), asc(stockLocations.id))
    .limit(2000);
}

export async function loadCompanySettingsForm(ctx: Ctx) {
  requireSettings(ctx);
  const [values, locations] = await Promise.all([getCompanySettings(ctx), locationOptions(ctx.companyId)]);
  return { fields: COMPANY_SETTING_FIELDS, values, locations, timeZones: TIME_ZONE_CHOICES };
}

const obj = (v: SettingValue | undefined) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, SettingValue>) : {});

/** What a field of the posted form stands for, as the setting's stored text (the form's own encoding: a checkbox, a location's id …). */
function postedText(f: SettingField, form: Record<string, string>, current: Record<string, SettingValue>): string {
  const raw = (form[f.name] ?? "").trim();
  const on = raw === "true" || raw === "on";
  switch (f.kind) {
    case "bool":
      return String(on);
    case "int":
    case "text":
    case "timeZone":
      return raw;
    case "location": {
      const prev = obj(current[f.name]);
      const id = /^\d{1,10}$/.test(raw) ? Number(raw) : raw ? -1 : null;
      return serializeSettingValue({ ...prev, Default: { Id: id, Name: "" }, Type: prev.Type ?? 0 });
    }
    case "deliverReceiver":
      return serializeSettingValue({
        ...obj(current[f.name]),
        Deliver: (form[`${f.name}.Deliver`] ?? "").trim(),
        Receiver: (form[`${f.name}.Receiver`] ?? "").trim(),
      });
    case "combiPrice":
      return serializeSettingValue({ ...obj(current[f.name]), Enabled: on, Rules: obj(current[f.name]).Rules ?? [] });
  }
}

/**
 * The posted form as setting values, each checked by the setting's own schema and references
 * (setting.service.ts checkSettingValue: the same check as the JSON API), or every bad
 * field's message (nothing is saved then).
 */
async function readForm(ctx: Ctx, form: Record<string, string>, current: Record<string, SettingValue>) {
  const out: Record<string, SettingValue> = {};
  const fields: Record<string, string[]> = {};
  for (const f of COMPANY_SETTING_FIELDS) {
    try {
      out[f.name] = parseSettingValue(await checkCompanySettingValue(ctx.companyId, f.name, postedText(f, form, current)));
    } catch (e) {
      if (!isDomainError(e)) throw e;
      fields[f.name] = [e.message];
    }
  }
  return { out, fields };
}

/** Saves the whole form: all fields are checked first; the changed ones are written and recorded in the audit trail. */
export async function saveCompanySettingsForm(ctx: Ctx, form: Record<string, string>) {
  requireSettings(ctx);
  const current = await getCompanySettings(ctx);
  const { out, fields } = await readForm(ctx, form, current);
  const first = Object.values(fields)[0];
  if (first) throw new DomainError("bad_request", first[0]!, fields);
  const changed = Object.keys(out).filter(
    (name) => serializeSettingValue(out[name]!) !== serializeSettingValue(current[name] ?? COMPANY_SETTING_DEFAULTS[name]!),
  );
  for (const name of changed) await saveCompanySetting(ctx, { name, value: out[name]! });
  if (changed.length) {
    const labels = changed.map((n) => COMPANY_SETTING_FIELDS.find((f) => f.name === n)!.label);
    await recordAudit({
      ...actorOf(ctx),
      action: "settingChange",
      targetType: "companySetting",
      targetId: ctx.companyId,
      summary: `修改系统设置：${labels.join("、")}`.slice(0, 500),
      before: Object.fromEntries(changed.map((n) => [n, current[n] ?? null])),
      after: Object.fromEntries(changed.map((n) => [n, out[n]!])),
    });
  }
  return changed.length;
}
