import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/auth.server";
import { methodNotAllowed } from "~/server/kit.server";
import { attachmentResponse } from "~/server/system.server";

/** /files/:id/thumb: an image attachment's thumbnail (WebP, at most 240 px), on the same terms as the file itself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  return attachmentResponse(ctx, request, params.id, "thumb");
}

export function action() {
  return methodNotAllowed(["GET"]);
}
