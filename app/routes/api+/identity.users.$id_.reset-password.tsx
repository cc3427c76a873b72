import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { abpResetPassword } from "~/server/system.server";

/** POST /api/identity/users/{id}/reset-password { newPassword } (204): the member's sessions end. */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    POST: async () => {
      const ctx = await requireApiUser(request);
      await abpResetPassword(ctx, params.id, await readBody(request), new URL(request.url).searchParams);
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
