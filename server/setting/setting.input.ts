import * as z from "zod";

export const SettingNameSchema = z
  .string({ error: "设置名称不能为空" })
  .trim()
  .min(1, "设置名称不能为空")
  .max(64, "设置名称过长")
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "设置名称只能包含字母、数字和下划线");

/**
 * A value as posted: text (the spec's wire form) or any JSON value. Which names exist and how
 * long each value may be is the settings service's to check (setting.defaults.ts); this only
 * keeps a request from carrying more than the largest setting could hold.
 */
export const SettingSaveSchema = z.object({
  name: SettingNameSchema,
  value: z.union([z.string().max(256 * 1024, "设置值过长"), z.number(), z.boolean(), z.record(z.string(), z.unknown()), z.array(z.unknown())], {
    error: "设置值格式不正确",
  }),
});

/**
 * One schema per setting (spec 000 §3), with its Chinese label (`.meta({ label })`) and
 * messages: the settings forms (系统设置, 参数设置) and the JSON API (POST
 * currentCompanySettingApi / setCurrentUserSettings) check a value with the same one
 * (setting.service.ts `checkSettingValue`), so neither path stores what the other refuses.
 * A text setting is checked as the text that is stored; any other as the value that text
 * reads as (parseSettingValue). References (a location, a category) are checked against the
 * database by the service as well: a location must be one of the company's own.
 */
const labelled = <S extends z.ZodType>(schema: S, label: string, limits: { min?: number; max?: number } = {}) => schema.meta({ label, ...limits });

const flag = (label: string) => labelled(z.boolean({ error: `${label}应为 true 或 false` }), label);

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label}应为 ${min} 到 ${max} 的整数`;
  return labelled(z.number({ error: message }).int(message).min(min, message).max(max, message), label, { min, max });
};

const textUpTo = (label: string, max: number, min = 0) =>
  labelled(
    z
      .string({ error: `${label}应为文本` })
      .refine((v) => v.trim().length >= min, `请输入${label}`)
      .refine((v) => [...v.trim()].length <= max, `${label}最多 ${max} 个字`),
    label,
    { max },
  );

const jsonObject = (label: string) => labelled(z.record(z.string(), z.unknown(), { error: `${label}应为对象（JSON）` }), label);

/** An IANA time zone name the runtime knows (Asia/Shanghai …). */
export function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name.trim() });
    return name.trim() !== "";
  } catch {
    return false;
  }
}

/** The time zones the 系统设置 form offers, each with its Chinese name (the stored value is the IANA name). */
export const TIME_ZONE_CHOICES: readonly { value: string; label: string }[] = [
  { value: "Asia/Shanghai", label: "北京时间" },
  { value: "Asia/Hong_Kong", label: "香港时间" },
  { value: "Asia/Taipei", label: "台北时间" },
  { value: "Asia/Urumqi", label: "乌鲁木齐时间" },
  { value: "Asia/Singapore", label: "新加坡时间" },
  { value: "Asia/Tokyo", label: "东京时间" },
  { value: "Europe/Berlin", label: "柏林时间" },
  { value: "America/Los_Angeles", label: "洛杉矶时间" },
  { value: "UTC", label: "协调世界时" },
];

const TIME_ZONE_MESSAGE = "时区不正确：请填写如 Asia/Shanghai 的时区名称";
const SITE_URL = /^(https?:\/\/[^\s/?#]+[^\s]*|\/[^\s]*)$/i;
const ID_MAX = 2147483647;

export const COMPANY_SETTING_SCHEMAS = {
  B2B_UUID: textUpTo("B2B 对接编号", 64),
  StockStatus: flag("列表中显示库存状态"),
  AutoCreateDeliver: flag("拣货完成后自动生成发货单"),
  AutoCreatePickOut: flag("提交销售订单后自动生成拣货单"),
  AutoConfirmDeliver: flag("发货单自动确认出库"),
  AutoCreateReceipt: flag("提交采购订单后自动生成收货单"),
  AutoCreatePickIn: flag("收货确认后自动生成上架单"),
  AutoConfirmReceipt: flag("收货单自动确认入库"),
  PrintSetupInfo: jsonObject("打印设置"),
  SalesReturnOrderLocation: labelled(
    z.looseObject(
      {
        Default: z.object(
          {
            Id: z
              .number({ error: "销售退货入库库位的库位编号应为正整数或 null" })
              .int("销售退货入库库位的库位编号应为正整数或 null")
              .min(1, "销售退货入库库位的库位编号应为正整数或 null")
              .max(ID_MAX, "库位不存在")
              .nullable(),
            Name: z.string({ error: "销售退货入库库位的名称应为文本" }).max(200, "销售退货入库库位的名称最多 200 个字"),
          },
          { error: '销售退货入库库位应为 {"Default":{"Id":库位编号,"Name":"库位名称"},"Type":0}' },
        ),
        Type: z
          .number({ error: "销售退货入库库位的类型应为 0 到 9 的整数" })
          .int("销售退货入库库位的类型应为 0 到 9 的整数")
          .min(0, "销售退货入库库位的类型应为 0 到 9 的整数")
          .max(9, "销售退货入库库位的类型应为 0 到 9 的整数"),
      },
      { error: '销售退货入库库位应为 {"Default":{"Id":库位编号,"Name":"库位名称"},"Type":0}' },
    ),
    "销售退货入库库位",
  ),
  DefaultAutoDeliverAndReceiver: labelled(
    z.looseObject(
      {
        Deliver: z.string({ error: "默认发货人应为文本" }).max(32, "发货人、收货人最多 32 个字"),
        Receiver: z.string({ error: "默认收货人应为文本" }).max(32, "发货人、收货人最多 32 个字"),
      },
      { error: '默认发货人 / 收货人应为 {"Deliver":"姓名","Receiver":"姓名"}' },
    ),
    "默认发货人 / 收货人",
  ),
  GernerateCombiPriceRule: labelled(
    z.looseObject(
      {
        Enabled: z.boolean({ error: "生成组合价规则的开关应为 true 或 false" }),
        Rules: z.array(z.unknown(), { error: "生成组合价规则的规则应为列表" }).max(500, "生成组合价规则最多 500 条"),
      },
      { error: '生成组合价规则应为 {"Enabled":true,"Rules":[…]}' },
    ),
    "生成组合价规则",
  ),
  AutoCoordinateSalesOrder: flag("销售订单自动协同"),
  AutoCoordinatePurchaseOrder: flag("采购订单自动协同"),
  TotalTurnover: labelled(
    z
      .number({ error: "累计成交额应为 0 到 999999999999 的数" })
      .min(0, "累计成交额应为 0 到 999999999999 的数")
      .max(999_999_999_999, "累计成交额应为 0 到 999999999999 的数"),
    "累计成交额",
  ),
  SessionIdleTimeoutMinutes: wholeNumber("闲置自动退出（分钟）", 5, 43200),
  TimeZone: labelled(z.string({ error: TIME_ZONE_MESSAGE }).refine(isTimeZone, TIME_ZONE_MESSAGE), "公司时区"),
} satisfies Record<string, z.ZodType>;

export const USER_SETTING_SCHEMAS = {
  summaryDefs: jsonObject("列表列设置"),
  StockStatus: flag("列表中显示库存状态"),
  PrintSetupInfo: jsonObject("打印设置"),
} satisfies Record<string, z.ZodType>;

export const GLOBAL_SETTING_SCHEMAS = {
  PlatformType: textUpTo("平台名称", 30, 1),
  AdminCompany: textUpTo("平台公司关键字", 30, 1),
  Website: labelled(
    z
      .string({ error: "平台网址应为文本" })
      .refine((v) => v.trim().length <= 200, "平台网址最多 200 个字符")
      .refine((v) => v.trim() === "" || (SITE_URL.test(v.trim()) && !v.trim().startsWith("/")), "平台网址须以 http:// 或 https:// 开头"),
    "平台网址",
  ),
  FileStorageUrl: labelled(
    z
      .string({ error: "文件访问地址应为文本" })
      .refine((v) => v.trim() !== "", "请输入文件访问地址")
      .refine((v) => v.trim().length <= 200, "文件访问地址最多 200 个字符")
      .refine((v) => SITE_URL.test(v.trim()), "文件访问地址须是以 / 开头的站内路径或 http(s) 网址"),
    "文件访问地址",
  ),
  JiQiRenDefaultCategory: labelled(
    z.union([z.literal(""), z.null(), z.object({ level0Id: z.number().int().min(1).max(ID_MAX), level1Id: z.number().int().min(1).max(ID_MAX) })], {
      error: "所选分类不存在或已停用",
    }),
    "机汽人产品默认分类",
  ),
} satisfies Record<string, z.ZodType>;

export type SettingScope = "global" | "company" | "user";

export const SETTING_SCHEMAS: Record<SettingScope, Record<string, z.ZodType>> = {
  global: GLOBAL_SETTING_SCHEMAS,
  company: COMPANY_SETTING_SCHEMAS,
  user: USER_SETTING_SCHEMAS,
};

/** A setting's Chinese label (its schema's), or the name itself for one that has none. */
export function settingLabel(scope: SettingScope, name: string): string {
  const schema = Object.hasOwn(SETTING_SCHEMAS[scope], name) ? SETTING_SCHEMAS[scope][name] : undefined;
  const meta = schema?.meta() as { label?: string } | undefined;
  return meta?.label ?? name;
}

/** The limits a form field shows (min/max of a whole-number setting, the length of a text one), from the setting's schema. */
export function settingLimits(scope: SettingScope, name: string): { min?: number; max?: number } {
  const meta = (Object.hasOwn(SETTING_SCHEMAS[scope], name) ? SETTING_SCHEMAS[scope][name]!.meta() : undefined) as { min?: number; max?: number } | undefined;
  return { min: meta?.min, max: meta?.max };
}
