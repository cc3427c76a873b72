import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { changeMyPassword } from "~/server/system.server";

/** POST /api/identity/my-profile/change-password { currentPassword, newPassword } (ABP): 204 when changed. */
function changePasswordRoute(request: Request) {
  return answerMethods(request, {
    POST: async () => {
      const ctx = await requireApiUser(request);
      await changeMyPassword(ctx, await readBody(request));
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => changePasswordRoute(request);
export const action = ({ request }: ActionFunctionArgs) => changePasswordRoute(request);
