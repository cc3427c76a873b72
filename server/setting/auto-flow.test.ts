import { describe, expect, it } from "vitest";
import { pickConfirmFlow, purchaseSubmitFlow } from "./auto-flow";
import { COMPANY_SETTING_DEFAULTS } from "./setting.defaults";

describe("what the automatic-flow settings make a button do (issue 20, item 10)", () => {
  it("with the spec's defaults: 提交并收货入库 and 确认拣货并发货, each asking first and linking to its setting", () => {
    const po = purchaseSubmitFlow(COMPANY_SETTING_DEFAULTS)!;
    expect(po.label).toBe("提交并收货入库");
    expect(po.confirm).toContain("立即确认入库");
    expect(po.confirm).toContain("上架单");
    expect(po.settingHref).toBe("/system/setting#setting-AutoConfirmReceipt");
    const pick = pickConfirmFlow(COMPANY_SETTING_DEFAULTS)!;
    expect(pick.label).toBe("确认拣货并发货");
    expect(pick.confirm).toContain("立即确认发货");
    expect(pick.settingHref).toBe("/system/setting#setting-AutoConfirmDeliver");
  });

  it("a note made but not confirmed: says so, asks nothing; the first setting off: the plain button", () => {
    expect(purchaseSubmitFlow({ ...COMPANY_SETTING_DEFAULTS, AutoConfirmReceipt: false })).toMatchObject({ label: "提交并生成收货单", confirm: null });
    expect(purchaseSubmitFlow({ ...COMPANY_SETTING_DEFAULTS, AutoCreatePickIn: false })!.confirm).not.toContain("上架单");
    expect(purchaseSubmitFlow({ ...COMPANY_SETTING_DEFAULTS, AutoCreateReceipt: false })).toBeNull();
    expect(pickConfirmFlow({ ...COMPANY_SETTING_DEFAULTS, AutoConfirmDeliver: false })).toMatchObject({ label: "确认拣货并生成发货单", confirm: null });
    expect(pickConfirmFlow({ ...COMPANY_SETTING_DEFAULTS, AutoCreateDeliver: false })).toBeNull();
  });

  it("says what happens to everyone, and links to 系统设置 only for those who may open it", () => {
    const po = purchaseSubmitFlow(COMPANY_SETTING_DEFAULTS, false)!;
    expect(po.label).toBe("提交并收货入库");
    expect(po.settingHref).toBeNull();
    expect(pickConfirmFlow(COMPANY_SETTING_DEFAULTS, false)!.settingHref).toBeNull();
  });
});
