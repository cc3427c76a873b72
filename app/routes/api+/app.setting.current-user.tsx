import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { asWireList, getUserSettings, saveUserSetting } from "~/server/setting.server";

/**
 * GET: the signed-in user's settings (currentUserSettingsList), values as text.
 * POST { name, value }: saves one of the user's own known settings (setCurrentUserSettings).
 */
function userSettings(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      const ctx = await requireApiUser(request);
      return json({ items: asWireList(await getUserSettings(ctx)) });
    },
    POST: async () => {
      const ctx = await requireApiUser(request);
      const body = await readBody(request);
      return json({ data: await saveUserSetting(ctx, { name: String(body.name ?? ""), value: body.value ?? "" }) });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => userSettings(request);
export const action = ({ request }: ActionFunctionArgs) => userSettings(request);
