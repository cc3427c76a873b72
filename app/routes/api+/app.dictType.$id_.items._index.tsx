import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { createDictItem, listDictItems } from "~/server/system.server";

/**
 * /api/app/dictType/{id or code}/items: GET → { totalCount, items: [{ id, typeId, value, label, description, sortOrder,
 * isEnabled, isFixed }] } in order (any signed-in user); POST { value, label, description, sortOrder, isEnabled
 * (default true) } → the new item, the platform operator only (refused for a closed dictionary).
 */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    GET: async () => json(await listDictItems(await requireApiUser(request), params.id)),
    POST: async () => {
      const ctx = await requireApiUser(request);
      return json(await createDictItem(ctx, params.id, await readBody(request)));
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
