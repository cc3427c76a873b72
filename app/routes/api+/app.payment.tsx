import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, listFromParams, resourceByName } from "~/server/kit.server";

/**
 * paymentApi (spec 000 §7): the company's payment methods (付款方式, /system/setting/payment) in
 * the list contract `{ totalCount, items: [{ id, name, … }] }` — a lookup every signed-in user
 * of the company may read (forms choose from it); enabled ones unless `isEnabled` is given.
 * Written on the page (or PUT/DELETE /api/app/payment/{id} by holders of XTGL-009).
 */
function payment(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      const ctx = await requireApiUser(request);
      const params = new URL(request.url).searchParams;
      if (!params.has("isEnabled")) params.set("isEnabled", "true");
      return json(await listFromParams(resourceByName("payment")!, ctx, params));
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => payment(request);
export const action = ({ request }: ActionFunctionArgs) => payment(request);
