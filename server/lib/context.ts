/** Everything a service needs to know about who is asking, established once per request. */
export interface Ctx {
  userId: number;
  username: string;
  userName: string;
  userPhone: string | null;
  avatarVersion: number;
  companyId: number;
  companyName: string;
  companyShortName: string | null;
  companyKind: "platform" | "trading";
  /** The roles held in the current company (and still allowed there); permissions are their union. */
  roleIds: readonly number[];
  /** Their names, joined with 、 (经理、仓管). */
  roleName: string;
  /** Menu codes of the user's role in the current company (pages and action entries). */
  permissions: ReadonlySet<string>;
  /** Urls of the menu pages and actions the role holds. */
  allowedUrls: ReadonlySet<string>;
  /** The role's menu entries (pages, groups, areas, actions), sorted: the shell's menu and tabs. */
  menuRows: readonly MenuRow[];
  sessionId: string;
  sessionKind: "web" | "api";
  /** The address the session signed in from (the audit trail's 来源). */
  ip?: string | null;
  now: Date;
}

export interface MenuRow {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  icon: string | null;
  url: string | null;
  sortOrder: number;
  isAction: boolean;
}
