import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { createIdentityRole, listIdentityRoles } from "~/server/system.server";

/**
 * /api/identity/roles (ABP IdentityRoleDto): GET the roles the company may hand out (the
 * operator: all); POST { name, isDefault?, isPublic? } a new role (a company's own, or for the
 * operator a template), answered as the created role.
 */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await listIdentityRoles(await requireApiUser(request))),
    POST: async () => {
      const ctx = await requireApiUser(request);
      return json(await createIdentityRole(ctx, await readBody(request)));
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
