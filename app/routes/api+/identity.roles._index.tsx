import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { answerMethods, listIdentityRoles, requireApiUser } from "~/services.server";

/** GET /api/identity/roles (ABP ListResultDto of IdentityRoleDto): the roles the company may hand out; the operator: all. */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await listIdentityRoles(await requireApiUser(request))),
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
