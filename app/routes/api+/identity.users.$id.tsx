import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { answerMethods, getIdentityUser, requireApiUser } from "~/services.server";

/** GET /api/identity/users/{id} (ABP IdentityUserDto), in the caller's reach only. */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    GET: async () => json(await getIdentityUser(await requireApiUser(request), params.id)),
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
