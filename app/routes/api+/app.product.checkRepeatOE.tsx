import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, DomainError, parseId } from "~/server/kit.server";
import { isProductCodeTaken } from "~/server/product.server";

/** GET /api/app/product/checkRepeatOE?oe=…&id=… → true when the company already has this code (any spelling). */
function checkRepeatOE(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      const ctx = await requireApiUser(request);
      const params = new URL(request.url).searchParams;
      // `id` (the product being edited) is optional, but when given it must be a canonical id.
      const rawId = params.get("id");
      const id = rawId ? parseId(rawId) : null;
      if (rawId && id === null) throw new DomainError("bad_request", "产品编号不正确");
      return json(await isProductCodeTaken(ctx, (params.get("oe") ?? "").slice(0, 100), id ?? undefined));
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => checkRepeatOE(request);
export const action = ({ request }: ActionFunctionArgs) => checkRepeatOE(request);
