import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { listMenuEntries } from "~/server/system.server";

/** GET /api/app/sysMenu?sorting=sortOrder asc&skipCount&maxResultCount (≤ 1000)&filter → { totalCount, items }: 菜单配置, the operator only. */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await listMenuEntries(await requireApiUser(request), new URL(request.url).searchParams)),
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
