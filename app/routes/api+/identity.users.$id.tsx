import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { abpDeleteUser, abpUpdateUser, getIdentityUser } from "~/server/system.server";

/**
 * /api/identity/users/{id} (ABP IdentityUserDto), in the caller's reach only: GET; PUT (name,
 * phoneNumber, roleNames, isActive); DELETE (out of the company; 204).
 */
function route(request: Request, params: Record<string, string | undefined>) {
  const query = new URL(request.url).searchParams;
  return answerMethods(request, {
    GET: async () => json(await getIdentityUser(await requireApiUser(request), params.id)),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      return json(await abpUpdateUser(ctx, params.id, await readBody(request), query));
    },
    DELETE: async () => {
      await abpDeleteUser(await requireApiUser(request), params.id, query);
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
