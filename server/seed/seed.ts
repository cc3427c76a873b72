import { count, eq } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import { syncMenus } from "../system/menu.service";
import { companies, companyRoles, companyUserRoles, companyUsers, roles, users } from "../kernel/identity.tables";
import { settings } from "../setting/setting.tables";
import { productBrands } from "../product/brand.tables";
import type { Db } from "../db/client";
import { seedMasterData } from "./seed-master";
import { seedAdminAreas } from "./seed-areas";
import { seedLogisticsCarriers } from "../reference/logistics-carrier.resource";
import { seedBanks } from "../reference/bank.seed";
import { syncBuiltinDictionaries } from "../reference/dictionary.service";

const ROLE_TEMPLATES = [
  { code: "platform_admin", name: "平台管理员", scope: "platform" as const, description: "平台运营方：管理公司、角色、菜单和全局设置" },
  { code: "manager", name: "经理", scope: "company" as const, description: "公司负责人：公司内全部功能" },
  { code: "sales", name: "销售", scope: "company" as const, description: "销售开单、发货、客户与销售报表" },
  { code: "purchasing", name: "采购", scope: "company" as const, description: "采购开单、收货、供应商与采购报表" },
  { code: "warehouse", name: "仓管", scope: "company" as const, description: "库存、拣货、发货、收货与上架" },
];

/**
 * Platform ground every installation needs: menus, role templates and their menu grants,
 * the operator company and global settings. Idempotent; menus are re-synced every start.
 */
export async function seedBase(db: Db) {
  await db.transaction(async (tx) => {
    const [{ n }] = (await tx.select({ n: count() }).from(roles)) as [{ n: number }];
    // Roles first: syncMenus grants every menu entry new to this database to the fitting roles.
    if (Number(n) === 0) await tx.insert(roles).values(ROLE_TEMPLATES);
    await syncMenus(tx);
    await seedAdminAreas(tx);
    await seedLogisticsCarriers(tx);
    await seedBanks(tx);
    await syncBuiltinDictionaries(tx);
    const [platform] = await tx.select().from(companies).where(eq(companies.kind, "platform")).limit(1);
    if (!platform) {
      const [p] = await tx.insert(companies).values({ name: "车护者平台运营中心", shortName: "车护者", kind: "platform", status: 1, city: "广州" }).returning();
      const [adminRole] = await tx.select().from(roles).where(eq(roles.code, "platform_admin"));
      await tx.insert(companyRoles).values({ companyId: p!.id, roleId: adminRole!.id });
      await tx
        .insert(settings)
        .values([
          { scope: "global", ownerId: 0, name: "PlatformType", value: "车护者" },
          { scope: "global", ownerId: 0, name: "AdminCompany", value: "车护者" },
        ])
        .onConflictDoNothing();
    }
  });
}

/** Creates the `admin` user in the operator company if it does not exist yet. */
export async function ensureAdmin(db: Db, password: string) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  if (existing) return false;
  const [platform] = await db.select().from(companies).where(eq(companies.kind, "platform")).limit(1);
  const [adminRole] = await db.select().from(roles).where(eq(roles.code, "platform_admin"));
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [u] = await tx.insert(users).values({ username: "admin", name: "平台管理员", phone: "13800000000", passwordHash: hash }).returning();
    await tx.insert(companyUsers).values({ companyId: platform!.id, userId: u!.id });
    await tx.insert(companyUserRoles).values({ companyId: platform!.id, userId: u!.id, roleId: adminRole!.id });
  });
  return true;
}

export const DEMO_USERS = [
  { username: "boss1", name: "陈志强", phone: "13922001001", role: "manager", companies: ["穗通汽配"] },
  { username: "sales1", name: "李晓燕", phone: "13922001002", role: "sales", companies: ["穗通汽配"] },
  { username: "buyer1", name: "王建国", phone: "13922001003", role: "purchasing", companies: ["穗通汽配"] },
  { username: "stock1", name: "张伟", phone: "13922001004", role: "warehouse", companies: ["穗通汽配"] },
  { username: "boss2", name: "黄国华", phone: "13760002001", role: "manager", companies: ["鹏达汽配"] },
  { username: "sales2", name: "刘婷", phone: "13760002002", role: "sales", companies: ["鹏达汽配"] },
  { username: "buyer2", name: "吴海波", phone: "13760002003", role: "purchasing", companies: ["鹏达汽配"] },
  { username: "stock2", name: "周磊", phone: "13760002004", role: "warehouse", companies: ["鹏达汽配"] },
  { username: "duo", name: "林嘉豪", phone: "13500003001", role: "manager", companies: ["穗通汽配", "鹏达汽配", "福达汽配"] },
] as const;

const DEMO_COMPANIES = [
  { name: "广州穗通汽配有限公司", shortName: "穗通汽配", city: "广州", phone: "020-81234567", status: 1 },
  { name: "深圳鹏达汽配有限公司", shortName: "鹏达汽配", city: "深圳", phone: "0755-27654321", status: 1 },
  // A company the operator has closed (status 2): nobody can work in it until it is recovered.
  { name: "东莞福达汽配有限公司", shortName: "福达汽配", city: "东莞", phone: "0769-22118899", status: 2 },
];

const DEMO_BRANDS: [string, string][] = [
  ["博世", "BOSCH"],
  ["马勒", "MAHLE"],
  ["曼牌", "MANN"],
  ["NGK", "NGK"],
  ["电装", "DENSO"],
  ["法雷奥", "VALEO"],
  ["采埃孚", "ZF"],
  ["舍弗勒", "SCHAEFFLER"],
  ["大陆", "CONTINENTAL"],
  ["德尔福", "DELPHI"],
  ["盖茨", "GATES"],
  ["天合", "TRW"],
  ["布雷博", "BREMBO"],
  ["海拉", "HELLA"],
  ["菲罗多", "FERODO"],
  ["蒙诺", "MONROE"],
  ["萨克斯", "SACHS"],
  ["嘉实多", "CASTROL"],
  ["美孚", "MOBIL"],
  ["壳牌", "SHELL"],
  ["机汽人", "JQR"],
];

/** Demo companies and staff. Only ever called on a database that has no trading company. */
export async function seedDemo(db: Db, password: string) {
  const [{ n }] = (await db.select({ n: count() }).from(companies).where(eq(companies.kind, "trading"))) as [{ n: number }];
  if (Number(n) > 0) return false;
  await ensureAdmin(db, password);
  const roleRows = await db.select().from(roles);
  const roleId = Object.fromEntries(roleRows.map((r) => [r.code, r.id]));
  // One hash per user (own salt each), computed before the transaction.
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(password)));
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(companies)
      .values(DEMO_COMPANIES.map((c) => ({ ...c, kind: "trading" as const })))
      .returning();
    const companyId = Object.fromEntries(made.map((c) => [c.shortName!, c.id]));
    await tx
      .insert(companyRoles)
      .values(made.flatMap((c) => ["manager", "sales", "purchasing", "warehouse"].map((r) => ({ companyId: c.id, roleId: roleId[r]! }))));
    const insertedUsers = await tx
      .insert(users)
      .values(DEMO_USERS.map((u, i) => ({ username: u.username, name: u.name, phone: u.phone, passwordHash: hashes[i]! })))
      .returning({ id: users.id, username: users.username });
    const userId = Object.fromEntries(insertedUsers.map((u) => [u.username, u.id]));
    await tx
      .insert(productBrands)
      .values(DEMO_BRANDS.map(([name, code], i) => ({ name, code, sortOrder: (i + 1) * 10 })))
      .onConflictDoNothing();
    const memberships = DEMO_USERS.flatMap((u) => u.companies.map((c) => ({ companyId: companyId[c]!, userId: userId[u.username]!, roleId: roleId[u.role]! })));
    await tx.insert(companyUsers).values(memberships.map(({ companyId, userId }) => ({ companyId, userId })));
    await tx.insert(companyUserRoles).values(memberships);
    // In the same transaction: demo companies never exist without their products and partners.
    await seedMasterData(tx);
  });
  return true;
}
