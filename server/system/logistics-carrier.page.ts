import type { Lookups } from "../resource/page";
import { carrierNames } from "../reference/logistics-carrier.resource";

/** 物流信息's form suggests the archive's carriers for 物流公司名称 (any other name is still accepted). */
export async function carrierNameSuggestions(): Promise<Lookups> {
  return { carrier: (await carrierNames()).map((label, i) => ({ value: i + 1, label })) };
}
