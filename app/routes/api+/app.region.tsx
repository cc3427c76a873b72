import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { regionList } from "~/server/system.server";

/**
 * GET /api/app/region?parentCode=&keyword= → { totalCount, items: [{ code, name, level, parentCode, hasChildren }] }:
 * the administrative areas under parentCode (none: the provinces), narrowed by keyword (without a
 * parent: a search of every level). Every signed-in user may read them; a parent that does not
 * exist is 404, a malformed one 400, both in the API's error shape.
 */
function region(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      await requireApiUser(request);
      return json(await regionList(Object.fromEntries(new URL(request.url).searchParams)));
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => region(request);
export const action = ({ request }: ActionFunctionArgs) => region(request);
