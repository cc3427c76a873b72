import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { abpCreateUser, listIdentityUsers } from "~/server/system.server";

/**
 * GET /api/identity/users (ABP PagedResultDto of IdentityUserDto; skipCount, maxResultCount,
 * filter): the company's staff, the operator: everyone. POST: a new staff login of the company
 * ({ userName, name, phoneNumber, password, roleNames, isActive }), answered with its dto.
 */
function route(request: Request) {
  const query = new URL(request.url).searchParams;
  return answerMethods(request, {
    GET: async () => json(await listIdentityUsers(await requireApiUser(request), query)),
    POST: async () => {
      const ctx = await requireApiUser(request);
      return json(await abpCreateUser(ctx, await readBody(request), query));
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
