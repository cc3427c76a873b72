import * as z from "zod";
import { labelled, optionalId, optionalInt, optionalText, requiredId, requiredText, sortOrder } from "../lib/input-fields";

/** Forms of the platform's vehicle master data (/system/vehicle/*). */
export const VehicleGroupInputSchema = z.object({
  code: optionalText("分组编码", 20),
  name: requiredText("分组名称", 30),
  sortOrder,
});

export const VehicleMakeInputSchema = z.object({
  name: requiredText("品牌名称", 30),
  code: optionalText("品牌编码", 20),
  initial: labelled(
    z
      .preprocess(
        (v) => (typeof v === "string" ? v.trim().toUpperCase() || null : (v ?? null)),
        z
          .string()
          .max(1, "首字母必须是一个英文字母")
          .regex(/^[A-Z]$/, "首字母必须是一个英文字母")
          .nullable(),
      )
      .default(null),
    { label: "首字母" },
  ),
  groupId: optionalId("车系分组"),
  sortOrder,
});

export const VehicleMfrInputSchema = z.object({
  name: requiredText("厂商名称", 50),
  makeId: requiredId("汽车品牌"),
  sortOrder,
});

const year = (label: string) => optionalInt(label, 1950, 2100);

export const VehicleModelInputSchema = z
  .object({
    name: requiredText("车型名称", 50),
    makeId: requiredId("汽车品牌"),
    mfrId: optionalId("汽车厂商"),
    yearFrom: year("起始年款"),
    yearTo: year("截止年款"),
    sortOrder,
  })
  .refine((m) => m.yearFrom === null || m.yearTo === null || m.yearFrom <= m.yearTo, { message: "截止年款不能早于起始年款", path: ["yearTo"] });

export const VehicleInputSchema = z.object({
  name: requiredText("车辆名称", 100),
  modelId: requiredId("车型"),
  year: year("年款"),
  engine: optionalText("发动机", 50),
  transmission: optionalText("变速箱", 30),
  sortOrder,
});
