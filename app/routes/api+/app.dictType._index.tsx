import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { createDictType, listDictTypes } from "~/server/system.server";

/**
 * /api/app/dictType (数据字典):
 * GET ?filter (code or name)&sorting (sortOrder|code|name|id [asc|desc])&skipCount&maxResultCount → { totalCount, items:
 * [{ id, code, name, description, isBuiltin, isClosed, kind, sortOrder, itemCount, createdAt }] }, any signed-in user;
 * POST { code, name, description, sortOrder } → the new type with its (no) items, the platform operator only.
 */
function route(request: Request) {
  return answerMethods(request, {
    GET: async () => json(await listDictTypes(await requireApiUser(request), new URL(request.url).searchParams)),
    POST: async () => {
      const ctx = await requireApiUser(request);
      return json(await createDictType(ctx, await readBody(request)));
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => route(request);
export const action = ({ request }: ActionFunctionArgs) => route(request);
