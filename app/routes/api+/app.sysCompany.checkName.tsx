import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { companyNameExists } from "~/server/system.server";

/** GET /api/app/sysCompany/checkName?name=&id= → { exists }: another company has this name (case-insensitive). The operator only. */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      const params = new URL(request.url).searchParams;
      return json({ exists: await companyNameExists(await requireApiUser(request), params.get("name") ?? "", params.get("id") ?? undefined) });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
