import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { answerMethods, getRolePermissions, requireApiUser } from "~/services.server";

/** GET /api/permission-management/permissions?providerName=R&providerKey={role} (ABP GetPermissionListResultDto): a role's menu and action grants. */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await getRolePermissions(await requireApiUser(request), new URL(request.url).searchParams.get("providerName"), new URL(request.url).searchParams.get("providerKey"))),
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
