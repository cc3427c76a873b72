import { and, count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { labelOf, PAYMENT_TERMS, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { SALES_ORDER_MACHINE } from "../sale/sales-order.status";
import { DICTIONARY_LABELS_TTL_MS, ensureDictionaryLabels, refreshDictionaryLabels } from "./dictionary-labels.service";
import { appliedLabelOverrides } from "./dictionary.labels";
import { purchaseOrderSheet } from "../purchase/purchase-order.print";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { COMMON_BANKS, seedBanks } from "./bank.seed";
import { bankNameSuggestions } from "../system/bank.page";
import { bankResource, enabledBankNames } from "../system/bank.resource";
import { updateRow } from "../lib/resource";
import { BUILTIN_DICTIONARIES, CODE_DICT_TEXT } from "./dictionary.builtin";
import { DICT_TEXT } from "./dictionary.input";
import {
  createDictItem,
  createDictType,
  deleteDictItem,
  deleteDictType,
  dictionaryItems,
  dictionaryLabel,
  dictionaryLabels,
  getDictItem,
  getDictType,
  listDictItems,
  listDictTypes,
  loadDictionaryPage,
  syncBuiltinDictionaries,
  updateDictItem,
  updateDictType,
} from "./dictionary.service";
import { banks, dictItems, dictTypes } from "./reference.tables";

async function typeRow(code: string) {
  const [r] = await db().select().from(dictTypes).where(eq(dictTypes.code, code));
  return r!;
}

async function itemRow(code: string, value: string) {
  const type = await typeRow(code);
  const [r] = await db()
    .select()
    .from(dictItems)
    .where(and(eq(dictItems.typeId, type.id), eq(dictItems.value, value)));
  return r;
}

async function dictAudits() {
  return db().select().from(auditLogs).where(eq(auditLogs.action, "dictChange")).orderBy(auditLogs.id);
}

async function itemTotal() {
  const [{ n }] = (await db().select({ n: count() }).from(dictItems)) as [{ n: number }];
  return Number(n);
}

describe("数据字典 (dictionaries) and 银行设置's first list", () => {
  useTestDatabase();
  let admin: Ctx;
  let boss: Ctx;

  beforeAll(async () => {
    admin = (await ctxOf("admin")).ctx;
    boss = (await ctxOf("boss1")).ctx;
  });

  it("start-up seeds the common banks once, in order; a bank list the operator changed is left alone", async () => {
    expect(await enabledBankNames()).toEqual(COMMON_BANKS.map(([name]) => name));
    expect((await bankNameSuggestions(boss)).bankName!.slice(0, 2)).toEqual([
      { value: 1, label: "中国工商银行" },
      { value: 2, label: "中国农业银行" },
    ]);
    const [icbc] = await db().select().from(banks).where(eq(banks.code, "ICBC"));
    expect(icbc).toMatchObject({ name: "中国工商银行", isEnabled: true, sortOrder: 10 });
    expect(icbc!.nameSort).toBeTruthy();
    await db().delete(banks).where(eq(banks.code, "CBHB"));
    await updateRow(bankResource, admin, icbc!.id, { isEnabled: "false" });
    await seedBanks(db());
    expect(await enabledBankNames()).not.toContain("渤海银行");
    expect((await bankNameSuggestions(boss)).bankName!.map((o) => o.label)).not.toContain("中国工商银行");
    await updateRow(bankResource, admin, icbc!.id, { isEnabled: "true" });
  });

  it("start-up puts every built-in dictionary in with the code's values; the sync is idempotent, keeps the operator's edits and follows the code's values", async () => {
    for (const def of BUILTIN_DICTIONARIES) {
      const type = await typeRow(def.code);
      expect(type, def.code).toMatchObject({ name: def.name, isBuiltin: true });
      const items = await db().select().from(dictItems).where(eq(dictItems.typeId, type.id)).orderBy(dictItems.sortOrder);
      expect(items.map((i) => [i.value, i.label])).toEqual(def.items.map(([v, l]) => [String(v), l]));
    }
    const total = await itemTotal();
    await syncBuiltinDictionaries(db());
    expect(await itemTotal()).toBe(total);

    // The operator's edits (through the service) and things only a changed code would do (directly).
    await updateDictType(admin, (await typeRow("PaymentTerm")).id, { name: "付款条件", sortOrder: 5 });
    const monthly = await itemRow("PaymentTerm", "100");
    await updateDictItem(admin, "PaymentTerm", monthly!.id, { label: "月结（30天）", sortOrder: 1, description: "当月对账" });
    const sellType = await typeRow("SellType");
    await db()
      .delete(dictItems)
      .where(and(eq(dictItems.typeId, sellType.id), eq(dictItems.value, "5")));
    const hot = await itemRow("SellType", "4");
    await updateDictItem(admin, "SellType", hot!.id, { isEnabled: false });
    const closed = await typeRow("SalesOrderStatus");
    await db().insert(dictItems).values({ typeId: closed.id, value: "77", label: "代码里已没有的状态" });
    await db()
      .update(dictItems)
      .set({ isEnabled: false })
      .where(and(eq(dictItems.typeId, closed.id), eq(dictItems.value, "30")));

    await syncBuiltinDictionaries(db());
    await syncBuiltinDictionaries(db());
    expect(await typeRow("PaymentTerm")).toMatchObject({ name: "付款条件", sortOrder: 5 });
    expect(await itemRow("PaymentTerm", "100")).toMatchObject({ label: "月结（30天）", sortOrder: 1, description: "当月对账" });
    expect(await itemRow("SellType", "5")).toMatchObject({ label: "促销", isEnabled: true });
    expect(await itemRow("SellType", "4")).toMatchObject({ isEnabled: false });
    expect(await itemRow("SalesOrderStatus", "77")).toBeUndefined();
    expect(await itemRow("SalesOrderStatus", "30")).toMatchObject({ isEnabled: true, label: "待发货" });
    expect(await itemTotal()).toBe(total);
    await updateDictItem(admin, "SellType", hot!.id, { isEnabled: true });
  });

  it("pages read labels and items from the tables: the operator's label, disabled items kept for stored values, the code's label as a fallback", async () => {
    expect((await dictionaryItems("PaymentTerm")).map((i) => i.value)).toEqual(["100", "200", "1", "3", "7", "15", "30", "60", "90"]);
    expect(await dictionaryLabel("PaymentTerm", 100)).toBe("月结（30天）");
    expect(await dictionaryLabel("PaymentTerm", 200)).toBe("次月结");
    expect(await dictionaryLabel("PaymentTerm", null)).toBe("");
    expect(await dictionaryLabel("PaymentTerm", 45)).toBe("45");
    expect(await dictionaryLabel("NoSuchDictionary", "x")).toBe("x");

    const promo = await itemRow("SellType", "5");
    await updateDictItem(admin, "SellType", promo!.id, { isEnabled: false });
    expect((await dictionaryItems("SellType")).map((i) => i.label)).toEqual(["新品", "拆车件推荐", "推荐", "热销"]);
    expect((await dictionaryLabels("SellType")).get("5")).toBe("促销");
    await updateDictItem(admin, "SellType", promo!.id, { isEnabled: true });

    // Not synced yet (a new build before its first start): the code's labels.
    const status = await typeRow("SalesOrderStatus");
    await db().delete(dictItems).where(eq(dictItems.typeId, status.id));
    expect((await dictionaryLabels("SalesOrderStatus")).get("30")).toBe("待发货");
    expect(await dictionaryLabel("SalesOrderStatus", 95)).toBe(labelOfSales(95));
    await syncBuiltinDictionaries(db());

    // The printed purchase order's 付款方式 is the operator's label.
    const sheet = await purchaseOrderSheet(boss, { no: "PO-T1", status: 10, creationTime: new Date(), paymentTerm: 100, lines: [] }, "待收货");
    expect(sheet.fields.find((f) => f.label === "付款方式")?.value).toBe("月结（30天）");
  });

  it("a company user reads the dictionaries but changes nothing; the page is the operator's", async () => {
    const list = await listDictTypes(boss, new URLSearchParams("filter=PaymentTerm"));
    expect(list.items.map((t) => t.code)).toEqual(["PaymentTerm"]);
    expect(list.items[0]).toMatchObject({ isBuiltin: true, isClosed: true, kind: "code", itemCount: PAYMENT_TERMS.length });
    expect((await getDictType(boss, "SellType")).items).toHaveLength(5);
    expect((await listDictItems(boss, "SellType")).totalCount).toBe(5);

    const before = (await dictAudits()).length;
    const sell = await typeRow("SellType");
    const item = await itemRow("SellType", "1");
    await expect(loadDictionaryPage(boss, {})).rejects.toMatchObject({ code: "forbidden" });
    await expect(createDictType(boss, { code: "Boss", name: "老板的字典" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateDictType(boss, sell.id, { name: "改名" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(deleteDictType(boss, sell.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createDictItem(boss, sell.id, { value: "9", label: "九" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateDictItem(boss, sell.id, item!.id, { label: "改名" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(deleteDictItem(boss, sell.id, item!.id)).rejects.toMatchObject({ code: "forbidden" });
    expect((await dictAudits()).length).toBe(before);
    expect(await typeRow("SellType")).toMatchObject({ name: "销售类型" });
    expect(await itemRow("SellType", "1")).toMatchObject({ label: "新品" });
  });

  it("closed dictionaries: labels and order change, values are fixed (no add, remove, disable or new value); built-in types keep their code and stay", async () => {
    const before = (await dictAudits()).length;
    const status = await typeRow("SalesOrderStatus");
    const draft = await itemRow("SalesOrderStatus", "0");
    await expect(createDictItem(admin, status.id, { value: "120", label: "已归档" })).rejects.toMatchObject({ code: "conflict", message: DICT_TEXT.closedAdd });
    await expect(createDictItem(admin, "PaymentTerm", { value: "45", label: "45天" })).rejects.toMatchObject({
      code: "conflict",
      message: CODE_DICT_TEXT.closedAdd,
    });
    await expect(deleteDictItem(admin, status.id, draft!.id)).rejects.toMatchObject({ code: "conflict", message: DICT_TEXT.closedRemove });
    await expect(updateDictItem(admin, status.id, draft!.id, { isEnabled: false })).rejects.toMatchObject({
      code: "conflict",
      message: DICT_TEXT.closedDisable,
    });
    await expect(updateDictItem(admin, "ReasonCode", (await itemRow("ReasonCode", "110"))!.id, { isEnabled: "false" })).rejects.toMatchObject({
      message: CODE_DICT_TEXT.closedDisable,
    });
    await expect(updateDictItem(admin, status.id, draft!.id, { value: "1", label: "草稿单" })).rejects.toMatchObject({
      code: "bad_request",
      message: DICT_TEXT.valueFixed,
    });
    await expect(updateDictType(admin, status.id, { code: "SOStatus" })).rejects.toMatchObject({ code: "bad_request", message: DICT_TEXT.builtinType });
    await expect(deleteDictType(admin, status.id)).rejects.toMatchObject({ code: "conflict", message: DICT_TEXT.builtinType });
    await expect(updateDictItem(admin, status.id, draft!.id, { label: "" })).rejects.toMatchObject({ code: "bad_request", message: DICT_TEXT.labelRequired });
    await expect(updateDictItem(admin, status.id, draft!.id, { sortOrder: "-1" })).rejects.toMatchObject({ message: DICT_TEXT.sortOrderInvalid });
    // Another type's item through this type is not found.
    await expect(updateDictItem(admin, "PaymentTerm", draft!.id, { label: "草稿单" })).rejects.toMatchObject({
      code: "not_found",
      message: DICT_TEXT.itemMissing,
    });
    await expect(getDictType(admin, "NoSuchType")).rejects.toMatchObject({ code: "not_found", message: DICT_TEXT.typeMissing });
    await expect(getDictItem(admin, status.id, "abc")).rejects.toMatchObject({ code: "not_found" });
    expect((await dictAudits()).length).toBe(before);
    expect(await itemRow("SalesOrderStatus", "0")).toMatchObject({ label: "草稿", isEnabled: true });

    const saved = await updateDictItem(admin, status.id, draft!.id, { label: "草稿单", sortOrder: "5", value: "0" });
    expect(saved).toMatchObject({ value: "0", label: "草稿单", sortOrder: 5, isEnabled: true, isFixed: true });
    const same = await updateDictItem(admin, status.id, draft!.id, { label: "草稿单" });
    expect(same.label).toBe("草稿单");
    const audits = (await dictAudits()).slice(before);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      targetType: "dictItem",
      targetId: String(draft!.id),
      userName: "admin",
      summary: "修改字典项 销售订单状态（SalesOrderStatus）/0：显示名称 草稿 → 草稿单，排序 10 → 5",
    });
    expect(audits[0]!.before).toMatchObject({ label: "草稿" });
    expect(audits[0]!.after).toMatchObject({ label: "草稿单" });
    expect(await dictionaryLabel("SalesOrderStatus", 0)).toBe("草稿单");
    expect((await dictionaryItems("SalesOrderStatus"))[0]!.label).toBe("草稿单");
  });

  it("an open built-in dictionary takes new items and disables the code's; only the added ones are deleted", async () => {
    const added = await createDictItem(admin, "SellType", { value: "6", label: "清仓", sortOrder: "60" });
    expect(added).toMatchObject({ value: "6", label: "清仓", isEnabled: true, isFixed: false });
    await expect(createDictItem(admin, "SellType", { value: "6", label: "又一个" })).rejects.toMatchObject({
      code: "conflict",
      message: DICT_TEXT.valueTaken,
      fields: { value: [DICT_TEXT.valueTaken] },
    });
    const newItem = await itemRow("SellType", "1");
    await expect(deleteDictItem(admin, "SellType", newItem!.id)).rejects.toMatchObject({ message: DICT_TEXT.closedRemove });
    expect(await updateDictItem(admin, "SellType", newItem!.id, { isEnabled: "false" })).toMatchObject({ isEnabled: false });
    await updateDictItem(admin, "SellType", newItem!.id, { isEnabled: true });
    await deleteDictItem(admin, "SellType", added.id);
    expect(await itemRow("SellType", "6")).toBeUndefined();
    const summaries = (await dictAudits()).slice(-4).map((a) => a.summary);
    expect(summaries).toEqual([
      "新增字典项 销售类型（SellType）：6 清仓",
      "修改字典项 销售类型（SellType）/1：状态 启用 → 停用",
      "修改字典项 销售类型（SellType）/1：状态 停用 → 启用",
      "删除字典项 销售类型（SellType）：6 清仓",
    ]);
  });

  it("the operator creates a custom type with items, changes and deletes them; bad input is refused in Chinese and changes nothing", async () => {
    const before = (await dictAudits()).length;
    await expect(createDictType(admin, { code: "1abc", name: "数字开头" })).rejects.toMatchObject({ code: "bad_request", message: DICT_TEXT.codeInvalid });
    await expect(createDictType(admin, { code: "", name: "x" })).rejects.toMatchObject({ message: DICT_TEXT.codeRequired });
    await expect(createDictType(admin, { code: "Good", name: "  " })).rejects.toMatchObject({
      message: DICT_TEXT.nameRequired,
      fields: { name: [DICT_TEXT.nameRequired] },
    });
    await expect(createDictType(admin, { code: "Good", name: "好".repeat(31) })).rejects.toMatchObject({ message: DICT_TEXT.nameTooLong });
    await expect(createDictType(admin, { code: "SellType", name: "重复" })).rejects.toMatchObject({
      code: "conflict",
      message: DICT_TEXT.codeTaken,
      fields: { code: [DICT_TEXT.codeTaken] },
    });
    await expect(createDictType(admin, "not an object")).rejects.toMatchObject({ code: "bad_request" });
    expect((await dictAudits()).length).toBe(before);

    const made = await createDictType(admin, { code: "InvoiceType", name: "发票类型", description: " 开票方式 ", sortOrder: "300" });
    expect(made).toMatchObject({
      code: "InvoiceType",
      name: "发票类型",
      description: "开票方式",
      sortOrder: 300,
      isBuiltin: false,
      isClosed: false,
      kind: "custom",
      itemCount: 0,
      items: [],
    });
    const vat = await createDictItem(admin, made.id, { value: "VAT", label: "增值税专用发票", sortOrder: "10" });
    await createDictItem(admin, "InvoiceType", { value: "NORMAL", label: "普通发票", sortOrder: "20", isEnabled: "false" });
    await expect(createDictItem(admin, made.id, { value: "a b", label: "空格" })).rejects.toMatchObject({ message: DICT_TEXT.valueInvalid });
    await expect(createDictItem(admin, made.id, { value: "X", label: "" })).rejects.toMatchObject({ message: DICT_TEXT.labelRequired });
    await expect(createDictItem(admin, made.id, { value: "VAT", label: "重复" })).rejects.toMatchObject({ message: DICT_TEXT.valueTaken });
    expect((await dictionaryItems("InvoiceType")).map((i) => i.label)).toEqual(["增值税专用发票"]);
    expect((await getDictType(admin, made.id)).items.map((i) => [i.value, i.isEnabled, i.isFixed])).toEqual([
      ["VAT", true, false],
      ["NORMAL", false, false],
    ]);
    await expect(updateDictType(admin, made.id, { code: "Other" })).rejects.toMatchObject({ message: CODE_DICT_TEXT.codeFixed });
    expect(await updateDictType(admin, "InvoiceType", { name: "发票种类", code: "InvoiceType" })).toMatchObject({
      name: "发票种类",
      description: "开票方式",
      sortOrder: 300,
    });
    expect(await updateDictItem(admin, made.id, vat.id, { label: "专票" })).toMatchObject({ label: "专票", sortOrder: 10 });

    const page = await loadDictionaryPage(admin, { type: "InvoiceType" });
    expect(page.selected).toMatchObject({ code: "InvoiceType", itemCount: 2 });
    expect(page.types.map((t) => t.code)).toContain("SalesOrderStatus");
    expect((await loadDictionaryPage(admin, { q: "发票" })).types.map((t) => t.code)).toEqual(["InvoiceType"]);
    expect((await loadDictionaryPage(admin, {})).selected?.code).toBe(page.types[0]!.code);
    await expect(loadDictionaryPage(admin, { type: "Nope" })).rejects.toMatchObject({ code: "not_found" });

    await deleteDictType(admin, made.id);
    expect(
      await db()
        .select()
        .from(dictItems)
        .where(inArray(dictItems.value, ["VAT", "NORMAL"])),
    ).toEqual([]);
    await expect(getDictType(admin, made.id)).rejects.toMatchObject({ code: "not_found" });
    const summaries = (await dictAudits()).slice(before).map((a) => [a.targetType, a.summary]);
    expect(summaries).toEqual([
      ["dictType", "新增字典类型 发票类型（InvoiceType）"],
      ["dictItem", "新增字典项 发票类型（InvoiceType）：VAT 增值税专用发票"],
      ["dictItem", "新增字典项 发票类型（InvoiceType）：NORMAL 普通发票"],
      ["dictType", "修改字典类型 发票类型（InvoiceType）：类型名称 发票类型 → 发票种类"],
      ["dictItem", "修改字典项 发票种类（InvoiceType）/VAT：显示名称 增值税专用发票 → 专票"],
      ["dictType", "删除字典类型 发票种类（InvoiceType）及其 2 个字典项"],
    ]);
    const deleted = (await dictAudits()).at(-1)!;
    expect((deleted.before as { items: unknown[] }).items).toHaveLength(2);
  });

  it("a renamed built-in label is what every page names the value with: on this instance at once, on the others within 15 s", async () => {
    const waiting = await itemRow("SalesOrderStatus", "30");
    await updateDictItem(admin, "SalesOrderStatus", waiting!.id, { label: "待出库" });
    expect(labelOf(SALES_ORDER_STATUSES, 30)).toBe("待出库");
    expect(SALES_ORDER_MACHINE.statuses.find(([v]) => v === 30)?.[1]).toBe("待出库");
    expect(appliedLabelOverrides().SalesOrderStatus).toMatchObject({ "30": "待出库" });

    // Another instance's edit (straight into the table here): read again once the labels are 15 s old.
    await db().update(dictItems).set({ label: "待出货" }).where(eq(dictItems.id, waiting!.id));
    await ensureDictionaryLabels();
    expect(labelOf(SALES_ORDER_STATUSES, 30)).toBe("待出库");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + DICTIONARY_LABELS_TTL_MS + 1000);
      await ensureDictionaryLabels();
      expect(labelOf(SALES_ORDER_STATUSES, 30)).toBe("待出货");
    } finally {
      vi.useRealTimers();
    }

    // Two reads at once (a request's periodic read and a save's): the one started last decides, whichever ends last.
    await db().update(dictItems).set({ label: "旧名称" }).where(eq(dictItems.id, waiting!.id));
    const older = refreshDictionaryLabels(answersLate(db()));
    await db().update(dictItems).set({ label: "新名称" }).where(eq(dictItems.id, waiting!.id));
    await refreshDictionaryLabels();
    await older;
    expect(labelOf(SALES_ORDER_STATUSES, 30)).toBe("新名称");

    // A start-up sync puts back a missing item with the code's own label, not the applied one.
    await db().delete(dictItems).where(eq(dictItems.id, waiting!.id));
    await syncBuiltinDictionaries(db());
    expect(await itemRow("SalesOrderStatus", "30")).toMatchObject({ label: "待发货" });
    await refreshDictionaryLabels();
    expect(labelOf(SALES_ORDER_STATUSES, 30)).toBe("待发货");
    expect(appliedLabelOverrides().SalesOrderStatus?.["30"]).toBeUndefined();
  });
});

function labelOfSales(v: number) {
  return SALES_ORDER_STATUSES.find(([k]) => k === v)![1];
}

/** An executor whose queries read at once but answer 100 ms later (a slow connection). */
function answersLate(ex: Executor): Executor {
  const wrap = (q: object): object =>
    new Proxy(q, {
      get(target, key) {
        const v = (target as Record<string | symbol, unknown>)[key];
        if (key === "then") {
          return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
            (target as PromiseLike<unknown>).then((rows) => new Promise((r) => setTimeout(() => r(rows), 100))).then(ok, fail);
        }
        return typeof v === "function" ? (...args: unknown[]) => wrap((v as (...a: unknown[]) => object).apply(target, args)) : v;
      },
    });
  return wrap(ex) as Executor;
}
