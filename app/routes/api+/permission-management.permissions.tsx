import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { getRolePermissions, updateRolePermissionsAbp } from "~/server/system.server";

/**
 * /api/permission-management/permissions?providerName=R&providerKey={role}: GET a role's menu
 * and action grants (ABP GetPermissionListResultDto); PUT { permissions: [{ name, isGranted }] }
 * applies the listed changes only (204), on 角色管理's rules.
 */
function route(request: Request) {
  const query = new URL(request.url).searchParams;
  return answerMethods(request, {
    GET: async () => json(await getRolePermissions(await requireApiUser(request), query.get("providerName"), query.get("providerKey"))),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      await updateRolePermissionsAbp(ctx, query.get("providerName"), query.get("providerKey"), await readBody(request));
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
