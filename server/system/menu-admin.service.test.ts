import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resolveSession } from "../auth/session.service";
import { db } from "../db/client";
import { auditLogs } from "../lib/audit.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { listMenuEntries, menuTreeRows, updateMenuEntry } from "./menu-admin.service";
import { syncMenus } from "./menu.service";
import { menus } from "../kernel/identity.tables";

const entry = async (code: string) => (await db().select().from(menus).where(eq(menus.code, code)))[0]!;

describe("菜单配置: the operator's names, icons and order, kept across restarts", () => {
  useTestDatabase();

  it("lists entries in the list contract (sortOrder asc by default), the operator only", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const { ctx: boss1 } = await ctxOf("boss1");
    const all = await listMenuEntries(admin, new URLSearchParams("sorting=sortOrder asc&skipCount=0&maxResultCount=1000"));
    expect(all.totalCount).toBeGreaterThan(100);
    expect(all.items).toHaveLength(all.totalCount);
    const orders = all.items.map((m) => m.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const page = await listMenuEntries(admin, new URLSearchParams("skipCount=2&maxResultCount=3&sorting=id desc"));
    expect(page.items).toHaveLength(3);
    expect(page.items[0]!.id).toBeGreaterThan(page.items[1]!.id);
    expect((await listMenuEntries(admin, new URLSearchParams("filter=角色管理"))).items.map((m) => m.code)).toEqual(["XTGL-002"]);
    await expect(listMenuEntries(boss1, new URLSearchParams())).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateMenuEntry(boss1, (await entry("XSGL-001")).id, { name: "x", sortOrder: 1 })).rejects.toMatchObject({ code: "forbidden" });
    const tree = await menuTreeRows(admin);
    expect(tree[0]).toMatchObject({ depth: 0, parentId: null });
    expect(tree.find((m) => m.code === "XSGL-001")).toMatchObject({ depth: 2 });
  });

  it("an edit shows in the holder's menu at the next request, is audited, and survives the start-up sync", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const { token } = await ctxOf("sales1");
    const order = await entry("XSGL-001");
    const saved = await updateMenuEntry(admin, String(order.id), { name: "销售单据", icon: "report", sortOrder: "5", code: "XSGL-001" });
    expect(saved).toMatchObject({ name: "销售单据", icon: "report", sortOrder: 5, url: "/sale/order" });
    expect((await resolveSession(token))!.menuRows.find((m) => m.code === "XSGL-001")).toMatchObject({ name: "销售单据" });
    const [log] = await db().select().from(auditLogs).where(eq(auditLogs.action, "menuUpdate"));
    expect(log).toMatchObject({ userName: "admin", before: { name: "销售订单", sortOrder: order.sortOrder }, after: { name: "销售单据", sortOrder: 5 } });

    // A restart re-syncs the tree from menu.data.ts: the operator's fields stay, the structure is the product's.
    await db().update(menus).set({ url: "/wrong", parentId: null }).where(eq(menus.id, order.id));
    expect(await syncMenus()).toEqual([]);
    expect(await entry("XSGL-001")).toMatchObject({
      id: order.id,
      name: "销售单据",
      icon: "report",
      sortOrder: 5,
      url: "/sale/order",
      parentId: order.parentId,
    });

    // A code renamed in menu.data.ts finds its old row by url (the grants stay with it).
    await db().update(menus).set({ code: "XSGL-OLD" }).where(eq(menus.id, order.id));
    await syncMenus();
    expect(await entry("XSGL-001")).toMatchObject({ id: order.id, name: "销售单据" });
  });

  it("refuses bad input in Chinese and changes nothing; codes and urls are not editable", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const role = await entry("XTGL-002");
    await expect(updateMenuEntry(admin, role.id, { name: "", sortOrder: 1 })).rejects.toMatchObject({ code: "bad_request", message: "请输入菜单名称" });
    await expect(updateMenuEntry(admin, role.id, { name: "角色", sortOrder: -1 })).rejects.toMatchObject({ message: "排序为 0–99999 的整数" });
    await expect(updateMenuEntry(admin, role.id, { name: "角色", sortOrder: 1, icon: "rocket" })).rejects.toMatchObject({ message: "请选择列表中的图标" });
    await expect(updateMenuEntry(admin, role.id, { name: "角色", sortOrder: 1, code: "XTGL-999" })).rejects.toMatchObject({
      code: "bad_request",
      fields: { code: [expect.any(String)] },
    });
    await expect(updateMenuEntry(admin, "999999", { name: "角色", sortOrder: 1 })).rejects.toMatchObject({ code: "not_found" });
    expect(await entry("XTGL-002")).toEqual(role);
  });
});
