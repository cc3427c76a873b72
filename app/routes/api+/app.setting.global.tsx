import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { asWireList, getGlobalSettings } from "~/server/setting.server";

/** GET: platform-wide settings every client reads at start-up (sysGlobalSettingApi: PlatformType …). */
function globalSettings(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      await requireApiUser(request);
      return json({ items: asWireList(await getGlobalSettings()) });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => globalSettings(request);
export const action = ({ request }: ActionFunctionArgs) => globalSettings(request);
