import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { getMyProfile, updateMyProfile } from "~/server/system.server";

/** GET/PUT /api/identity/my-profile: the signed-in user's profile in ABP's shape (ProfileDto). */
function myProfile(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await getMyProfile(await requireApiUser(request))),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      return json(await updateMyProfile(ctx, await readBody(request)));
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => myProfile(request);
export const action = ({ request }: ActionFunctionArgs) => myProfile(request);
