import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { bearerToken, requireApiUser, readSessionToken, endSession } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";

/** POST /auth/user/logout ends the calling token's (or cookie's) session; the body, if any, is ignored. */
function logout(request: Request) {
  return answerMethods(request, {
    POST: async () => {
      await requireApiUser(request);
      const token = bearerToken(request) ?? (await readSessionToken(request));
      if (token) await endSession(token);
      return json({ success: true });
    },
  });
}

export const action = ({ request }: ActionFunctionArgs) => logout(request);
export const loader = ({ request }: LoaderFunctionArgs) => logout(request);
