import { describe, expect, it } from "vitest";
import * as z from "zod";
import { moneyString } from "./decimal";
import { DomainError } from "./errors";
import { formErrorOf, formReply, formValues, submissionReply } from "./form-reply";
import { formSpecOf } from "./form-spec";
import { intWithDefault, optionalDecimal, optionalInt, optionalMoney } from "./input-fields";
import { normalizeNumberText, readNumberInput, roundHalfUpText } from "./number-text";
import { MASTER_DATA_RESOURCES } from "../master-data/registry";
import { productPriceResource } from "../product/product.resources";
import { OwnProductInputSchema, PriceInputSchema } from "../product/product.input";
import { VehicleModelInputSchema } from "../vehicle/vehicle.input";
import { CategoryInputSchema } from "../product/catalog.input";

describe("number text as clerks type it (issue 7 item 14)", () => {
  it("understands thousands separators, full-width digits, currency signs and blanks", () => {
    expect(normalizeNumberText("1,234.50")).toBe("1234.50");
    expect(normalizeNumberText("１２３")).toBe("123");
    expect(normalizeNumberText("１，２３４．５")).toBe("1234.5");
    expect(normalizeNumberText("¥88")).toBe("88");
    expect(normalizeNumberText("￥ 1,000")).toBe("1000");
    expect(normalizeNumberText(" 88 元 ")).toBe("88");
    expect(normalizeNumberText("-￥12.5")).toBe("-12.5");
    expect(normalizeNumberText("12。5")).toBe("12.5");
    expect(normalizeNumberText("\u3000７\u3000")).toBe("7");
    expect(normalizeNumberText("007")).toBe("7");
    expect(normalizeNumberText(".5")).toBe(".5".replace(/^/, "0"));
    expect(normalizeNumberText("5.")).toBe("5");
    expect(normalizeNumberText("-0")).toBe("0");
    expect(normalizeNumberText("   ")).toBe("");
  });

  it("refuses what is not a number instead of guessing", () => {
    for (const bad of ["abc", "12a", "1,23", "12,34.5", "1.2.3", "1e5", "0x10", "¥", ".", "--1", "1,234,5", "NaN", "Infinity", "12 34,5"]) {
      expect(normalizeNumberText(bad), bad).toBeNull();
    }
  });

  it("rounds half-up on the digits, exactly as the decimal helper does", () => {
    expect(roundHalfUpText("1.005", 2)).toBe("1.01");
    expect(roundHalfUpText("2.675", 2)).toBe("2.68");
    expect(roundHalfUpText("9.999", 2)).toBe("10.00");
    expect(roundHalfUpText("-1.005", 2)).toBe("-1.01");
    expect(roundHalfUpText("-0.004", 2)).toBe("0.00");
    expect(roundHalfUpText("12.3", 2)).toBe("12.3");
    // The browser rounds with roundHalfUpText, the server with decimal.js: they must agree.
    for (let i = 0; i < 2000; i++) {
      const text = `${Math.floor(Math.random() * 100000)}.${String(Math.floor(Math.random() * 100000)).padStart(5, "0")}`;
      expect(moneyString(roundHalfUpText(text, 2)), text).toBe(moneyString(text));
    }
  });

  it("says when it rounded, refuses fractions in integer fields, and keeps blanks blank", () => {
    expect(readNumberInput("12.345", "money")).toEqual({ ok: true, text: "12.35", rounded: true });
    expect(readNumberInput("12.340", "money")).toEqual({ ok: true, text: "12.340", rounded: false });
    expect(readNumberInput("￥1,234.50", "money")).toEqual({ ok: true, text: "1234.50", rounded: false });
    expect(readNumberInput("abc", "money")).toMatchObject({ ok: false, message: "请输入数字，如 1,234.50" });
    expect(readNumberInput("1,200", "int")).toEqual({ ok: true, text: "1200", rounded: false });
    expect(readNumberInput("３.0", "int")).toEqual({ ok: true, text: "3", rounded: false });
    expect(readNumberInput("3.5", "int")).toEqual({ ok: false, message: "请输入整数" });
    expect(readNumberInput("", "decimal")).toEqual({ ok: true, text: "", rounded: false });
  });
});

describe("number fields on the server read the same text (no-JavaScript posts)", () => {
  const money = z.object({ price: optionalMoney("销售价"), volume: optionalDecimal("体积") });
  const ints = z.object({ n: optionalInt("订货周期", 0, 365), m: intWithDefault("最小起订量", 1, 1, 1000000) });

  it("turns money text into the column's text, rounded half-up", () => {
    expect(money.parse({ price: "1,234.50", volume: "" })).toEqual({ price: "1234.50", volume: null });
    expect(money.parse({ price: "¥88", volume: "１２３" })).toEqual({ price: "88.00", volume: "123.00" });
    expect(money.parse({ price: "￥12.345", volume: " 0.005 " })).toEqual({ price: "12.35", volume: "0.01" });
    expect(money.parse({ price: 1.005 })).toEqual({ price: "1.01", volume: null });
  });

  it("refuses text that is not a number and numbers out of range, with the field's name", () => {
    const issues = (v: unknown) => money.safeParse(v).error?.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    expect(issues({ price: "abc" })).toEqual(["price:销售价必须是数字"]);
    expect(issues({ price: "1,23" })).toEqual(["price:销售价必须是数字"]);
    expect(issues({ price: "-1" })).toEqual(["price:销售价不能小于 0"]);
    expect(issues({ price: "100,000,000" })).toEqual(["price:销售价不能超过 99999999"]);
    expect(issues({ price: Number.NaN })).toEqual(["price:销售价必须是数字"]);
  });

  it("reads integers the same way and says 请输入整数 for anything else", () => {
    expect(ints.parse({ n: "１２", m: "1,200" })).toEqual({ n: 12, m: 1200 });
    expect(ints.parse({ n: "", m: "" })).toEqual({ n: null, m: 1 });
    expect(ints.safeParse({ n: "3.5" }).error?.issues[0]?.message).toBe("订货周期：请输入整数");
    expect(ints.safeParse({ m: "abc" }).error?.issues[0]?.message).toBe("最小起订量：请输入整数");
    expect(ints.safeParse({ n: 2.5 }).error?.issues[0]?.message).toBe("订货周期：请输入整数");
  });
});

describe("forms are described by the schema the server parses (issue 7 item 22)", () => {
  it("takes labels, required marks, limits, integer steps and defaults from the product schema", () => {
    const spec = formSpecOf(OwnProductInputSchema);
    expect(spec.mainOE).toMatchObject({ label: "产品编码", required: true, maxLength: 60, kind: "text" });
    expect(spec.name).toMatchObject({ label: "名称", required: true, maxLength: 100 });
    expect(spec.replaceOE).toMatchObject({ label: "替换OE", required: false, maxLength: 1000, hint: "多个用 | 分隔" });
    expect(spec.minOrderCount).toEqual({ label: "最小起订量", kind: "int", required: false, step: 1, min: 1, max: 1000000, defaultValue: 1 });
    expect(spec.orderCycle).toMatchObject({ kind: "int", min: 0, max: 365, unit: "天" });
    expect(spec.priceSale).toMatchObject({ label: "销售价", kind: "money", required: false });
    expect(spec.volum).toMatchObject({ label: "体积", kind: "decimal" });
    expect(spec.categoryLevel1Id).toMatchObject({ label: "二级分类", kind: "id", required: false });
    expect(spec.isEnabled).toMatchObject({ label: "启用", kind: "bool", defaultValue: true });
    expect(formSpecOf(VehicleModelInputSchema).makeId).toMatchObject({ label: "汽车品牌", required: true });
    expect(formSpecOf(CategoryInputSchema).parentId).toMatchObject({ label: "上级分类", hint: "留空为一级分类" });
    expect(formSpecOf(PriceInputSchema)).toEqual({
      priceSale: expect.objectContaining({ kind: "money" }),
      priceCost: expect.objectContaining({ kind: "money" }),
    });
  });

  it("changing a limit in the schema changes the form", () => {
    const schema = z.object({ code: z.string().trim().min(1).max(7).meta({ label: "编码" }), n: optionalInt("数量", 2, 9) });
    expect(formSpecOf(schema)).toEqual({
      code: { label: "编码", kind: "text", required: true, maxLength: 7 },
      n: { label: "数量", kind: "int", required: false, step: 1, min: 2, max: 9 },
    });
  });

  it("every field of every master-data form has a Chinese label in its schema", () => {
    const defs = [...MASTER_DATA_RESOURCES, productPriceResource];
    expect(defs.length).toBeGreaterThanOrEqual(23);
    for (const def of defs) {
      for (const [field, spec] of Object.entries(formSpecOf(def.input))) {
        expect(spec.label, `${def.name}.${field}`).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });
});

describe("one form reply for refused input", () => {
  const form = new FormData();
  form.append("intent", "save");
  form.append("back", "?page=2");
  form.append("name", "刹车片");
  form.append("isEnabled", "false");
  form.append("isEnabled", "on");

  it("keeps what was typed (the checked box wins over its hidden false) without the page's controls", () => {
    expect(formValues(form)).toEqual({ name: "刹车片", isEnabled: "on" });
  });

  it("turns a DomainError into 400 with message, fields and values; a missing permission into 403", async () => {
    const res = formReply("save", new DomainError("conflict", "产品编码不能重复", { mainOE: ["产品编码不能重复"] }), { mainOE: "A1" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ intent: "save", message: "产品编码不能重复", fields: { mainOE: ["产品编码不能重复"] }, values: { mainOE: "A1" } });
    expect(formReply("import", new DomainError("forbidden", "没有权限"), {}).status).toBe(403);
  });

  it("turns zod issues into field messages, and rethrows what is not the user's input", () => {
    const zodError = z.object({ n: optionalInt("数量") }).safeParse({ n: "x" }).error!;
    expect(formErrorOf(zodError)).toEqual({ message: "数量：请输入整数", fields: { n: ["数量：请输入整数"] }, status: 400 });
    expect(() => formReply("save", new Error("db down"), {})).toThrow("db down");
    expect(() => formReply("save", new DomainError("not_found", "产品不存在"), {})).toThrow("产品不存在");
    expect(submissionReply(new DomainError("bad_request", "原密码不正确"))).toEqual({ status: "error", error: { "": ["原密码不正确"] } });
  });
});
