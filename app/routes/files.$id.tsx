import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/auth.server";
import { methodNotAllowed } from "~/server/kit.server";
import { attachmentResponse } from "~/server/system.server";

/**
 * An attachment's file, for signed-in users of the company that uploaded it; any other id
 * (another company's, a deleted one, a malformed one) is 404, never 403: nobody learns which
 * ids exist. Pictures are shown in the browser, PDFs downloaded (Content-Disposition with the
 * Chinese name per RFC 5987); nosniff, never cached (no-store).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  return attachmentResponse(ctx, request, params.id, "file");
}

/** The file is only read: any other method is 405 in Chinese, with Allow. */
export function action() {
  return methodNotAllowed(["GET"]);
}
