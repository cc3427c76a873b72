import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerMethods, changeMyPassword, readBody, requireApiUser } from "~/services.server";

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
