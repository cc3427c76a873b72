import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { asWireList, getGlobalSettings, requireApiUser } from "~/services.server";

/** GET: platform-wide settings every client reads at start-up (sysGlobalSettingApi: PlatformType …). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return json({ items: asWireList(await getGlobalSettings()) });
}
