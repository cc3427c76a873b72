import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { answerMethods, listIdentityUsers, requireApiUser } from "~/services.server";

/** GET /api/identity/users (ABP PagedResultDto of IdentityUserDto; skipCount, maxResultCount, filter): the company's staff, the operator: everyone. Creating users comes with 用户管理. */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await listIdentityUsers(await requireApiUser(request), new URL(request.url).searchParams)),
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
