import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiFailure, asWireList, getUserSettings, methodNotAllowed, readBody, requireApiUser, saveUserSetting } from "~/services.server";

/** GET: the signed-in user's settings (currentUserSettingsList), values as text. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireApiUser(request);
  return json({ items: asWireList(await getUserSettings(ctx)) });
}

/** POST { name, value }: saves one of the user's own settings (setCurrentUserSettings). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const ctx = await requireApiUser(request);
  try {
    const body = await readBody(request);
    return json({ data: await saveUserSetting(ctx, { name: String(body.name ?? ""), value: body.value ?? "" }) });
  } catch (e) {
    return apiFailure(e);
  }
}
