import { count } from "drizzle-orm";
import type { Executor } from "../db/client";
import { pinyinSortKey } from "../lib/sort-key";
import { banks } from "./reference.tables";

/**
 * 银行设置's first list: the banks most Chinese companies bank with (the six large state-owned
 * banks, then the national joint-stock banks), with their usual short codes. Written only into
 * an empty table: once the operator has a list, a restart never brings back a bank removed.
 */
export const COMMON_BANKS: readonly (readonly [name: string, code: string])[] = [
  ["中国工商银行", "ICBC"],
  ["中国农业银行", "ABC"],
  ["中国银行", "BOC"],
  ["中国建设银行", "CCB"],
  ["交通银行", "BOCOM"],
  ["中国邮政储蓄银行", "PSBC"],
  ["招商银行", "CMB"],
  ["上海浦东发展银行", "SPDB"],
  ["中信银行", "CITIC"],
  ["兴业银行", "CIB"],
  ["中国民生银行", "CMBC"],
  ["中国光大银行", "CEB"],
  ["平安银行", "PAB"],
  ["华夏银行", "HXB"],
  ["广发银行", "CGB"],
  ["浙商银行", "CZB"],
  ["渤海银行", "CBHB"],
];

export async function seedBanks(ex: Executor) {
  const [{ n }] = (await ex.select({ n: count() }).from(banks)) as [{ n: number }];
  if (Number(n) > 0) return;
  await ex.insert(banks).values(COMMON_BANKS.map(([name, code], i) => ({ name, nameSort: pinyinSortKey(name), code, sortOrder: (i + 1) * 10 })));
}
