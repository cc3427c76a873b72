import { afterEach, describe, expect, it } from "vitest";
import { labelOf, optionsOf, REASON_CODES, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { SALES_ORDER_MACHINE } from "../sale/sales-order.status";
import { applyLabelOverrides, appliedLabelOverrides, overridesFrom } from "./dictionary.labels";

describe("数据字典's labels in the code's dictionaries", () => {
  afterEach(() => applyLabelOverrides({}));

  it("a renamed item is what every reader of the dictionary shows; an empty set restores the code's labels", () => {
    const reasons = optionsOf(REASON_CODES);
    applyLabelOverrides({ SalesOrderStatus: { "30": "待出库" }, ReasonCode: { "70": "质量不合格" } });
    expect(labelOf(SALES_ORDER_STATUSES, 30)).toBe("待出库");
    expect(SALES_ORDER_MACHINE.statuses.find(([v]) => v === 30)?.[1]).toBe("待出库");
    // Options made before the change read the new label.
    expect(reasons.find((o) => o.value === "70")?.label).toBe("质量不合格");
    expect(appliedLabelOverrides()).toEqual({ SalesOrderStatus: { "30": "待出库" }, ReasonCode: { "70": "质量不合格" } });
    applyLabelOverrides({});
    expect(labelOf(SALES_ORDER_STATUSES, 30)).toBe("待发货");
    expect(reasons.find((o) => o.value === "70")?.label).toBe("质量问题");
    expect(appliedLabelOverrides()).toEqual({});
  });

  it("ignores what is not a known value or a usable label (the browser reads it from the page)", () => {
    applyLabelOverrides({
      SalesOrderStatus: { "30": "", "40": "x".repeat(101), "999": "无此值", "50": 7 as unknown as string },
      NoSuchDict: { "1": "x" },
      ReasonCode: null as unknown as Record<string, string>,
    });
    expect(SALES_ORDER_STATUSES.map(([, l]) => l)).toEqual(["草稿", "待发货", "发货中", "部分发货", "发货完成", "买家已取消", "未成交", "已完成"]);
    expect(appliedLabelOverrides()).toEqual({});
  });

  it("keeps from the stored items only the labels that differ from the code's", () => {
    expect(
      overridesFrom([
        { code: "SalesOrderStatus", value: "30", label: "待发货" },
        { code: "SalesOrderStatus", value: "40", label: "出库中" },
        { code: "SellType", value: "9", label: "运营商自加" },
        { code: "Custom", value: "1", label: "x" },
        { code: "ReasonCode", value: "70", label: " " },
      ]),
    ).toEqual({ SalesOrderStatus: { "40": "出库中" } });
  });
});
