import { and, asc, eq } from "drizzle-orm";
import type { Ctx } from "../auth/context";
import { db } from "../db/client";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { stockLocations } from "../stock/stock.tables";
import { COMPANY_SETTING_DEFAULTS, serializeSettingValue, type SettingValue } from "./setting.defaults";
import { getCompanySettings, saveCompanySetting } from "./setting.service";

/**
 * 系统设置 (/system/setting, XTGL-005): the company settings of spec 000 §3 on one form, each
 * with its meaning in Chinese. Saving validates every field first and then writes the changed
 * ones; they take effect at once (every service reads the company's settings when it acts).
 */
export const SETTINGS_MENU = "XTGL-005";

export type SettingFieldKind = "bool" | "int" | "text" | "timeZone" | "location" | "deliverReceiver" | "combiPrice";

export interface SettingField {
  name: string;
  label: string;
  help: string;
  kind: SettingFieldKind;
  group: string;
  min?: number;
  max?: number;
}

export const COMPANY_SETTING_FIELDS: SettingField[] = [
  { group: "销售流程", name: "AutoCreatePickOut", kind: "bool", label: "提交销售订单后自动生成拣货单", help: "关闭后，仓库需要在销售订单上手动点“生成拣货单”。" },
  { group: "销售流程", name: "AutoCreateDeliver", kind: "bool", label: "拣货完成后自动生成发货单", help: "关闭后，拣货完成的货物要在拣货单上手动生成发货单。" },
  { group: "销售流程", name: "AutoConfirmDeliver", kind: "bool", label: "发货单自动确认出库", help: "开启时发货单生成即过账出库（按移动加权平均成本）并记应收；关闭后需在发货单上点“确认发货”。" },
  { group: "销售流程", name: "SalesReturnOrderLocation", kind: "location", label: "销售退货入库库位", help: "退货确认时货物入到这个库位（须在退货单的仓库里）；不设置时入到该仓库的退货区。" },
  { group: "采购流程", name: "AutoCreateReceipt", kind: "bool", label: "提交采购订单后自动生成收货单", help: "关闭后，收货单需要在采购订单上手动生成。" },
  { group: "采购流程", name: "AutoConfirmReceipt", kind: "bool", label: "收货单自动确认入库", help: "开启时收货单生成即确认入库并记应付；关闭后需在收货单上逐行确认实收数量。" },
  { group: "采购流程", name: "AutoCreatePickIn", kind: "bool", label: "收货确认后自动生成上架单", help: "关闭后，上架单需要在收货单上手动生成。" },
  { group: "库存与显示", name: "StockStatus", kind: "bool", label: "列表中显示库存状态", help: "产品和开单页面在数量旁显示有货 / 缺货标记（个人设置可另行覆盖）。" },
  { group: "库存与显示", name: "TimeZone", kind: "timeZone", label: "公司时区", help: "导出和打印的日期时间按此时区书写，如 Asia/Shanghai。" },
  { group: "安全", name: "SessionIdleTimeoutMinutes", kind: "int", min: 5, max: 43200, label: "闲置自动退出（分钟）", help: "网页登录闲置超过这么久即退出，需重新登录；5 到 43200 分钟。" },
  { group: "协同与对接（预留）", name: "AutoCoordinateSalesOrder", kind: "bool", label: "销售订单自动协同", help: "预留给平台内上下游公司的订单协同；本系统目前不据此做任何操作。" },
  { group: "协同与对接（预留）", name: "AutoCoordinatePurchaseOrder", kind: "bool", label: "采购订单自动协同", help: "预留给平台内上下游公司的订单协同；本系统目前不据此做任何操作。" },
  { group: "协同与对接（预留）", name: "DefaultAutoDeliverAndReceiver", kind: "deliverReceiver", label: "默认发货人 / 收货人", help: "对接系统自动生成单据时使用的经办人姓名；本系统目前只保存。" },
  { group: "协同与对接（预留）", name: "GernerateCombiPriceRule", kind: "combiPrice", label: "生成组合价规则", help: "是否按规则生成组合价；规则列表由对接系统维护，这里只能开关。" },
  { group: "协同与对接（预留）", name: "B2B_UUID", kind: "text", max: 64, label: "B2B 对接编号", help: "与外部 B2B 平台对接时的公司编号，最多 64 个字符。" },
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
  return { fields: COMPANY_SETTING_FIELDS, values, locations };
}

const obj = (v: SettingValue | undefined) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, SettingValue>) : {});

/** The posted form as setting values, or the first field's message (nothing is saved then). */
function readForm(form: Record<string, string>, current: Record<string, SettingValue>, locations: { id: number; name: string }[]) {
  const out: Record<string, SettingValue> = {};
  const fields: Record<string, string[]> = {};
  const bad = (name: string, message: string) => (fields[name] = [message]);
  for (const f of COMPANY_SETTING_FIELDS) {
    const raw = (form[f.name] ?? "").trim();
    switch (f.kind) {
      case "bool":
        out[f.name] = raw === "true" || raw === "on";
        break;
      case "int": {
        const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
        if (!Number.isInteger(n) || n < (f.min ?? 0) || n > (f.max ?? 1e6)) bad(f.name, `${f.label}应为 ${f.min} 到 ${f.max} 的整数`);
        else out[f.name] = n;
        break;
      }
      case "text":
        if (raw.length > (f.max ?? 200)) bad(f.name, `${f.label}最多 ${f.max} 个字符`);
        else out[f.name] = raw;
        break;
      case "timeZone":
        try {
          if (!raw) throw new Error();
          new Intl.DateTimeFormat("en-US", { timeZone: raw });
          out[f.name] = raw;
        } catch {
          bad(f.name, "时区不正确：请填写如 Asia/Shanghai 的时区名称");
        }
        break;
      case "location": {
        const prev = obj(current[f.name]);
        if (!raw) out[f.name] = { ...prev, Default: { Id: null, Name: "" }, Type: prev.Type ?? 0 };
        else {
          const loc = locations.find((l) => String(l.id) === raw);
          if (!loc) bad(f.name, "库位不存在");
          else out[f.name] = { ...prev, Default: { Id: loc.id, Name: loc.name }, Type: prev.Type ?? 0 };
        }
        break;
      }
      case "deliverReceiver": {
        const deliver = (form[`${f.name}.Deliver`] ?? "").trim();
        const receiver = (form[`${f.name}.Receiver`] ?? "").trim();
        if (deliver.length > 32 || receiver.length > 32) bad(f.name, "发货人、收货人最多 32 个字");
        else out[f.name] = { ...obj(current[f.name]), Deliver: deliver, Receiver: receiver };
        break;
      }
      case "combiPrice":
        out[f.name] = { ...obj(current[f.name]), Enabled: raw === "true" || raw === "on", Rules: obj(current[f.name]).Rules ?? [] };
        break;
    }
  }
  return { out, fields };
}

/** Saves the whole form: all fields are checked first; the changed ones are written and recorded in the audit trail. */
export async function saveCompanySettingsForm(ctx: Ctx, form: Record<string, string>) {
  requireSettings(ctx);
  const [current, locations] = await Promise.all([getCompanySettings(ctx), locationOptions(ctx.companyId)]);
  const { out, fields } = readForm(form, current, locations);
  const first = Object.values(fields)[0];
  if (first) throw new DomainError("bad_request", first[0]!, fields);
  const changed = Object.keys(out).filter((name) => serializeSettingValue(out[name]!) !== serializeSettingValue(current[name] ?? COMPANY_SETTING_DEFAULTS[name]!));
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
