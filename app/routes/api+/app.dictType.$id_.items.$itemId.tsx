import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { deleteDictItem, getDictItem, updateDictItem } from "~/server/system.server";

/**
 * /api/app/dictType/{id or code}/items/{itemId}: GET the item (any signed-in user); PUT { label, description,
 * sortOrder, isEnabled } (the value never changes) → the item; DELETE → 204 (the code's own values are 409).
 * Writes: the platform operator only.
 */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    GET: async () => json(await getDictItem(await requireApiUser(request), params.id, params.itemId)),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      return json(await updateDictItem(ctx, params.id, params.itemId, await readBody(request)));
    },
    DELETE: async () => {
      await deleteDictItem(await requireApiUser(request), params.id, params.itemId);
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
