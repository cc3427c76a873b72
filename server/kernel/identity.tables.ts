import { sql } from "drizzle-orm";
import { boolean, customType, foreignKey, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** A company on the platform: the operator itself or a trading company (tenant). */
export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  shortName: text("short_name"),
  kind: text("kind", { enum: ["platform", "trading"] })
    .notNull()
    .default("trading"),
  /**
   * Company status dictionary (spec 000 §4): 0 not online, 1 online, 2 closed. Only an
   * online company can be worked in: its staff cannot sign in to it or switch to it, and its
   * open sessions move on (or end) at their next request.
   */
  status: smallint("status").notNull().default(1),
  city: text("city"),
  phone: text("phone"),
  contactName: text("contact_name"),
  address: text("address"),
  taxNumber: text("tax_number"),
  description: text("description"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    phone: text("phone"),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** Locked by an administrator: cannot sign in at all. */
    isLocked: boolean("is_locked").notNull().default(false),
    avatarVersion: integer("avatar_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_username_lower_uq").on(sql`lower(${t.username})`), uniqueIndex("users_phone_uq").on(t.phone)],
);

export const userAvatars = pgTable("user_avatars", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Menu tree: areas, groups, pages and action entries (permission codes without a page). */
export const menus = pgTable(
  "menus",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id"),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    icon: text("icon"),
    url: text("url"),
    sortOrder: integer("sort_order").notNull().default(0),
    isAction: boolean("is_action").notNull().default(false),
    /** Only the platform operator's roles may hold it. */
    platformOnly: boolean("platform_only").notNull().default(false),
  },
  (t) => [index("menus_parent_idx").on(t.parentId), index("menus_url_idx").on(t.url)],
);

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  /** platform: assignable in the operator company only; company: assignable in trading companies. */
  scope: text("scope", { enum: ["platform", "company"] }).notNull(),
  description: text("description"),
  /** null: a template role shared by every company, edited by the operator; set: that company's own role. */
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
});

export const roleMenus = pgTable(
  "role_menus",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    menuId: integer("menu_id")
      .notNull()
      .references(() => menus.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** Roles a company may hand out to its staff (spec 000 §6 "allowed roles per company"). */
export const companyRoles = pgTable(
  "company_roles",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.roleId] })],
);

/**
 * Membership: a user works in a company (staff login). A company's manager locks and unlocks
 * the membership (the user cannot work in that company, their other companies stay open);
 * the platform operator's lock is users.is_locked, which stops the login everywhere.
 */
export const companyUsers = pgTable(
  "company_users",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isLocked: boolean("is_locked").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index("company_users_user_idx").on(t.userId)],
);

/** The roles a member holds in a company; their permissions are the union of the roles' grants. */
export const companyUserRoles = pgTable(
  "company_user_roles",
  {
    companyId: integer("company_id").notNull(),
    userId: integer("user_id").notNull(),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.roleId] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [companyUsers.companyId, companyUsers.userId] }).onDelete("cascade"),
    index("company_user_roles_role_idx").on(t.roleId),
  ],
);

/** A company may be worked in (status 1 online). */
export const COMPANY_ONLINE = 1;
