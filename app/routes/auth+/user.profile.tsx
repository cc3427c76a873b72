import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";

/** GET /auth/user/profile → { data: { name, scope } }; scope lists the permission codes. */
function profile(request: Request) {
  return answerMethods(request, {
    GET: async () => {
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
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => profile(request);
export const action = ({ request }: ActionFunctionArgs) => profile(request);
