import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { PAYMENT_TERMS } from "#server/lib/dictionary";
import { answerMethods, requireApiUser } from "~/services.server";

/** paymentApi (spec 000 §7): the payment terms of §9 as `{ items: [{ id, name }] }`. */
function payment(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      await requireApiUser(request);
      return json({ totalCount: PAYMENT_TERMS.length, items: PAYMENT_TERMS.map(([id, name]) => ({ id, name })) });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => payment(request);
export const action = ({ request }: ActionFunctionArgs) => payment(request);
