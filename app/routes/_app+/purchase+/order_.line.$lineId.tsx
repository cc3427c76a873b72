import type { LoaderFunctionArgs } from "@remix-run/node";
import { purchaseOrderLineRedirect } from "~/server/purchase.server";

/** A purchase order line (a row of 采购执行) opens its order's page. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return purchaseOrderLineRedirect(request, params.lineId);
}
