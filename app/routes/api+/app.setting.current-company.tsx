import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiFailure, asWireList, getCompanySettings, methodNotAllowed, readBody, requireApiUser, saveCompanySetting } from "~/services.server";

/** The menu entry whose holders may change company settings (系统设置). */
const COMPANY_SETTINGS_CODE = "XTGL-005";

/** GET: the current company's settings with defaults (currentCompanySettingApi), values as text. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireApiUser(request);
  return json({ items: asWireList(await getCompanySettings(ctx)) });
}

/** POST { name, value }: saves a setting of the current company; needs 系统设置. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const ctx = await requireApiUser(request, COMPANY_SETTINGS_CODE);
  try {
    const body = await readBody(request);
    return json({ data: await saveCompanySetting(ctx, { name: String(body.name ?? ""), value: body.value ?? "" }) });
  } catch (e) {
    return apiFailure(e);
  }
}
