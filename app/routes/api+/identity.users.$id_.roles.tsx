import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { abpGetUserRoles, abpSetUserRoles } from "~/server/system.server";

/** /api/identity/users/{id}/roles: GET the roles held in the company; PUT { roleNames } (204). */
function route(request: Request, params: Record<string, string | undefined>) {
  const query = new URL(request.url).searchParams;
  return answerMethods(request, {
    GET: async () => json(await abpGetUserRoles(await requireApiUser(request), params.id, query)),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      await abpSetUserRoles(ctx, params.id, await readBody(request), query);
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
