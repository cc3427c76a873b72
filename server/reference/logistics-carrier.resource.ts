import { asc, count, eq, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { equals, keywordOn } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { pinyinSortKey } from "../lib/sort-key";
import { LogisticsCarrierInputSchema } from "./logistics-carrier.input";
import { logisticsCarriers } from "./reference.tables";

/**
 * 物流档案 (/system/archives/logistics, XTGL-019): the platform's carriers. The operator keeps
 * them; a company's logistics page (物流信息, CKGL-009) reads them, and a logistics company
 * saved under a carrier's name without its own tracking page takes the carrier's.
 */
export const logisticsCarrierResource = defineResource({
  name: "logisticsCarrier",
  label: "承运商",
  pageName: "物流档案",
  pageUrl: "/system/archives/logistics",
  writeCode: "XTGL-019",
  readCodes: ["XTGL-019", "CKGL-009"],
  platformWrite: true,
  scope: "platform",
  table: logisticsCarriers,
  sortable: { sortOrder: logisticsCarriers.sortOrder, name: logisticsCarriers.nameSort, code: logisticsCarriers.code, creationTime: logisticsCarriers.id },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { isEnabled: equals(logisticsCarriers.isEnabled, "bool") },
  keyword: keywordOn(logisticsCarriers.name, logisticsCarriers.code, logisticsCarriers.servicePhone),
  input: LogisticsCarrierInputSchema,
  unique: { logistics_carriers_name_uq: ["name", "承运商名称已存在"], logistics_carriers_code_uq: ["code", "承运商编码已存在"] },
  exportAs: { isEnabled: (r) => (r.isEnabled ? "启用" : "停用") },
});

/** The enabled carrier of this name (case-insensitive), if the archive has one. */
export async function carrierByName(name: string, ex: Executor = db()) {
  const [row] = await ex
    .select()
    .from(logisticsCarriers)
    .where(sql`lower(${logisticsCarriers.name}) = lower(${name.trim()}) and ${logisticsCarriers.isEnabled}`)
    .limit(1);
  return row;
}

/** The enabled carriers' names in list order: what a company's logistics form suggests. */
export async function carrierNames(ex: Executor = db()): Promise<string[]> {
  const rows = await ex
    .select({ name: logisticsCarriers.name })
    .from(logisticsCarriers)
    .where(eq(logisticsCarriers.isEnabled, true))
    .orderBy(asc(logisticsCarriers.sortOrder), asc(logisticsCarriers.id));
  return rows.map((r) => r.name);
}

/** Common carriers and their tracking pages (快递100's query page), seeded once into an empty archive. */
const CARRIERS: [name: string, code: string, phone: string, website: string, kuaidi100: string][] = [
  ["顺丰速运", "SF", "95338", "https://www.sf-express.com", "shunfeng"],
  ["京东物流", "JD", "950616", "https://www.jdl.com", "jd"],
  ["中通快递", "ZTO", "95311", "https://www.zto.com", "zhongtong"],
  ["圆通速递", "YTO", "95554", "https://www.yto.net.cn", "yuantong"],
  ["韵达快递", "YD", "95546", "https://www.yundaex.com", "yunda"],
  ["申通快递", "STO", "95543", "https://www.sto.cn", "shentong"],
  ["极兔速递", "JT", "956025", "https://www.jtexpress.com.cn", "jtexpress"],
  ["中国邮政 EMS", "EMS", "11183", "https://www.ems.com.cn", "ems"],
  ["德邦物流", "DBL", "95353", "https://www.deppon.com", "debangwuliu"],
  ["安能物流", "ANE", "4001-000-000", "https://www.ane56.com", "annengwuliu"],
  ["壹米滴答", "YMDD", "400-1521-888", "https://www.yimidida.com", "yimidida"],
];

export async function seedLogisticsCarriers(ex: Executor) {
  const [{ n }] = (await ex.select({ n: count() }).from(logisticsCarriers)) as [{ n: number }];
  if (Number(n) > 0) return;
  await ex.insert(logisticsCarriers).values(
    CARRIERS.map(([name, code, servicePhone, website, k100], i) => ({
      name,
      nameSort: pinyinSortKey(name),
      code,
      servicePhone,
      website,
      trackingUrl: `https://www.kuaidi100.com/chaxun?com=${k100}&nu={no}`,
      sortOrder: (i + 1) * 10,
    })),
  );
}
