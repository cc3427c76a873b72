import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods } from "~/server/kit.server";
import { pinyinOf } from "~/server/product.server";

/** GET /api/app/pinyin?text=… → { pinYin, initial }: the product form fills both as the name is typed. */
function pinyin(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      await requireApiUser(request);
      return json(pinyinOf((new URL(request.url).searchParams.get("text") ?? "").slice(0, 100)));
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => pinyin(request);
export const action = ({ request }: ActionFunctionArgs) => pinyin(request);
