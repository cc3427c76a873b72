import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, readBody } from "~/server/kit.server";
import { importProductBatch } from "~/server/product.server";

/** POST /api/app/product/batch { data: [{ basicInfo, productTemplateLibId }] } → the new product ids (all or none). */
function batch(request: Request) {
  return answerMethods(request, {
    POST: async () => {
      const ctx = await requireApiUser(request);
      return json(await importProductBatch(ctx, await readBody(request)));
    },
  });
}

export const action = ({ request }: ActionFunctionArgs) => batch(request);
export const loader = ({ request }: LoaderFunctionArgs) => batch(request);
