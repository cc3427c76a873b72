import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/services.server";

/** GET /auth/user/profile → { data: { name, scope } }; scope lists the permission codes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireApiUser(request);
  return json({
    data: {
      name: ctx.userName,
      userName: ctx.username,
      scope: [...ctx.permissions].sort().join(" "),
      companyId: ctx.companyId,
      companyName: ctx.companyName,
      role: ctx.roleName,
    },
  });
}
