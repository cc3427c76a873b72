import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { asWireList, getCompanySettings, saveCompanySetting } from "~/server/setting.server";

/** The menu entry whose holders may change company settings (系统设置). */
const COMPANY_SETTINGS_CODE = "XTGL-005";

/**
 * GET: the current company's settings with defaults (currentCompanySettingApi), values as text.
 * POST { name, value }: saves one known setting of the current company; needs 系统设置.
 */
function companySettings(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      const ctx = await requireApiUser(request);
      return json({ items: asWireList(await getCompanySettings(ctx)) });
    },
    POST: async () => {
      const ctx = await requireApiUser(request, COMPANY_SETTINGS_CODE);
      const body = await readBody(request);
      return json({ data: await saveCompanySetting(ctx, { name: String(body.name ?? ""), value: body.value ?? "" }) });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => companySettings(request);
export const action = ({ request }: ActionFunctionArgs) => companySettings(request);
