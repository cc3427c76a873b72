import { count, eq } from "drizzle-orm";
import { bankResource } from "../system/bank.resource";
import { logisticsCarrierResource } from "../reference/logistics-carrier.resource";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { createRow, deleteRow, getRow, updateRow, usedByOf, type ResourceDef } from "../lib/resource";
import { listFromParams } from "../lib/list-read";
import {
  brandResource,
  categoryResource,
  oeNumberResource,
  positionResource,
  producingAreaResource,
  qualityResource,
  specificationResource,
  unitResource,
} from "../product/catalog.resources";
import { productResource, productTemplateResource } from "../product/product.resources";
import { productTemplates, tableRowCounts } from "../product/product.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { expectExportMatchesList, expectListBehaviour } from "../test/list-behaviour";
import { vehicleGroupResource, vehicleMakeResource, vehicleMfrResource, vehicleModelResource, vehicleResource } from "../product/vehicle.resources";
import { API_RESOURCES, resourceByName } from "./registry";

/**
 * The platform's master data (/system/product/*, /system/vehicle/*) through the generic
 * resource functions, as the operator and a company user would check it: every resource is
 * created, found, sorted, paged, changed, exported and deleted; company users only read.
 */
type Row = Record<string, any>;

const pad = (i: number) => String(i).padStart(2, "0");
const list = (def: ResourceDef<any>, ctx: Ctx, params: string) => listFromParams<Row>(def, ctx, new URLSearchParams(params));

/** Rows every sample refers to, created by the operator before the samples. */
interface Fixture {
  groupId: number;
  makeId: number;
  mfrId: number;
  modelId: number;
  brandId: number;
  cat0Id: number;
  cat1Id: number;
  qualityId: number;
  positionId: number;
  unitId: number;
  areaId: number;
}

async function makeFixture(admin: Ctx): Promise<Fixture> {
  const id = async (def: ResourceDef<any>, input: Row) => (await createRow<Row>(def, admin, input)).id as number;
  const groupId = await id(vehicleGroupResource, { name: "夹具车系", code: "FXG" });
  const makeId = await id(vehicleMakeResource, { name: "夹具汽车品牌", initial: "j", groupId });
  const mfrId = await id(vehicleMfrResource, { name: "夹具厂商", makeId });
  const modelId = await id(vehicleModelResource, { name: "夹具车型", makeId, mfrId });
  const cat0Id = await id(categoryResource, { name: "夹具一级分类" });
  return {
    groupId,
    makeId,
    mfrId,
    modelId,
    cat0Id,
    cat1Id: await id(categoryResource, { name: "夹具二级分类", parentId: cat0Id }),
    brandId: await id(brandResource, { name: "夹具品牌", code: "FXB" }),
    qualityId: await id(qualityResource, { name: "夹具品质", grade: 1 }),
    positionId: await id(positionResource, { name: "夹具部位" }),
    unitId: await id(unitResource, { name: "夹具单位" }),
    areaId: await id(producingAreaResource, { name: "夹具产地" }),
  };
}

/**
 * How to make a valid row of one resource. `n` is unique within this file and keys unique
 * columns (codes); `text` goes into `field`, the text column that is searched, sorted, changed
 * and exported; an empty `text` must be refused with `required`.
 */
interface Sample {
  def: ResourceDef<any>;
  tag: string;
  field: string;
  required: string;
  input: (n: number, text: string, fx: Fixture) => Row;
  /** What getRow shows besides `field` (joined names, computed values). */
  shows?: (fx: Fixture) => Row;
}

const SAMPLES: Sample[] = [
  {
    def: logisticsCarrierResource,
    tag: "LGC",
    field: "name",
    required: "请输入承运商名称",
    input: (n, text) => ({ name: text, code: `LC${n}`, servicePhone: "95338", trackingUrl: "https://example.com/t?no={no}", sortOrder: n, isEnabled: "true" }),
    shows: () => ({ isEnabled: true, trackingUrl: "https://example.com/t?no={no}" }),
  },
  {
    def: bankResource,
    tag: "BNK",
    field: "name",
    required: "请输入银行名称",
    input: (n, text) => ({ name: text, code: `BK${n}`, sortOrder: n, isEnabled: "true" }),
    shows: () => ({ isEnabled: true }),
  },
  {
    def: brandResource,
    tag: "BRD",
    field: "name",
    required: "请输入品牌名称",
    input: (n, text) => ({ name: text, code: `B${n}`, description: "说明", sortOrder: n, isEnabled: "true" }),
    shows: () => ({ isEnabled: true }),
  },
  {
    def: categoryResource,
    tag: "CAT",
    field: "name",
    required: "请输入分类名称",
    input: (n, text, fx) => ({ name: text, parentId: fx.cat0Id, sortOrder: n }),
    shows: (fx) => ({ level: 1, parentId: fx.cat0Id, parentName: "夹具一级分类" }),
  },
  {
    def: qualityResource,
    tag: "QLT",
    field: "name",
    required: "请输入品质名称",
    input: (n, text) => ({ name: text, grade: "2", sortOrder: n }),
    shows: () => ({ grade: 2 }),
  },
  { def: positionResource, tag: "POS", field: "name", required: "请输入部位名称", input: (n, text) => ({ name: text, sortOrder: n }) },
  { def: unitResource, tag: "UNT", field: "name", required: "请输入单位名称", input: (n, text) => ({ name: text, sortOrder: n }) },
  { def: producingAreaResource, tag: "ARE", field: "name", required: "请输入产地名称", input: (n, text) => ({ name: text, sortOrder: n }) },
  {
    def: specificationResource,
    tag: "SPC",
    field: "name",
    required: "请输入规格值",
    input: (n, text) => ({ specType: "尺寸", name: text, sortOrder: n }),
    shows: () => ({ specType: "尺寸" }),
  },
  {
    def: oeNumberResource,
    tag: "OEN",
    field: "name",
    required: "请输入配件名称",
    input: (n, text, fx) => ({ oe: `oen ${n}-x`, name: text, brandId: fx.brandId, makeId: fx.makeId }),
    shows: () => ({ brandName: "夹具品牌", makeName: "夹具汽车品牌" }),
  },
  {
    def: productTemplateResource,
    tag: "TPL",
    field: "name",
    required: "名称不能为空",
    input: (n, text, fx) => ({
      mainOE: `tpl-${n} a`,
      name: text,
      replaceOE: `TPLR${n}`,
      carGroupId: fx.groupId,
      makeId: fx.makeId,
      positionId: fx.positionId,
      qualityId: fx.qualityId,
      brandId: fx.brandId,
      categoryLevel1Id: fx.cat1Id,
      producingAreaId: fx.areaId,
      unitId: fx.unitId,
      purchaseUnitId: fx.unitId,
      packageTypeString: "厂商包装",
      minOrderCount: "2",
    }),
    shows: (fx) => ({
      categoryLevel0Id: fx.cat0Id,
      categoryLevel1Id: fx.cat1Id,
      brandName: "夹具品牌",
      categoryLevel1Name: "夹具二级分类",
      unitName: "夹具单位",
      minOrderCount: 2,
    }),
  },
  {
    def: vehicleGroupResource,
    tag: "GRP",
    field: "name",
    required: "请输入分组名称",
    input: (n, text) => ({ name: text, code: `G${n}`, sortOrder: n }),
  },
  {
    def: vehicleMakeResource,
    tag: "MAK",
    field: "name",
    required: "请输入品牌名称",
    input: (n, text, fx) => ({ name: text, code: `M${n}`, initial: "m", groupId: fx.groupId, sortOrder: n }),
    shows: () => ({ initial: "M", groupName: "夹具车系" }),
  },
  {
    def: vehicleMfrResource,
    tag: "MFR",
    field: "name",
    required: "请输入厂商名称",
    input: (n, text, fx) => ({ name: text, makeId: fx.makeId, sortOrder: n }),
    shows: () => ({ makeName: "夹具汽车品牌" }),
  },
  {
    def: vehicleModelResource,
    tag: "MDL",
    field: "name",
    required: "请输入车型名称",
    input: (n, text, fx) => ({ name: text, makeId: fx.makeId, mfrId: fx.mfrId, yearFrom: "2012", yearTo: "2020", sortOrder: n }),
    shows: () => ({ makeName: "夹具汽车品牌", mfrName: "夹具厂商", yearFrom: 2012 }),
  },
  {
    def: vehicleResource,
    tag: "VEH",
    field: "name",
    required: "请输入车辆名称",
    input: (n, text, fx) => ({ name: text, modelId: fx.modelId, year: 2019, engine: "EA211", transmission: "DSG", sortOrder: n }),
    shows: () => ({ modelName: "夹具车型", makeName: "夹具汽车品牌" }),
  },
];

describe("platform master data: every resource, as the operator uses it", () => {
  useTestDatabase();
  let admin: Ctx;
  let fx: Fixture;
  beforeAll(async () => {
    admin = (await ctxOf("admin")).ctx;
    fx = await makeFixture(admin);
  });

  it("has a sample for every platform resource of the API", () => {
    const platform = API_RESOURCES.filter((d) => d.scope === "platform").map((d) => d.name);
    expect(SAMPLES.map((s) => s.def.name).sort()).toEqual([...platform].sort());
    for (const s of SAMPLES) expect(resourceByName(s.def.name)).toBe(s.def);
  });

  for (const s of SAMPLES) {
    it(`${s.def.name} (${s.def.label}): create, read, find, sort, page, change, export, delete`, async () => {
      const { def, field } = s;
      const kw = `LC${s.tag}`;
      const text = (i: number) => `${kw}${pad(i)}`;
      const made: Row[] = [];
      for (let i = 1; i <= 25; i++) made.push(await createRow<Row>(def, admin, s.input(i, text(i), fx)));
      const first = made[0]!;

      expect(await getRow<Row>(def, admin, first.id)).toMatchObject({ id: first.id, [field]: text(1), ...(s.shows?.(fx) ?? {}) });

      await expectListBehaviour(def, admin, kw, field, made);
      // Unknown sort fields fall back to the default order instead of failing.
      expect((await list(def, admin, `q=${kw}&size=50&sort=nope.desc`)).totalCount).toBe(25);

      // Changed.
      const changedText = `${text(1)}改`;
      expect(await updateRow<Row>(def, admin, first.id, s.input(1, changedText, fx))).toMatchObject({ [field]: changedText, ...(s.shows?.(fx) ?? {}) });
      expect((await getRow<Row>(def, admin, first.id))[field]).toBe(changedText);

      // Bad input: the field's Chinese message, nothing stored or changed.
      const total = (await list(def, admin, "")).totalCount;
      await expect(createRow(def, admin, s.input(99, "", fx))).rejects.toMatchObject({
        code: "bad_request",
        message: s.required,
        fields: { [field]: [s.required] },
      });
      await expect(createRow(def, admin, s.input(98, "   ", fx))).rejects.toMatchObject({ code: "bad_request", fields: { [field]: [s.required] } });
      await expect(updateRow(def, admin, first.id, s.input(1, "", fx))).rejects.toMatchObject({ code: "bad_request", fields: { [field]: [s.required] } });
      await expect(createRow(def, admin, null)).rejects.toMatchObject({ code: "bad_request" });
      expect((await list(def, admin, "")).totalCount).toBe(total);
      expect((await getRow<Row>(def, admin, first.id))[field]).toBe(changedText);
      await expect(updateRow(def, admin, 2147483000, s.input(97, text(97), fx))).rejects.toMatchObject({ code: "not_found" });

      await expectExportMatchesList(def, admin, kw, field, changedText);

      // Deleted: gone from reads and lists.
      await deleteRow(def, admin, first.id);
      await expect(getRow(def, admin, first.id)).rejects.toMatchObject({ code: "not_found", message: `${def.label}不存在` });
      await expect(updateRow(def, admin, first.id, s.input(1, changedText, fx))).rejects.toMatchObject({ code: "not_found" });
      await expect(deleteRow(def, admin, first.id)).rejects.toMatchObject({ code: "not_found" });
      const after = await list(def, admin, `q=${kw}&size=50`);
      expect(after.totalCount).toBe(24);
      expect(after.items.map((r) => r.id)).not.toContain(first.id);
    });
  }
});

describe("platform master data: company users read, only the operator writes", () => {
  useTestDatabase();
  let admin: Ctx;
  let boss: Ctx;
  let fx: Fixture;
  beforeAll(async () => {
    admin = (await ctxOf("admin")).ctx;
    boss = (await ctxOf("boss1")).ctx;
    fx = await makeFixture(admin);
  });

  for (const s of SAMPLES) {
    it(`${s.def.name}: boss1 lists and reads but may not create, change or delete`, async () => {
      const { def, field } = s;
      const text = `PM${s.tag}01`;
      const row = await createRow<Row>(def, admin, s.input(101, text, fx));
      const seen = await list(def, boss, `q=PM${s.tag}`);
      expect(seen.items.map((r) => r.id)).toEqual([row.id]);
      expect(await getRow<Row>(def, boss, row.id)).toMatchObject({ [field]: text });

      const total = (await list(def, admin, "")).totalCount;
      await expect(createRow(def, boss, s.input(102, `PM${s.tag}02`, fx))).rejects.toMatchObject({ code: "forbidden" });
      await expect(updateRow(def, boss, row.id, s.input(101, `PM${s.tag}改`, fx))).rejects.toMatchObject({ code: "forbidden" });
      await expect(deleteRow(def, boss, row.id)).rejects.toMatchObject({ code: "forbidden" });
      expect((await list(def, admin, "")).totalCount).toBe(total);
      expect(await getRow(def, admin, row.id)).toEqual(row);

      // The operator can, on the same row.
      expect((await updateRow<Row>(def, admin, row.id, s.input(101, `PM${s.tag}改`, fx)))[field]).toBe(`PM${s.tag}改`);
      await deleteRow(def, admin, row.id);
      await expect(getRow(def, boss, row.id)).rejects.toMatchObject({ code: "not_found" });
    });
  }
});

describe("platform master data: rows in use are not deleted", () => {
  useTestDatabase();
  let admin: Ctx;
  let boss: Ctx;
  beforeAll(async () => {
    admin = (await ctxOf("admin")).ctx;
    boss = (await ctxOf("boss1")).ctx;
  });

  it("refuses to delete a brand one company's product uses, and allows it once the product is gone", async () => {
    const brand = await createRow<Row>(brandResource, admin, { name: "在用品牌" });
    const product = await createRow<Row>(productResource, boss, { mainOE: "USED-BRAND-1", name: "刹车片", brandId: brand.id });
    expect(await usedByOf(brandResource, brand.id)).toBe("产品");
    const err = await deleteRow(brandResource, admin, brand.id).catch((e) => e);
    expect(err).toMatchObject({ code: "conflict" });
    expect(err.message).toContain("已被产品使用");
    expect(err.message).toBe("该品牌已被产品使用，不能删除");
    expect((await getRow<Row>(brandResource, admin, brand.id)).name).toBe("在用品牌");
    await deleteRow(productResource, boss, product.id);
    await deleteRow(brandResource, admin, brand.id);
    await expect(getRow(brandResource, admin, brand.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses to delete a brand the public library or an OE number uses", async () => {
    const brand = await createRow<Row>(brandResource, admin, { name: "公库品牌" });
    const tpl = await createRow<Row>(productTemplateResource, admin, { mainOE: "TPL-USED-1", name: "空气滤清器", brandId: brand.id });
    await expect(deleteRow(brandResource, admin, brand.id)).rejects.toMatchObject({ code: "conflict", message: "该品牌已被公库产品使用，不能删除" });
    await deleteRow(productTemplateResource, admin, tpl.id);
    const oe = await createRow<Row>(oeNumberResource, admin, { oe: "OE-USED-1", name: "机滤", brandId: brand.id });
    await expect(deleteRow(brandResource, admin, brand.id)).rejects.toMatchObject({ code: "conflict", message: "该品牌已被OE号使用，不能删除" });
    await deleteRow(oeNumberResource, admin, oe.id);
    await deleteRow(brandResource, admin, brand.id);
  });

  it("refuses to delete a vehicle make a model uses", async () => {
    const make = await createRow<Row>(vehicleMakeResource, admin, { name: "在用汽车品牌" });
    const model = await createRow<Row>(vehicleModelResource, admin, { name: "在用车型", makeId: make.id });
    const err = await deleteRow(vehicleMakeResource, admin, make.id).catch((e) => e);
    expect(err).toMatchObject({ code: "conflict", message: "该汽车品牌已被车型使用，不能删除" });
    expect((await getRow<Row>(vehicleMakeResource, admin, make.id)).name).toBe("在用汽车品牌");
    await deleteRow(vehicleModelResource, admin, model.id);
    await deleteRow(vehicleMakeResource, admin, make.id);
  });

  it("refuses to delete a level-0 category that has a child, or one a product uses", async () => {
    const top = await createRow<Row>(categoryResource, admin, { name: "在用一级" });
    const child = await createRow<Row>(categoryResource, admin, { name: "在用二级", parentId: top.id });
    await expect(deleteRow(categoryResource, admin, top.id)).rejects.toMatchObject({ code: "conflict", message: "该产品分类已被二级分类使用，不能删除" });
    const product = await createRow<Row>(productResource, boss, { mainOE: "USED-CAT-1", name: "机滤", categoryLevel1Id: child.id });
    await expect(deleteRow(categoryResource, admin, child.id)).rejects.toMatchObject({ code: "conflict", message: "该产品分类已被产品使用，不能删除" });
    await deleteRow(productResource, boss, product.id);
    await deleteRow(categoryResource, admin, child.id);
    await deleteRow(categoryResource, admin, top.id);
  });

  it("refuses to delete a vehicle group, manufacturer or model that is used", async () => {
    const group = await createRow<Row>(vehicleGroupResource, admin, { name: "在用车系" });
    const make = await createRow<Row>(vehicleMakeResource, admin, { name: "在用品牌二", groupId: group.id });
    const mfr = await createRow<Row>(vehicleMfrResource, admin, { name: "在用厂商", makeId: make.id });
    const model = await createRow<Row>(vehicleModelResource, admin, { name: "在用车型二", makeId: make.id, mfrId: mfr.id });
    await createRow<Row>(vehicleResource, admin, { name: "在用车辆", modelId: model.id });
    await expect(deleteRow(vehicleGroupResource, admin, group.id)).rejects.toMatchObject({ code: "conflict", message: "该车系分组已被汽车品牌使用，不能删除" });
    await expect(deleteRow(vehicleMfrResource, admin, mfr.id)).rejects.toMatchObject({ code: "conflict", message: "该汽车厂商已被车型使用，不能删除" });
    await expect(deleteRow(vehicleModelResource, admin, model.id)).rejects.toMatchObject({ code: "conflict", message: "该车型已被车辆使用，不能删除" });
  });
});

describe("platform master data: category, vehicle model and library rules", () => {
  useTestDatabase();
  let admin: Ctx;
  beforeAll(async () => {
    admin = (await ctxOf("admin")).ctx;
  });

  it("computes a category's level and accepts only a level-0 category as parent", async () => {
    const top = await createRow<Row>(categoryResource, admin, { name: "测滤清器" });
    expect(top).toMatchObject({ level: 0, parentId: null });
    const child = await createRow<Row>(categoryResource, admin, { name: "测机油滤清器", parentId: String(top.id), level: 0 });
    expect(child).toMatchObject({ level: 1, parentId: top.id, parentName: "测滤清器" });

    const before = (await list(categoryResource, admin, "")).totalCount;
    await expect(createRow(categoryResource, admin, { name: "测三级分类", parentId: child.id })).rejects.toMatchObject({
      code: "bad_request",
      fields: { parentId: ["所选上级分类不存在"] },
    });
    await expect(createRow(categoryResource, admin, { name: "测无主分类", parentId: 2147483000 })).rejects.toMatchObject({
      code: "bad_request",
      fields: { parentId: ["所选上级分类不存在"] },
    });
    expect((await list(categoryResource, admin, "")).totalCount).toBe(before);

    // A category with children cannot move under another; nor under itself.
    const other = await createRow<Row>(categoryResource, admin, { name: "测刹车系统" });
    await expect(updateRow(categoryResource, admin, top.id, { name: "测滤清器", parentId: other.id })).rejects.toMatchObject({
      code: "bad_request",
      fields: { parentId: ["该分类下还有二级分类，不能设为二级分类"] },
    });
    await expect(updateRow(categoryResource, admin, other.id, { name: "测刹车系统", parentId: other.id })).rejects.toMatchObject({
      code: "bad_request",
      fields: { parentId: ["上级分类不能是自己"] },
    });
    expect(await getRow(categoryResource, admin, top.id)).toMatchObject({ level: 0, parentId: null });

    // Moving a child to the top makes it level 0, and back under a parent level 1.
    expect(await updateRow(categoryResource, admin, child.id, { name: "测机油滤清器", parentId: "" })).toMatchObject({ level: 0, parentId: null });
    expect(await updateRow(categoryResource, admin, child.id, { name: "测机油滤清器", parentId: other.id })).toMatchObject({
      level: 1,
      parentId: other.id,
      parentName: "测刹车系统",
    });

    // Same name under the same parent is a duplicate; under another parent it is not.
    await expect(createRow(categoryResource, admin, { name: "测机油滤清器", parentId: other.id })).rejects.toMatchObject({
      code: "conflict",
      fields: { name: ["同一上级下分类名称已存在"] },
    });
    expect(await createRow(categoryResource, admin, { name: "测机油滤清器", parentId: top.id })).toMatchObject({ level: 1 });

    // Filters: level and parent.
    const level1 = await list(categoryResource, admin, `level=1&parentCategoryId=${top.id}`);
    expect(level1.items.map((r) => r.name)).toEqual(["测机油滤清器"]);
  });

  it("refuses a vehicle model whose manufacturer belongs to another make", async () => {
    const vw = await createRow<Row>(vehicleMakeResource, admin, { name: "测大众" });
    const toyota = await createRow<Row>(vehicleMakeResource, admin, { name: "测丰田" });
    const faw = await createRow<Row>(vehicleMfrResource, admin, { name: "测一汽-大众", makeId: vw.id });
    const before = (await list(vehicleModelResource, admin, "")).totalCount;
    await expect(createRow(vehicleModelResource, admin, { name: "测卡罗拉", makeId: toyota.id, mfrId: faw.id })).rejects.toMatchObject({
      code: "bad_request",
      message: "所选厂商不属于该汽车品牌",
      fields: { mfrId: ["所选厂商不属于该汽车品牌"] },
    });
    expect((await list(vehicleModelResource, admin, "")).totalCount).toBe(before);
    const sagitar = await createRow<Row>(vehicleModelResource, admin, { name: "测速腾", makeId: vw.id, mfrId: faw.id, yearFrom: 2012, yearTo: 2019 });
    expect(sagitar).toMatchObject({ makeName: "测大众", mfrName: "测一汽-大众" });
    await expect(updateRow(vehicleModelResource, admin, sagitar.id, { name: "测速腾", makeId: toyota.id, mfrId: faw.id })).rejects.toMatchObject({
      code: "bad_request",
      fields: { mfrId: ["所选厂商不属于该汽车品牌"] },
    });
    await expect(createRow(vehicleModelResource, admin, { name: "测迈腾", makeId: vw.id, yearFrom: 2020, yearTo: 2010 })).rejects.toMatchObject({
      code: "bad_request",
      fields: { yearTo: ["截止年款不能早于起始年款"] },
    });
    expect(await getRow(vehicleModelResource, admin, sagitar.id)).toMatchObject({ makeId: vw.id, mfrId: faw.id });
  });

  it("finds OE numbers and library products by any spelling of the code and refuses duplicates", async () => {
    const oe = await createRow<Row>(oeNumberResource, admin, { oe: "9ZJ 115 403Q", name: "机油滤清器" });
    expect(oe.oeNorm).toBe("9ZJ115403Q");
    for (const kw of ["9zj-115-403-q", "9ZJ115", "9ZJ 115 403Q"]) {
      expect((await list(oeNumberResource, admin, `q=${encodeURIComponent(kw)}`)).items.map((r) => r.id)).toEqual([oe.id]);
    }
    await expect(createRow(oeNumberResource, admin, { oe: "9zj115403q", name: "重复" })).rejects.toMatchObject({
      code: "conflict",
      fields: { oe: ["OE号已存在"] },
    });

    const tpl = await createRow<Row>(productTemplateResource, admin, { mainOE: "9ZJ 115 403Q", name: "机油滤清器" });
    expect(tpl).toMatchObject({ oeNorm: "9ZJ115403Q", initial: "JYLQQ", pinYin: "jiyoulvqingqi" });
    expect((await list(productTemplateResource, admin, "q=9zj-115-403")).items.map((r) => r.id)).toEqual([tpl.id]);
    await expect(createRow(productTemplateResource, admin, { mainOE: "9ZJ-115-403-Q", name: "机滤" })).rejects.toMatchObject({
      code: "conflict",
      fields: { mainOE: ["产品编码不能重复"] },
    });
  });

  it("keeps the library's unfiltered total equal to its real row count", async () => {
    const real = async () => Number((await db().select({ n: count() }).from(productTemplates))[0]!.n);
    const made: Row[] = [];
    for (let i = 0; i < 5; i++) made.push(await createRow<Row>(productTemplateResource, admin, { mainOE: `CNT-${i}`, name: `计数${i}` }));
    expect((await list(productTemplateResource, admin, "")).totalCount).toBe(await real());
    await deleteRow(productTemplateResource, admin, made[0]!.id);
    await deleteRow(productTemplateResource, admin, made[1]!.id);
    const total = (await list(productTemplateResource, admin, "")).totalCount;
    expect(total).toBe(await real());
    const [counter] = await db().select().from(tableRowCounts).where(eq(tableRowCounts.tableName, "product_templates"));
    expect(counter?.n).toBe(total);
  });
});
