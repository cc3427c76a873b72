import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isCompanyStatusOp } from "#server/system/company-admin.input";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, DomainError, readBody } from "~/server/kit.server";
import { changeCompanyStatus, resetBusinessData } from "~/server/system.server";

/**
 * POST /api/app/sysCompany/{id}/offline | online | close | closedToOnline → { id, status, statusName };
 * POST /api/app/sysCompany/{id}/resetBusinessData { confirmName } → { companyId, removed, total }.
 * The operator only; any other last segment is 404 in the API's error shape.
 */
function route(request: Request, params: Record<string, string | undefined>) {
  const op = params.op;
  return answerMethods(request, {
    POST: async () => {
      const ctx = await requireApiUser(request);
      if (op === "resetBusinessData") return json(await resetBusinessData(ctx, params.id, await readBody(request)));
      if (isCompanyStatusOp(op)) return json(await changeCompanyStatus(ctx, params.id, op));
      throw new DomainError("not_found", "没有这个操作");
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
