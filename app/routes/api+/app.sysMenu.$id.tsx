import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { getMenuEntry, updateMenuEntry } from "~/server/system.server";

/** /api/app/sysMenu/{id}: GET one entry; PUT { name, icon, sortOrder } (the code and url are fixed): the operator only. */
function route(request: Request, params: Record<string, string | undefined>) {
  return answerMethods(request, {
    GET: async () => json(await getMenuEntry(await requireApiUser(request), params.id)),
    PUT: async () => {
      const ctx = await requireApiUser(request);
      return json(await updateMenuEntry(ctx, params.id, await readBody(request)));
    },
  });
}

export const loader = ({ request, params }: LoaderFunctionArgs) => route(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => route(request, params);
