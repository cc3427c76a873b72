import * as z from "zod";
import { codesOf, LOCATION_KINDS } from "../lib/dictionary";
import { flag, labelled, oneOf, optionalText, requiredId, requiredText, sortOrder } from "../lib/input-fields";

/** Forms of /warehouse/manage/stock: warehouses (仓库) and their locations (货位). */
const phone = labelled(
  z
    .preprocess(
      (v) => (v === "" || v === undefined ? null : typeof v === "string" ? v.trim() || null : v),
      z
        .string()
        .max(30, "电话不能超过 30 个字符")
        .regex(/^[0-9+\-\s()]*$/, "电话只能包含数字、空格和 + - ( )")
        .nullable(),
    )
    .default(null),
  { label: "电话" },
);

/** A code or name that goes into a location's full name (主仓-A-01-02): no line breaks. */
const oneLine = (label: string, max: number) => requiredText(label, max).refine((v) => !/[\r\n\t]/.test(v), `${label}不能包含换行`);

export const WarehouseInputSchema = z.object({
  name: labelled(oneLine("仓库名称", 30), { label: "仓库名称", kind: "text" }),
  code: optionalText("仓库编码", 20),
  contactName: optionalText("联系人", 30),
  phone,
  address: optionalText("地址", 200),
  isDefault: flag(false, "默认仓库"),
  isEnabled: flag(true),
  remark: optionalText("备注", 500),
});

export const LocationInputSchema = z.object({
  warehouseId: requiredId("仓库"),
  code: labelled(oneLine("货位编码", 30), { label: "货位编码", kind: "text" }),
  kind: oneOf("货位类型", codesOf(LOCATION_KINDS)),
  sortOrder,
  isEnabled: flag(true),
  remark: optionalText("备注", 200),
});

/** 批量设置默认货位: the chosen products (or every product the filter finds) go to one location. */
export const AssignLocationInputSchema = z.object({
  locationId: requiredId("货位"),
  productIds: z.array(z.number().int().positive()).max(5000).default([]),
});
