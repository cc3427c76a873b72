/** Everything a service needs to know about who is asking, established once per request. */
export interface Ctx {
  userId: number;
  username: string;
  userName: string;
  companyId: number;
  companyName: string;
  companyShortName: string | null;
  companyKind: "platform" | "trading";
  roleId: number;
  roleName: string;
  /** Menu codes of the user's role in the current company (pages and action entries). */
  permissions: ReadonlySet<string>;
  /** Urls of the menu pages and actions the role holds. */
  allowedUrls: ReadonlySet<string>;
  sessionId: string;
  sessionKind: "web" | "api";
  now: Date;
}

export function can(ctx: Pick<Ctx, "permissions">, code: string) {
  return ctx.permissions.has(code);
}
