import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { getAllowedRoles, setAllowedRoles } from "~/server/system.server";

/**
 * /api/app/sysCompany/{id}/allowedRoles, the operator only: GET → { roleIds, items (template
 * roles with `allowed`), ownRoles }; PUT { roleIds: number[] } replaces the template roles the
 * company may hand out (its own roles stay allowed) → the same as GET.
 */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    GET: async () => json(await getAllowedRoles(await requireApiUser(request), params.id)),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      await setAllowedRoles(ctx, params.id, await readBody(request));
      return json(await getAllowedRoles(ctx, params.id));
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
