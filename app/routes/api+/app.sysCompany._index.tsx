import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { createCompany, getCompany, listCompanies } from "~/server/system.server";

/**
 * /api/app/sysCompany, the platform operator only (公司档案, XTGL-018):
 * GET ?keyword&isLocked&status&SkipCount&MaxResultCount&Sorting → { totalCount, items } (isLocked = not online);
 * POST { name, shortName, city, phone, contactName, address, taxNumber, status, adminUserName, adminName, adminPhone, adminPassword } → the new company.
 */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      const { totalCount, items } = await listCompanies(await requireApiUser(request), new URL(request.url).searchParams);
      return json({ totalCount, items });
    },
    POST: async () => {
      const ctx = await requireApiUser(request);
      const made = await createCompany(ctx, await readBody(request));
      return json({ ...(await getCompany(ctx, made.id)), adminUserId: made.adminUserId });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
