import type { SettingValue } from "./setting.defaults";

/**
 * What a document button does besides its own step because of the company's automatic-flow
 * settings (spec 000 §3; on by default): submitting a purchase order receives the goods at once
 * (AutoCreateReceipt + AutoConfirmReceipt), confirming a picking list ships them
 * (AutoCreateDeliver + AutoConfirmDeliver). The page's button says so in its label, asks before
 * stock moves and links to the setting; with the settings off the plain label stays.
 * Pure: the settings as getCompanySettings reads them (defaults filled in).
 */
export interface AutoFlow {
  /** The button's label (提交并收货入库 …). */
  label: string;
  /** Asked before posting (JavaScript); null when nothing is booked that a clerk must agree to. */
  confirm: string | null;
  /** One line under the buttons: what the setting makes happen (shown with and without JavaScript). */
  note: string;
  /** The setting page, at the setting that decides it; null for those who may not open 系统设置. */
  settingHref: string | null;
}

/** The company settings page (系统设置, XTGL-005). */
export const SETTINGS_PAGE = "/system/setting";

/** The settings page's row of one setting (its field's id there: `setting-<name>`). */
export const settingHrefOf = (name: string) => `${SETTINGS_PAGE}#setting-${name}`;

type Settings = Readonly<Record<string, SettingValue | undefined>>;

/** A setting that is on unless switched off (every automatic-flow setting defaults to on). */
const on = (settings: Settings, name: string) => settings[name] !== false;

/** The company settings page's menu code: only its holders get a link to it. */
export const SETTINGS_CODE = "XTGL-005";

/** 提交 of a purchase order, or null when submitting only submits (AutoCreateReceipt off). */
export function purchaseSubmitFlow(settings: Settings, canOpenSettings = true): AutoFlow | null {
  const settingHref = (name: string) => (canOpenSettings ? settingHrefOf(name) : null);
  if (!on(settings, "AutoCreateReceipt")) return null;
  if (!on(settings, "AutoConfirmReceipt")) {
    return {
      label: "提交并生成收货单",
      confirm: null,
      note: "按系统设置，提交后自动生成收货单，在收货单上确认实收数量后入库。",
      settingHref: settingHref("AutoCreateReceipt"),
    };
  }
  const putAway = on(settings, "AutoCreatePickIn") ? "，并生成上架单" : "";
  return {
    label: "提交并收货入库",
    confirm: `按系统设置，提交后将自动生成收货单并立即确认入库：货物按订单数量全部记入库存（收货区），同时记应付款${putAway}。实际到货前请勿提交，或先在系统设置中关闭“收货单自动确认入库”。是否继续？`,
    note: `按系统设置，提交即收货入库（按订单数量记库存和应付款${putAway}）。`,
    settingHref: settingHref("AutoConfirmReceipt"),
  };
}

/** 确认拣货 of a picking list, or null when confirming only records what was picked (AutoCreateDeliver off). */
export function pickConfirmFlow(settings: Settings, canOpenSettings = true): AutoFlow | null {
  const settingHref = (name: string) => (canOpenSettings ? settingHrefOf(name) : null);
  if (!on(settings, "AutoCreateDeliver")) return null;
  if (!on(settings, "AutoConfirmDeliver")) {
    return {
      label: "确认拣货并生成发货单",
      confirm: null,
      note: "按系统设置，确认拣货后自动生成发货单，在发货单上确认发货后出库。",
      settingHref: settingHref("AutoCreateDeliver"),
    };
  }
  return {
    label: "确认拣货并发货",
    confirm: "按系统设置，确认拣货后将自动生成发货单并立即确认发货：已拣的货物出库（按移动加权平均成本），同时记客户应收款。是否继续？",
    note: "按系统设置，确认拣货即发货出库（记成本和客户应收款）。",
    settingHref: settingHref("AutoConfirmDeliver"),
  };
}
