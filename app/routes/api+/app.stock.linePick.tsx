import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { answerMethods, DomainError, parseId } from "~/server/kit.server";
import { purchasePriceHistory } from "~/server/purchase.server";
import { salePriceHistory } from "~/server/sale.server";
import { assertCanPickLines, pickProducts } from "~/server/trade.server";

/**
 * GET /api/app/stock/linePick?keyword=…&partnerId=…&warehouseId=…&limit=…&side=sale|purchase → { items } :
 * the line editor's product picker (server/trade/line-pick.service.ts), company-scoped. side=sale
 * (the sales order form): partnerId is the customer, lastPrice its last sales price, plus
 * available stock per shelf location; default purchase.
 */
function linePick(request: Request) {
  return answerMethods(request, {
    GET: async () => {
      const ctx = await requireApiUser(request);
      assertCanPickLines(ctx);
      const params = new URL(request.url).searchParams;
      const idParam = (name: string, label: string) => {
        const raw = params.get(name);
        if (!raw) return null;
        const id = parseId(raw);
        if (id === null) throw new DomainError("bad_request", `${label}编号不正确`);
        return id;
      };
      const rawLimit = params.get("limit") ?? params.get("maxResultCount");
      const limit = rawLimit && /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : undefined;
      const rawSide = params.get("side");
      if (rawSide && rawSide !== "sale" && rawSide !== "purchase") throw new DomainError("bad_request", "side 只能是 sale 或 purchase");
      const side = rawSide === "sale" ? "sale" : "purchase";
      const items = await pickProducts(ctx, {
        keyword: params.get("keyword") ?? params.get("q") ?? params.get("filter") ?? "",
        partnerId: idParam("partnerId", side === "sale" ? "客户" : "供应商"),
        warehouseId: idParam("warehouseId", "仓库"),
        limit,
        prices: side === "sale" ? salePriceHistory : purchasePriceHistory,
      });
      return json({ items }, { headers: { "Cache-Control": "no-store" } });
    },
  });
}

export const loader = ({ request }: LoaderFunctionArgs) => linePick(request);
export const action = ({ request }: ActionFunctionArgs) => linePick(request);
