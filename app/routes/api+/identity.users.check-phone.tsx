import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { abpCheckPhone } from "~/server/system.server";

/** GET /api/identity/users/check-phone?phoneNumber=…[&userId=…]: { exists } — is the number taken on the platform. */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await abpCheckPhone(await requireApiUser(request), new URL(request.url).searchParams)),
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
