import { and, eq, ne } from "drizzle-orm";
import { defineResource } from "../lib/resource";
import { equals, keywordOn } from "../lib/list-read";
import { oeNumbers } from "./catalog.tables";
import { products, productTemplates } from "./product.tables";
import { VehicleGroupInputSchema, VehicleInputSchema, VehicleMakeInputSchema, VehicleMfrInputSchema, VehicleModelInputSchema } from "../vehicle/vehicle.input";
import { vehicleGroups, vehicleMakes, vehicleMfrs, vehicleModels, vehicles } from "../vehicle/vehicle.tables";
import { DomainError } from "../lib/errors";

/** Platform vehicle master data (/system/vehicle/*): the operator writes, everyone reads. */
export const vehicleGroupResource = defineResource({
  name: "vehicleGroup",
  label: "车系分组",
  pageUrl: "/system/vehicle/group",
  writeCode: "XTGL-041",
  scope: "platform",
  table: vehicleGroups,
  sortable: { sortOrder: vehicleGroups.sortOrder, name: vehicleGroups.nameSort, code: vehicleGroups.code },
  defaultSort: { field: "sortOrder", dir: "asc" },
  keyword: keywordOn(vehicleGroups.name, vehicleGroups.code),
  input: VehicleGroupInputSchema,
  unique: { vehicle_groups_name_lower_uq: ["name", "车系分组名称已存在"] },
  usedBy: [
    { table: vehicleMakes, column: vehicleMakes.groupId, label: "汽车品牌" },
    { table: products, column: products.carGroupId, label: "产品" },
    { table: productTemplates, column: productTemplates.carGroupId, label: "公库产品" },
  ],
});

export const vehicleMakeResource = defineResource({
  name: "vehicleMake",
  label: "汽车品牌",
  pageUrl: "/system/vehicle/make",
  writeCode: "XTGL-042",
  scope: "platform",
  table: vehicleMakes,
  extra: { groupName: vehicleGroups.name },
  join: (q) => q.leftJoin(vehicleGroups, eq(vehicleGroups.id, vehicleMakes.groupId)),
  sortable: { sortOrder: vehicleMakes.sortOrder, name: vehicleMakes.nameSort, initial: vehicleMakes.initial },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { groupId: equals(vehicleMakes.groupId) },
  keyword: keywordOn(vehicleMakes.name, vehicleMakes.code),
  input: VehicleMakeInputSchema,
  refs: { groupId: { table: vehicleGroups, label: "车系分组" } },
  unique: { vehicle_makes_name_lower_uq: ["name", "汽车品牌名称已存在"] },
  usedBy: [
    { table: vehicleMfrs, column: vehicleMfrs.makeId, label: "汽车厂商" },
    { table: vehicleModels, column: vehicleModels.makeId, label: "车型" },
    { table: oeNumbers, column: oeNumbers.makeId, label: "OE号" },
    { table: products, column: products.makeId, label: "产品" },
    { table: productTemplates, column: productTemplates.makeId, label: "公库产品" },
  ],
});

export const vehicleMfrResource = defineResource({
  name: "vehicleMfr",
  label: "汽车厂商",
  pageUrl: "/system/vehicle/mfr",
  writeCode: "XTGL-043",
  scope: "platform",
  table: vehicleMfrs,
  extra: { makeName: vehicleMakes.name },
  join: (q) => q.leftJoin(vehicleMakes, eq(vehicleMakes.id, vehicleMfrs.makeId)),
  sortable: { sortOrder: vehicleMfrs.sortOrder, name: vehicleMfrs.nameSort },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { makeId: equals(vehicleMfrs.makeId) },
  keyword: keywordOn(vehicleMfrs.name),
  input: VehicleMfrInputSchema,
  toValues: async (data, _ctx, ex, id) => {
    if (id) {
      const [model] = await ex
        .select({ id: vehicleModels.id })
        .from(vehicleModels)
        .where(and(eq(vehicleModels.mfrId, id), ne(vehicleModels.makeId, data.makeId)))
        .limit(1);
      if (model) throw new DomainError("bad_request", "该厂商下已有车型，不能改为其他汽车品牌", { makeId: ["该厂商下已有车型，不能改为其他汽车品牌"] });
    }
    return data;
  },
  refs: { makeId: { table: vehicleMakes, label: "汽车品牌" } },
  unique: { vehicle_mfrs_name_lower_uq: ["name", "汽车厂商名称已存在"] },
  usedBy: [{ table: vehicleModels, column: vehicleModels.mfrId, label: "车型" }],
});

export const vehicleModelResource = defineResource({
  name: "vehicleModel",
  label: "车型",
  pageUrl: "/system/vehicle/model",
  writeCode: "XTGL-044",
  scope: "platform",
  table: vehicleModels,
  extra: { makeName: vehicleMakes.name, mfrName: vehicleMfrs.name },
  join: (q) => q.leftJoin(vehicleMakes, eq(vehicleMakes.id, vehicleModels.makeId)).leftJoin(vehicleMfrs, eq(vehicleMfrs.id, vehicleModels.mfrId)),
  sortable: { sortOrder: vehicleModels.sortOrder, name: vehicleModels.nameSort, yearFrom: vehicleModels.yearFrom },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { makeId: equals(vehicleModels.makeId), mfrId: equals(vehicleModels.mfrId) },
  keyword: keywordOn(vehicleModels.name),
  input: VehicleModelInputSchema,
  toValues: async (data, _ctx, ex) => {
    if (data.mfrId) {
      const [mfr] = await ex.select({ makeId: vehicleMfrs.makeId }).from(vehicleMfrs).where(eq(vehicleMfrs.id, data.mfrId));
      if (mfr && mfr.makeId !== data.makeId) throw new DomainError("bad_request", "所选厂商不属于该汽车品牌", { mfrId: ["所选厂商不属于该汽车品牌"] });
    }
    return data;
  },
  refs: { makeId: { table: vehicleMakes, label: "汽车品牌" }, mfrId: { table: vehicleMfrs, label: "汽车厂商" } },
  unique: { vehicle_models_make_name_uq: ["name", "该品牌下已有同名车型"] },
  usedBy: [{ table: vehicles, column: vehicles.modelId, label: "车辆" }],
});

export const vehicleResource = defineResource({
  name: "vehicle",
  label: "车辆",
  pageUrl: "/system/vehicle/list",
  writeCode: "XTGL-045",
  scope: "platform",
  table: vehicles,
  extra: { modelName: vehicleModels.name, makeName: vehicleMakes.name },
  join: (q) => q.leftJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId)).leftJoin(vehicleMakes, eq(vehicleMakes.id, vehicleModels.makeId)),
  sortable: { sortOrder: vehicles.sortOrder, name: vehicles.nameSort, year: vehicles.year },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { modelId: equals(vehicles.modelId), makeId: equals(vehicleModels.makeId as never) },
  keyword: keywordOn(vehicles.name, vehicles.engine),
  input: VehicleInputSchema,
  refs: { modelId: { table: vehicleModels, label: "车型" } },
  unique: { vehicles_model_name_uq: ["name", "该车型下已有同名车辆"] },
});
