import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { deleteRole, getRoleInReach, toIdentityRoleDto, updateIdentityRole } from "~/server/system.server";

/**
 * /api/identity/roles/{id} (ABP IdentityRoleDto), roles in the caller's reach only: GET; PUT
 * { name } renames (templates only by the operator, a company only its own roles); DELETE (204;
 * refused while anyone holds the role).
 */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    GET: async () => json(toIdentityRoleDto(await getRoleInReach(await requireApiUser(request), params.id))),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      return json(await updateIdentityRole(ctx, params.id, await readBody(request)));
    },
    DELETE: async () => {
      await deleteRole(await requireApiUser(request), params.id);
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
