import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { PAYMENT_TERMS } from "#server/lib/dictionary";
import { requireApiUser } from "~/services.server";

/** paymentApi (spec 000 §7): the payment terms of §9 as `{ items: [{ id, name }] }`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return json({ totalCount: PAYMENT_TERMS.length, items: PAYMENT_TERMS.map(([id, name]) => ({ id, name })) });
}
