import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { deleteDictType, getDictType, updateDictType } from "~/server/system.server";

/**
 * /api/app/dictType/{id or code}: GET the type with its items (any signed-in user); PUT { name, description,
 * sortOrder } (the code never changes) → the type; DELETE a custom type and its items → 204 (a built-in one is 409).
 * Writes: the platform operator only.
 */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    GET: async () => json(await getDictType(await requireApiUser(request), params.id)),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      return json(await updateDictType(ctx, params.id, await readBody(request)));
    },
    DELETE: async () => {
      await deleteDictType(await requireApiUser(request), params.id);
      return new Response(null, { status: 204 });
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
