import { describe, expect, it } from "vitest";
import { compactShell, expandShell, type ShellMenuNode } from "./shell.wire";

const node = (id: number, name: string, url: string | null, children: ShellMenuNode[] = [], icon: string | null = null): ShellMenuNode => ({
  id,
  code: `C-${id}`,
  name,
  icon,
  url,
  children,
});

describe("the shell's menu on the wire", () => {
  it("expands to the same menu and tabbable pages, and is smaller", () => {
    const menu = [
      node(1, "销售管理", null, [node(2, "销售业务", null, [node(3, "销售订单", "/sale/order"), node(4, "销售退货", "/sale/returnOrder")])], "sale"),
      node(9, "首页看板", "/dashboard"),
    ];
    // Action pages (销售开单) are tabbable but not in the tree; a page renamed in one place keeps its own name.
    const tabbable = { "/sale/order": "销售订单", "/sale/orderCreate": "销售开单", "/sale/returnOrder": "销售退货", "/dashboard": "看板" };
    const shell = { menu, tabbable, timeZone: "Asia/Shanghai", unreadNotifications: 2 };
    const wire = JSON.parse(JSON.stringify(compactShell(shell)));
    expect(wire.timeZone).toBe("Asia/Shanghai");
    expect(wire.tabs).toEqual({ "/sale/orderCreate": "销售开单", "/dashboard": "看板" });
    const back = expandShell(wire);
    expect(back).toEqual(shell);
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(shell).length);
  });
});
