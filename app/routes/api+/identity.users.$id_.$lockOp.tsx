import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser, requireValid } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { abpSetUserLock } from "~/server/system.server";

/**
 * POST /api/identity/users/{id}/lock and /unlock (204): a company's lock of the membership; the
 * operator's, the login's own. Any other last segment is a page that does not exist.
 */
function route(request: Request, params: Record<string, string | undefined>) {
  requireValid(params.lockOp === "lock" || params.lockOp === "unlock");
  return answerMethods(request, {
    POST: async () => {
      await abpSetUserLock(await requireApiUser(request), params.id, params.lockOp === "lock", new URL(request.url).searchParams);
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
