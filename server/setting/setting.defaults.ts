/**
 * Setting names and defaults (spec 000 §3 "Company settings"). Values are stored as text and
 * parsed by `parseSettingValue`; the defaults here are already parsed values.
 */
export type SettingValue = string | number | boolean | null | SettingValue[] | { [k: string]: SettingValue };

export const COMPANY_SETTING_DEFAULTS: Record<string, SettingValue> = {
  B2B_UUID: "",
  StockStatus: false,
  AutoCreateDeliver: true,
  AutoCreatePickOut: true,
  AutoConfirmDeliver: true,
  AutoCreateReceipt: true,
  AutoCreatePickIn: true,
  AutoConfirmReceipt: true,
  PrintSetupInfo: {},
  SalesReturnOrderLocation: { Default: { Id: null, Name: "" }, Type: 0 },
  DefaultAutoDeliverAndReceiver: { Deliver: "", Receiver: "" },
  GernerateCombiPriceRule: { Enabled: false, Rules: [] },
  AutoCoordinateSalesOrder: false,
  AutoCoordinatePurchaseOrder: false,
  TotalTurnover: 0,
  /** A web session unused this long (minutes) ends, whatever its 30-day cookie says. */
  SessionIdleTimeoutMinutes: 480,
  /** The company's IANA time zone: exports write dates and times in it. */
  TimeZone: "Asia/Shanghai",
};

export const USER_SETTING_DEFAULTS: Record<string, SettingValue> = {
  summaryDefs: {},
  StockStatus: false,
  PrintSetupInfo: {},
};

export const GLOBAL_SETTING_DEFAULTS: Record<string, SettingValue> = {
  PlatformType: "车护者",
  /** Keyword the admin user's company is found by at sign-in (spec 000 §6). */
  AdminCompany: "车护者",
  Website: "",
  FileStorageUrl: "/files",
  /**
   * Spec 001 §5: a product of the brand 机汽人 saved without a category gets these category
   * ids ({ level0Id, level1Id }); the operator sets them, the demo seed points them at 其他配件.
   */
  JiQiRenDefaultCategory: null,
};

/**
 * Largest stored text of one setting value, in bytes (UTF-8). Settings are read on every page
 * (summaryDefs on every list page), so each is bounded: the grid settings of every list a user
 * keeps, printing setups and price rules get room, flags and short texts a little.
 */
export const SETTING_VALUE_MAX_BYTES = 4 * 1024;
const SETTING_VALUE_LIMITS: Record<string, number> = {
  summaryDefs: 128 * 1024,
  PrintSetupInfo: 16 * 1024,
  GernerateCombiPriceRule: 16 * 1024,
};

export function settingValueLimit(name: string): number {
  return Object.hasOwn(SETTING_VALUE_LIMITS, name) ? SETTING_VALUE_LIMITS[name]! : SETTING_VALUE_MAX_BYTES;
}

/**
 * "Setting values arrive as text: text containing a brace is JSON, 'true'/'false' become
 * booleans, numeric text becomes a number." Anything else stays text; JSON that does not
 * parse stays text too (never throws).
 */
export function parseSettingValue(text: string | null | undefined): SettingValue {
  if (text === null || text === undefined) return null;
  const s = String(text);
  if (s.includes("{")) {
    try {
      return JSON.parse(s) as SettingValue;
    } catch {
      return s;
    }
  }
  const trimmed = s.trim();
  if (trimmed === "true") return true;
  if (trimmed === "false") return false;
  if (trimmed !== "" && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) {
    const n = Number(trimmed);
    if (Number.isFinite(n)) return n;
  }
  return s;
}

/** The inverse for storage: objects and arrays as JSON, everything else as its text. */
export function serializeSettingValue(value: SettingValue): string {
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  if (value === null) return "";
  return String(value);
}
